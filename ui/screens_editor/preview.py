"""The editor's live preview: one screen of the layout drawn at the chosen screen size, scaled to fit.

The picture is drawn by the room display's own renderer (:func:`ui.display.layout_view.render_image`) at
the real size (1280 x 720 up to 3840 x 2160, or upright), so what the preview shows is what the room sees,
then scaled into the widget with its proportions kept. Over it: the screen's grid, faintly, and the region
selected, outlined, with a handle at its bottom right corner.

The mouse picks a region (a click), moves it (drag it) or resizes it (drag its handle); the keyboard does
the same with the preview focused: the arrows move the region selected one cell, Shift+arrows make it
wider, narrower, taller or shorter, Page Down and Page Up pick the next or the previous region (Tab leaves
the preview, as everywhere). The preview only asks: the dialog changes
the layout, which refuses a move onto another region or off the screen in words.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QImage, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.i18n import _
from screens.compose import Picture
from screens.layout import Screen
from ui.display.layout_view import render_image

HANDLE = 10  # the resize handle's side, in the widget's pixels
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}


class LayoutPreview(QWidget):
    """Signals: picked(int) a region (-1: none); moved(int, int, int) region, column, row; resized(int, int, int)
    region, columns wider, rows taller; nudged(int, int) the region selected, by cells; grown(int, int) its size."""

    picked = Signal(int)
    moved = Signal(int, int, int)
    resized = Signal(int, int, int)
    nudged = Signal(int, int)
    grown = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(480, 300)
        self.setAccessibleName(_("Preview of the screen: arrows move the region selected, Shift+arrows resize it"))
        self.image = QImage()
        self.grid_screen: Screen | None = None
        self.selected = -1
        self.renders = 0  # pictures drawn (the tests see the preview change)
        self._drag: tuple[str, int, QPoint] | None = None  # ("move" | "resize", region, where it began)
        self._ghost: tuple[int, int, int, int] | None = None  # the region's cells while dragged

    def show_picture(self, picture: Picture, width: int, height: int, images: dict[str, bytes]) -> None:
        """Draw ``picture`` at ``width`` x ``height`` (the chosen screen's size) and show it scaled."""
        self.image = render_image(picture, width, height, images)
        self.grid_screen = picture.showing.screen
        self.renders += 1
        if self.selected >= len(self.grid_screen.regions):
            self.selected = -1
        self.update()

    def select(self, index: int) -> None:
        self.selected = index
        self.update()

    # -- where things are ------------------------------------------------------------------------------
    def area(self) -> QRectF:
        """The picture's rectangle in the widget: as large as fits, its proportions kept, centred."""
        if self.image.isNull():
            return QRectF(self.rect())
        iw, ih = self.image.width(), self.image.height()
        scale = min(self.width() / iw, self.height() / ih)
        w, h = iw * scale, ih * scale
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def cell_rect(self, col: int, row: int, width: int = 1, height: int = 1) -> QRectF:
        a, s = self.area(), self.grid_screen
        if s is None:
            return QRectF()
        cw, ch = a.width() / s.columns, a.height() / s.rows
        return QRectF(a.left() + col * cw, a.top() + row * ch, width * cw, height * ch)

    def region_rect(self, index: int) -> QRectF:
        if self.grid_screen is None or not 0 <= index < len(self.grid_screen.regions):
            return QRectF()
        r = self.grid_screen.regions[index]
        return self.cell_rect(r.col, r.row, r.width, r.height)

    def cell_at(self, pos: QPointF) -> tuple[int, int]:
        a, s = self.area(), self.grid_screen
        if s is None or a.width() <= 0:
            return 0, 0
        col = int((pos.x() - a.left()) / a.width() * s.columns)
        row = int((pos.y() - a.top()) / a.height() * s.rows)
        return min(max(col, 0), s.columns - 1), min(max(row, 0), s.rows - 1)

    def region_at(self, pos: QPointF) -> int:
        if self.grid_screen is None:
            return -1
        col, row = self.cell_at(pos)
        return next((i for i, r in enumerate(self.grid_screen.regions)
                     if r.col <= col < r.col + r.width and r.row <= row < r.row + r.height), -1)

    def _handle(self, index: int) -> QRectF:
        r = self.region_rect(index)
        return QRectF(r.right() - HANDLE, r.bottom() - HANDLE, HANDLE, HANDLE)

    # -- the mouse -------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        pos = event.position()
        if self.selected >= 0 and self._handle(self.selected).adjusted(-3, -3, 3, 3).contains(pos):
            self._drag = ("resize", self.selected, pos.toPoint())
            return
        index = self.region_at(pos)
        if index != self.selected:
            self.selected = index
            self.picked.emit(index)
            self.update()
        if index >= 0:
            self._drag = ("move", index, pos.toPoint())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._drag is None or self.grid_screen is None:
            return
        kind, index, start = self._drag
        r = self.grid_screen.regions[index]
        c0, r0 = self.cell_at(QPointF(start))
        c1, r1 = self.cell_at(event.position())
        if kind == "move":
            self._ghost = (r.col + c1 - c0, r.row + r1 - r0, r.width, r.height)
        else:
            self._ghost = (r.col, r.row, max(1, r.width + c1 - c0), max(1, r.height + r1 - r0))
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        drag, ghost = self._drag, self._ghost
        self._drag = self._ghost = None
        self.update()
        if drag is None or ghost is None or self.grid_screen is None:
            return
        kind, index, _start = drag
        r = self.grid_screen.regions[index]
        if kind == "move" and (ghost[0], ghost[1]) != (r.col, r.row):
            self.moved.emit(index, ghost[0], ghost[1])
        elif kind == "resize" and (ghost[2], ghost[3]) != (r.width, r.height):
            self.resized.emit(index, ghost[2] - r.width, ghost[3] - r.height)

    # -- the keyboard ------------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key in ARROWS and self.selected >= 0:
            dx, dy = ARROWS[key]
            if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.grown.emit(dx, dy)
            else:
                self.nudged.emit(dx, dy)
            return
        if key in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp) and self.grid_screen is not None \
                and self.grid_screen.regions:
            step = -1 if key == Qt.Key.Key_PageUp else 1
            self.selected = (self.selected + step) % len(self.grid_screen.regions)
            self.picked.emit(self.selected)
            self.update()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    # -- drawing -----------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        try:
            p.fillRect(self.rect(), self.palette().window())
            if self.image.isNull():
                return
            a = self.area()
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
            p.drawImage(a, self.image)
            self._grid(p, a)
            if self.selected >= 0:
                self._outline(p, self.region_rect(self.selected), QColor("#3d8bfd"), handle=True)
            if self._ghost is not None:
                self._outline(p, self.cell_rect(*self._ghost), QColor("#ffffff"), handle=False)
            if self.hasFocus():
                p.setPen(QPen(QColor("#3d8bfd"), 2, Qt.PenStyle.DotLine))
                p.drawRect(a.adjusted(1, 1, -1, -1))
        finally:
            p.end()

    def _grid(self, p: QPainter, a: QRectF) -> None:
        s = self.grid_screen
        if s is None:
            return
        p.setPen(QPen(QColor(255, 255, 255, 40), 1))
        for c in range(1, s.columns):
            x = a.left() + a.width() * c / s.columns
            p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()))
        for r in range(1, s.rows):
            y = a.top() + a.height() * r / s.rows
            p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y))

    @staticmethod
    def _outline(p: QPainter, rect: QRectF, colour: QColor, handle: bool) -> None:
        p.setPen(QPen(colour, 2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRect(rect.adjusted(1, 1, -1, -1))
        if handle:
            p.fillRect(QRectF(rect.right() - HANDLE, rect.bottom() - HANDLE, HANDLE, HANDLE), colour)
