"""Chip-race sheets: one page per table, with the conversion, the procedure and a grid for the dealer.

The race itself is decided at the table and entered in the engine; this sheet only tells the dealer
what leaves, what it becomes and how to run the race (rules RACE-3), and gives a grid to fill in.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer

from app.api import fmt
from app.i18n import _
from sheets.model import Race, RaceTable
from sheets.style import MARGIN, SHADE, Options, build, p, styles, table, widths_for


def conversions(race: Race) -> list[str]:
    out = []
    for c in race.leaving:
        q = race.into.value // c.value if c.value else 0
        out.append(f"{fmt.chips(q)} × {c.label()} = 1 × {race.into.label()}")
    return out


def procedure(race: Race) -> list[str]:
    into = race.into.label()
    rounding = (
        _("rounding up when the remainder is half a chip or more") if race.rounding == "half_up" else _("rounding down")
    )
    steps = [
        _("Exchange: each player changes every full group of leaving chips for {into} chips.", into=into),
        _("Odd chips: what is left over goes in front of the player; count it on the grid."),
        _("Chips to race: the odd chips' total value divided by {value}, {rounding}.",
          value=fmt.chips(race.into.value), rounding=rounding),
        _("Cards: starting with seat 1 and going clockwise, deal each racing player one card face up per odd "
          "chip, all of a player's cards before the next player's."),
        _("Ranking: each player's best card counts, by rank, then suit (spades, hearts, diamonds, clubs). "
          "The best cards get one chip each; no player gets more than one. All odd chips leave play."),
    ]
    if race.race_out == "roberts_first":
        steps.append(
            _("No one is raced out: a racing player who would be left with no chips is given one of the raced "
              "chips before anyone else (chips are added if there are not enough).")
        )
    else:
        steps.append(
            _("No one is raced out: a player left with no chips after the race gets one chip of the lowest "
              "denomination still in play, added (not taken from a winner).")
        )
    return steps


def _grid(t: RaceTable, width: float) -> list[Flowable]:
    st = styles()
    head = [_("Seat"), _("Player"), _("Odd chips"), _("Cards dealt"), _("Best card"), _("Won")]
    rows: list[list[Any]] = [head]
    for seat in range(1, t.max_seats + 1):
        rows.append([str(seat), p(t.seats.get(seat, ""), st["cell"]), "", "", "", ""])
    extra = [("ALIGN", (0, 0), (0, -1), "CENTER"), ("TOPPADDING", (0, 1), (-1, -1), 7)]
    extra += [("BOTTOMPADDING", (0, 1), (-1, -1), 7)]
    # the seat column as wide as its heading reads
    widths = widths_for(rows[:1], [0.07, 0.37, 0.13, 0.17, 0.14, 0.12], width, measured=[0])
    grid = table(rows, widths, width, extra=extra, zebra=False)
    totals = table(
        [[_("Odd chips' total value"), "", _("Chips raced"), "", _("Chips added"), ""]],
        [0.22, 0.12, 0.17, 0.12, 0.19, 0.18],
        width,
        header_rows=0,
        zebra=False,
        extra=[("BACKGROUND", (c, 0), (c, 0), SHADE) for c in (0, 2, 4)] + [("TOPPADDING", (0, 0), (-1, -1), 8)],
    )
    return [grid, Spacer(1, 3 * mm), totals]


def race_sheets(races: list[Race], tables: list[RaceTable], tournament: str, opts: Options) -> bytes:
    """One page per table for each race given (the caller picks the break)."""
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = []
    if not races:
        story.append(p(_("Chip race"), st["title"]))
        story.append(p(_("No chip race is scheduled in this tournament's structure."), st["body"]))
        return build(story, opts, _("Chip race"), tournament)
    for race in races:
        for t in tables or [RaceTable(0, 10)]:
            if story:
                story.append(PageBreak())
            title = _("Chip race — Table {number}", number=t.number) if t.number else _("Chip race")
            story += [p(title, st["title"]), p(race.when, st["h2"])]
            story += [p(_("Leaving play: {chips}", chips=", ".join(c.label() for c in race.leaving)), st["body"])]
            story += [p(_("Conversion: {rates}", rates="; ".join(conversions(race))), st["cellb"])]
            steps = [p(f"{i}. {s}", st["small"]) for i, s in enumerate(procedure(race), 1)]
            story += [KeepTogether([p(_("Procedure"), st["h2"]), *steps]), Spacer(1, 3 * mm)]
            story += _grid(t, width)
    return build(story, opts, _("Chip race"), tournament)
