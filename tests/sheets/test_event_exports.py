"""Exports of an event of flights (FLT): results, entries and money over every flight and Day 2, written as
CSV, XLSX, JSON and the ranking-site CSV, read back by the csv module and openpyxl and compared with the
event's own results (``flight_event.results``, what ``floorman event print results`` prints)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from app.api import FlightEvent, flight_event, load_profile, profile_from_dict
from db.event_store import EventStore
from floorman.cli import main
from sheets.exports import export

EndDay, FlightMoney = flight_event.EndDay, flight_event.FlightMoney
# Names a spreadsheet would run as formulas: every dangerous first character.
ANN, BOB, CAT, DAN, EVE, FOX, GIL = "=HYPERLINK(\"x\")", "+Bob", "-Cat", "@Dan", "Eve", "Fox", "Gil"
T0 = 1_800_000_000.0


def _profile() -> Any:
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], "flight.day2_late_reg": True}
    return profile_from_dict(data)


def _money(names: list[str], at: float) -> list[Any]:
    rows = []
    for i, n in enumerate(names):
        rows.append(FlightMoney(at=at + i, kind="entry", player=n, cents=10000, to="pool"))
        rows.append(FlightMoney(at=at + i, kind="entry_fee", player=n, cents=1500, to="fee", split={"house": 1500}))
    return rows


def _event() -> FlightEvent:
    """Day 1A (Ann, Bob, Cat survive; Dan, Eve out) and Day 1B (Ann, Fox survive; Gil, Dan out), a Day-2 late
    entry (Hal), Day 2 played to its winner."""
    e = FlightEvent.create(_profile(), title="=Main Event", seed=5)
    for name in ("Day 1A", "Day 1B"):
        e.execute({"cmd": "add_flight", "flight": name})
    e.execute(EndDay(flight="Day 1A", entries=5, pool_cents=50000, chips_in_play={1: 30000, 2: 20000},
                     survivors={ANN: 1, BOB: 1, CAT: 2}, finishers=[(DAN, 3), (EVE, 4)],
                     money_log=_money([ANN, BOB, CAT, DAN, EVE], T0)))
    e.execute(EndDay(flight="Day 1B", entries=4, pool_cents=40000, chips_in_play={1: 40000},
                     survivors={ANN: 1, FOX: 1}, finishers=[(GIL, 2), (DAN, 3)],
                     money_log=_money([ANN, FOX, GIL, DAN], T0 + 86400)))
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
               "bags": [{"player": ANN, "bag": "1", "chips": 21000}, {"player": BOB, "bag": "2", "chips": 9000}]})
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 2,
               "bags": [{"player": CAT, "bag": "3", "chips": 20000}]})
    e.execute({"cmd": "enter_bags", "flight": "Day 1B", "table": 1,
               "bags": [{"player": ANN, "bag": "4", "chips": 30000}, {"player": FOX, "bag": "5", "chips": 10000}]})
    e.execute({"cmd": "make_day2"})
    e.execute({"cmd": "register_day2", "player": "Hal"})
    for out, by in ((BOB, ANN), ("Hal", FOX), (CAT, ANN), (FOX, ANN)):
        e.execute({"cmd": "bust_day2", "players": [out], "won_by": by})
    return e


def _expected(state: Any) -> list[tuple[str, str, int, str]]:
    came = flight_event.came_from(state)
    return [(f"{r.place}", r.player, r.prize_cents, came[r.player] if r.day == "Day 2" else r.day)
            for r in flight_event.results(state)]


def _csv(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def _unquote(text: str) -> str:
    return text[1:] if text[:2] in {"'" + c for c in "=+-@\t\r"} else text


def test_flt_event_results_export_reads_back_as_the_event_results_every_format() -> None:
    state = _event().state
    expected = _expected(state)
    assert [x[1] for x in expected][:5] == [ANN, FOX, CAT, "Hal", BOB]  # Day 2 first, then Day 1 (FLT-7)
    assert {x[3] for x in expected} == {"Day 1A", "Day 1B", "Day 2"}
    rows = _csv(export("results", "csv", state))
    got = [(r["Place no."], _unquote(r["Name"]), round(float(r["Prize (USD)"]) * 100), r["Flight"]) for r in rows]
    assert got == expected
    assert rows[0]["Name"] == "'" + ANN and rows[0]["Finished on"] == "Day 2" and rows[-1]["Finished on"] == "Day 1"
    ws = load_workbook(io.BytesIO(export("results", "xlsx", state))).worksheets[0]
    cells = list(ws.iter_rows(min_row=2))
    assert [(str(c[1].value), c[3].value, round(c[4].value * 100), c[5].value) for c in cells] == expected
    assert cells[0][3].data_type == "s" and cells[0][3].quotePrefix  # a name is text, never a formula
    doc = json.loads(export("results", "json", state))
    assert [(str(r["place_number"]), r["name"], r["prize_cents"], r["flight"]) for r in doc["rows"]] == expected
    assert doc["facts"]["prize_pool_cents"] == flight_event.prize_pool(state) == sum(x[2] for x in expected)
    assert doc["facts"]["entries"] == 10 and doc["facts"]["chips_conserved"] is True
    rank = _csv(export("results", "ranking", state, {"venue": "+Venue"}))
    assert [(r["Place"], _unquote(r["Name"])) for r in rank] == [(x[0], x[1]) for x in expected]
    assert {r["Entries"] for r in rank} == {"10"}
    assert rank[0]["Venue"] == "'+Venue" and rank[0]["Event"] == "'=Main Event"
    assert rank[0]["Date"] == "2027-01-15"


def test_flt_event_entries_export_names_the_flight_of_every_entry() -> None:
    state = _event().state
    rows = _csv(export("entries", "csv", state))
    got = [(r["Flight"], _unquote(r["Name"]), r["Paid (USD)"], r["To the prize pool (USD)"]) for r in rows]
    day1a = [("Day 1A", n, "115.00", "100.00") for n in (ANN, BOB, CAT, DAN, EVE)]
    day1b = [("Day 1B", n, "115.00", "100.00") for n in (ANN, FOX, GIL, DAN)]
    assert got == day1a + day1b + [("Day 2", "Hal", "100.00", "100.00")]
    assert all(not r["Name"].startswith(("=", "+", "-", "@", "\t")) for r in rows)
    ws = load_workbook(io.BytesIO(export("entries", "xlsx", state))).worksheets[0]
    assert sum(round(c[6].value * 100) for c in ws.iter_rows(min_row=2)) == flight_event.prize_pool(state)
    assert [c[1].value for c in ws.iter_rows(min_row=2)] == [g[0] for g in got]


def test_flt_event_money_export_is_the_combined_pool_in_and_the_prizes_out() -> None:
    state = _event().state
    rows = _csv(export("money", "csv", state))
    cents = [round(float(r["Prize pool (USD)"]) * 100) for r in rows]
    pool_in = sum(c for c, r in zip(cents, rows) if r["Kind"] != "prize")
    assert pool_in == flight_event.prize_pool(state) == 100000
    prizes = [(_unquote(r["Name"]), -c) for c, r in zip(cents, rows) if r["Kind"] == "prize"]
    assert prizes == [(r.player, r.prize_cents) for r in flight_event.results(state) if r.prize_cents]
    assert rows[-1]["Prize pool after (USD)"] == "0.00"  # every prize paid out of the combined pool
    assert {r["Flight"] for r in rows if r["Kind"] != "prize"} == {"Day 1A", "Day 1B", "Day 2"}
    doc = json.loads(export("money", "json", state))
    assert sum(r["cash_cents"] for r in doc["rows"]) == 9 * 11500 + 10000 - flight_event.paid_cents(state)


def test_flt_event_export_without_money_logs_says_each_flights_totals() -> None:
    """An event file written before the flights' money was kept still exports: one line per flight."""
    e = FlightEvent.create(_profile(), title="Old", seed=1)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute(EndDay(flight="Day 1A", entries=3, pool_cents=30000, chips_in_play={1: 30000},
                     survivors={"Ann": 1}, finishers=[("Bob", 1), ("Cat", 2)]))
    rows = _csv(export("money", "csv", e.state))
    assert rows[0]["Flight"] == "Day 1A" and rows[0]["What"] == "3 entries (the flight's totals)"
    assert rows[0]["Prize pool (USD)"] == "300.00"


@pytest.fixture()
def event_file(tmp_path: Path) -> Path:
    db = tmp_path / "main event.floorman-event"
    assert main(["simulate", "--flights", "3", "--players", "30", "--db", str(db)]) == 0
    return db


def test_flt_floorman_export_reads_an_event_file(event_file: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with EventStore.open(event_file, read_only=True) as store:
        state = store.event.state
    before = event_file.read_bytes()
    expected = _expected(state)
    out = tmp_path / "results.csv"
    assert main(["export", "results", str(event_file), "--format", "csv", "--out", str(out)]) == 0
    rows = _csv(out.read_bytes())
    assert [(r["Place no."], r["Name"], round(float(r["Prize (USD)"]) * 100), r["Flight"]) for r in rows] == expected
    book = tmp_path / "entries.xlsx"
    assert main(["export", "entries", str(event_file), "--format", "xlsx", "--out", str(book)]) == 0
    ws = load_workbook(book).worksheets[0]
    entries = list(ws.iter_rows(min_row=2, values_only=True))
    assert len(entries) == sum(len(f.money_log) for f in state.flights.values()) == flight_event.entries(state)
    assert {r[1] for r in entries} == set(state.flights)
    money = tmp_path / "money.json"
    assert main(["export", "money", str(event_file), "--format", "json", "--out", str(money)]) == 0
    doc = json.loads(money.read_text("utf-8"))
    assert doc["facts"]["paid_cents"] == doc["facts"]["prize_pool_cents"] == flight_event.prize_pool(state)
    assert doc["rows"][-1]["pool_after_cents"] == 0
    assert event_file.read_bytes() == before  # opened read-only
    assert main(["export", "money", str(event_file), "--format", "ranking", "--out", str(tmp_path / "r.csv")]) == 2
    assert "results only" in capsys.readouterr().err
