"""Results out: every export read back by an independent reader (the csv module, openpyxl, json) and compared
with the results sheet's rows; formulas never run; awkward names survive; finished, unfinished, satellite,
bounty and tied events."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from app.api import FakeClock, Tournament, demo_standings, fmt, load_profile, profile_from_dict, views
from floorman.cmd_print import builtin_demo
from sheets.exports import (
    MONEY,
    TEXT,
    Column,
    Table,
    currency_format,
    entries_table,
    export,
    league_table,
    results_table,
    to_csv,
    to_xlsx,
    write_export,
)
from sheets.output import OutputRefused
from sheets.source import collect

INJECTIONS = ["=cmd|' /C calc'!A0", "+1", "-1", "@SUM(1)"]
AWKWARD = ['Ann "Ace" O\'Neil, Jr.', "Zoë 🂡 Ñúñez", "Łukasz Żółć"]
DANGER = ("=", "+", "-", "@", "\t", "\r")


def _play(t: Tournament, until_left: int = 1) -> Tournament:
    while not t.state.ended and views.read(t).field.players_left > until_left:
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    return t


def _event(names: list[str], profile: str = "tda", settings: dict | None = None, name: str = "Friday Deepstack",
           finish: bool = True) -> Tournament:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], "late.mode": "none", **(settings or {})}
    t = Tournament.create(profile_from_dict(data), name=name, time=FakeClock(1_800_000_000.0), seed=3)
    for n in names:
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return _play(t) if finish else t


def _csv_rows(data: bytes) -> list[dict[str, str]]:
    assert data.startswith(b"\xef\xbb\xbf"), "a CSV starts with the UTF-8 byte-order mark"
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def _cents(text: str | float) -> int:
    value = Decimal(str(text)) * 100
    assert value == value.to_integral_value()
    return int(value)


def _sheet_rows(t: Tournament) -> list[tuple[str, str, int]]:
    return [(fmt.place(r.place, r.tied), r.name or "", r.amount_cents) for r in collect(t).results]


def _xlsx(data: bytes):
    return load_workbook(io.BytesIO(data)).worksheets[0]


def _xlsx_rows(data: bytes) -> list[dict[str, object]]:
    ws = _xlsx(data)
    rows = list(ws.iter_rows(values_only=True))
    return [dict(zip(rows[0], r)) for r in rows[1:]]


def _check_results(t: Tournament) -> None:
    """Every format of the results export says what the results sheet says, to the cent."""
    expected = _sheet_rows(t)
    rows = _csv_rows(export("results", "csv", t))
    assert [(r["Place"], r["Name"].removeprefix("'") if r["Name"][:2] in {"'" + c for c in DANGER} else r["Name"],
             _cents(r["Prize (USD)"])) for r in rows] == expected
    book = _xlsx_rows(export("results", "xlsx", t))
    assert [(r["Place"], r["Name"], _cents(r["Prize (USD)"])) for r in book] == expected
    doc = json.loads(export("results", "json", t))
    assert doc["shape"] == "floorman-export/1" and doc["currency"] == "USD"
    assert [(r["place"], r["name"], r["prize_cents"]) for r in doc["rows"]] == expected
    assert all(isinstance(r["prize_cents"], int) and isinstance(r["place_number"], int) for r in doc["rows"])
    ranking = _csv_rows(export("results", "ranking", t, {"venue": "The Card Room", "date": date(2026, 5, 14)}))
    sheet = collect(t).results
    assert [(int(r["Place"]), _cents(r["Prize"])) for r in ranking] == [(p.place, p.amount_cents) for p in sheet]
    assert {(r["Entries"], r["Date"], r["Venue"]) for r in ranking} == {(str(collect(t).entries), "2026-05-14",
                                                                         "The Card Room")}


def test_results_of_a_finished_tournament_read_back_in_every_format():
    t = _event([f"Player {i}" for i in range(12)] + AWKWARD)
    assert t.state.ended
    _check_results(t)
    assert len(_csv_rows(export("results", "csv", t))) == 15


def test_results_of_an_unfinished_tournament_are_the_places_so_far():
    t = builtin_demo()
    rows = _csv_rows(export("results", "csv", t))
    assert [r["Place"] for r in rows] == ["23rd", "24th", "25th"]
    _check_results(t)
    doc = json.loads(export("results", "json", t))
    assert doc["facts"]["finished"] is False and doc["facts"]["players_left"] == 22


def test_elim_5_a_tie_is_written_as_the_sheet_writes_it_each_with_their_share():
    t = _event([f"Player {i}" for i in range(10)], finish=False)
    _play(t, until_left=4)
    table = max(t.state.tables.values(), key=lambda tb: tb.population)
    pair = list(table.seats.values())[:2]
    t.execute({"cmd": "bust", "players": pair, "stacks": {str(pid): 5000 for pid in pair}})
    _play(t)
    tied = [r for r in collect(t).results if r.tied == 2]
    assert len(tied) == 2
    _check_results(t)
    rows = _csv_rows(export("results", "csv", t))
    assert [r["Place"] for r in rows if r["Tied"] == "2"] == [fmt.place(tied[0].place, 2)] * 2
    ranking = _csv_rows(export("results", "ranking", t))
    assert [r["Place"] for r in ranking].count(str(tied[0].place)) == 2
    assert sum(_cents(r["Prize"]) for r in ranking) == views.read(t).field.prize_pool_cents


def test_sat_4_a_satellite_says_the_seat_won_and_the_cash_to_the_cent():
    t = _event([f"Player {i}" for i in range(10)], "satellite", {"satellite.seat_value_cents": 20000,
                                                                 "satellite.remainder": "split",
                                                                 "money.buy_in_cents": 6001}, "Thursday Satellite")
    _check_results(t)
    rows = _csv_rows(export("results", "csv", t))
    seats = [r for r in rows if r["Seat won"]]
    assert [r["Seat won"] for r in seats] == ["Seat in Main Event"] * 3
    assert sum(_cents(r["Prize (USD)"]) for r in seats) == 60010  # the odd 10 cents split 4/3/3
    assert sorted(_cents(r["Prize (USD)"]) for r in seats) == [20003, 20003, 20004]


def test_ko_a_bounty_event_gives_each_players_knockouts_and_bounties():
    data = load_profile("tda-pko").to_dict()
    data["settings"]["late.mode"] = "none"
    t = Tournament.create(profile_from_dict(data), name="Friday PKO", time=FakeClock(1_800_000_000.0), seed=1)
    for n in ["Ann", "Bob", "Cat", "Dan"]:
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "open_table", "table": 1})
    for i, n in enumerate(["Ann", "Bob", "Cat", "Dan"], 1):
        t.execute({"cmd": "seat_player", "player": n, "table": 1, "seat": i})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": ["Cat", "Dan"]})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Dan"})
    _check_results(t)
    sheet = {r.name: r for r in collect(t).results}
    book = _xlsx_rows(export("results", "xlsx", t))
    assert {r["Name"]: (r["Knockouts"], _cents(r["Bounties (USD)"])) for r in book} == {
        n: (r.knockouts, r.bounties_cents) for n, r in sheet.items()}
    assert {r["Name"]: r["Knocked out by"] for r in book}["Bob"] == "Cat and Dan"
    money = _csv_rows(export("money", "csv", t))
    assert sum(_cents(r["Bounty pool (USD)"]) for r in money) == 0  # every bounty paid in is paid out
    assert sum(_cents(r["Cash (USD)"]) for r in money) == 0  # all that came in went out


def test_entries_and_money_list_every_purchase_and_payment_to_the_cent():
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], "reentry.offered": True, "money.fee_cents": 1001}
    t = Tournament.create(profile_from_dict(data), name="Rebuy Night", time=FakeClock(1_800_000_000.0), seed=3)
    for n in ["Ann", "Bob", "Cat", "Dan", "Eve"]:
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann"})
    t.execute({"cmd": "reenter", "player": "Ann"})
    trail = collect(t).money
    assert trail is not None
    purchases = [ln for ln in trail.lines if ln.kind not in ("refund", "forfeit_fee")]
    for fmt_name in ("csv", "xlsx", "json"):
        data_ = export("entries", fmt_name, t)
        if fmt_name == "json":
            rows = [(r["name"], r["kind"], r["paid_cents"]) for r in json.loads(data_)["rows"]]
        elif fmt_name == "csv":
            rows = [(r["Name"], r["Kind"], _cents(r["Paid (USD)"])) for r in _csv_rows(data_)]
        else:
            rows = [(r["Name"], r["Kind"], _cents(r["Paid (USD)"])) for r in _xlsx_rows(data_)]
        assert rows == [(ln.name, ln.kind, ln.cash_cents) for ln in purchases]
    assert [r["Kind"] for r in _csv_rows(export("entries", "csv", t))].count("reentry") == 1
    money = _csv_rows(export("money", "csv", t))
    assert sum(_cents(r["Cash (USD)"]) for r in money) == trail.paid_in()  # nothing paid out yet
    assert money[-1]["Prize pool after (USD)"] == fmt.amount(views.read(t).field.pool_cents)


def test_money_out_is_a_negative_number_in_a_numeric_cell_with_the_currency_format():
    t = _event([f"Player {i}" for i in range(9)])
    ws = _xlsx(export("money", "xlsx", t))
    head = [c.value for c in ws[1]]
    cash = head.index("Cash (USD)")
    prizes = [row[cash] for row in ws.iter_rows(min_row=2) if row[2].value == "prize"]
    assert prizes and all(c.data_type == "n" and c.value < 0 for c in prizes)
    assert all("$" in c.number_format and "#,##0.00" in c.number_format for c in prizes)
    assert sum(_cents(row[cash].value) for row in ws.iter_rows(min_row=2)) == 0


def test_league_standings_export_as_the_league_tab_shows_them():
    standings = demo_standings()
    rows = _csv_rows(export("league", "csv", standings))
    assert [(r["Rank"], r["Player"], r["Points"]) for r in rows] == [
        (s.rank_label, s.name, f"{Decimal(s.points) / 100:.2f}") for s in standings.rows]
    book = _xlsx_rows(export("league", "xlsx", standings))
    assert [(r["Player"], round(float(r["Points"]) * 100)) for r in book] == [
        (s.name, s.points) for s in standings.rows]
    doc = json.loads(export("league", "json", standings))
    assert doc["facts"]["season"] == standings.season
    assert [r["points_hundredths"] for r in doc["rows"]] == [s.points for s in standings.rows]
    with pytest.raises(ValueError, match="results only"):
        export("league", "ranking", standings)


def test_injection_no_dangerous_first_character_becomes_a_formula_in_csv_or_xlsx():
    t = _event(INJECTIONS + AWKWARD + ["Player 1", "Player 2"])
    _check_results(t)
    for what in ("results", "entries", "money"):
        for row in csv.reader(io.StringIO(export(what, "csv", t).decode("utf-8-sig"), newline="")):
            for cell in row:
                if cell.startswith(DANGER):
                    float(cell)  # only a number (money out, -3.00) may start with a minus
        ws = _xlsx(export(what, "xlsx", t))
        for row in ws.iter_rows():
            for c in row:
                assert c.data_type != "f", (what, c.coordinate, c.value)
                if isinstance(c.value, str) and c.value.startswith(DANGER):
                    assert c.quotePrefix, (what, c.coordinate, c.value)
        names = [r["Name"] for r in _xlsx_rows(export(what, "xlsx", t))]
        assert set(INJECTIONS) <= set(names)  # written as they are, as text
    csv_names = {r["Name"] for r in _csv_rows(export("results", "csv", t))}
    assert {"'" + n for n in INJECTIONS} <= csv_names
    ranking = {r["Name"] for r in _csv_rows(export("results", "ranking", t))}
    assert {"'" + n for n in INJECTIONS} <= ranking


def test_injection_tab_cr_quotes_commas_newlines_and_emoji_survive_the_writers():
    names = INJECTIONS + ["\tTab", "\rCR", 'Say "hi", then\nleave', "Zoë 🂡"]
    table = Table("results", "Results", "=Event", "EUR",
                  [Column("name", "Name", TEXT), Column("prize_cents", "Prize", MONEY)],
                  [[n, -101 if i % 2 else 12345] for i, n in enumerate(names)])
    rows = list(csv.reader(io.StringIO(to_csv(table).decode("utf-8-sig"), newline="")))
    assert [r[0] for r in rows[1:]] == [("'" + n if n.startswith(DANGER) else n) for n in names]
    assert [r[1] for r in rows[1:]] == ["123.45" if i % 2 == 0 else "-1.01" for i in range(len(names))]
    ws = load_workbook(io.BytesIO(to_xlsx([table]))).worksheets[0]
    cells = [(row[0], row[1]) for row in ws.iter_rows(min_row=2)]
    # XML cannot hold a bare CR: the file escapes it as _x000D_, which Excel reads back as CR (openpyxl does not)
    assert [c.value.replace("_x000D_", "\r") for c, _ in cells] == names
    assert all(c.data_type == "s" for c, _ in cells)
    assert all(m.data_type == "n" and "€" in m.number_format for _, m in cells)
    assert [_cents(m.value) for _, m in cells] == [12345 if i % 2 == 0 else -101 for i in range(len(names))]


def test_currency_format_follows_the_currency_decimals():
    assert currency_format("USD") == '"$"#,##0.00;-"$"#,##0.00'
    assert currency_format("JPY") == '"¥"#,##0;-"¥"#,##0'
    assert fmt.amount(-1) == "-0.01" and fmt.amount(123456, "JPY") == "123456"


def test_an_export_never_overwrites_without_force_nor_ever_a_tournament(tmp_path):
    out = tmp_path / "results"
    write_export(out, b"Place\r\n", "json")
    with pytest.raises(OutputRefused, match="already exists"):
        write_export(out, b"{}", "json")
    assert out.read_bytes() == b"Place\r\n"
    write_export(out, b"{}", "json", force=True)
    assert out.read_bytes() == b"{}"
    book = tmp_path / "r.xlsx"
    book.write_bytes(b"not a workbook")
    with pytest.raises(OutputRefused, match="not a XLSX"):
        write_export(book, b"PK\x03\x04", "xlsx", force=True)
    assert book.read_bytes() == b"not a workbook"
    with pytest.raises(OutputRefused, match="tournament file"):
        write_export(tmp_path / "t.floorman", b"x", "csv", force=True)


def test_league_table_reads_the_standings_rows():
    standings = demo_standings()
    table = league_table(standings)
    assert [r[2] for r in table.rows] == [s.name for s in standings.rows]


def test_money_on_a_shared_tournament_names_who_recorded_each_payment():
    t = builtin_demo()
    rows = views.money(t).rows
    authors = [("Desk 1", "Kim") if i % 2 else ("Desk 2", "=Lee") for i in range(len(rows))]
    money = _csv_rows(export("money", "csv", t, {"recorded_by": authors}))
    paid = [r["Recorded by"] for r in money if r["Kind"] == "entry"]
    assert paid[:2] == ["Desk 2 (=Lee)", "Desk 1 (Kim)"]
    assert "Recorded by" not in _csv_rows(export("money", "csv", t))[0]  # one laptop: no such column


def test_a_workbook_holds_several_tables_each_on_its_own_sheet_and_unknown_choices_are_refused():
    t = builtin_demo()
    book = load_workbook(io.BytesIO(to_xlsx([results_table(t), results_table(t), entries_table(t)])))
    assert book.sheetnames == ["Results", "Results 2", "Entries"]
    with pytest.raises(ValueError, match="no export called 'players'"):
        export("players", "csv", t)
    with pytest.raises(ValueError, match="no format called 'pdf'"):
        export("results", "pdf", t)


def test_exports_stay_english_whatever_the_windows_language() -> None:
    """A ranking site reads the export: its places and words are English even from a German window."""
    from app.i18n import set_language

    t = builtin_demo()
    english = export("results", "csv", t)
    assert b"1st" in english or b"th" in english
    set_language("de")
    try:
        assert export("results", "csv", t) == english
    finally:
        set_language("en")
