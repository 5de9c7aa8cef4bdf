"""``floorman event``: a flight's file ended and counted, its end of day read into the event, bags, Day 2, results."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from app.api import FakeClock, load_profile
from db.store import TournamentStore
from floorman.cli import main
from tests.sheets.conftest import pdf_text


def _flight(path: Path, names: list[str], counts: dict[str, int]) -> None:
    with TournamentStore.create(path, load_profile("tda"), "Day 1", time=FakeClock(), seed=4,
                                backup_dir=path.parent / "backups") as store:
        for n in names:
            store.execute({"cmd": "register", "name": n})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
        store.execute({"cmd": "bust", "players": [names[-1]]})
        store.execute({"cmd": "end_flight_day"})
        store.execute({"cmd": "chip_count", "counts": counts, "accept": True})


def test_flt_event_from_flight_files_to_day2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b, event = tmp_path / "1a.floorman", tmp_path / "1b.floorman", str(tmp_path / "main.floorman-event")
    _flight(a, ["Ann", "Bob", "Cy"], {"Ann": 18000, "Bob": 12000})
    _flight(b, ["Ann", "Dee", "Eve"], {"Ann": 25000, "Dee": 5000})
    assert main(["event", "new", event, "--title", "Main Event", "--seed", "8"]) == 0
    assert main(["event", "flight", event, "Day 1A"]) == 0
    assert main(["event", "flight", event, "Day 1B"]) == 0
    assert main(["event", "end-day", event, "Day 1A", str(a)]) == 0
    assert main(["event", "end-day", event, "Day 1B", str(b)]) == 0
    bags = [{"player": "Ann", "bag": "A1", "chips": 18000}, {"player": "Bob", "bag": "A2", "chips": 12000}]
    capsys.readouterr()
    assert main(["event", "do", event, json.dumps({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
                                                   "bags": [{**bags[0], "chips": 19000}, bags[1]]})]) == 1
    assert "BAG_COUNT_OFF" in capsys.readouterr().err
    assert main(["event", "do", event, json.dumps({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
                                                   "bags": bags})]) == 0
    assert main(["event", "do", event, json.dumps(
        {"cmd": "enter_bags", "flight": "Day 1B", "table": 1,
         "bags": [{"player": "Ann", "bag": "B1", "chips": 25000},
                  {"player": "Dee", "bag": "B2", "chips": 5000}]})]) == 0
    assert main(["event", "do", event, '{"cmd": "make_day2"}']) == 0
    assert main(["event", "do", event, "{not json"]) == 2
    capsys.readouterr()
    assert main(["event", "show", event, "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["day2"]["stacks"] == {"Ann": 25000, "Bob": 12000, "Dee": 5000}
    assert view["entries"] == 6 and view["prize_pool_cents"] == 60000 and view["chips_conserved"]
    assert [(r["place"], r["player"]) for r in view["results"]] == [(4, "Cy"), (5, "Eve")]
    assert main(["event", "show", event]) == 0
    assert "Main Event: 2 flights, 6 entries, prize pool $600.00" in capsys.readouterr().out
    assert main(["event", "do", event, '{"cmd": "bust_day2", "players": ["Dee", "Bob"], "won_by": "Ann"}']) == 0
    for sheet in ("tables", "results", "bags"):
        assert main(["event", "print", event, sheet, "--out", str(tmp_path / f"{sheet}.pdf")]) == 0
    results = pdf_text((tmp_path / "results.pdf").read_bytes())
    # ELIM-4: Bob started the hand with more chips than Dee: 2nd and 3rd; the Day-1 finishers after them
    for line in ("1st", "Ann", "$300.00", "2nd", "Bob", "$180.00", "3rd", "Dee", "$120.00", "Cy (Day 1A)",
                 "Eve (Day 1B)"):
        assert line in results
    assert "Ann" in pdf_text((tmp_path / "tables.pdf").read_bytes())
    assert main(["event", "print", event, "results", "--out", str(tmp_path)]) == 2


def test_flt_event_refuses_a_flight_still_playing_and_a_missing_file(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "1a.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Day 1", time=FakeClock(),
                                backup_dir=tmp_path / "backups") as store:
        store.execute({"cmd": "register", "name": "Ann"})
    event = str(tmp_path / "e.floorman-event")
    assert main(["event", "new", event]) == 0
    assert main(["event", "flight", event, "Day 1A"]) == 0
    capsys.readouterr()
    assert main(["event", "end-day", event, "Day 1A", str(path)]) == 1
    assert "FLIGHT_NOT_BAGGED" in capsys.readouterr().err
    assert main(["event", "show", str(tmp_path / "none")]) == 2
    assert "There is no event file" in capsys.readouterr().err


def test_flt_4_a_flights_bags_from_a_csv_all_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = tmp_path / "1a.floorman"
    names = [f"P{i:02d}" for i in range(1, 13)]
    with TournamentStore.create(a, load_profile("tda"), "Day 1A", time=FakeClock(), seed=4,
                                backup_dir=tmp_path / "backups") as store:
        for n in names:
            store.execute({"cmd": "register", "name": n})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "end_flight_day"})
        tables = {p.name: p.table for p in store.tournament.state.players.values()}
    assert len(set(tables.values())) == 2
    event = str(tmp_path / "e.floorman-event")
    assert main(["event", "new", event, "--seed", "1"]) == 0
    assert main(["event", "flight", event, "Day 1A"]) == 0
    assert main(["event", "end-day", event, "Day 1A", str(a)]) == 0
    good = "table,player,bag,chips\n" + "".join(f"{tables[n]},{n},{i},\"10,000\"\n" for i, n in enumerate(names, 1))
    last_table = max(tables.values())
    off = "table,player,bag,chips\n" + "".join(
        f"{tables[n]},{n},{i},{10000 if tables[n] != last_table or i % 2 else 10500}\n" for i, n in enumerate(names, 1))
    csv_off, csv_good, csv_junk = tmp_path / "off.csv", tmp_path / "good.csv", tmp_path / "junk.csv"
    csv_off.write_text(off, encoding="utf-8")
    csv_good.write_text(good, encoding="utf-8")
    csv_junk.write_text("name;chips\nAnn;1\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["event", "bags", event, "Day 1A", str(csv_off)]) == 1
    assert "BAG_COUNT_OFF" in capsys.readouterr().err
    assert main(["event", "show", event, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["flights"]["Day 1A"]["bags"] == {}  # the first table is not kept
    assert main(["event", "bags", event, "Day 1A", str(csv_junk)]) == 2
    assert "header row" in capsys.readouterr().err
    decimal = tmp_path / "decimal.csv"  # "10,5" chips: ten and a half, or a hundred and five? not read
    decimal.write_text(good.replace('"10,000"', '"10,5"', 1), encoding="utf-8")
    assert main(["event", "bags", event, "Day 1A", str(decimal)]) == 2
    said = capsys.readouterr().err
    assert "line 2" in said and "must be whole numbers" in said
    assert main(["event", "bags", event, "Day 1A", str(csv_good)]) == 0
    assert "done: 2 tables, 12 bags" in capsys.readouterr().out
    assert main(["event", "show", event, "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert sum(len(b) for b in view["flights"]["Day 1A"]["bags"].values()) == 12


def _event_with_day2(tmp_path: Path, event: str) -> None:
    a, b = tmp_path / "1a.floorman", tmp_path / "1b.floorman"
    _flight(a, ["Ann", "Bob", "Cy"], {"Ann": 18000, "Bob": 12000})
    _flight(b, ["Ann", "Dee", "Eve"], {"Ann": 25000, "Dee": 5000})
    assert main(["event", "new", event, "--title", "Main Event", "--seed", "8"]) == 0
    for name, path in (("Day 1A", a), ("Day 1B", b)):
        assert main(["event", "flight", event, name]) == 0
        assert main(["event", "end-day", event, name, str(path)]) == 0
    assert main(["event", "do", event, json.dumps({"cmd": "enter_bags", "flight": "Day 1A", "table": 1, "bags": [
        {"player": "Ann", "bag": "A1", "chips": 18000}, {"player": "Bob", "bag": "A2", "chips": 12000}]})]) == 0
    assert main(["event", "do", event, json.dumps({"cmd": "enter_bags", "flight": "Day 1B", "table": 1, "bags": [
        {"player": "Ann", "bag": "B1", "chips": 25000}, {"player": "Dee", "bag": "B2", "chips": 5000}]})]) == 0


def test_flt_10_event_day2_makes_a_tournament_file_played_to_the_end(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    event, day2 = str(tmp_path / "main.floorman-event"), tmp_path / "day2.floorman"
    _event_with_day2(tmp_path, event)
    capsys.readouterr()
    assert main(["event", "day2", event, "--out", str(day2)]) == 1  # no Day 2 drawn yet
    assert "DAY2_NOT_MADE" in capsys.readouterr().err and not day2.exists()
    assert main(["event", "do", event, '{"cmd": "make_day2"}']) == 0
    assert main(["event", "day2", event, "--out", str(day2), "--level", "4"]) == 0
    assert "3 players carried in" in capsys.readouterr().out
    assert main(["event", "day2", event, "--out", str(day2)]) == 2  # never over a file
    with TournamentStore.open(day2, time=FakeClock()) as store:
        state = store.tournament.state
        assert {p.name: p.stack for p in state.players.values()} == {"Ann": 25000, "Bob": 12000, "Dee": 5000}
        assert state.extra["day2"]["event_file"] == str(Path(event).resolve())
        store.execute({"cmd": "start_clock"})
        assert store.tournament.view()["clock"]["level"] == 4
        store.execute({"cmd": "bust", "players": ["Dee"]})
        store.execute({"cmd": "bust", "players": ["Bob"]})
        assert store.tournament.state.ended
    assert main(["event", "day2-results", event, str(day2)]) == 0
    capsys.readouterr()
    assert main(["event", "show", event, "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert [(r["place"], r["player"], r["day"], r["prize_cents"]) for r in view["results"]] == [
        (1, "Ann", "Day 2", 30000), (2, "Bob", "Day 2", 18000), (3, "Dee", "Day 2", 12000),
        (4, "Cy", "Day 1A", 0), (5, "Eve", "Day 1B", 0)]
    assert view["paid_cents"] == view["prize_pool_cents"] == 60000 and view["chips_conserved"]
    assert main(["event", "do", event, '{"cmd": "bust_day2", "players": ["Dee"], "won_by": "Ann"}']) == 1
    assert "DAY2_PLAYED_APART" in capsys.readouterr().err
    out = tmp_path / "results.csv"
    assert main(["export", "results", event, "--format", "csv", "--out", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8-sig")))
    assert [(r["Place no."], r["Name"], r["Prize (USD)"], r["Flight"], r["Finished on"]) for r in rows] == [
        ("1", "Ann", "300.00", "Day 1B", "Day 2"), ("2", "Bob", "180.00", "Day 1A", "Day 2"),
        ("3", "Dee", "120.00", "Day 1B", "Day 2"), ("4", "Cy", "0.00", "Day 1A", "Day 1"),
        ("5", "Eve", "0.00", "Day 1B", "Day 1")]
    assert main(["print", "payouts", str(day2), "--out", str(tmp_path / "payouts.pdf")]) == 0
    assert main(["print", "results", str(day2), "--out", str(tmp_path / "results.pdf")]) == 0
    results = pdf_text((tmp_path / "results.pdf").read_bytes())
    for words in ("Ann", "Bob", "Dee", "Cy", "Day 1A", "Eve", "Day 1B"):
        assert words in results


def test_floorman_event_print_lang_writes_the_results_in_german(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "event.floorman"
    assert main(["simulate", "--flights", "2", "--players", "20", "--db", str(event), "--json"]) == 0
    capsys.readouterr()
    out = tmp_path / "results.pdf"
    assert main(["event", "print", str(event), "results", "--out", str(out), "--lang", "de"]) == 0
    text = pdf_text(out.read_bytes())
    assert "Ergebnisse" in text and "Gedruckt am" in text and "1." in text
    assert main(["event", "print", str(event), "results", "--out", str(tmp_path / "x.pdf"), "--lang", "xx"]) == 2
    assert "There is no xx catalogue" in capsys.readouterr().err and not (tmp_path / "x.pdf").exists()
