"""Results, entries, money and league standings written for other programs: CSV, XLSX, JSON and a ranking
site's CSV (docs/exports.md gives every shape).

An export reads what the sheets read (:mod:`sheets.source`: the results sheet's rows, the money trail's lines;
the league's standings from :mod:`app.league` through ``app.api``), so a file and the printed sheet cannot
disagree. Each export is first a :class:`Table` (typed columns, one row per finisher, purchase or movement),
and each format writes a table, so an event of several flights can add its tables and reuse the writers.

- **Money** is a whole number of cents until it is written: ``fmt.amount`` (the one format module) makes the
  CSV's ``1234.50``; the XLSX cell is a number with the currency's format; the JSON keeps the cents.
- **Formulas never run.** A text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is
  written with a leading apostrophe in CSV, and as a string cell (quote-prefixed) in XLSX. Money and counts
  are numbers: a refund of ``-3.00`` stays a number.
- **CSV** is UTF-8 with a byte-order mark: Excel opens a BOM'd file as UTF-8 (accents and emoji right) where
  it would read a bare one in the computer's old code page; LibreOffice, Python and the ranking sites skip it.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import xlsxwriter

from app.api import Standings, flight_event, fmt, views
from app.i18n import use_language
from sheets.money_data import MoneyLine, MoneyTrail, collect_money, lines_from_log
from sheets.output import OutputRefused, check_target, write_output
from sheets.source import knocked_out_by, payouts, results

WHAT = {
    "results": "results: place, name, prize (knockouts and bounties, seats won)",
    "entries": "entries: every buy-in, re-entry, rebuy and add-on with its time and amount",
    "money": "money: every payment in and out (the money trail)",
    "league": "league: a season's standings",
}
FORMATS = {
    "csv": "CSV (UTF-8, opens in Excel)",
    "xlsx": "Excel workbook (.xlsx)",
    "json": "JSON (typed, documented in docs/exports.md)",
    "ranking": "ranking-site CSV (place, name, prize, entries, date, venue)",
}
SUFFIX = {"csv": ".csv", "xlsx": ".xlsx", "json": ".json", "ranking": ".csv"}
DANGEROUS = ("=", "+", "-", "@", "\t", "\r")
JSON_SHAPE = "floorman-export/1"

# Column kinds: text, int (a count or a place number), money (cents), points (hundredths), time (epoch seconds).
TEXT, INT, MONEY, POINTS, TIME = "text", "int", "money", "points", "time"


@dataclass(frozen=True)
class Column:
    key: str  # the JSON key (money keys end in _cents, points in _hundredths)
    title: str  # the header row's words
    kind: str = TEXT


@dataclass
class Table:
    """One export as typed rows: ``rows`` hold the values in the order of ``columns`` (None: empty)."""

    what: str
    title: str  # the sheet's name in the workbook ("Results")
    event: str
    currency: str
    columns: list[Column]
    rows: list[list[Any]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)  # entries, players left, finished, prize pool, ...


# -- reading the views --------------------------------------------------------------------------------------


def results_table(t: Any) -> Table:
    """Every decided place, one row per player (the results sheet's rows): a tie as ELIM-5 writes it (``T-3rd``,
    each with their own share); an unfinished tournament gives the places so far."""
    view = views.read(t)
    rows = results(view, knocked_out_by(t))
    bounty = view.field.bounty_kind != "none" or any(r.bounties_cents or r.knockouts for r in rows)
    seats = bool(view.field.seats) or any(r.seat for r in rows)
    knocked = any(r.knocked_out_by for r in rows)
    cols = [Column("place", "Place"), Column("place_number", "Place no.", INT), Column("tied", "Tied", INT),
            Column("name", "Name"), Column("prize_cents", "Prize", MONEY)]
    cols += [Column("seat", "Seat won")] if seats else []
    cols += [Column("knockouts", "Knockouts", INT), Column("bounties_cents", "Bounties", MONEY)] if bounty else []
    cols += [Column("knocked_out_by", "Knocked out by")] if knocked else []
    table = Table("results", "Results", view.name or "Tournament", view.currency, cols, facts=_facts(view))
    for r in rows:
        row: list[Any] = [fmt.place(r.place, r.tied), r.place, r.tied, r.name or "", r.amount_cents]
        row += [_seat_words(r.seat)] if seats else []
        row += [r.knockouts, r.bounties_cents] if bounty else []
        row += [r.knocked_out_by] if knocked else []
        table.rows.append(row)
    return table


def _seat_words(prize_text: str) -> str:
    """SAT-4: "Seat in Main Event" (the cash over the seat is in the Prize column)."""
    return prize_text.split(" + ", 1)[0] if prize_text else ""


def _facts(view: views.TournamentView) -> dict[str, Any]:
    f = view.field
    return {"entries": f.entries, "rebuys": f.rebuys, "addons": f.addons, "players_left": f.players_left,
            "finished": bool(f.ended), "paid_places": f.paid_places, "prize_pool_cents": f.prize_pool_cents,
            "fees_cents": f.fees_cents, "bounty_pool_cents": f.bounty_pool_cents, "seats": f.seats,
            "seat_event": f.seat_event}


def _trail(t: Any, recorded_by: Sequence[tuple[str, str]]) -> tuple[views.TournamentView, MoneyTrail]:
    view = views.read(t)
    return view, collect_money(views.money(t), payouts(view), recorded_by)


def entries_table(t: Any, recorded_by: Sequence[tuple[str, str]] = ()) -> Table:
    """Every purchase (buy-in, re-entry, rebuy, add-on, top-up), in the order it was made, with what was paid
    and where it went; a refund is in the money export."""
    view, trail = _trail(t, recorded_by)
    bounty = any(line.bounty_cents for line in trail.lines)
    cols = [Column("time", "Time", TIME), Column("name", "Name"), Column("kind", "Kind"), Column("what", "What"),
            Column("paid_cents", "Paid", MONEY), Column("pool_cents", "To the prize pool", MONEY),
            Column("fee_cents", "Fees", MONEY)]
    cols += [Column("bounty_cents", "Bounty", MONEY)] if bounty else []
    table = Table("entries", "Entries", view.name or "Tournament", view.currency, cols, facts=_facts(view))
    for line in trail.lines:
        if line.kind in ("refund", "forfeit_fee"):
            continue
        row: list[Any] = [line.at, line.name, "seat" if line.seat else line.kind, line.what, line.cash_cents,
                          line.pool_cents, line.fee_cents]
        row += [line.bounty_cents] if bounty else []
        table.rows.append(row)
    return table


def money_table(t: Any, recorded_by: Sequence[tuple[str, str]] = ()) -> Table:
    """The money trail: every payment in (purchases, fees) and out (refunds, then the prizes and bounties won),
    each with the prize pool after it; on a shared tournament, the station and operator that recorded it.
    Money in is positive, money out negative, so the Cash column adds up to what the cage should hold."""
    view, trail = _trail(t, recorded_by)
    shared = trail.shared()
    cols = [Column("time", "Time", TIME), Column("name", "Name"), Column("kind", "Kind"), Column("what", "What"),
            Column("cash_cents", "Cash", MONEY), Column("pool_cents", "Prize pool", MONEY),
            Column("fee_cents", "Fees", MONEY), Column("bounty_cents", "Bounty pool", MONEY),
            Column("pool_after_cents", "Prize pool after", MONEY)]
    cols += [Column("recorded_by", "Recorded by")] if shared else []
    table = Table("money", "Money", view.name or "Tournament", view.currency, cols, facts=_facts(view))
    pool = 0
    for line in trail.lines:
        pool = line.pool_after
        row: list[Any] = [line.at, line.name, "seat" if line.seat else line.kind, line.what, line.cash_cents,
                          line.pool_cents, line.fee_cents, line.bounty_cents, line.pool_after]
        row += [line.recorded_by()] if shared else []
        table.rows.append(row)
    tail = [""] if shared else []
    for r in results(view):
        if r.amount_cents:
            pool -= r.amount_cents
            what = f"Prize, {fmt.place(r.place, r.tied)}" + (f" ({r.seat})" if r.seat else "")
            table.rows.append([None, r.name or "", "prize", what, -r.amount_cents, -r.amount_cents, 0, 0, pool]
                              + tail)
    for name, cents, _n in trail.bounties_won:
        if cents:
            table.rows.append([None, name, "bounty", "Bounties won", -cents, 0, 0, -cents, pool] + tail)
    table.facts["log_rows"] = trail.log_rows
    table.facts["mismatches"] = [list(m) for m in trail.mismatches()]
    return table


def league_table(standings: Standings) -> Table:
    """A season's standings as the League tab and its sheet show them (app.league's rows)."""
    cols = [Column("rank", "Rank"), Column("rank_number", "Rank no.", INT), Column("name", "Player"),
            Column("points_hundredths", "Points", POINTS), Column("played", "Played", INT),
            Column("counted", "Counted", INT), Column("wins", "Wins", INT), Column("best", "Best"),
            Column("best_number", "Best no.", INT), Column("cashes", "Cashes", INT),
            Column("knockouts", "Knockouts", INT)]
    table = Table("league", "League", f"{standings.league} — {standings.season}", fmt.USD, cols,
                  facts={"league": standings.league, "season": standings.season, "events": standings.events,
                         "finished": standings.finished, "rules": list(standings.rules.describe())})
    for r in standings.rows:
        table.rows.append([r.rank_label, r.rank, r.name, r.points, r.played, r.counted, r.wins,
                           fmt.place(r.best) if r.best else "", r.best, r.cashes, r.knockouts])
    return table


# -- an event of flights (FLT): the same exports over every flight and Day 2 ------------------------------


def _event_facts(state: Any) -> dict[str, Any]:
    d = state.day2
    rows = flight_event.results(state)
    players, left, over = (len(d.stacks), len(d.live()), len(d.live()) == 1) if d else (0, 0, False)
    if d is not None and d.played is not None:  # FLT-10: as the Day-2 tournament said when last read
        players, over = d.played.players, d.played.over
        left = players - sum(1 for r in rows if r.day == "Day 2")
    return {"entries": flight_event.entries(state), "flights": list(state.flights),
            "day2_players": players, "players_left": left, "finished": over,
            "paid_places": sum(1 for r in rows if r.prize_cents),
            "prize_pool_cents": flight_event.prize_pool(state), "paid_cents": sum(r.prize_cents for r in rows),
            "chips_conserved": flight_event.chips_conserved(state)}


def _event_currency(state: Any) -> str:
    return str(state.profile["money.currency"])


def event_results_table(state: Any) -> Table:
    """FLT-7, FLT-8: the event's places as its results sheet gives them: Day 2's first, then every Day-1
    finisher in the documented order; each row names the flight the player came from (a Day-2 late entry:
    "Day 2") and the day he finished on."""
    came = flight_event.came_from(state)
    cols = [Column("place", "Place"), Column("place_number", "Place no.", INT), Column("tied", "Tied", INT),
            Column("name", "Name"), Column("prize_cents", "Prize", MONEY), Column("flight", "Flight"),
            Column("day", "Finished on")]
    table = Table("results", "Results", state.title or "Event", _event_currency(state), cols,
                  facts=_event_facts(state))
    for r in flight_event.results(state):
        day2 = r.day == "Day 2"
        table.rows.append([fmt.place(r.place, r.tied), r.place, r.tied, r.player, r.prize_cents,
                           came.get(r.player, "Day 2") if day2 else r.day, "Day 2" if day2 else "Day 1"])
    return table


def _flight_lines(flight: Any) -> list[MoneyLine]:
    """A flight's money lines, as its own money trail groups them (a purchase and its fee are one line); the
    event keeps its players by name, so each name gets a number for the grouping."""
    ids: dict[str, int] = {}
    log = [{"at": m.at, "kind": m.kind, "player": ids.setdefault(m.player, len(ids)), "cents": m.cents, "to": m.to,
            "split": dict(m.split), "seat": m.seat} for m in flight.money_log]
    return lines_from_log(log, {i: n for n, i in ids.items()}, {})


def _event_lines(state: Any) -> list[tuple[str, MoneyLine | None, Any]]:
    """(flight's name, line, flight) for every flight's money line in the flights' order; a flight whose end
    of day kept no money log (an event file written before it was kept) gives one line of its totals (None)."""
    out: list[tuple[str, MoneyLine | None, Any]] = []
    for f in state.flights.values():
        if f.money_log:
            out.extend((f.name, line, f) for line in _flight_lines(f))
        elif f.ended:
            out.append((f.name, None, f))
    return out


LATE_WHAT = "Day-2 entry (FLT-6)"


def _totals(f: Any) -> str:
    return f"{fmt.count(f.entries, 'entry', 'entries')} (the flight's totals)"


def _seat_marks(state: Any, lines: list[tuple[str, MoneyLine | None, Any]]) -> dict[int, str]:
    """FLT-9: the id of each of ``lines`` that a satellite seat paid (the player's first buy-in in the flight)
    -> the satellite's name."""
    seats = flight_event.seat_entries(state)
    marks: dict[int, str] = {}
    done: set[tuple[str, str]] = set()
    for name, line, _f in lines:
        if line is None or line.kind != "entry":
            continue
        k = (name, flight_event.player_key(line.name))
        if k in seats and k not in done:
            marks[id(line)] = seats[k]
            done.add(k)
    return marks


def event_entries_table(state: Any) -> Table:
    """Every entry of every flight (buy-ins, re-entries, rebuys, add-ons), flight by flight in the order each
    was made, then Day 2's late entries (FLT-6: what each put in the prize pool)."""
    lines = _event_lines(state)
    marks = _seat_marks(state, lines)
    bounty = any(line is not None and line.bounty_cents for _, line, _ in lines)
    cols = [Column("time", "Time", TIME), Column("flight", "Flight"), Column("name", "Name"), Column("kind", "Kind"),
            Column("what", "What"), Column("paid_cents", "Paid", MONEY),
            Column("pool_cents", "To the prize pool", MONEY), Column("fee_cents", "Fees", MONEY)]
    cols += [Column("bounty_cents", "Bounty", MONEY)] if bounty else []
    table = Table("entries", "Entries", state.title or "Event", _event_currency(state), cols,
                  facts=_event_facts(state))
    for name, line, f in lines:
        if line is None:
            row: list[Any] = [None, name, "", "flight", _totals(f), None,
                              f.pool_cents, None]
        elif line.kind in ("refund", "forfeit_fee"):
            continue
        elif line.seat:  # FLT-9: the flight recorded the seat that paid it
            row = [line.at, name, line.name, "seat", line.what, 0, line.pool_cents, line.fee_cents]
        elif id(line) in marks:
            row = [line.at, name, line.name, "seat", f"{line.what}, paid by a seat from {marks[id(line)]}", 0,
                   line.pool_cents, line.fee_cents]
        else:
            row = [line.at, name, line.name, line.kind, line.what, line.cash_cents, line.pool_cents, line.fee_cents]
        row += [line.bounty_cents if line is not None else None] if bounty else []
        table.rows.append(row)
    for player, cents in flight_event.late_entries(state):
        table.rows.append([None, "Day 2", player, "day2_entry", LATE_WHAT, cents, cents, 0]
                          + ([0] if bounty else []))
    return table


def event_money_table(state: Any) -> Table:
    """The combined prize pool (FLT-8): every flight's money in, line by line, then Day 2's late entries, the
    guarantee's top-up if the pool falls short of it, and the event's prizes out. Money in is positive, out
    negative; "Prize pool after" runs over the whole event, so it ends at what is left unpaid (0 when every
    prize is paid)."""
    cols = [Column("time", "Time", TIME), Column("flight", "Flight"), Column("name", "Name"), Column("kind", "Kind"),
            Column("what", "What"), Column("cash_cents", "Cash", MONEY), Column("pool_cents", "Prize pool", MONEY),
            Column("fee_cents", "Fees", MONEY), Column("bounty_cents", "Bounty pool", MONEY),
            Column("pool_after_cents", "Prize pool after", MONEY)]
    table = Table("money", "Money", state.title or "Event", _event_currency(state), cols, facts=_event_facts(state))
    lines = _event_lines(state)
    marks = _seat_marks(state, lines)
    pool = 0
    for name, line, f in lines:
        if line is None:
            pool += f.pool_cents
            table.rows.append([None, name, "", "flight", _totals(f), None,
                               f.pool_cents, None, None, pool])
            continue
        pool += line.pool_cents
        seat = marks.get(id(line)) if not line.seat else None
        table.rows.append([line.at, name, line.name, "seat" if seat or line.seat else line.kind,
                           f"{line.what}, paid by a seat from {seat}" if seat else line.what,
                           0 if seat or line.seat else line.cash_cents, line.pool_cents, line.fee_cents,
                           line.bounty_cents, pool])
    for player, cents in flight_event.late_entries(state):
        pool += cents
        table.rows.append([None, "Day 2", player, "day2_entry", LATE_WHAT, cents, cents, 0, 0, pool])
    total = flight_event.prize_pool(state)
    if total > pool:
        table.rows.append([None, "", "", "guarantee", "Guarantee: the house adds", None, total - pool, None, None,
                           total])
        pool = total
    for r in flight_event.results(state):
        if r.prize_cents:
            pool -= r.prize_cents
            table.rows.append([None, r.day, r.player, "prize", f"Prize, {fmt.place(r.place, r.tied)}",
                               -r.prize_cents, -r.prize_cents, 0, 0, pool])
    return table


EVENT_READERS: dict[str, Callable[[Any], Table]] = {
    "results": event_results_table, "entries": event_entries_table, "money": event_money_table}


def is_event(source: Any) -> bool:
    return isinstance(source, flight_event.EventState)


def event_played_on(state: Any) -> date:
    """The day an event was played: its first flight's first payment (today when none is kept)."""
    for f in state.flights.values():
        if f.money_log:
            return datetime.fromtimestamp(min(m.at for m in f.money_log)).date()
    return date.today()


# -- writing ----------------------------------------------------------------------------------------------


def safe_text(text: str) -> str:
    """A text cell a spreadsheet never runs as a formula: a leading apostrophe before ``= + - @``, tab, CR."""
    return "'" + text if text.startswith(DANGEROUS) else text


def _time_text(at: float | None) -> str:
    return datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M:%S") if at is not None else ""


def _points_text(hundredths: int) -> str:
    return f"{Decimal(hundredths).scaleb(-2):.2f}"


def _headers(table: Table) -> list[str]:
    return [f"{c.title} ({table.currency})" if c.kind == MONEY else c.title for c in table.columns]


def _csv_cell(col: Column, value: Any, currency: str) -> str:
    if value is None:
        return ""
    if col.kind == MONEY:
        return fmt.amount(int(value), currency)
    if col.kind == POINTS:
        return _points_text(int(value))
    if col.kind == TIME:
        return _time_text(float(value))
    if col.kind == INT:
        return str(int(value))
    return safe_text(str(value))


def _csv_bytes(header: Sequence[str], rows: Sequence[Sequence[str]]) -> bytes:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow([safe_text(h) for h in header])
    w.writerows(rows)
    return out.getvalue().encode("utf-8-sig")


def to_csv(table: Table) -> bytes:
    cols, cur = table.columns, table.currency
    return _csv_bytes(_headers(table), [[_csv_cell(c, v, cur) for c, v in zip(cols, row)] for row in table.rows])


def currency_format(currency: str) -> str:
    """Excel's number format for an amount: the symbol, the currency's decimals, a minus for money out."""
    places = fmt.decimals(currency)
    sym = fmt.symbol(currency).replace('"', "")
    number = "#,##0" + ("." + "0" * places if places else "")
    return f'"{sym}"{number};-"{sym}"{number}'


def to_xlsx(tables: Sequence[Table]) -> bytes:
    """One worksheet per table: money as numbers in the currency's format, times as dates, text as strings."""
    buf = io.BytesIO()
    book = xlsxwriter.Workbook(buf, {"constant_memory": True, "strings_to_formulas": False, "strings_to_numbers": False,
                                     "strings_to_urls": False})
    bold = book.add_format({"bold": True})
    quoted = book.add_format({"quote_prefix": True})
    when = book.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
    points = book.add_format({"num_format": "#,##0.00"})
    used: set[str] = set()
    for table in tables:
        money = book.add_format({"num_format": currency_format(table.currency)})
        scale = 10 ** fmt.decimals(table.currency)
        sheet = book.add_worksheet(_sheet_name(table.title, used))
        for c, head in enumerate(_headers(table)):
            sheet.write_string(0, c, head, bold)
        for r, row in enumerate(table.rows, 1):
            for c, (col, value) in enumerate(zip(table.columns, row)):
                if value is None:
                    continue
                if col.kind == MONEY:
                    sheet.write_number(r, c, _units(int(value), scale), money)
                elif col.kind == POINTS:
                    sheet.write_number(r, c, int(value) / 100, points)
                elif col.kind == INT:
                    sheet.write_number(r, c, int(value))
                elif col.kind == TIME:
                    sheet.write_datetime(r, c, datetime.fromtimestamp(float(value)), when)
                else:
                    text = str(value)
                    sheet.write_string(r, c, text, quoted if text.startswith(DANGEROUS) else None)
        sheet.freeze_panes(1, 0)
        sheet.set_column(0, max(len(table.columns) - 1, 0), 16)
    book.close()
    return buf.getvalue()


def _units(cents: int, scale: int) -> float:
    """Cents as the currency's units for a numeric cell: ``scale`` is 10 to the currency's decimals; dividing
    two exact integers gives the double nearest the exact amount, as ``float("1234.50")`` does."""
    return cents / scale


def _sheet_name(title: str, used: set[str]) -> str:
    name = "".join(ch for ch in title if ch not in "[]:*?/\\")[:31] or "Sheet"
    base, n = name, 2
    while name.lower() in used:
        name = f"{base[:28]} {n}"
        n += 1
    used.add(name.lower())
    return name


def to_json_data(table: Table) -> dict[str, Any]:
    def value(col: Column, v: Any) -> Any:
        if v is None:
            return None
        if col.kind == TIME:
            return datetime.fromtimestamp(float(v)).astimezone().isoformat(timespec="seconds")
        return int(v) if col.kind in (INT, MONEY, POINTS) else str(v)

    return {
        "shape": JSON_SHAPE,
        "what": table.what,
        "event": table.event,
        "currency": table.currency,
        "decimals": fmt.decimals(table.currency),
        "facts": table.facts,
        "columns": [{"key": c.key, "title": c.title, "type": c.kind} for c in table.columns],
        "rows": [{c.key: value(c, v) for c, v in zip(table.columns, row)} for row in table.rows],
    }


def to_json(table: Table) -> bytes:
    return (json.dumps(to_json_data(table), ensure_ascii=False, indent=1) + "\n").encode("utf-8")


RANKING_COLUMNS = ("Place", "Name", "Prize", "Currency", "Entries", "Date", "Venue", "Event")


def to_ranking(table: Table, played_on: date, venue: str) -> bytes:
    """The results as ranking and league sites import them: one row per finisher, best first; a tie gives each
    tied player the block's best place; the prize a plain number (a satellite seat at its value)."""
    if table.what != "results":
        raise ValueError("the ranking-site format is for results only; choose csv, xlsx or json for "
                         f"the {table.what}.")
    index = {c.key: i for i, c in enumerate(table.columns)}
    entries = str(table.facts.get("entries", 0))
    rows = [[str(row[index["place_number"]]), safe_text(str(row[index["name"]])),
             fmt.amount(int(row[index["prize_cents"]]), table.currency), table.currency, entries,
             played_on.isoformat(), safe_text(venue), safe_text(table.event)] for row in table.rows]
    return _csv_bytes(RANKING_COLUMNS, rows)


def event_date(t: Any) -> date:
    """The day the event was played: its first payment's date (today when it has none)."""
    rows = views.money(t).rows
    return datetime.fromtimestamp(rows[0].at).date() if rows else date.today()


# -- one call for the command line and the window ------------------------------------------------------------

READERS: dict[str, Callable[..., Table]] = {"results": results_table, "entries": entries_table, "money": money_table}


def export(what: str, fmt_name: str, source: Any, options: Mapping[str, Any] | None = None) -> bytes:
    """The bytes of one export. ``source``: a tournament (or the store's tournament), an event of flights (its
    state: results, entries and money over every flight and Day 2), or for ``league`` the :class:`Standings`.
    ``options``: ``recorded_by`` (a shared tournament's authors of the money rows),
    ``venue`` and ``date`` (the ranking-site format).

    Exports are read by other programs (a ranking site, a league's spreadsheet), so they are written in
    English with English figures (``T-3rd``, ``1234.50``) whatever language the window speaks."""
    with use_language("en"):
        return _export(what, fmt_name, source, dict(options or {}))


def _export(what: str, fmt_name: str, source: Any, opts: dict[str, Any]) -> bytes:
    if what not in WHAT:
        raise ValueError(f"there is no export called {what!r}; choose {', '.join(WHAT)}.")
    if fmt_name not in FORMATS:
        raise ValueError(f"there is no format called {fmt_name!r}; choose {', '.join(FORMATS)}.")
    if what == "league":
        table = league_table(source)
    elif is_event(source):
        table = EVENT_READERS[what](source)
    elif what == "results":
        table = results_table(source)
    else:
        table = READERS[what](source, opts.get("recorded_by") or ())
    if fmt_name == "csv":
        return to_csv(table)
    if fmt_name == "xlsx":
        return to_xlsx([table])
    if fmt_name == "json":
        return to_json(table)
    played = opts.get("date") or (date.today() if what == "league" else event_played_on(source) if is_event(source)
                                  else event_date(source))
    return to_ranking(table, played, str(opts.get("venue") or ""))


OUTPUT_KIND = {"csv": "csv", "ranking": "csv", "xlsx": "xlsx", "json": "json"}


def write_export(target: Path | str, data: bytes, fmt_name: str, force: bool = False) -> Path:
    """Write an export to ``target``: never over an existing file unless ``force``, and even then never over a
    tournament, a database or a file of another kind (:func:`sheets.output.write_output`)."""
    target = Path(target)
    kind = OUTPUT_KIND[fmt_name]
    check_target(target, kind)
    if not force and (target.exists() or target.is_symlink()):
        raise OutputRefused(f"{target} already exists; Floorman will not overwrite it without --force "
                            "(or choose another name).")
    return write_output(target, data, kind)
