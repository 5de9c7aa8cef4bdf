"""``floorman league`` and ``floorman print league``, headless (LGE-1, LGE-6, LGE-8, LGE-9)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.store import TournamentStore
from floorman.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "floorman", *args], capture_output=True, text=True, timeout=120)


def test_lge_9_demo_standings_as_json():
    out = run("league", "standings", "--demo", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["league"], data["season"], data["events"], data["finished"]) == ("Thursday Home Game", "Spring", 8, 8)
    assert len(data["standings"]) == 18 and data["standings"][0]["rank_label"] == "1st"
    assert data["standings"][0]["points"] == "193.97"


def _finished_event(path, names):  # a hat night: no late entry, so the last one in wins at once
    clock = FakeClock(1_800_000_000.0)
    store = TournamentStore.create(path, load_profile("hat"), "Week 1", time=clock, seed=2)
    for name in names:
        store.execute({"cmd": "register", "name": name})
    store.execute({"cmd": "seat_all"})
    store.execute({"cmd": "start_clock"})
    for name in names[:-1]:
        store.execute({"cmd": "bust", "player": name})
    assert store.tournament.state.ended
    store.close()


def test_lge_6_a_finished_event_joins_a_season_from_the_command_line(tmp_path, capsys):
    roster, event = str(tmp_path / "players.sqlite"), tmp_path / "week1.floorman"
    rules = tmp_path / "rules.json"
    rules.write_text(json.dumps({"formula": {"kind": "linear"}, "best": 5}), encoding="utf-8")
    _finished_event(event, ["Ann", "Bob", "Cat", "Dan"])
    assert main(["league", "new", roster, "--league", "Campus", "--rules", str(rules)]) == 0
    assert main(["league", "season", roster, "--league", "Campus", "--season", "Fall"]) == 0
    assert main(["league", "join", roster, str(event), "--league", "Campus", "--season", "Fall"]) == 0
    capsys.readouterr()
    csv_out = tmp_path / "fall.csv"
    assert main(["league", "standings", roster, "--league", "Campus", "--season", "Fall", "--json",
                 "--csv", str(csv_out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(r["name"], r["points"]) for r in data["standings"]] == [
        ("Dan", "4.00"), ("Cat", "3.00"), ("Bob", "2.00"), ("Ann", "1.00")]
    assert csv_out.read_text(encoding="utf-8").splitlines()[1] == "1st,Dan,4.00,1,1,1,1st,1,0"
    pdf = tmp_path / "fall.pdf"
    assert main(["print", "league", roster, "--league", "Campus", "--season", "Fall", "--out", str(pdf)]) == 0
    assert pdf.read_bytes().startswith(b"%PDF-")
    # LGE-8: Ann's entry merged into Bob's (the same person): one row, Bob's better place kept
    capsys.readouterr()
    assert main(["league", "players", roster]) == 0
    ids = dict(reversed(line.lstrip("#").split("\t")) for line in capsys.readouterr().out.splitlines())
    assert main(["league", "merge", roster, ids["Ann"], ids["Bob"]]) == 0
    capsys.readouterr()
    assert main(["league", "standings", roster, "--league", "Campus", "--season", "Fall", "--json"]) == 0
    names = [r["name"] for r in json.loads(capsys.readouterr().out)["standings"]]
    assert names == ["Dan", "Cat", "Bob"]


def test_lge_1_refusals_in_words(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"formula": {"kind": "expression", "expression": "10 - place"}}), encoding="utf-8")
    assert main(["league", "check", str(bad)]) == 2
    assert "at place 11 of 11 entries it gives -1 points" in capsys.readouterr().err
    roster = str(tmp_path / "players.sqlite")
    assert main(["league", "standings", roster, "--league", "Nope", "--season", "S"]) == 2
    assert "There is no league called 'Nope'" in capsys.readouterr().err
    assert main(["league", "standings"]) == 2
    assert main(["print", "league", "--demo", "--out", str(tmp_path / "x.floorman")]) == 2
    assert "tournament file" in capsys.readouterr().err


def test_print_league_demo(tmp_path):
    out = run("print", "league", "--demo", "--out", str(tmp_path / "league.pdf"))
    assert out.returncode == 0 and "league standings" in out.stdout


def test_league_refusals_of_the_roster_file_are_said_in_words(tmp_path, capsys):
    """A roster that is a tournament, a folder, not SQLite or damaged: one sentence each, exit 2."""
    from db.roster import Roster

    event = tmp_path / "week1.floorman"
    TournamentStore.create(event, load_profile("tda"), "Week 1").close()
    folder = tmp_path / "a folder"
    folder.mkdir()
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database", encoding="utf-8")
    damaged = tmp_path / "players.sqlite"
    with Roster.open(damaged) as roster:
        for n in range(300):
            roster.add(f"Player {n}")
    data = bytearray(damaged.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page:3 * page] = bytes((k * 31) % 251 for k in range(page, 3 * page))
    damaged.write_bytes(bytes(data))
    said = {}
    for roster_file in (event, folder, text, damaged):
        assert main(["league", "players", str(roster_file)]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("floorman league: ") and "unexpected" not in err and "\n" not in err
        said[roster_file] = err.removeprefix("floorman league: ")
    assert said[event] == f"{event} is not a Floorman player roster; it was left as it was."
    assert said[folder] == f"{folder} is not a Floorman player roster; it was left as it was."
    assert said[text] == f"{text} is not a Floorman player roster; it was left as it was."
    assert said[damaged].startswith(f"The player roster {damaged} is damaged")
    assert main(["league", "new", str(event), "--league", "Campus"]) == 2  # nothing was written to it
    assert "not a Floorman player roster" in capsys.readouterr().err
    with TournamentStore.open(event, read_only=True) as again:
        assert again.tournament.state.name == "Week 1"


def test_league_rules_nested_far_too_deeply_are_refused_in_words(tmp_path, capsys):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(["league", "check", str(deep)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"floorman league: {deep} is nested far too deeply to be league rules."
    from app.league import LeagueError
    from app.league.rules import rules_from_json

    with pytest.raises(LeagueError) as refused:
        rules_from_json("{\"best\": " + "[" * 100_000 + "]" * 100_000 + "}")
    assert refused.value.message == "The league rules are nested far too deeply to be league rules."
