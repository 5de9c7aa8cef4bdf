"""The table assignment list for posting: by table (one block per table), then alphabetical."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, NextPageTemplate, PageBreak, Spacer

from app.api import fmt
from app.i18n import _, ngettext
from sheets.model import Seat
from sheets.style import Options, build, column_width, p, styles, table


def _by_table(seats: list[Seat], avail: float) -> list[Flowable]:
    st = styles()
    blocks: list[Flowable] = []
    ordered = sorted(seats, key=lambda s: (s.table, s.seat))
    for number, group in groupby(ordered, key=lambda s: s.table):
        rows: list[list[Any]] = [[p(_("Table {number}", number=number), st["cellb"]), ""]]
        rows += [[str(s.seat), p(s.name, st["cell"])] for s in group]
        extra = [("SPAN", (0, 0), (-1, 0)), ("ALIGN", (0, 1), (0, -1), "CENTER")]
        blocks.append(KeepTogether([table(rows, [0.16, 0.84], avail, extra=extra), Spacer(1, 6)]))
    return blocks


def table_list(seats: list[Seat], tournament: str, opts: Options) -> bytes:
    """Seat assignments by table (three columns), then by name (two columns)."""
    st = styles()
    order = str(opts.extra.get("order", "both"))
    if order not in ("both", "table", "name"):
        raise ValueError(_("order must be both, table or name, not {order}", order=repr(order)))
    tables = len({s.table for s in seats})
    # Translators: {players} is already a sentence part, e.g. "12 players"
    summary = ngettext("{players} at {count} table.", "{players} at {count} tables.", tables,
                       players=ngettext("{count} player", "{count} players", len(seats), count=fmt.chips(len(seats))),
                       count=fmt.chips(tables))
    if not seats:
        return build([p(_("Nobody is seated yet."), st["body"])], opts, _("Table assignments"), tournament)
    story: list[Flowable] = []
    if order in ("both", "table"):
        story += [p(_("By table"), st["h2"]), p(summary, st["small"]), Spacer(1, 4)]
        story += _by_table(seats, column_width(opts, 3))
    if order in ("both", "name"):
        if story:
            story += [NextPageTemplate("cols2"), PageBreak()]
        story += [p(_("By name"), st["h2"]), p(summary, st["small"]), Spacer(1, 4)]
        rows: list[list[Any]] = [[_("Name"), _("Table"), _("Seat")]]
        for s in sorted(seats, key=lambda s: (s.name.casefold(), s.name)):
            rows.append([p(s.name, st["cell"]), str(s.table), str(s.seat)])
        story.append(
            table(rows, [0.64, 0.18, 0.18], column_width(opts, 2), extra=[("ALIGN", (1, 0), (-1, -1), "CENTER")])
        )
    return build(story, opts, _("Table assignments"), tournament, columns=3 if order != "name" else 2)
