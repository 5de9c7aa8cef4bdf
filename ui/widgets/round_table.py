"""One table drawn small and round: seats, button, blinds, players and stacks.

The widget paints from a :class:`TableSnapshot` copied out of the state, so it never holds engine
objects. A seat can be dragged onto another seat (of this or another table): the widget only asks
for the move; the engine decides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app.api import Table, TournamentState, fmt, seat_views
from app.i18n import _
from ui.glyphs import padlock

MIME = "application/x-floorman-seat"


@dataclass
class SeatInfo:
    number: int
    player_id: int | None = None
    name: str = ""
    stack: int = 0
    card: str = ""  # the card drawn for this seat at the seat draw, if any
    deciding: bool = False  # lost all chips while rebuys are open: rebuy or out, not decided yet
    locked: str = ""  # LOCK-5: why his seat is locked ("" when it is not)


@dataclass
class TableSnapshot:
    number: int
    max_seats: int
    seats: list[SeatInfo] = field(default_factory=list)
    button: int | None = None
    sb: int | None = None
    bb: int | None = None
    short: bool = False
    marked: dict[int, str] = field(default_factory=dict)  # seat -> "from" / "to" (pending move)

    @property
    def population(self) -> int:
        return sum(1 for s in self.seats if s.player_id is not None)

    @classmethod
    def of(cls, table: Table, state: TournamentState, short: bool = False) -> TableSnapshot:
        seats = []
        for n in range(1, table.max_seats + 1):
            pid = table.seats.get(n)
            p = state.players.get(pid) if pid is not None else None
            card = table.draw_cards.get(pid, "") if pid is not None else ""
            seats.append(SeatInfo(n, pid, p.name if p else "", p.stack if p else 0, pretty_card(card),
                                  bool(p and p.deciding and p.live), seat_views.locked(state, pid) if p else ""))
        return cls(table.number, table.max_seats, seats, table.button, table.sb, table.bb, short)


SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def pretty_card(card: str) -> str:
    if len(card) < 2:
        return ""
    rank = card[:-1].upper().replace("T", "10")
    return rank + SUITS.get(card[-1].lower(), card[-1])


def fit_name(name: str, fm: QFontMetrics, width: int) -> str:
    """The whole name if it fits, else "First L.", else the first name; cut with "…" only as a last resort."""
    parts = name.split()
    tries = [name]
    if len(parts) > 1:
        tries += [f"{parts[0]} {parts[-1][0]}.", parts[0]]
    for text in tries:
        if fm.horizontalAdvance(text) <= width:
            return text
    return fm.elidedText(tries[-1], Qt.TextElideMode.ElideRight, width)


def accents(dark: bool) -> tuple[QColor, QColor]:
    """Seat numbers and red suits, legible on the seat cards of either look."""
    return (QColor("#93c5fd"), QColor("#fca5a5")) if dark else (QColor("#2563eb"), QColor("#b42318"))


@dataclass(frozen=True)
class _SeatPens:
    """What every seat of one paint is drawn with (made once per paint, not once per seat)."""

    font: QFont
    bold: QFont
    metrics: QFontMetrics
    bold_metrics: QFontMetrics
    text: QColor
    dim: QColor
    mid: QColor
    seat_fill: QColor
    number: QColor
    red: QColor


class RoundTable(QWidget):
    """A small round table.

    Signals:
        seat_dropped(int, int, int): a player (id) was dropped on (table, seat).
        seat_clicked(int, int): (table, seat) was clicked; the player id lookup is the caller's.
    """

    seat_dropped = Signal(int, int, int)
    seat_clicked = Signal(int, int)

    def __init__(self, snapshot: TableSnapshot, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.snapshot = snapshot
        self.setAcceptDrops(True)
        self.setMinimumSize(272, 206)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(_("Table {number}", number=snapshot.number))
        self._press: QPoint | None = None
        self._hover_seat: int | None = None
        self._cache: tuple[object, QPixmap] | None = None  # (what it was drawn from, the drawing)

    def set_snapshot(self, snapshot: TableSnapshot) -> None:
        if snapshot == self.snapshot:  # nothing changed at this table: no repaint
            return
        self.snapshot = snapshot
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(272, 206)

    # -- geometry ---------------------------------------------------------------------------------
    SEAT_W, SEAT_H = 70.0, 28.0

    def _centre(self) -> QPointF:
        return QPointF(self.width() / 2, self.height() / 2 + 10)

    def _felt(self) -> QRectF:
        w, h = self.width(), self.height()
        c = self._centre()
        return QRectF(c.x() - w * 0.27, c.y() - h * 0.22, w * 0.54, h * 0.44)

    def seat_centre(self, number: int) -> QPointF:
        """Seat 1 is just right of the top, and the numbers go clockwise like a real table."""
        n = self.snapshot.max_seats
        w, h = self.width(), self.height()
        angle = -math.pi / 2 + 2 * math.pi * (number - 0.5) / n
        c = self._centre()
        rx, ry = w / 2 - self.SEAT_W / 2 - 4, h / 2 - 28
        cos = math.copysign(abs(math.cos(angle)) ** 0.6, math.cos(angle))  # a rounder-cornered oval: seats
        return QPointF(c.x() + cos * rx, c.y() + math.sin(angle) * ry)  # near the top and bottom spread out

    def seat_rect(self, number: int) -> QRectF:
        c = self.seat_centre(number)
        return QRectF(c.x() - self.SEAT_W / 2, c.y() - self.SEAT_H / 2, self.SEAT_W, self.SEAT_H)

    def seat_at(self, pos: QPointF) -> int | None:
        for s in range(1, self.snapshot.max_seats + 1):
            if self.seat_rect(s).adjusted(-3, -3, 3, 3).contains(pos):
                return s
        return None

    # -- painting -----------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """Drawn once into a pixmap, painted from it until the snapshot, the size or the palette changes
        (the window's first frame and the grab after it, a scroll back, a neighbour's repaint)."""
        ratio = self.devicePixelRatioF()
        key = (self.snapshot, self.size(), self.palette().cacheKey(), self.font().key(), ratio)
        if self._cache is None or self._cache[0] != key:
            pixmap = QPixmap(self.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            self._paint(painter)
            painter.end()
            self._cache = (key, pixmap)
        p = QPainter(self)
        p.drawPixmap(0, 0, self._cache[1])
        p.end()

    def _paint(self, p: QPainter) -> None:
        snap = self.snapshot
        pal = self.palette()
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = pal.color(QPalette.ColorRole.WindowText)
        dim = pal.color(QPalette.ColorRole.PlaceholderText)
        warn = QColor("#d97706")
        p.setPen(QPen(warn if snap.short else pal.color(QPalette.ColorRole.Mid), 2 if snap.short else 1))
        p.setBrush(pal.color(QPalette.ColorRole.Base))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 8, 8)
        dark = pal.color(QPalette.ColorRole.Window).lightness() < 128
        p.setPen(QPen(QColor("#2f6b4f" if dark else "#8fbfa3"), 1.5))
        p.setBrush(QColor("#1f4a37" if dark else "#dcefe3"))
        p.drawEllipse(self._felt())
        title = QFont(self.font())
        title.setBold(True)
        title.setPointSizeF(title.pointSizeF() * 1.6)
        p.setFont(title)
        p.setPen(QColor("#2f6b4f") if not dark else QColor("#9fd3b5"))
        p.drawText(self._felt(), Qt.AlignmentFlag.AlignCenter, str(snap.number))
        small = QFont(self.font())
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.85))
        p.setFont(small)
        head = QRectF(8, 3, self.width() - 16, 16)
        p.setPen(text)
        p.drawText(head, Qt.AlignmentFlag.AlignLeft, _("Table {number}", number=snap.number))
        p.setPen(warn if snap.short else dim)
        count = f"{snap.population}/{snap.max_seats}" + ("  " + _("short") if snap.short else "")
        p.drawText(head, Qt.AlignmentFlag.AlignRight, count)
        bold = QFont(small)
        bold.setBold(True)
        pens = _SeatPens(small, bold, QFontMetrics(small), QFontMetrics(bold), text, dim,
                         pal.color(QPalette.ColorRole.Mid), pal.color(QPalette.ColorRole.AlternateBase),
                         *accents(dark))
        for seat in snap.seats:
            self._paint_seat(p, seat, pens)

    def _paint_seat(self, p: QPainter, seat: SeatInfo, k: _SeatPens) -> None:
        snap = self.snapshot
        box = self.seat_rect(seat.number)
        mark = snap.marked.get(seat.number)
        border = QColor("#d97706") if mark == "from" or seat.deciding else QColor("#16a34a") if mark == "to" else k.mid
        pen = QPen(border, 2 if mark or seat.deciding else 1)
        if seat.player_id is None and not mark:
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.setBrush(k.seat_fill if seat.player_id is not None else QColor(0, 0, 0, 0))
        p.drawRoundedRect(box, 5, 5)
        inner = box.adjusted(4, 1, -4, -1)
        p.setFont(k.bold)
        p.setPen(k.number if seat.player_id is not None else k.dim)
        p.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(seat.number))
        p.setFont(k.font)
        if seat.card:
            red = seat.card[-1] in "♥♦"
            p.setPen(k.red if red else k.text)
            p.drawText(inner, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom, seat.card)
        if seat.player_id is not None:
            p.setPen(k.text)
            indent = k.bold_metrics.horizontalAdvance(str(seat.number)) + 3
            room = inner.adjusted(indent, 0, -9 if seat.locked else 0, 0)  # the padlock's room
            name = fit_name(seat.name, k.metrics, int(room.width()))
            p.drawText(room, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, name)
            p.setPen(QColor("#d97706") if seat.deciding else k.dim)
            under = _("rebuy or out?") if seat.deciding else fmt.chips(seat.stack)
            p.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom, under)
        if seat.locked:
            padlock(p, QPointF(box.right() - 7, box.top() + 8), k.text)
        role = {snap.button: "D", snap.sb: "SB", snap.bb: "BB"}.get(seat.number, "")
        if role:
            c, centre = box.center(), self._centre()
            vec = QPointF(centre.x() - c.x(), centre.y() - c.y())
            length = math.hypot(vec.x(), vec.y()) or 1.0
            reach = self.SEAT_H / 2 + 9 + abs(vec.x() / length) * (self.SEAT_W - self.SEAT_H) / 2
            m = QPointF(c.x() + vec.x() / length * reach, c.y() + vec.y() / length * reach)
            r = 7.5 if role == "D" else 8.5
            p.setPen(QPen(QColor("#111827"), 1))
            p.setBrush(QColor("#fbbf24") if role == "D" else QColor("#f3f4f6"))
            p.drawEllipse(m, r, r)
            p.setPen(QColor("#111827"))
            p.drawText(QRectF(m.x() - r, m.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, role)

    def event(self, event: QEvent) -> bool:
        """A seat's tooltip: who sits there, and why his seat is locked (LOCK-5)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            seat = self.seat_at(QPointF(event.pos()))
            info = self.snapshot.seats[seat - 1] if seat else None
            if info is not None and info.player_id is not None:
                text = _("Seat {number}: {name}", number=info.number, name=info.name) + (
                    "\n" + _("Seat locked: {reason}", reason=info.locked) if info.locked else "")
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    # -- drag and drop ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._press is not None:
            seat = self.seat_at(event.position())
            if seat is not None:
                self.seat_clicked.emit(self.snapshot.number, seat)
        self._press = None
        super().mouseReleaseEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or (event.position().toPoint() - self._press).manhattanLength() < 8:
            return
        seat = self.seat_at(QPointF(self._press))
        self._press = None
        info = self.snapshot.seats[seat - 1] if seat else None
        if info is None or info.player_id is None:
            return
        drag = QDrag(self)
        mime = QMimeData()
        mime.setData(MIME, str(info.player_id).encode())
        mime.setText(info.name)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.MoveAction)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragEnterEvent) -> None:  # type: ignore[override]
        if event.mimeData().hasFormat(MIME):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        seat = self.seat_at(event.position())
        if seat is None or not event.mimeData().hasFormat(MIME):
            return
        player_id = int(bytes(event.mimeData().data(MIME).data()).decode())
        event.acceptProposedAction()
        self.seat_dropped.emit(player_id, self.snapshot.number, seat)
