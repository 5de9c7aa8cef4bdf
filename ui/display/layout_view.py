"""The room display's renderer: one :class:`screens.compose.Picture` drawn with QPainter, at any size.

Every region is a box of the screen (fractions of its width and height). Its text is laid out here, once
per change of what the box says or of the widget's size, into :class:`DrawnLine` s: each line's font, its
rectangle and its baseline. The rules:

- a region's ``size`` (a fraction of the screen's height) is the largest height its main line
  (``strong``) is drawn at, a line's height being its font's ascent + descent; the other emphases are
  drawn smaller (:data:`SCALE`: an ``alert`` a little, a ``normal`` line more, a caption most);
- a line wider than its box is drawn smaller until it fits, never cut; lines that together are taller
  than the box are all drawn smaller, in proportion, so no line leaves its box and none overlaps the next
  region;
- a table (payouts, the seating chart, standings) is drawn in columns, the first on the left and the
  figures on the right, smaller until every column fits the box;
- a QR code is drawn square, as large as the box allows under its caption; an image keeps its
  proportions, centred in its box.

What does not change between two clock ticks is kept: the laid-out lines of each box (keyed by what the
box says and where it is), the scaled images, the QR codes. :meth:`LayoutView.show_picture` repaints only
the boxes whose words changed (the clock's, each second), so a tick costs the clock's box alone.

Public API::

    LayoutView(parent=None)
        .show_picture(picture, images=None)   # a Picture; images: name -> bytes, or a folder
        .picture                              # the picture shown (None before the first)
        .drawn() -> tuple[DrawnLine, ...]     # every line as it is drawn, for the fit tests
        .box_rect(box) -> QRectF              # a box's rectangle in the widget
    DrawnLine(box, text, font, rect, baseline)
    render_image(picture, width, height, images=None) -> QImage   # the picture drawn offscreen
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QWidget

from screens.compose import Box, Picture
from screens.pieces import Emphasis, Line

# A line's height against its region's ``size``, by emphasis: the figure itself full size, a caption small.
SCALE: dict[Emphasis, float] = {"strong": 1.0, "alert": 0.8, "normal": 0.62, "muted": 0.5}
PAD = 0.06  # a box's inner margin, as a fraction of its smaller side (at most PAD_MAX of the screen's height)
PAD_MAX = 0.012
TABLE_GAP = 1.2  # the gap between two columns of a table, in the width of an "M" of the table's font
INK = 0.15  # how far a glyph's ink may reach beyond its line's rectangle, in line heights
BIG_TEXT = 64  # pixels: a line this large is drawn from cached glyph images (Qt rasterises it at every draw)
GLYPHS_KEPT = 600
MIN_PIXELS = 4  # the smallest font drawn (a line that would need less is drawn at this size, and clipped)
FIGURES = re.compile(r"[^A-Za-z]*\d[^A-Za-z]*|[A-Z]{3} [\d.,]+|[\d.,]+ [A-Z]{3}")  # a figure, maybe with currency
# Money as another language writes it: the currency after the amount, grouped with (narrow) no-break spaces, its
# sign with letters ("738,00 $US", "1.234,50 €", "R$ 25,00", "CA$1,234.50").
_CURRENCY = r"(?:[A-Z]{0,3}[$€£¥₹]?[A-Z]{0,3})"
MONEY = re.compile(rf"[-−]?{_CURRENCY}[\s\u00a0\u202f]?[-−]?\d[\d.,'\u00a0\u202f]*(?:[\s\u00a0\u202f]?{_CURRENCY})")


@dataclass(frozen=True)
class DrawnLine:
    """One line of text as drawn: the index of its box in the picture, its words, its font and its
    rectangle (the font's ascent + descent high, its advance wide; ``baseline`` where the text sits)."""

    box: int
    text: str
    font: QFont
    rect: QRectF
    baseline: float
    colour: str = ""


@dataclass
class _Planned:
    key: tuple[object, ...]
    rect: QRectF
    lines: list[DrawnLine]
    pixmap: QPixmap | None = None
    pixmap_rect: QRectF | None = None


def _font(family: str, pixels: float, bold: bool) -> QFont:
    font = QFont(family)
    font.setPixelSize(max(MIN_PIXELS, int(pixels)))
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


_RATIO: dict[tuple[str, bool], float] = {}


def line_pixels(family: str, bold: bool, height: float) -> float:
    """The pixel size of a font whose line (ascent + descent) is ``height`` pixels high."""
    key = (family, bold)
    if key not in _RATIO:
        _RATIO[key] = QFontMetricsF(_font(family, 100, bold)).height() / 100
    return height / _RATIO[key]


def _fit_font(family: str, pixels: float, bold: bool, text: str, width: float) -> QFont:
    """The font of ``pixels`` or, when ``text`` would be wider than ``width`` with it, the largest
    smaller one it fits in (measured, not guessed: hinting makes widths step, not scale)."""
    font = _font(family, pixels, bold)
    advance = QFontMetricsF(font).horizontalAdvance(text)
    while advance > width and font.pixelSize() > MIN_PIXELS:
        smaller = max(MIN_PIXELS, min(font.pixelSize() - 1, int(font.pixelSize() * width / advance)))
        font = _font(family, smaller, bold)
        advance = QFontMetricsF(font).horizontalAdvance(text)
    return font


def _is_figure(text: str) -> bool:
    words = text.strip()
    return bool(FIGURES.fullmatch(words) or MONEY.fullmatch(words)) if words else True


def _changed_chars(old: DrawnLine, new: DrawnLine) -> QRectF:
    """The characters that differ between two lines of one font, length and place, old and new."""
    metrics = QFontMetricsF(new.font)
    m = new.rect.height() * INK
    area = QRectF()
    for i, (a, b) in enumerate(zip(old.text, new.text)):
        if a != b:
            for line in (old, new):
                left = line.rect.left() + metrics.horizontalAdvance(line.text[:i])
                right = line.rect.left() + metrics.horizontalAdvance(line.text[:i + 1])
                area = area.united(QRectF(left - m, line.rect.top() - m, right - left + 2 * m,
                                          line.rect.height() + 2 * m))
    return area


def _glyph(font: QFont, char: str, colour: str) -> QImage:
    """One glyph drawn on a transparent image: the line's height and the glyph's advance, with a margin of
    :data:`INK` line heights all round for the ink beyond them."""
    m = QFontMetricsF(font)
    margin = m.height() * INK
    image = QImage(int(m.horizontalAdvance(char) + 2 * margin) + 2, int(m.height() + 2 * margin) + 2,
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.setFont(font)
    painter.setPen(QColor(colour))
    painter.drawText(QPointF(margin, margin + m.ascent()), char)
    painter.end()
    return image


class LayoutView(QWidget):
    """Draws a picture of a layout's screen; see the module's docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent, True)
        self.picture: Picture | None = None
        self._images: dict[str, bytes] = {}
        self._folder: Path | None = None
        self._pixmaps: dict[str, QPixmap | None] = {}
        self._scaled: dict[tuple[str, int, int], QPixmap] = {}
        self._plans: list[_Planned] = []
        self._glyphs: dict[tuple[str, str, str], QImage] = {}
        self._size = QSize()
        self.layouts_made = 0  # boxes laid out since the start (the tests count what a tick costs)
        self.share = ""  # the phones' address, its code at the top right

    # -- what to show ---------------------------------------------------------------------------
    def show_picture(self, picture: Picture, images: Mapping[str, bytes] | Path | None = None) -> None:
        """Show ``picture``; ``images`` are the layout's images (by name, or the folder holding them)."""
        if images is not None:
            self._set_images(images)
        old = self.picture
        self.picture = picture
        if old is None or not self._plans or self._size != self.size() or not self._same_screen(old, picture):
            self._plans = []
            self.update()
            return
        for i, box in enumerate(picture.boxes):
            if self._plans[i].key != self._key(box):
                old_plan, new_plan = self._plans[i], self._plan(i, box, self.box_rect(box))
                self._plans[i] = new_plan
                self.update(self._changed(old_plan, new_plan))

    @staticmethod
    def _changed(old: _Planned, new: _Planned) -> QRect:
        """What to repaint of a box whose words changed: the lines that changed, old and new, with a margin
        for the glyphs' ink beyond their advance (of a line that kept its font and place, only the
        characters that changed: the clock's last digit, most seconds); its picture if it has one."""
        area = QRectF()
        paired = len(old.lines) == len(new.lines)
        for i, ln in enumerate(new.lines):
            was = old.lines[i] if paired else None
            if was is not None and (was.text, was.font.key(), was.rect, was.colour) == \
                    (ln.text, ln.font.key(), ln.rect, ln.colour):
                continue
            if was is not None and was.font.key() == ln.font.key() and was.rect == ln.rect \
                    and was.colour == ln.colour and len(was.text) == len(ln.text):
                area = area.united(_changed_chars(was, ln))
            else:
                for line in (ln, was) if was is not None else (ln,):
                    m = line.rect.height() * INK
                    area = area.united(line.rect.adjusted(-m, -m, m, m))
        if not paired:
            for line in old.lines:
                m = line.rect.height() * INK
                area = area.united(line.rect.adjusted(-m, -m, m, m))
        if old.pixmap_rect != new.pixmap_rect or old.pixmap is not new.pixmap:
            for r in (old.pixmap_rect, new.pixmap_rect):
                if r is not None:
                    area = area.united(r)
        return area.intersected(new.rect).toAlignedRect()

    def _set_images(self, images: Mapping[str, bytes] | Path) -> None:
        if isinstance(images, Path):
            if images != self._folder:
                self._folder, self._images = images, {}
                self._pixmaps.clear()
                self._scaled.clear()
        elif dict(images) != self._images:
            self._folder, self._images = None, dict(images)
            self._pixmaps.clear()
            self._scaled.clear()

    @staticmethod
    def _same_screen(a: Picture, b: Picture) -> bool:
        """Two pictures that differ only in what some boxes say (the same screen, colours, places)."""
        return (a.showing.screen is b.showing.screen or a.showing.screen == b.showing.screen) and \
            (a.background, a.background_image, a.accent) == (b.background, b.background_image, b.accent) and \
            len(a.boxes) == len(b.boxes) and \
            [x.content.kind == "qr" for x in a.boxes] == [y.content.kind == "qr" for y in b.boxes] and \
            all((x.x, x.y, x.w, x.h, x.background) == (y.x, y.y, y.w, y.h, y.background)
                for x, y in zip(a.boxes, b.boxes))

    def box_rect(self, box: Box) -> QRectF:
        w, h = self.width() - self.share_width(), self.height()
        return QRectF(box.x * w, box.y * h, box.w * w, box.h * h)

    def set_share(self, url: str) -> None:
        """The phones' address and its QR code at the top right ("" takes them away): the screen gives
        way, its regions drawn in the width left of the code, unless the screen shows the code itself."""
        if url != self.share:
            self.share = url
            self._plans = []
            self.update()

    def share_width(self) -> int:
        """The width of the strip the phones' code takes at the right (0 when there is none)."""
        pic = self.picture
        if not self.share or pic is None or any(b.content.kind == "qr" for b in pic.boxes):
            return 0
        side = min(round(self.height() * 0.19), round(self.width() * 0.16))
        return side + 2 * round(self.height() * PAD_MAX)

    def drawn(self) -> tuple[DrawnLine, ...]:
        """Every line the widget draws now, laid out as it is drawn."""
        self._ensure_plans()
        return tuple(line for plan in self._plans for line in plan.lines)

    # -- the layout of a box ----------------------------------------------------------------------
    def _key(self, box: Box) -> tuple[object, ...]:
        return (box.content, box.x, box.y, box.w, box.h, box.size, box.font, box.bold, box.colour, box.muted,
                box.alert, box.align, self.width(), self.height(), self.share_width())

    def _ensure_plans(self) -> None:
        picture = self.picture
        if picture is None:
            self._plans = []
            return
        if self._size != self.size() or len(self._plans) != len(picture.boxes):
            self._size = self.size()
            self._plans = [self._plan(i, b, self.box_rect(b)) for i, b in enumerate(picture.boxes)]

    def _plan(self, index: int, box: Box, rect: QRectF) -> _Planned:
        self.layouts_made += 1
        pad = min(PAD * min(rect.width(), rect.height()), PAD_MAX * self.height())
        inner = rect.adjusted(pad, pad, -pad, -pad)
        plan = _Planned(self._key(box), rect, [])
        content = box.content
        if inner.width() <= 1 or inner.height() <= 1 or content.empty:
            return plan
        if content.kind == "image":
            self._plan_image(plan, content.image, inner)
        elif content.kind == "qr":
            self._plan_qr(index, box, plan, inner)
        elif content.kind == "table":
            self._plan_table(index, box, plan, inner)
        else:
            plan.lines = self._stack(index, box, content.lines, inner)
        return plan

    def _stack(self, index: int, box: Box, lines: tuple[Line, ...], inner: QRectF,
               main: float | None = None) -> list[DrawnLine]:
        """Lines one under the other, centred in height, each at its emphasis' size or smaller; ``main``
        the height of a strong line in pixels (default: the region's size)."""
        if not lines:
            return []
        full = box.size * self.height() if main is None else main
        bolds = [box.bold and ln.emphasis in ("strong", "alert") for ln in lines]
        fonts = [_fit_font(box.font, line_pixels(box.font, bold, full * SCALE[ln.emphasis]), bold,
                           ln.text, inner.width()) for bold, ln in zip(bolds, lines)]
        total = sum(QFontMetricsF(f).height() for f in fonts)
        while total > inner.height() and any(f.pixelSize() > MIN_PIXELS for f in fonts):
            shrink = inner.height() / total
            fonts = [_fit_font(f.family(), max(MIN_PIXELS, min(f.pixelSize() - 1, f.pixelSize() * shrink)),
                               f.bold(), ln.text, inner.width()) for f, ln in zip(fonts, lines)]
            total = sum(QFontMetricsF(f).height() for f in fonts)
        y = inner.top() + max(0.0, (inner.height() - total) / 2)
        out = []
        for font, ln in zip(fonts, lines):
            m = QFontMetricsF(font)
            width = m.horizontalAdvance(ln.text)
            if box.align == "left":
                x = inner.left()
            elif box.align == "right":
                x = inner.right() - width
            else:
                x = inner.left() + (inner.width() - width) / 2
            out.append(DrawnLine(index, ln.text, font, QRectF(x, y, width, m.height()), y + m.ascent(),
                                 box.colour_for(ln.emphasis)))
            y += m.height()
        return out

    def _plan_table(self, index: int, box: Box, plan: _Planned, inner: QRectF) -> None:
        content = box.content
        rows = ([content.header] if content.header else []) + [tuple(r) for r in content.rows]
        # The title (a caption) is read with the rows: as high as a row, as a caption is to its figure.
        row_h = min(box.size * self.height(), inner.height() / max(1, len(rows) + len(content.lines)))
        titles = self._stack(index, box, content.lines, QRectF(inner.left(), inner.top(), inner.width(),
                                                              row_h * len(content.lines)),
                             main=row_h / SCALE["normal"]) if content.lines else []
        top = max((ln.rect.bottom() for ln in titles), default=inner.top())
        area = QRectF(inner.left(), top, inner.width(), inner.bottom() - top)
        if not rows:
            plan.lines = titles
            return
        columns = max(len(r) for r in rows)
        rows = [tuple(r) + ("",) * (columns - len(r)) for r in rows]
        right = [all(_is_figure(r[c]) for r in content.rows) and any(r[c].strip() for r in content.rows)
                 for c in range(columns)]
        right[0] = False if columns > 1 else right[0]
        # A table's rows are its main lines: as high as the region's size, or as its height shares out.
        px = line_pixels(box.font, True, min(box.size * self.height(), area.height() / len(rows)))
        while True:
            font = _font(box.font, px, False)
            head = _font(box.font, px, True)
            m, mh = QFontMetricsF(font), QFontMetricsF(head)
            widths = [max(max((m.horizontalAdvance(r[c]) for r in rows[bool(content.header):]), default=0.0),
                          mh.horizontalAdvance(rows[0][c]) if content.header else 0.0) for c in range(columns)]
            gap = m.horizontalAdvance("M") * TABLE_GAP
            need = sum(widths) + gap * (columns - 1)
            height = max(m.height(), mh.height()) * len(rows)
            if (need <= area.width() and height <= area.height()) or font.pixelSize() <= MIN_PIXELS:
                break
            px = max(MIN_PIXELS, min(font.pixelSize() - 1, font.pixelSize() * min(area.width() / max(need, 1),
                                                                               area.height() / height)))
        spare = max(0.0, area.width() - need)
        # Some of the spare width goes between the columns (a table reads across, up to a few letters'
        # gap), the rest on both sides: the table stays together in the middle of its box.
        wider = min(spare / (columns - 1), gap * 3) if columns > 1 else 0.0
        gap += wider
        left = area.left() + (spare - wider * (columns - 1)) / 2
        lines = list(titles)
        line_h = max(m.height(), mh.height())
        y = area.top() + max(0.0, (area.height() - line_h * len(rows)) / 2) if not titles else area.top()
        for n, row in enumerate(rows):
            is_head = bool(content.header) and n == 0
            f = head if is_head else font
            fm = mh if is_head else m
            x = left
            for c, cell in enumerate(row):
                if cell:
                    w = fm.horizontalAdvance(cell)
                    cx = x + widths[c] - w if right[c] else x
                    colour = box.colour_for("muted") if is_head else box.colour
                    lines.append(DrawnLine(index, cell, f, QRectF(cx, y, w, fm.height()), y + fm.ascent(), colour))
                x += widths[c] + gap
            y += line_h
        plan.lines = lines

    def _plan_qr(self, index: int, box: Box, plan: _Planned, inner: QRectF) -> None:
        caption_h = inner.height() * 0.22 if box.content.lines else 0.0
        side = min(inner.width(), inner.height() - caption_h)
        if caption_h:
            # The caption is read from a table's distance, not the room's: drawn as a normal line (its colour
            # stays the caption's).
            said = tuple(Line(ln.text, "normal") for ln in box.content.lines)
            plan.lines = self._stack(index, box, said,
                                     QRectF(inner.left(), inner.top() + side, inner.width(), inner.height() - side))
            used = sum(ln.rect.height() for ln in plan.lines)
            side = min(inner.width(), inner.height() - used)
            shift = inner.top() + side - min(ln.rect.top() for ln in plan.lines)
            plan.lines = [DrawnLine(ln.box, ln.text, ln.font, ln.rect.translated(0, shift), ln.baseline + shift,
                                    box.colour_for(was.emphasis)) for ln, was in zip(plan.lines, box.content.lines)]
        key = f"qr:{box.content.qr}"
        if key not in self._pixmaps:
            from ui.qr import qr_pixmap

            self._pixmaps[key] = qr_pixmap(box.content.qr, scale=8)
        x = inner.left() + (inner.width() - side) / 2
        plan.pixmap = self._scaled_pixmap(key, int(side), int(side), smooth=False)
        plan.pixmap_rect = QRectF(x, inner.top(), side, side)

    def _plan_image(self, plan: _Planned, name: str, inner: QRectF) -> None:
        pix = self._scaled_pixmap(name, int(inner.width()), int(inner.height()))
        if pix is None:
            return
        x = inner.left() + (inner.width() - pix.width()) / 2
        y = inner.top() + (inner.height() - pix.height()) / 2
        plan.pixmap, plan.pixmap_rect = pix, QRectF(x, y, pix.width(), pix.height())

    def _pixmap(self, name: str) -> QPixmap | None:
        if name not in self._pixmaps:
            data = self._images.get(name)
            if data is None and self._folder is not None:
                try:
                    data = (self._folder / name).read_bytes()
                except OSError:
                    data = None
            pix = QPixmap()
            self._pixmaps[name] = pix if data and pix.loadFromData(data) else None
        return self._pixmaps[name]

    def _scaled_pixmap(self, name: str, w: int, h: int, smooth: bool = True,
                       fill: bool = False) -> QPixmap | None:
        key = (name + ("#fill" if fill else ""), w, h)
        if key not in self._scaled:
            pix = self._pixmap(name)
            if pix is None or w < 1 or h < 1:
                return None
            mode = Qt.TransformationMode.SmoothTransformation if smooth else Qt.TransformationMode.FastTransformation
            aspect = Qt.AspectRatioMode.KeepAspectRatioByExpanding if fill else Qt.AspectRatioMode.KeepAspectRatio
            self._scaled[key] = pix.scaled(w, h, aspect, mode)
        return self._scaled[key]

    # -- painting -----------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self.paint(painter, event.rect())
        finally:
            painter.end()

    def paint(self, painter: QPainter, area: object = None) -> None:
        """Draw the picture with ``painter`` (the part inside ``area``, a QRect; None: all of it)."""
        picture = self.picture
        whole = QRectF(0, 0, self.width(), self.height())
        dirty = QRectF(area) if area is not None else whole  # type: ignore[call-overload]
        painter.fillRect(dirty, QColor(picture.background if picture else "#000000"))
        if picture is None:
            return
        self._ensure_plans()
        if picture.background_image:
            back = self._scaled_pixmap(picture.background_image, self.width(), self.height(), fill=True)
            if back is not None:
                ox, oy = (back.width() - self.width()) / 2, (back.height() - self.height()) / 2
                painter.drawPixmap(dirty, back, dirty.translated(ox, oy))
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        strip = self.share_width()
        if strip:
            self._paint_share(painter, strip)
        for box, plan in zip(picture.boxes, self._plans):
            if not plan.rect.intersects(dirty):
                continue
            if box.background:
                painter.fillRect(plan.rect, QColor(box.background))
            if plan.pixmap is not None and plan.pixmap_rect is not None:
                painter.drawPixmap(plan.pixmap_rect.topLeft(), plan.pixmap)
            for line in plan.lines:
                if not line.rect.intersects(dirty.adjusted(-line.rect.height(), -line.rect.height(),
                                                           line.rect.height(), line.rect.height())):
                    continue
                if line.font.pixelSize() >= BIG_TEXT:
                    self._draw_big(painter, line, line.colour or box.colour)
                else:
                    painter.setFont(line.font)
                    painter.setPen(QColor(line.colour or box.colour))
                    painter.drawText(QPointF(line.rect.left(), line.baseline), line.text)

    def _paint_share(self, painter: QPainter, strip: int) -> None:
        """The phones' code at the top right, its address under it (as small as it must be to fit)."""
        margin = round(self.height() * PAD_MAX)
        side = strip - 2 * margin
        key = f"qr:{self.share}"
        if key not in self._pixmaps:
            from ui.qr import qr_pixmap

            self._pixmaps[key] = qr_pixmap(self.share, scale=8)
        code = self._scaled_pixmap(key, side, side, smooth=False)
        x = self.width() - margin - side
        if code is not None:
            painter.drawPixmap(x, margin, code)
        assert self.picture is not None
        words = self.share.removeprefix("http://").rstrip("/")
        font = _fit_font(self.picture.theme.font, line_pixels(self.picture.theme.font, False, self.height() * 0.03),
                         False, words, strip - margin)
        metrics = QFontMetricsF(font)
        painter.setFont(font)
        painter.setPen(QColor(self.picture.theme.muted))
        left = self.width() - margin / 2 - (strip - margin + metrics.horizontalAdvance(words)) / 2
        painter.drawText(QPointF(left, margin + side + metrics.ascent()), words)

    def _draw_big(self, painter: QPainter, line: DrawnLine, colour: str) -> None:
        """A large line glyph by glyph, each glyph's image made once (the clock's digits, every second)."""
        metrics = QFontMetricsF(line.font)
        fkey = line.font.key()
        for i, char in enumerate(line.text):
            if char.isspace():
                continue
            key = (fkey, char, colour)
            glyph = self._glyphs.get(key)
            if glyph is None:
                if len(self._glyphs) > GLYPHS_KEPT:
                    self._glyphs.clear()
                glyph = self._glyphs[key] = _glyph(line.font, char, colour)
            x = line.rect.left() + metrics.horizontalAdvance(line.text[:i])
            margin = line.rect.height() * INK
            painter.drawImage(QPointF(round(x - margin), round(line.rect.top() - margin)), glyph)


def render_image(picture: Picture, width: int, height: int,
                 images: Mapping[str, bytes] | Path | None = None) -> QImage:
    """The picture drawn at ``width`` x ``height`` into an image (``floorman screens render``, the tests)."""
    view = LayoutView()
    view.resize(width, height)
    view.show_picture(picture, images)
    image = QImage(width, height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    try:
        view.paint(painter)
    finally:
        painter.end()
    view.deleteLater()
    return image
