"""One table drawn small and round: seats, button, blinds, players and stacks.

The widget paints from a :class:`TableSnapshot` copied out of the state, so it never holds engine
objects. A seat can be dragged onto another seat (of this or another table): the widget only asks
for the move; the engine decides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QMimeData, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QDrag,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.state import Table, TournamentState

MIME = "application/x-floorman-seat"


@dataclass
class SeatInfo:
    number: int
    player_id: int | None = None
    name: str = ""
    stack: int = 0


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
            seats.append(SeatInfo(n, pid, p.name if p else "", p.stack if p else 0))
        return cls(table.number, table.max_seats, seats, table.button, table.sb, table.bb, short)


def short_name(name: str, limit: int = 11) -> str:
    if len(name) <= limit:
        return name
    parts = name.split()
    if len(parts) > 1 and len(parts[0]) + 3 <= limit:
        return f"{parts[0]} {parts[-1][0]}."
    return name[: limit - 1] + "…"


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
        self.setMinimumSize(220, 170)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(f"Table {snapshot.number}")
        self._press: QPoint | None = None
        self._hover_seat: int | None = None

    def set_snapshot(self, snapshot: TableSnapshot) -> None:
        self.snapshot = snapshot
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(250, 190)

    # -- geometry ---------------------------------------------------------------------------------
    def _felt(self) -> QRectF:
        w, h = self.width(), self.height()
        return QRectF(w * 0.24, h * 0.30, w * 0.52, h * 0.42)

    def seat_centre(self, number: int) -> QPointF:
        """Seat 1 sits at the top right of the dealer's spot, numbers go clockwise like a real table."""
        n = self.snapshot.max_seats
        w, h = self.width(), self.height()
        angle = -math.pi / 2 + 2 * math.pi * (number - 0.5) / n
        return QPointF(w / 2 + math.cos(angle) * w * 0.36, h / 2 + 8 + math.sin(angle) * h * 0.31)

    def seat_at(self, pos: QPointF) -> int | None:
        best, dist = None, 1e9
        for s in range(1, self.snapshot.max_seats + 1):
            c = self.seat_centre(s)
            d = math.hypot(c.x() - pos.x(), c.y() - pos.y())
            if d < dist:
                best, dist = s, d
        return best if dist < 34 else None

    # -- painting -----------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        snap = self.snapshot
        pal = self.palette()
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = pal.color(QPalette.ColorRole.WindowText)
        dim = pal.color(QPalette.ColorRole.PlaceholderText)
        accent = QColor("#d97706") if snap.short else pal.color(QPalette.ColorRole.Mid)
        p.setPen(QPen(accent, 2 if snap.short else 1))
        p.setBrush(pal.color(QPalette.ColorRole.Base))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(1, 1, -1, -1), 8, 8)
        felt = self._felt()
        dark = pal.color(QPalette.ColorRole.Window).lightness() < 128
        p.setPen(QPen(QColor("#2f6b4f" if dark else "#3f7d5f"), 1))
        p.setBrush(QColor("#24543e" if dark else "#cfe5d8"))
        p.drawEllipse(felt)
        title = QFont(self.font())
        title.setBold(True)
        title.setPointSizeF(title.pointSizeF() * 1.25)
        p.setFont(title)
        p.setPen(text)
        p.drawText(QRectF(8, 4, self.width() - 16, 20), Qt.AlignmentFlag.AlignLeft, f"Table {snap.number}")
        small = QFont(self.font())
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.85))
        p.setFont(small)
        count = f"{snap.population}/{snap.max_seats}" + ("  short" if snap.short else "")
        p.setPen(accent if snap.short else dim)
        p.drawText(QRectF(8, 4, self.width() - 16, 20), Qt.AlignmentFlag.AlignRight, count)
        for seat in snap.seats:
            self._paint_seat(p, seat, small, text, dim)
        p.end()

    def _paint_seat(self, p: QPainter, seat: SeatInfo, font: QFont, text: QColor, dim: QColor) -> None:
        snap = self.snapshot
        c = self.seat_centre(seat.number)
        r = 9.0
        mark = snap.marked.get(seat.number)
        fill = QColor("#2563eb") if seat.player_id is not None else QColor(0, 0, 0, 0)
        if mark == "from":
            fill = QColor("#d97706")
        elif mark == "to":
            fill = QColor("#16a34a")
        p.setPen(QPen(dim if seat.player_id is None else fill.darker(130), 1))
        p.setBrush(fill)
        p.drawEllipse(c, r, r)
        p.setFont(font)
        p.setPen(QColor("white") if seat.player_id is not None or mark else dim)
        p.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(seat.number))
        role = {snap.button: "D", snap.sb: "SB", snap.bb: "BB"}.get(seat.number, "")
        if role:
            inward = QPointF(self.width() / 2 - c.x(), self.height() / 2 + 8 - c.y())
            length = math.hypot(inward.x(), inward.y()) or 1
            m = QPointF(c.x() + inward.x() / length * 20, c.y() + inward.y() / length * 20)
            p.setPen(QPen(QColor("#111827"), 1))
            p.setBrush(QColor("#fbbf24") if role == "D" else QColor("#f3f4f6"))
            rr = 7.5 if role == "D" else 9.0
            p.drawEllipse(m, rr, rr)
            p.setPen(QColor("#111827"))
            p.drawText(QRectF(m.x() - rr, m.y() - rr, 2 * rr, 2 * rr), Qt.AlignmentFlag.AlignCenter, role)
        if seat.player_id is None:
            return
        above = c.y() < self.height() / 2 + 8
        box = QRectF(c.x() - 42, c.y() + (-r - 26 if above else r + 1), 84, 26)
        p.setPen(text)
        p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, short_name(seat.name))
        p.setPen(dim)
        p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom, f"{seat.stack:,}")

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
