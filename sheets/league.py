"""The season's standings on paper: the same rows as the League tab and the CSV (``app.league.table_rows``).

``floorman print league`` and the window's Print both draw it. A name no font has prints marked "†"
with a footnote, as on every sheet.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from app.api import COLUMNS, Standings, fmt, table_rows
from app.i18n import _, ngettext
from sheets.fonts import fonts, footnote
from sheets.model import printable
from sheets.style import MARGIN, Options, build, options_from, p, styles, table, widths_for

WIDTHS = (0.08, 0.34, 0.11, 0.08, 0.09, 0.07, 0.08, 0.08, 0.07)
NUMERIC = (2, 3, 4, 5, 7, 8)


def league_sheet(standings: Standings, options: Mapping[str, Any] | Options | None = None) -> tuple[bytes, list[str]]:
    """The standings sheet's PDF and the names printed without some letters."""
    opts = options_from(options)
    rows = [tuple(printable(c) if i == 1 else c for i, c in enumerate(r)) for r in table_rows(standings)]
    bad = fonts().unprintable([r[1] for r in rows])
    if bad:
        marks = {n: fonts().marked(n) for n in bad}
        rows = [tuple(marks.get(c, c) if i == 1 else c for i, c in enumerate(r)) for r in rows]
        opts = replace(opts, footnote=footnote(bad))
    st = styles()
    width = opts.pagesize[0] - 2 * MARGIN
    title = f"{standings.league} — {standings.season}"
    played = ngettext("{finished} event of {events} played", "{finished} events of {events} played",
                      standings.finished, finished=fmt.chips(standings.finished), events=fmt.chips(standings.events))
    story: list[Flowable] = [p(_("League standings"), st["title"]), p(f"{title} · {played}", st["body"])]
    for line in standings.rules.describe():
        story.append(p(line, st["small"]))
    story.append(Spacer(1, 4 * mm))
    if not rows:
        story.append(p(_("No results yet: the standings fill in as the season's events finish."), st["body"]))
        return build(story, opts, _("League standings"), printable(title, 120)), bad
    data: list[list[Any]] = [[_(c) for c in COLUMNS]]
    data += [[p(c, st["cell"]) if i == 1 else c for i, c in enumerate(r)] for r in rows]
    widths = widths_for(data, WIDTHS, width, measured=[0, 2, 3, 4, 5, 6, 7, 8], size=9)
    extra = [("ALIGN", (c, 0), (c, -1), "RIGHT") for c in NUMERIC] + [("FONTSIZE", (0, 0), (-1, -1), 9)]
    story.append(table(data, widths, width, extra=extra))
    return build(story, opts, _("League standings"), printable(title, 120)), bad
