"""The deal sheet (PAY-11): one page the players sign at the final table.

Each player still in, his chips, the amount the deal gives him and a line for his signature; what is left
to play for goes to the winner. The figures are the recorded deal's.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from app.api import fmt
from app.i18n import N_, _
from sheets.fonts import BOLD
from sheets.model import Deal
from sheets.style import GRID, MARGIN, Options, build, money, p, styles, table

TITLE = N_("Deal")


def deal_sheet(deal: Deal | None, tournament: str, opts: Options) -> bytes:
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    story: list[Flowable] = [p(_(TITLE), st["title"])]
    if deal is None or not deal.lines:
        story.append(p(_("No deal has been recorded."), st["body"]))
        return build(story, opts, _(TITLE), tournament)
    c = opts.currency
    total = sum(ln.amount_cents for ln in deal.lines)
    story.append(p(_("The players still in {tournament} agree to share the prizes in play ({method}).",
                     tournament=tournament, method=_(deal.method)), st["body"]))
    story.append(Spacer(1, 4 * mm))
    rows: list[list[Any]] = [[_("Player"), _("Chips"), _("Amount"), _("Signature")]]
    for ln in deal.lines:
        rows.append([p(ln.name, st["cell"]), p(fmt.chips(ln.chips), st["num"]), p(money(ln.amount_cents, c), st["num"]),
                     ""])
    rows.append([p(_("Total"), st["cellb"]), p(fmt.chips(sum(ln.chips for ln in deal.lines)), st["num"]),
                 p(money(total, c), st["num"]), ""])
    extra = [("FONTNAME", (0, -1), (-1, -1), BOLD), ("LINEABOVE", (0, -1), (-1, -1), 1.2, GRID),
             ("TOPPADDING", (0, 1), (-1, -2), 12), ("BOTTOMPADDING", (0, 1), (-1, -2), 12)]
    story.append(table(rows, [0.34, 0.16, 0.18, 0.32], width, extra=extra, zebra=False))
    story.append(Spacer(1, 4 * mm))
    if deal.save_cents:
        story.append(p(_("Left to play for: {amount}, to the winner on top of the amount above.",
                         amount=money(deal.save_cents, c)), st["body"]))
    story.append(p(_("Prizes in play: {amount}.", amount=money(total + deal.save_cents, c)), st["body"]))
    sign = table(
        [["", "", ""], [_("Tournament director"), "", _("Date")]],
        [0.55, 0.1, 0.35],
        width,
        header_rows=0,
        zebra=False,
        grid=False,
        extra=[("LINEBELOW", (col, 0), (col, 0), 0.8, GRID) for col in (0, 2)]
        + [("TOPPADDING", (0, 0), (-1, 0), 28), ("FONTSIZE", (0, 1), (-1, 1), 8)],
    )
    story += [Spacer(1, 6 * mm), sign]
    return build(story, opts, _(TITLE), tournament)
