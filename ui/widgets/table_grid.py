"""The Tables tab: every table as a small round drawing, laid out to fill the width."""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from app.api import TournamentState, views
from app.i18n import _
from ui.widgets.round_table import RoundTable, TableSnapshot

CELL = QSize(272, 206)


def short_tables(state: TournamentState) -> set[int]:
    """Tables a pending balancing move fills: the same view the balancing panel lists (app.views pending),
    so a table is never outlined "short" while the panel says the tables are balanced."""
    return {m.to_table for m in views.summary(state).pending if m.kind == "move"}


class TableGrid(QWidget):
    """All tables in play, in number order, as many per row as fit.

    The tables sit at fixed cells (no layout to recompute), and a table's widget is made only when its
    row comes into view: a 1,000-table field opens with the two dozen tables on screen, the rest follow
    as the director scrolls. :meth:`table_widgets` makes them all (tests, a print of every table).

    Signals:
        seat_dropped(int, int, int): a player (id) was dropped on (table, seat).
        seat_clicked(int, int): a seat (table, seat) was clicked.
    """

    seat_dropped = Signal(int, int, int)
    seat_clicked = Signal(int, int)
    SPACING = 8

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tables: dict[int, RoundTable] = {}
        self._marks: dict[int, dict[int, str]] = {}
        self._inner = QWidget()
        self._empty = QLabel(_("No table is open yet. Open tables and draw seats (F6) once players are registered."))
        self._empty.setWordWrap(True)
        self._scroll = QScrollArea()
        self._scroll.setWidgetResizable(True)
        self._scroll.setWidget(self._inner)
        self._scroll.verticalScrollBar().valueChanged.connect(lambda _v: self._place())
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self._empty)
        lay.addWidget(self._scroll, 1)
        self._state: TournamentState | None = None
        self._short: set[int] = set()  # the tables drawn as short
        self._drawn_marks: dict[int, dict[int, str]] = {}  # the marks drawn
        self._columns = 0
        self._order: list[int] = []  # table numbers as laid out
        self._cell_of: dict[int, int] = {}  # table number -> its cell (index in the order)
        self.redrawn = 0  # tables snapshotted (tests read it)

    def table_widgets(self) -> dict[int, RoundTable]:
        """Every table's widget (those not yet in view are made now)."""
        for n in self._order:
            self._widget(n)
        return dict(self._tables)

    def set_marks(self, marks: dict[int, dict[int, str]]) -> None:
        """Highlight the seats of the pending move: {table: {seat: "from" | "to"}}."""
        self._marks = marks

    def refresh(self, state: TournamentState, only: set[int] | None = None) -> None:
        """Redraw every table, or only the tables ``only`` names (those a command touched), plus those
        whose marks or whose short flag changed. Tables not in view yet are drawn when they come in."""
        self._state = state
        short = short_tables(state)
        numbers = sorted(state.tables)
        for gone in set(self._tables) - set(state.tables):
            w = self._tables.pop(gone)
            w.hide()  # a broken table disappears now, not when Qt gets round to deleting it
            w.deleteLater()
        if only is None:
            todo = list(self._tables)
        else:
            wanted = set(only) | (short ^ self._short) | set(self._marks) | set(self._drawn_marks)
            todo = [n for n in wanted if n in self._tables]
        for n in todo:
            self._tables[n].set_snapshot(self._snapshot(n, short))
        self.redrawn += len(todo)
        self._short, self._drawn_marks = short, self._marks
        self._empty.setVisible(not numbers)
        self._scroll.setVisible(bool(numbers))
        if numbers != self._order:
            self._order = numbers
            self._cell_of = {n: i for i, n in enumerate(numbers)}
            self._relayout(force=True)
        else:
            self._place()

    def _snapshot(self, number: int, short: set[int]) -> TableSnapshot:
        assert self._state is not None
        snap = TableSnapshot.of(self._state.tables[number], self._state, short=number in short)
        snap.marked = self._marks.get(number, {})
        return snap

    def _widget(self, number: int) -> RoundTable:
        widget = self._tables.get(number)
        if widget is None:
            widget = RoundTable(self._snapshot(number, self._short), self._inner)
            widget.seat_dropped.connect(self.seat_dropped)
            widget.seat_clicked.connect(self.seat_clicked)
            self._tables[number] = widget
            self.redrawn += 1
            self._move(number, widget)
            widget.show()
        return widget

    def _move(self, number: int, widget: RoundTable) -> None:
        i, cols, gap = self._cell_of.get(number, 0), max(1, self._columns), self.SPACING
        widget.move(gap + (i % cols) * (CELL.width() + gap), gap + (i // cols) * (CELL.height() + gap))

    def _columns_now(self) -> int:
        avail = max(1, self._scroll.viewport().width() - 2 * self.SPACING)
        return max(1, avail // (CELL.width() + self.SPACING))

    def _relayout(self, force: bool = False) -> None:
        cols = self._columns_now()
        if cols == self._columns and not force:
            self._place()
            return
        self._columns = cols
        rows = (len(self._order) + cols - 1) // cols
        self._inner.setMinimumSize(cols * (CELL.width() + self.SPACING) + self.SPACING,
                                   rows * (CELL.height() + self.SPACING) + self.SPACING)
        for n, w in self._tables.items():
            self._move(n, w)
        self._place()

    def _place(self) -> None:
        """Make the widgets of the tables in view (and a row either side) that are not made yet."""
        if not self._order:
            return
        step = CELL.height() + self.SPACING
        top = self._scroll.verticalScrollBar().value()
        height = max(self._scroll.viewport().height(), step)
        first = max(0, top // step - 1)
        last = (top + height) // step + 1
        cols = max(1, self._columns)
        for n in self._order[first * cols:(last + 1) * cols]:
            self._widget(n)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def sizeHint(self) -> QSize:
        return QSize(800, 600)
