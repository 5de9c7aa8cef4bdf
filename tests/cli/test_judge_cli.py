"""``floorman judge``: one hand as JSON on standard input, its ruling as JSON (JDG-12)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from floorman.cli import main

HAND = {"game": "omaha_hilo", "board": ["5h", "Qd", "7c", "2s", "Kd"], "button": 3,
        "players": [{"seat": 1, "name": "Ann", "cards": ["Ah", "3c", "Qs", "Jd"], "put_in": 500},
                    {"seat": 2, "name": "Bo", "cards": ["As", "4c", "Kh", "Kc"], "put_in": 300},
                    {"seat": 4, "cards": ["8h", "9h", "Th", "Jh"], "put_in": 500, "folded": True},
                    {"seat": 5, "name": "Di", "cards": ["Ad", "3d", "6s", "6d"], "put_in": 801}]}


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str,
        *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["judge", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_jdg_12_judge_reads_a_hand_and_prints_the_ruling(monkeypatch, capsys):
    code, out, err = run(monkeypatch, capsys, json.dumps(HAND))
    assert code == 0 and err == ""
    ruling = json.loads(out)
    main_pot, side = ruling["pots"]
    assert (main_pot["amount"], main_pot["eligible"]) == (1200, [1, 2, 5])
    assert [(x["part"], x["winners"]) for x in main_pot["parts"]] == [("high", [2]), ("low", [5, 1])]
    assert main_pot["shares"] == {"1": 300, "2": 600, "5": 300}
    assert (side["amount"], side["eligible"], side["shares"]) == (600, [1, 5], {"1": 450, "5": 150})
    assert ruling["hands"]["2"] == {"high": "three kings", "low": "seven-five low (7-5-4-2-A)"}
    assert ruling["returned"] == {"5": 301}


def test_jdg_12_a_bad_hand_is_one_sentence_on_stderr_and_exit_2(monkeypatch, capsys):
    bad = dict(HAND, board=["5h", "Qd", "7c", "2s", "Ah"])
    code, out, err = run(monkeypatch, capsys, json.dumps(bad))
    assert (code, out) == (2, "")
    assert err == "floorman judge: Ah is in Ann's hand and on the board: a deck has each card once.\n"
    code, out, err = run(monkeypatch, capsys, "{not json")
    assert code == 2 and out == "" and err.startswith("floorman judge: The hand is not JSON") and err.count("\n") == 1


def test_jdg_12_lines_one_ruling_per_line_a_bad_line_an_error(monkeypatch, capsys):
    lines = [json.dumps(HAND), json.dumps(dict(HAND, game="poker")), "", json.dumps(dict(HAND, button=1))]
    code, out, err = run(monkeypatch, capsys, "\n".join(lines) + "\n", "--lines")
    assert code == 0 and err == ""
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 3
    assert rows[0]["pots"][0]["shares"] == {"1": 300, "2": 600, "5": 300}
    assert rows[1]["code"] == "UNKNOWN_GAME" and rows[1]["error"].startswith("There is no game called 'poker'.")
    assert rows[2]["pots"][0]["parts"][1]["winners"] == [5, 1]  # button 1: seat 5 is still first left of it


def test_jdg_12_the_profile_says_the_odd_chip_rule(monkeypatch, capsys):
    stud = {"game": "stud", "button": 2, "players": [
        {"seat": 2, "cards": "As Kd Qh Js 9c 3d 2d".split(), "put_in": 50},
        {"seat": 6, "cards": "Ah Ks Qc Jd 9d 4c 3c".split(), "put_in": 50},
        {"seat": 4, "cards": [], "put_in": 1, "folded": True}]}
    _, out, _ = run(monkeypatch, capsys, json.dumps(stud))
    assert json.loads(out)["pots"][0]["shares"] == {"2": 51, "6": 50}  # tda: the high card by suit
    _, out, _ = run(monkeypatch, capsys, json.dumps(stud), "--profile", "hat")
    assert json.loads(out)["pots"][0]["shares"] == {"2": 50, "6": 51}  # hat (s000): clockwise from the dealer
    code, out, err = run(monkeypatch, capsys, json.dumps(stud), "--profile", "nosuch")
    assert code == 2 and out == "" and "No profile called 'nosuch'" in err


def test_jdg_12_floorman_judge_as_a_process():
    done = subprocess.run([sys.executable, "-m", "floorman", "judge"], input=json.dumps(HAND), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["won"] == {"1": 750, "2": 600, "5": 450}


def test_jdg_12_floorman_bench_judge_rules_nine_big_o_hands_with_three_side_pots():
    from app.api import judge
    from floorman.cmd_bench import BENCHES, TAKES_JSON
    from tests.bench.bench_judge import deal, timed

    assert BENCHES["judge"][0] == "bench_judge" and "judge" in TAKES_JSON
    hand = deal("big_o_hilo", 7)
    ruling = judge(hand)
    assert len(hand["players"]) == 9 and [p["pot"] for p in ruling["pots"]] == [
        "main pot", "side pot 1", "side pot 2", "side pot 3"]
    assert len(timed("big_o_hilo", range(2), cold=True)) == 2
