"""The Tables tab: the grid of round tables, the seat draw, and the balancing suggestions."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import TournamentState, fmt, reason_words
from app.i18n import _, ngettext, pgettext
from ui.feedback import Feedback
from ui.overview import PendingMove
from ui.widgets.table_grid import TableGrid


class MoveCard(QFrame):
    """One balancing suggestion: who, from where, to where, why, and a Move button.

    Signals:
        move_clicked(object): the PendingMove to submit.
    """

    move_clicked = Signal(object)

    def __init__(self, move: PendingMove, state: TournamentState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pending = move
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.why = QLabel()
        self.why.setObjectName("dim")
        self.why.setWordWrap(True)
        self.button = QPushButton()
        self.button.clicked.connect(lambda: self.move_clicked.emit(self.pending))
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.text)
        lay.addWidget(self.why)
        lay.addWidget(self.button)
        self.show_move(move, state)

    def show_move(self, move: PendingMove, state: TournamentState) -> None:
        """Show ``move`` (a card is kept while the moves change, as after each bust)."""
        self.pending = move
        self.text.setText(move.text(state))
        self.why.setText(reason_words(move.reason) if move.reason else _("the tables are out of balance"))
        self.button.setText({"break": _("Break the table"), "redraw": _("Redraw"),
                             "seat": pgettext("verb", "Seat")}.get(move.kind, pgettext("verb", "Move")))
        self.button.setToolTip(_("Seat the waiting entrant at a free seat drawn at random (F7)") if move.kind == "seat"
                               else _("Make this move (F7) and offer the move slip"))


class TablesTab(QWidget):
    """Signals:
    draw_requested(), break_requested(), redraw_requested(), move_requested(object)
    """

    draw_requested = Signal()
    break_requested = Signal()
    redraw_requested = Signal()
    move_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = TableGrid()
        self.feedback = Feedback()
        self.draw_button = QPushButton(_("Seat draw (F6)"))
        self.break_button = QPushButton(_("Break a table…"))
        self.redraw_button = QPushButton(_("Redraw"))
        self.count_button = QPushButton(_("Chip count…"))
        self.count_button.setToolTip(_("Enter a table's counted stacks (also Ctrl+K → chip count)"))
        self.draw_button.clicked.connect(self.draw_requested)
        self.break_button.clicked.connect(self.break_requested)
        self.redraw_button.clicked.connect(self.redraw_requested)
        self.summary = QLabel()
        self.summary.setObjectName("dim")
        bar = QHBoxLayout()
        bar.addWidget(self.draw_button)
        bar.addWidget(self.break_button)
        bar.addWidget(self.redraw_button)
        bar.addWidget(self.count_button)
        bar.addStretch(1)
        bar.addWidget(self.summary)
        self.moves_box = QWidget()
        self.moves_layout = QVBoxLayout(self.moves_box)
        self.moves_layout.setContentsMargins(0, 0, 0, 0)
        side_scroll = QScrollArea()
        side_scroll.setWidgetResizable(True)
        side_scroll.setWidget(self.moves_box)
        side_scroll.setFixedWidth(230)
        heading = QLabel(_("Balancing"))
        heading.setObjectName("stripValue")
        leaders_heading = QLabel(_("Chip leaders"))
        leaders_heading.setObjectName("stripValue")
        self.leaders = QTableWidget(0, 3)
        self.leaders.setHorizontalHeaderLabels(["#", _("Player"), _("Chips")])
        self.leaders.verticalHeader().hide()
        self.leaders.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.leaders.setWordWrap(False)
        self.leaders.setFixedWidth(230)
        header = self.leaders.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        side = QVBoxLayout()
        side.addWidget(heading)
        side.addWidget(side_scroll, 1)
        side.addWidget(leaders_heading)
        self.leaders_note = QLabel(_("Shown after the first chip count."))
        self.leaders_note.setObjectName("dim")
        side.addWidget(self.leaders_note)
        side.addWidget(self.leaders, 1)
        body = QHBoxLayout()
        body.addWidget(self.grid, 1)
        body.addLayout(side)
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.feedback)
        lay.addLayout(body, 1)
        self.cards: list[MoveCard] = []
        self._moves: list[PendingMove] = []  # the moves the cards show

    def show_leaders(self, leaders: tuple[tuple[int, str, int], ...]) -> None:
        """The top stacks (player id, name, chips), biggest first, as app.views gives them (none before the
        first chip count: the note says so)."""
        self.leaders_note.setVisible(not leaders)
        self.leaders.setRowCount(len(leaders))
        for row, (_pid, name, stack) in enumerate(leaders):
            cells = (str(row + 1), name, fmt.chips(stack))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(name)
                if col != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.leaders.setItem(row, col, item)

    def refresh(self, state: TournamentState, moves: list[PendingMove], tables: set[int] | None = None) -> None:
        """Redraw from ``state``: every table, or only ``tables`` (those a command touched; the tables of
        the pending move and those becoming short or not are added here). The move cards only when the
        pending moves changed."""
        marks: dict[int, dict[int, str]] = {}
        if moves:
            m = moves[0]
            if m.from_seat:
                marks.setdefault(m.from_table, {})[int(m.from_seat)] = "from"
            if m.to_seat:
                marks.setdefault(m.to_table, {})[int(m.to_seat)] = "to"
        self.grid.set_marks(marks)
        self.grid.refresh(state, tables)
        if tables is None or moves != self._moves:
            self._show_moves(state, moves)
        seated = state.seated_count()
        count = ngettext("{count} table", "{count} tables", len(state.tables), count=fmt.chips(len(state.tables)))
        self.summary.setText(_("{tables} · {seated} seated · {waiting} waiting", tables=count,
                               seated=fmt.chips(seated), waiting=fmt.chips(len(state.waiting))))

    def _show_moves(self, state: TournamentState, moves: list[PendingMove]) -> None:
        if moves and len(moves) == len(self.cards) and len(self._moves) == len(moves):
            for card, move in zip(self.cards, moves, strict=True):  # as many moves as cards: new words only
                card.show_move(move, state)
            self._moves = list(moves)
            return
        self._moves = list(moves)
        while self.moves_layout.count():
            item = self.moves_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.cards = []
        for move in moves:
            card = MoveCard(move, state)
            card.move_clicked.connect(self.move_requested)
            self.moves_layout.addWidget(card)
            self.cards.append(card)
        if not moves:
            self.moves_layout.addWidget(QLabel(_("The tables are balanced.")))
        self.moves_layout.addStretch(1)
