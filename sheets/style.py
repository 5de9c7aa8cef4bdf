"""One stylesheet and one page frame for every platypus sheet: header, venue, logo, "Page X of Y".

Renderers build a list of flowables and call :func:`build`, which returns the PDF's bytes. Nothing
here reads or writes files: a logo arrives as bytes in the options.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, Table, TableStyle

from app.api import fmt
from app.i18n import _, language, locale_id
from sheets.fonts import BOLD, REGULAR, fonts

PAPER = {"letter": LETTER, "a4": A4}
MARGIN = 15 * mm
GRID = colors.HexColor("#555555")
SHADE = colors.HexColor("#e6e6e6")


@dataclass(frozen=True)
class Options:
    """What the director chose for this print-out. Unknown keys are refused by :func:`options_from`."""

    paper: str = "letter"
    venue: str = ""
    logo: bytes | None = None  # PNG or JPEG bytes
    currency: str = "USD"  # a symbol ("$") or an ISO code (app.format.money)
    printed_on: date | None = None
    allow_unprintable: bool = False  # kept for old callers: names no font can print are always marked now
    footnote: str = ""  # one line at the foot of every page (the "†" note for names printed without letters)
    language: str | None = None  # the sheet's language (a code app.i18n knows); None: the process's language
    extra: Mapping[str, Any] = field(default_factory=dict)  # sheet-specific choices (moves, tables ...)

    @property
    def pagesize(self) -> tuple[float, float]:
        return PAPER[self.paper]


_FIELDS = {"paper", "venue", "logo", "currency", "printed_on", "allow_unprintable", "footnote", "language"}


def options_from(raw: Mapping[str, Any] | Options | None) -> Options:
    if isinstance(raw, Options):
        return raw
    raw = dict(raw or {})
    paper = str(raw.get("paper", "letter")).lower()
    if paper not in PAPER:
        raise ValueError(f"Paper must be one of {', '.join(PAPER)}, not {paper!r}.")
    known = {k: raw.pop(k) for k in list(raw) if k in _FIELDS}
    known["paper"] = paper
    return Options(**known, extra=raw)


def date_text(day: date) -> str:
    """A date as the sheet's language writes it (English keeps the unambiguous ``2026-05-14``)."""
    if language() in ("en", "en-XA"):
        return day.isoformat()
    from babel.dates import format_date

    return format_date(day, "medium", locale=locale_id())


def day_text(day: date) -> str:
    """A day in full words, as the sheet's language writes it: ``Thursday 14 May 2026``."""
    from babel.dates import format_date

    if language() in ("en", "en-XA"):
        return format_date(day, "EEEE d MMMM y", locale="en")
    return format_date(day, "full", locale=locale_id())


def styles() -> dict[str, ParagraphStyle]:
    fonts()  # registers the bundled fonts
    base = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=13)
    return {
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8, leading=10),
        "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=18, leading=22, spaceAfter=6),
        "h2": ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=13, leading=16, spaceBefore=8, spaceAfter=4),
        "cell": ParagraphStyle("cell", parent=base, fontSize=10, leading=12),
        "cellb": ParagraphStyle("cellb", parent=base, fontName=BOLD, fontSize=10, leading=12),
        "num": ParagraphStyle("num", parent=base, alignment=TA_RIGHT),
        "center": ParagraphStyle("center", parent=base, alignment=TA_CENTER),
        "big": ParagraphStyle("big", parent=base, fontName=BOLD, fontSize=28, leading=34, alignment=TA_CENTER),
    }


def markup(text: str, bold: bool = False) -> str:
    """Paragraph markup for ``text``, with each script in a font that has it."""
    runs = fonts().runs(text, bold)
    main = BOLD if bold else REGULAR
    out = []
    for font, part in runs:
        out.append(escape(part) if font == main else f'<font name="{font}">{escape(part)}</font>')
    return "".join(out)


def p(text: str, style: ParagraphStyle, bold: bool = False) -> Paragraph:
    return Paragraph(markup(text, bold or style.fontName == BOLD), style)


def money(cents: int, currency: str = "$") -> str:
    """Amounts as everywhere else (:func:`app.format.money`): ``$1,234.50``."""
    return fmt.money(cents, currency)


def table(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    avail: float,
    header_rows: int = 1,
    extra: Sequence[tuple[Any, ...]] = (),
    zebra: bool = True,
    grid: bool = True,
) -> Table:
    """A grid table: column widths are fractions of ``avail``; header rows repeat on every page.

    A text too wide for its column is wrapped at its spaces, and a word still too wide is set smaller
    (:func:`fitted`): a longer word in another language never runs out of its cell."""
    cols = [w * avail for w in widths]
    rooms = _rooms(rows, cols, extra)
    size = next((float(c[3]) for c in extra if c[0] == "FONTSIZE" and c[1] == (0, 0) and c[2] == (-1, -1)), 10.0)
    t = Table([[fitted(cell, rooms[r][c], r < header_rows, size) for c, cell in enumerate(row)]
               for r, row in enumerate(rows)],
              colWidths=cols, repeatRows=header_rows)
    cmds: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONTNAME", (0, 0), (-1, -1), REGULAR),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    if grid:
        cmds.append(("GRID", (0, 0), (-1, -1), 0.5, GRID))
    if header_rows:
        cmds.append(("FONTNAME", (0, 0), (-1, header_rows - 1), BOLD))
        cmds.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE))
    if zebra:
        for r in range(header_rows + 1, len(rows), 2):
            cmds.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor("#f5f5f5")))
    t.setStyle(TableStyle(cmds + list(extra)))
    return t


CELL_PAD = 12  # a table cell's left and right padding together (reportlab's default 6 + 6)
SMALLEST = 6.0  # the smallest size a cell's words are set at


def _rooms(rows: Sequence[Sequence[Any]], cols: Sequence[float], extra: Sequence[tuple[Any, ...]]) -> list[list[float]]:
    """The width each cell's words get: its column's, or a whole span's for the first cell of a span."""
    rooms = [[cols[c] - CELL_PAD for c in range(len(cols))] for _r in rows]
    for command in extra:
        if command and command[0] == "SPAN":
            (c0, r0), (c1, _r1) = command[1], command[2]
            c0, c1 = c0 % len(cols), c1 % len(cols)
            r0 = r0 % len(rows)
            rooms[r0][c0] = sum(cols[c0 : c1 + 1]) - CELL_PAD
    return rooms


def longest_word(text: str, size: float, bold: bool) -> float:
    """The width of the widest word of ``text`` (where a wrapping line must break at the latest)."""
    return max((fonts().width(word, size, bold) for word in text.split()), default=0.0)


def fitted(cell: Any, room: float, bold: bool = False, size: float = 10.0) -> Any:
    """``cell`` so that it fits ``room`` points of width: a text that is too wide wraps (a paragraph), and
    a word wider than the room on its own is set smaller; anything else is given back as it is."""
    if isinstance(cell, str):
        if not cell or fonts().width(cell, size, bold) <= room:
            return cell
        base = styles()["cellb" if bold else "cell"]
        style = base.clone(base.name + "-sized", fontSize=size, leading=size * 1.2)
    elif isinstance(cell, Paragraph):
        style = cell.style
        size = style.fontSize
        bold = bold or style.fontName == BOLD
        text = cell.getPlainText()
        if longest_word(text, size, bold) <= room:
            return cell
        cell = text
    else:
        return cell
    widest = longest_word(cell, size, bold)
    if widest > room:
        size = max(SMALLEST, size * room / widest)
        style = style.clone(style.name + "-fit", fontSize=size, leading=size * 1.2)
    return Paragraph(markup(cell, bold), style)


def widths_for(
    rows: Sequence[Sequence[Any]], widths: Sequence[float], avail: float, measured: Sequence[int], size: float = 10
) -> list[float]:
    """``widths`` (fractions of ``avail``) with each ``measured`` column widened to its longest text.

    The room comes from the other columns, in proportion to their widths (their cells wrap).
    """
    pad = 12  # the table's left and right cell padding
    need = {
        c: max(
            (fonts().width(r[c], size, i == 0) + pad for i, r in enumerate(rows) if isinstance(r[c], str)),
            default=0.0,
        )
        for c in measured
    }
    out = [max(w, need.get(c, 0.0) / avail) for c, w in enumerate(widths)]
    fixed = sum(out[c] for c in measured)
    rest = sum(w for c, w in enumerate(widths) if c not in need)
    scale = max(0.0, 1.0 - fixed) / rest if rest else 1.0
    return [w if c in need else w * scale for c, w in enumerate(out)]


class _NumberedCanvas(Canvas):
    """Defers each page until the total is known, then writes "Page X of Y" on every one."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, Any]] = []

    def showPage(self) -> None:  # noqa: N802 - reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # reportlab's private page reset

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self.setFont(REGULAR, 8)
            w = self.__dict__["_pagesize"][0]
            self.drawRightString(w - MARGIN, MARGIN / 2, _("Page {page} of {pages}", page=self.getPageNumber(),
                                                           pages=total))
            super().showPage()
        super().save()


HEADER_H = 16 * mm
GUTTER = 6 * mm


def column_width(opts: Options, columns: int) -> float:
    """The width of one column when the page body is cut into ``columns`` frames."""
    return (opts.pagesize[0] - 2 * MARGIN - (columns - 1) * GUTTER) / columns


def _templates(opts: Options, on_page: Any) -> list[PageTemplate]:
    w, h = opts.pagesize
    body_h = h - 2 * MARGIN - HEADER_H
    out = []
    for n in (1, 2, 3):
        cw = column_width(opts, n)
        frames = [
            Frame(MARGIN + i * (cw + GUTTER), MARGIN, cw, body_h, id=f"c{i}", leftPadding=0, rightPadding=0)
            for i in range(n)
        ]
        out.append(PageTemplate(id=f"cols{n}", frames=frames, onPage=on_page, pagesize=opts.pagesize))
    return out


def build(story: list[Flowable], opts: Options, title: str, tournament: str, columns: int = 1) -> bytes:
    """Lay out ``story`` on pages with the header (venue, logo, tournament, title) and return bytes.

    ``columns`` (1 to 3) picks the first page's layout; a story switches with
    ``NextPageTemplate("cols2")`` before a page break.
    """
    buf = io.BytesIO()
    logo = ImageReader(io.BytesIO(opts.logo)) if opts.logo else None
    printed = date_text(opts.printed_on or date.today())

    def on_page(canvas: Canvas, _doc: Any) -> None:
        w, h = opts.pagesize
        top = h - MARGIN
        x = MARGIN
        if logo is not None:
            iw, ih = logo.getSize()
            lh = HEADER_H - 3 * mm
            canvas.drawImage(logo, x, top - lh, width=lh * iw / ih, height=lh, mask="auto")
            x += lh * iw / ih + 4 * mm
        stamp = _("Printed {date}", date=printed)
        room = w - MARGIN - x - canvas.stringWidth(stamp, REGULAR, 8) - 4 * mm
        draw_text(canvas, x, top - 6 * mm, tournament, 13, bold=True, max_width=room)
        second = " · ".join(s for s in (opts.venue, title) if s)
        draw_text(canvas, x, top - 11 * mm, second, 9, max_width=w - MARGIN - x)
        canvas.setFont(REGULAR, 8)
        canvas.drawRightString(w - MARGIN, top - 6 * mm, stamp)
        canvas.setLineWidth(0.8)
        canvas.line(MARGIN, top - HEADER_H + 2 * mm, w - MARGIN, top - HEADER_H + 2 * mm)
        if opts.footnote:  # left of "Page X of Y" (as wide as it can be: "Page 99 of 99")
            page = fonts().width(_("Page {page} of {pages}", page=99, pages=99), 8) + 10
            draw_text(canvas, MARGIN, MARGIN / 2, opts.footnote, 8, max_width=w - 2 * MARGIN - page)

    templates = _templates(opts, on_page)
    first = templates.pop(columns - 1)
    doc = BaseDocTemplate(
        buf,
        pagesize=opts.pagesize,
        pageTemplates=[first, *templates],
        title=f"{tournament} — {title}",
        author=opts.venue or "Floorman",
        creator="Floorman",
        initialFontName=REGULAR,
    )
    doc.build(story, canvasmaker=_NumberedCanvas)
    return buf.getvalue()


def fit_text(text: str, size: float, width: float, bold: bool = False, smallest: float = 6.0) -> tuple[str, float]:
    """``text`` and the largest size up to ``size`` at which it fits ``width``; below ``smallest``, cut with "…"."""
    fs = fonts()
    full = fs.width(text, size, bold)
    if full <= width:
        return text, size
    size = max(smallest, size * width / full)
    if fs.width(text, size, bold) <= width:
        return text, size
    lo, hi = 0, len(text)  # the longest start of the text that fits with the ellipsis
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fs.width(text[:mid].rstrip() + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…", size


def draw_text(
    canvas: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    bold: bool = False,
    align: str = "left",
    max_width: float | None = None,
) -> None:
    """Draw one line of text on a canvas, each script in a font that has it; ``max_width`` shrinks or cuts it."""
    fs = fonts()
    if max_width is not None:
        text, size = fit_text(text, size, max_width, bold)
    runs = fs.runs(text, bold)
    if align != "left":
        width = sum(canvas.stringWidth(part, font, size) for font, part in runs)
        x -= width if align == "right" else width / 2
    for font, part in runs:
        canvas.setFont(font, size)
        canvas.drawString(x, y, part)
        x += canvas.stringWidth(part, font, size)
