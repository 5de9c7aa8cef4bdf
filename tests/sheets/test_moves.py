"""Move slips: from the engine's balance moves, or a list the caller gives."""

from __future__ import annotations

import pytest

from app.core.registry import COMMANDS
from floorman.cmd_print import builtin_demo
from sheets import render, render_sheet
from sheets.model import Move, Sheet
from tests.sheets.conftest import page_count, pdf_text, unembedded_fonts


def test_slips_for_the_latest_balance():
    if "balance" not in COMMANDS:
        pytest.skip("balancing is not in the engine yet")
    t = builtin_demo()
    for name in [p.name for p in t.state.players.values() if p.table == 1][:3]:
        t.execute({"cmd": "bust", "player": name})
    events = t.execute({"cmd": "balance"})
    moved = [e.data for e in events if e.type == "player_moved"]
    assert moved
    pdf = render("moves", t)
    assert page_count(pdf) == 1 and unembedded_fonts(pdf) == []
    text = pdf_text(pdf)
    lines = text.splitlines()
    for d in moved:
        name = t.state.players[d["player"]].name
        i = lines.index(name)
        assert lines[i + 1] == f"from table {d['from_table']} seat {d['from_seat']}"
        assert lines[i + 2 : i + 6] == ["TO TABLE", str(d["to_table"]), "SEAT", str(d["to_seat"])]
        assert f"Why: {d['reason']}" in " ".join(text.split())  # a long reason wraps onto a second line


def test_slips_for_given_moves_and_the_waiting_list():
    moves = [
        {"name": "Дмитрий Иванов", "from_table": 4, "from_seat": 2, "to_table": 1, "to_seat": 9, "reason": "balance"},
        {"name": "Ørjan Berg", "from_table": None, "from_seat": None, "to_table": 2, "to_seat": 3, "reason": "late"},
    ]
    t = builtin_demo(("Ann Lee", "Bo Chen"), busts=0)
    text = pdf_text(render("moves", t, {"moves": moves}))
    assert "Дмитрий Иванов" in text and "from table 4 seat 2" in text
    assert "Ørjan Berg" in text and "from the waiting list" in text


def test_twenty_one_moves_take_three_pages():
    moves = [Move(f"Player {i}", 1, i % 9 + 1, 2, i % 9 + 1, "table 1 broken") for i in range(21)]
    pdf = render_sheet("moves", Sheet("Cup", moves=moves))
    assert page_count(pdf) == 3
    assert "page 3 of 3" in pdf_text(pdf)


def test_benchmark_script_runs_small(capsys):
    from tests.bench.bench_sheets import main

    assert main(40) == 0
    out = capsys.readouterr().out
    assert "40 slips, 4 pages" in out and "bare canvas loop" in out
