"""Seating slips and move slips: several to a page with cut marks, drawn straight on the canvas.

Slips are the one sheet printed in the thousands (a whole field at the start), so they skip platypus
and draw each slip with a handful of canvas calls. Table and seat numbers are large.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TypeVar

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from app.api import reason_words
from app.i18n import _
from sheets.fonts import BOLD, REGULAR, fonts
from sheets.model import Move, Seat
from sheets.style import MARGIN, Options, draw_text, fit_text

COLS = 2
ROWS = 5
PER_PAGE = COLS * ROWS
MARK = 4 * mm  # length of a cut mark
PAD = 5 * mm

T = TypeVar("T")
Draw = Callable[[Canvas, T, float, float, float, float], None]


def name_lines(name: str, size: float, width: float) -> tuple[list[str], float]:
    """A player's name on a slip: one line if it fits at 70% of ``size``, else two lines split at a space."""
    one = fonts().width(name, size, True)
    if one * 0.7 <= width or " " not in name:
        return [fit_text(name, size, width, True)[0]], min(size, size * width / one)
    words = name.split()
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    top, bottom = min(splits, key=lambda pair: max(fonts().width(t, size, True) for t in pair))
    wide = max(fonts().width(top, size, True), fonts().width(bottom, size, True))
    small = min(size, size * width / wide)
    return [fit_text(line, small, width, True)[0] for line in (top, bottom)], small


def wrap(text: str, size: float, width: float, most: int = 2) -> list[str]:
    """``text`` in at most ``most`` lines of ``width``, broken at spaces; the last line is cut with "…" if need be."""
    lines: list[str] = []
    words = text.split()
    while words and len(lines) < most - 1:
        line = words.pop(0)
        while words and fonts().width(f"{line} {words[0]}", size) <= width:
            line = f"{line} {words.pop(0)}"
        lines.append(line)
    if words:
        lines.append(fit_text(" ".join(words), size, width, smallest=size)[0])
    return lines


def _draw_name(c: Canvas, x: float, y: float, name: str, size: float, width: float) -> float:
    """Draw the name with its first baseline at ``y``; returns how far below ``y`` a second line went."""
    lines, size = name_lines(name, size, width)
    for i, line in enumerate(lines):
        draw_text(c, x, y - i * size * 1.1, line, size, bold=True, max_width=width)
    return (len(lines) - 1) * size * 1.1


def _cut_marks(c: Canvas, x0: float, y0: float, w: float, h: float) -> None:
    """Short marks in the margins at every cut line, and small crosses where cuts meet inside."""
    c.setLineWidth(0.4)
    right, top = x0 + COLS * w, y0 + ROWS * h
    for i in range(COLS + 1):
        x = x0 + i * w
        c.line(x, top + 1.5 * mm, x, top + 1.5 * mm + MARK)
        c.line(x, y0 - 1.5 * mm, x, y0 - 1.5 * mm - MARK)
    for j in range(ROWS + 1):
        y = y0 + j * h
        c.line(x0 - 1.5 * mm, y, x0 - 1.5 * mm - MARK, y)
        c.line(right + 1.5 * mm, y, right + 1.5 * mm + MARK, y)
    for i in range(1, COLS):
        for j in range(1, ROWS):
            x, y = x0 + i * w, y0 + j * h
            c.line(x - 2 * mm, y, x + 2 * mm, y)
            c.line(x, y - 2 * mm, x, y + 2 * mm)


def _slips(items: Sequence[T], opts: Options, title: str, draw: Draw[T]) -> bytes:
    fonts()  # registers the bundled fonts
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=opts.pagesize, pageCompression=1, initialFontName=REGULAR)  # type: ignore[arg-type]
    c.setTitle(title)
    c.setCreator("Floorman")
    pw, ph = opts.pagesize
    x0, y0 = MARGIN + MARK, MARGIN + MARK
    w = (pw - 2 * x0) / COLS
    h = (ph - 2 * y0) / ROWS
    pages = max(1, -(-len(items) // PER_PAGE))
    for page in range(pages):
        chunk = items[page * PER_PAGE : (page + 1) * PER_PAGE]
        _cut_marks(c, x0, y0, w, h)
        footer = f"{opts.venue} · {title}" if opts.venue else title
        number = " · " + _("page {page} of {pages}", page=page + 1, pages=pages)
        right = pw - MARGIN - fonts().width(number, 7)
        draw_text(c, right, MARGIN / 2, number, 7)
        if opts.footnote:  # above the footer, clear of the cut marks
            draw_text(c, MARGIN, MARGIN / 2 + 9, opts.footnote, 7, max_width=pw - 2 * MARGIN)
        draw_text(c, right, MARGIN / 2, footer, 7, align="right", max_width=right - MARGIN)
        if not chunk:
            draw_text(c, pw / 2, ph / 2, _("No slips to print."), 14, align="center")
        for k, item in enumerate(chunk):
            col, row = k % COLS, k // COLS
            draw(c, item, x0 + col * w, y0 + (ROWS - 1 - row) * h, w, h)
        c.showPage()
    c.save()
    return buf.getvalue()


def _big_numbers(c: Canvas, x: float, y: float, w: float, pairs: Sequence[tuple[str, str]], size: float) -> None:
    """Label/number pairs side by side: a small label above a large number."""
    cell = w / len(pairs)
    for i, (label, number) in enumerate(pairs):
        cx = x + i * cell + cell / 2
        draw_text(c, cx, y + size * 0.85, label, 9, align="center", max_width=cell - 2 * mm)
        c.setFont(BOLD, size)
        c.drawCentredString(cx, y, number)


def seating_slips(seats: Sequence[Seat], tournament: str, opts: Options) -> bytes:
    """One slip per player: tournament, name, and table and seat in large figures."""

    def draw(c: Canvas, s: Seat, x: float, y: float, w: float, h: float) -> None:
        inner = w - 2 * PAD
        draw_text(c, x + PAD, y + h - PAD - 8, tournament, 9, max_width=inner)
        _draw_name(c, x + PAD, y + h - PAD - 28, s.name, 16, inner)
        _big_numbers(c, x + PAD, y + PAD + 4, inner, [(_("TABLE"), str(s.table)), (_("SEAT"), str(s.seat))], 40)

    return _slips(list(seats), opts, _("{tournament} — seating slips", tournament=tournament), draw)


def move_slips(moves: Sequence[Move], tournament: str, opts: Options) -> bytes:
    """One slip per move: who, from which seat, to which seat, and why."""

    def draw(c: Canvas, m: Move, x: float, y: float, w: float, h: float) -> None:
        inner = w - 2 * PAD
        draw_text(c, x + PAD, y + h - PAD - 8, _("{tournament} · MOVE", tournament=tournament), 9, max_width=inner)
        draw_text(c, x + PAD, y + h - PAD - 26, m.name, 15, bold=True, max_width=inner)
        if m.from_table is None:
            source = _("from the waiting list")
        elif m.from_seat is not None:
            source = _("from table {table} seat {seat}", table=m.from_table, seat=m.from_seat)
        else:
            source = _("from table {table}", table=m.from_table)
        draw_text(c, x + PAD, y + h - PAD - 40, source, 10, max_width=inner)
        pairs = [(_("TO TABLE"), str(m.to_table)), (_("SEAT"), str(m.to_seat))]
        _big_numbers(c, x + PAD, y + PAD + 16, inner, pairs, 34)
        why = _("Why: {reason}", reason=reason_words(m.reason)) if m.reason else ""
        if fonts().width(why, 6.5) <= inner:
            draw_text(c, x + PAD, y + PAD, why, 8, max_width=inner)
            return
        lines = wrap(why, 6.5, inner)  # a long reason takes two lines rather than a cut
        for i, line in enumerate(lines):
            draw_text(c, x + PAD, y + PAD - 2 + (len(lines) - 1 - i) * 7.5, line, 6.5)

    return _slips(list(moves), opts, _("{tournament} — move slips", tournament=tournament), draw)
