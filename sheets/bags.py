"""The bag-and-tag sheet (FLT-4): printed before a flight's day ends, one block per table.

Each block lists the table's players by seat with boxes for the bag number, the counted chips and the
player's initials, and a line for the table's total: the floor fills it in at the end of the day and the
counts are entered in the event (``enter_bags``), which checks them against the chips in play.
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from reportlab.platypus import Flowable, KeepTogether, Spacer

from app.i18n import _
from sheets.model import Seat
from sheets.style import Options, build, column_width, p, styles, table


def bag_sheet(seats: list[Seat], tournament: str, opts: Options) -> bytes:
    """Bags by table: seat, player, bag number, chips, initials; a total line per table."""
    st = styles()
    if not seats:
        return build([p(_("Nobody is seated yet."), st["body"])], opts, _("Bag and tag"), tournament)
    avail = column_width(opts, 1)
    story: list[Flowable] = [
        p(_("Count each survivor's chips into a bag, write the bag's number and the count, and have the player "
            "initial it. The table's total is checked against the chips in play when the bags are entered."),
          st["small"]),
        Spacer(1, 6),
    ]
    for number, group in groupby(sorted(seats, key=lambda s: (s.table, s.seat)), key=lambda s: s.table):
        rows: list[list[Any]] = [[p(_("Table {number}", number=number), st["cellb"]), "", "", "", ""],
                                 [_("Seat"), _("Player"), _("Bag no."), _("Chips"), _("Initials")]]
        rows += [[str(s.seat), p(s.name, st["cell"]), "", "", ""] for s in group]
        rows.append(["", p(_("Table total"), st["cellb"]), "", "", ""])
        extra = [("SPAN", (0, 0), (-1, 0)), ("ALIGN", (0, 1), (0, -1), "CENTER")]
        story.append(KeepTogether([table(rows, [0.08, 0.42, 0.16, 0.2, 0.14], avail, header_rows=2, extra=extra),
                                   Spacer(1, 8)]))
    return build(story, opts, _("Bag and tag"), tournament)
