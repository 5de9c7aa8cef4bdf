"""The Tables tab: every table as a small round drawing, laid out to fill the width."""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from app.views.handles import TournamentState
from ui.widgets.round_table import RoundTable, TableSnapshot

CELL = QSize(272, 206)


def short_tables(state: TournamentState) -> set[int]:
    """Tables with two or more players fewer than the fullest one (what balancing looks at)."""
    pops = {n: t.population for n, t in state.tables.items()}
    if len(pops) < 2:
        return set()
    top = max(pops.values())
    return {n for n, c in pops.items() if top - c >= 2}


class TableGrid(QWidget):
    """All tables in play, in number order, as many per row as fit.

    Signals:
        seat_dropped(int, int, int): a player (id) was dropped on (table, seat).
        seat_clicked(int, int): a seat (table, seat) was clicked.
    """

    seat_dropped = Signal(int, int, int)
    seat_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tables: dict[int, RoundTable] = {}
        self._marks: dict[int, dict[int, str]] = {}
        self._inner = QWidget()
        self._grid = QGridLayout(self._inner)
        self._grid.setSpacing(8)
        self._grid.setContentsMargins(8, 8, 8, 8)
        self._empty = QLabel("No table is open yet. Open tables and draw seats (F6) once players are registered.")
        self._empty.setWordWrap(True)
        self._scroll = QScrollArea()
        self._scroll.setWidgetResizable(True)
        self._scroll.setWidget(self._inner)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self._empty)
        lay.addWidget(self._scroll, 1)
        self._columns = 0
        self._order: list[int] = []  # table numbers as laid out
        self._short: set[int] = set()  # the tables drawn as short
        self._drawn_marks: dict[int, dict[int, str]] = {}  # the marks drawn
        self.redrawn = 0

    def table_widgets(self) -> dict[int, RoundTable]:
        return dict(self._tables)

    def set_marks(self, marks: dict[int, dict[int, str]]) -> None:
        """Highlight the seats of the pending move: {table: {seat: "from" | "to"}}."""
        self._marks = marks

    def refresh(self, state: TournamentState, only: set[int] | None = None) -> None:
        """Redraw every table, or only the tables ``only`` names (those a command touched), plus those
        whose marks or whose short flag changed. ``redrawn`` counts the tables redrawn (tests read it)."""
        short = short_tables(state)
        numbers = sorted(state.tables)
        for gone in set(self._tables) - set(numbers):
            w = self._tables.pop(gone)
            self._grid.removeWidget(w)
            w.hide()  # a broken table disappears now, not when Qt gets round to deleting it
            w.deleteLater()
        if only is None:
            todo = numbers
        else:
            wanted = set(only) | (short ^ self._short) | set(self._marks) | set(self._drawn_marks)
            todo = [n for n in numbers if n in wanted or n not in self._tables]
        for n in todo:
            snap = TableSnapshot.of(state.tables[n], state, short=n in short)
            snap.marked = self._marks.get(n, {})
            widget = self._tables.get(n)
            if widget is None:
                widget = RoundTable(snap)
                widget.seat_dropped.connect(self.seat_dropped)
                widget.seat_clicked.connect(self.seat_clicked)
                self._tables[n] = widget
            else:
                widget.set_snapshot(snap)
        self.redrawn += len(todo)
        self._short, self._drawn_marks = short, self._marks
        self._empty.setVisible(not numbers)
        self._scroll.setVisible(bool(numbers))
        self._relayout(force=True)

    def _relayout(self, force: bool = False) -> None:
        cell = CELL
        avail = max(1, self._scroll.viewport().width() - 16)
        cols = max(1, avail // (cell.width() + 8))
        order = sorted(self._tables)
        # Moving a thousand widgets in the layout costs a tenth of a second: only when the columns or the
        # tables changed, not on every refresh.
        if cols == self._columns and (not force or order == self._order):
            return
        self._columns, self._order = cols, order
        for w in self._tables.values():
            self._grid.removeWidget(w)
        for i, n in enumerate(order):
            self._grid.addWidget(self._tables[n], i // cols, i % cols)
        self._grid.setRowStretch(self._grid.rowCount(), 1)
        self._grid.setColumnStretch(cols, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def sizeHint(self) -> QSize:
        return QSize(800, 600)
