"""The one entry point for every sheet: ``render(sheet_name, tournament, options) -> bytes``.

Options (all optional): ``paper`` ("letter" or "a4"), ``venue``, ``logo`` (PNG/JPEG bytes),
``currency``, ``printed_on`` (a date), and per sheet:

- seating: ``players`` (names: print only their slips)
- tables: ``order`` ("both", "table" or "name")
- moves: ``moves`` (a list of {player or name, from_table, from_seat, to_table, to_seat, reason})
- chip-race: ``break_after`` (the level whose break is raced; default the next race; "all" for every
  race), ``table`` (one table only)
- receipts: ``blank`` (one receipt per paid place, names left to fill in)
- bags: the bag-and-tag sheet of a flight's end of day (FLT-4), from the seating

A name with letters no font has never stops a sheet: it prints with "?" for those letters and a "†"
after it, every page says why in a footnote, and :func:`draw` returns the list of such names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from app.i18n import N_, use_language
from sheets import source
from sheets.bags import bag_sheet
from sheets.deal import deal_sheet
from sheets.fonts import fonts, footnote
from sheets.model import Sheet
from sheets.money_trail import money_trail
from sheets.payouts import payout_sheet, receipts, results_sheet
from sheets.race import race_sheets
from sheets.slips import move_slips, seating_slips
from sheets.structure import structure_sheet
from sheets.style import Options, options_from
from sheets.tables import table_list

# Each sheet's name (translate where it is shown: ``_(SHEETS[name])``).
SHEETS: dict[str, str] = {
    "seating": N_("Seating slips"),
    "tables": N_("Table assignments"),
    "moves": N_("Move slips"),
    "structure": N_("Structure"),
    "chip-race": N_("Chip race"),
    "payouts": N_("Payouts"),
    "receipts": N_("Payout receipts"),
    "results": N_("Results"),
    "money": N_("Money trail"),
    "deal": N_("Deal sheet"),
    "bags": N_("Bag and tag"),
}
SHEET_NAMES: tuple[str, ...] = tuple(SHEETS)


def _seating(sheet: Sheet, o: Options) -> bytes:
    chosen = o.extra.get("players")
    seats = sheet.seats if chosen is None else [s for s in sheet.seats if s.name in set(chosen)]
    return seating_slips(seats, sheet.tournament, o)


def _race(sheet: Sheet, o: Options) -> bytes:
    races, tables = sheet.races, sheet.race_tables
    after = o.extra.get("break_after")
    if after is None:  # the next race: at the break after the level in play, or a later one
        races = [r for r in races if r.after >= sheet.level][:1]
    elif after != "all":
        races = [r for r in races if r.after == int(after)]
    if o.extra.get("table") is not None:
        tables = [t for t in tables if t.number == int(o.extra["table"])]
    return race_sheets(races, tables, sheet.tournament, o)


_RENDER: dict[str, Callable[[Sheet, Options], bytes]] = {
    "seating": _seating,
    "tables": lambda s, o: table_list(s.seats, s.tournament, o),
    "moves": lambda s, o: move_slips(s.moves, s.tournament, o),
    "structure": lambda s, o: structure_sheet(
        s.levels, s.families, s.games, s.races, s.structure_notes, s.tournament, o
    ),
    "chip-race": _race,
    "payouts": lambda s, o: payout_sheet(
        s.payouts, s.tournament, o, s.pool_cents, s.entries, s.players_left, fees_cents=s.fees_cents,
        prize_unit_cents=s.prize_unit_cents, min_cash_cents=s.min_cash_cents, bounty_pool_cents=s.bounty_pool_cents,
    ),
    "receipts": lambda s, o: receipts(
        s.payouts, s.tournament, o, blank=bool(o.extra.get("blank", False)), pool_cents=s.pool_cents,
        fees_cents=s.fees_cents,
    ),
    "results": lambda s, o: results_sheet(s.results, s.tournament, o, s.entries),
    "money": lambda s, o: money_trail(s.money, s.tournament, o),
    "deal": lambda s, o: deal_sheet(s.deal, s.tournament, o),
    "bags": lambda s, o: bag_sheet(s.seats, s.tournament, o),
}


@dataclass(frozen=True)
class Drawn:
    """A drawn sheet: the PDF, and the names printed without some letters (no installed font has them)."""

    pdf: bytes
    unprintable: list[str]


def _marked(sheet: Sheet, marks: Mapping[str, str]) -> Sheet:
    """``sheet`` with every name in ``marks`` replaced by its marked form ("???†")."""

    def one(name: str) -> str:
        return marks.get(name, name)

    money = sheet.money
    if money is not None:
        money = replace(money, lines=[replace(line, name=one(line.name), station=one(line.station),
                                              operator=one(line.operator)) for line in money.lines],
                        prizes=[replace(p, name=one(p.name)) if p.name else p for p in money.prizes])
    return replace(
        sheet,
        tournament=one(sheet.tournament),
        seats=[replace(s, name=one(s.name)) for s in sheet.seats],
        moves=[replace(m, name=one(m.name)) for m in sheet.moves],
        payouts=[replace(p, name=one(p.name)) if p.name else p for p in sheet.payouts],
        results=[replace(p, name=one(p.name)) if p.name else p for p in sheet.results],
        race_tables=[replace(t, seats={k: one(v) for k, v in t.seats.items()}) for t in sheet.race_tables],
        money=money,
        deal=None if sheet.deal is None else replace(
            sheet.deal, lines=[replace(ln, name=one(ln.name)) for ln in sheet.deal.lines]),
    )


def draw(sheet_name: str, sheet: Sheet, options: Mapping[str, Any] | Options | None = None) -> Drawn:
    """Draw one sheet from already collected data (see :func:`sheets.source.collect`).

    Names no font can print are marked (see the module's notes) and listed in the result."""
    if sheet_name not in _RENDER:
        raise ValueError(f"No sheet called {sheet_name!r}; sheets: {', '.join(SHEET_NAMES)}.")
    opts = options_from(options)
    with use_language(opts.language):
        return _draw(sheet_name, sheet, opts)


def _draw(sheet_name: str, sheet: Sheet, opts: Options) -> Drawn:
    bad = fonts().unprintable([*sheet.names(), *(name for t in sheet.race_tables for name in t.seats.values())])
    if bad:
        marks = {n: fonts().marked(n) for n in bad}
        sheet = _marked(sheet, marks)
        extra = dict(opts.extra)
        if extra.get("players") is not None:
            extra["players"] = [marks.get(n, n) for n in extra["players"]]
        opts = replace(opts, footnote=footnote(bad), extra=extra)
    return Drawn(_RENDER[sheet_name](sheet, opts), bad)


def render_sheet(sheet_name: str, sheet: Sheet, options: Mapping[str, Any] | Options | None = None) -> bytes:
    """The PDF bytes of one sheet drawn from already collected data (see :func:`draw`)."""
    return draw(sheet_name, sheet, options).pdf


def draw_tournament(sheet_name: str, tournament: Any, options: Mapping[str, Any] | Options | None = None) -> Drawn:
    """One sheet for an engine tournament, with the names printed without some letters. Raises ValueError."""
    if sheet_name not in _RENDER:
        raise ValueError(f"No sheet called {sheet_name!r}; sheets: {', '.join(SHEET_NAMES)}.")
    opts = options_from(options)
    with use_language(opts.language):  # the words the collected sheet holds (notes, money lines) too
        sheet = source.collect(tournament, opts.extra)
        if not isinstance(options, Options) and "currency" not in dict(options or {}):
            opts = replace(opts, currency=sheet.currency)  # the tournament's own currency
        return _draw(sheet_name, sheet, opts)


def render(sheet_name: str, tournament: Any, options: Mapping[str, Any] | Options | None = None) -> bytes:
    """The PDF bytes of one sheet for an engine tournament (see :func:`draw_tournament`). Raises ValueError."""
    return draw_tournament(sheet_name, tournament, options).pdf
