"""``floorman export``: every export from a tournament file (and a league season from the roster), read back;
refusals in words with exit code 2 and nothing written or replaced."""

from __future__ import annotations

import csv
import io
import json

import pytest
from openpyxl import load_workbook

from app.api import FakeClock, fmt, load_profile
from db.store import TournamentStore
from floorman.cli import main
from sheets.source import collect

NAMES = ["=cmd|' /C calc'!A0", "Zoë 🂡", 'Ann "Ace", Jr.', "Bob", "Cat", "Dan"]


@pytest.fixture()
def event(tmp_path):
    path = tmp_path / "week 1 (final).floorman"
    store = TournamentStore.create(path, load_profile("hat"), "Week 1", time=FakeClock(1_800_000_000.0), seed=2)
    for name in NAMES:
        store.execute({"cmd": "register", "name": name})
    store.execute({"cmd": "seat_all"})
    store.execute({"cmd": "start_clock"})
    for name in NAMES[:-1]:
        store.execute({"cmd": "bust", "player": name})
    assert store.tournament.state.ended
    store.close()
    return path


def _sheet(path):
    with TournamentStore.open(path, read_only=True) as store:
        return [(fmt.place(r.place, r.tied), r.name, r.amount_cents) for r in collect(store.tournament).results]


def test_export_results_in_every_format_match_the_results_sheet(event, tmp_path, capsys):
    expected = _sheet(event)
    out = tmp_path / "results.csv"
    assert main(["export", "results", str(event), "--format", "csv", "--out", str(out)]) == 0
    assert "Wrote" in capsys.readouterr().out
    rows = list(csv.DictReader(io.StringIO(out.read_bytes().decode("utf-8-sig"), newline="")))
    assert [(r["Place"], r["Name"].removeprefix("'"), round(float(r["Prize (USD)"]) * 100)) for r in rows] == expected
    book = tmp_path / "any name without a suffix"
    assert main(["export", "results", str(event), "--format", "xlsx", "--out", str(book)]) == 0
    ws = load_workbook(io.BytesIO(book.read_bytes())).worksheets[0]
    assert [(r[0], r[3], round(r[4] * 100)) for r in ws.iter_rows(min_row=2, values_only=True)] == expected
    doc = tmp_path / "results.json"
    assert main(["export", "results", str(event), "--format", "json", "--out", str(doc)]) == 0
    assert [(r["place"], r["name"], r["prize_cents"]) for r in json.loads(doc.read_text("utf-8"))["rows"]] == expected
    rank = tmp_path / "ranking.csv"
    assert main(["export", "results", str(event), "--format", "ranking", "--venue", "The Card Room",
                 "--date", "2026-05-14", "--out", str(rank)]) == 0
    lines = rank.read_bytes().decode("utf-8-sig").splitlines()
    assert lines[0] == "Place,Name,Prize,Currency,Entries,Date,Venue,Event"
    assert lines[1].startswith("1,Dan,") and lines[1].endswith(",USD,6,2026-05-14,The Card Room,Week 1")


@pytest.mark.parametrize("what", ["entries", "money"])
def test_export_entries_and_money_as_csv_and_xlsx(event, tmp_path, what):
    for fmt_name in ("csv", "xlsx", "json"):
        out = tmp_path / f"{what}.{fmt_name}"
        assert main(["export", what, str(event), "--format", fmt_name, "--out", str(out)]) == 0
        assert out.stat().st_size > 0


def test_export_refusals_say_why_exit_2_and_change_nothing(event, tmp_path, capsys):
    out = tmp_path / "results.csv"
    out.write_text("keep me", encoding="utf-8")
    before = event.read_bytes()
    cases = [
        (["export", "results", str(event), "--out", str(out)], "already exists; add --force"),
        (["export", "results", str(event), "--out", str(event), "--force"], "tournament file"),
        (["export", "money", str(event), "--format", "ranking", "--out", str(tmp_path / "m.csv")], "results only"),
        (["export", "results", str(tmp_path / "nope.floorman"), "--out", str(tmp_path / "n.csv")], "no tournament"),
        (["export", "results", str(event), "--date", "May 14", "--out", str(tmp_path / "d.csv")], "not a date"),
        (["export", "league", "-", "--out", str(tmp_path / "l.csv")], "--league NAME and --season"),
        (["export", "results", str(event), "--out", str(tmp_path / "no folder" / "r.csv")], "does not exist"),
        (["export", "results", str(out), "--out", str(tmp_path / "x.csv")], ""),
    ]
    for argv, words in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("floorman export: ") and words in err and "Traceback" not in err, (argv, err)
    assert out.read_text(encoding="utf-8") == "keep me"
    assert event.read_bytes() == before
    assert not (tmp_path / "m.csv").exists() and not (tmp_path / "d.csv").exists()
    assert main(["export", "results", str(event), "--out", str(out), "--force"]) == 0
    assert out.read_bytes().startswith(b"\xef\xbb\xbfPlace,")


def test_export_league_standings_from_the_roster(event, tmp_path):
    roster = str(tmp_path / "players.sqlite")
    assert main(["league", "new", roster, "--league", "Campus"]) == 0
    assert main(["league", "season", roster, "--league", "Campus", "--season", "Fall"]) == 0
    assert main(["league", "join", roster, str(event), "--league", "Campus", "--season", "Fall"]) == 0
    out = tmp_path / "fall.xlsx"
    assert main(["export", "league", roster, "--league", "Campus", "--season", "Fall", "--format", "xlsx",
                 "--out", str(out)]) == 0
    ws = load_workbook(out).worksheets[0]
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    assert rows[0][0] == "1st" and rows[0][2] == "Dan" and len(rows) == len(NAMES)
    assert all(ws.cell(row=i, column=1 + 2).data_type == "s" for i in range(2, len(rows) + 2))
    bad = tmp_path / "nope.csv"
    assert main(["export", "league", roster, "--league", "Nope", "--season", "Fall", "--out", str(bad)]) == 2
    assert not bad.exists()
