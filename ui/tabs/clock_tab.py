"""The Clock & Structure tab: the clock large, the current and next level, and the clock's controls."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.api import TournamentState
from app.i18n import N_, _
from ui.feedback import Feedback
from ui.models.structure import StructureModel
from ui.overview import ClockInfo

BUTTONS = (
    ("start", N_("Start (F5)")),
    ("pause", N_("Pause (F5)")),
    ("resume", N_("Resume (F5)")),
    ("previous", N_("Previous level (Ctrl+←)")),
    ("next", N_("Next level (Ctrl+→)")),
    ("add", N_("+1 minute (Ctrl+↑)")),
    ("remove", N_("−1 minute (Ctrl+↓)")),
    ("length", N_("Change level length…")),
    ("hat", N_("Draw the next game from the hat")),
    ("edit", N_("Edit structure…")),
)


PRINT_BUTTONS = (("structure", N_("Print the structure…")), ("chip-race", N_("Chip-race sheets…")))


class ClockTab(QWidget):
    """Signals:
    clock_action(str): one of start, pause, resume, previous, next, add, remove, length, hat, edit.
    print_requested(str): a sheet name (structure, chip-race).
    jump_requested(int): the director double-clicked a level of the structure to go to it.
    """

    clock_action = Signal(str)
    print_requested = Signal(str)
    jump_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.time = QLabel("--:--")
        self.time.setAlignment(Qt.AlignmentFlag.AlignCenter)
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 6)
        big.setBold(True)
        self.time.setFont(big)
        self.level = QLabel()
        self.level.setAlignment(Qt.AlignmentFlag.AlignCenter)
        mid = QFont(self.font())
        mid.setPointSizeF(mid.pointSizeF() * 1.6)
        self.level.setFont(mid)
        self.next = QLabel()
        self.next.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.next.setObjectName("dim")
        self.feedback = Feedback()
        self.buttons: dict[str, QPushButton] = {}
        grid = QGridLayout()
        for i, (key, text) in enumerate(BUTTONS):
            b = QPushButton(_(text))
            b.clicked.connect(lambda _=False, k=key: self.clock_action.emit(k))
            self.buttons[key] = b
            grid.addWidget(b, i // 3, i % 3)
        row = (len(BUTTONS) + 2) // 3
        for i, (sheet, text) in enumerate(PRINT_BUTTONS):
            b = QPushButton(_(text))
            b.clicked.connect(lambda _=False, s=sheet: self.print_requested.emit(s))
            self.buttons[sheet] = b
            grid.addWidget(b, row, i)
        self.structure = StructureModel(self)
        self.structure_view = QTableView()
        self.structure_view.setModel(self.structure)
        self.structure_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.structure_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.structure_view.verticalHeader().hide()
        self.structure_view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.structure_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.structure_view.horizontalHeader().setStretchLastSection(True)
        self.structure_view.setToolTip(_("Double-click a level to go to its start"))
        self.structure_view.doubleClicked.connect(self._jump)
        self._structure_key: tuple[object, ...] = ()
        lay = QVBoxLayout(self)
        lay.addWidget(self.time)
        lay.addWidget(self.level)
        lay.addWidget(self.next)
        lay.addSpacing(8)
        lay.addLayout(grid)
        lay.addWidget(self.feedback)
        lay.addWidget(self.structure_view, 1)

    def _jump(self, index: QModelIndex) -> None:
        level = self.structure.level_at(index.row())
        if level is not None:
            self.jump_requested.emit(level)

    def show_structure(self, state: TournamentState, level: int) -> None:
        """Refill the structure table when the structure, the games drawn or the level changed."""
        from app.api import views

        view = views.structure_json(state)
        games = views.level_games(state)
        key = (view.get("id"), len(view.get("levels", [])), tuple(sorted(games.items())), level,
               tuple(lv.get("minutes") for lv in view.get("levels", [])))
        if key == self._structure_key:
            return
        self._structure_key = key
        self.structure.refresh(view, level, games)
        row = self.structure.row_of_level(level)
        if row is not None:
            self.structure_view.scrollTo(self.structure.index(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter)

    def show_clock(self, info: ClockInfo) -> None:
        self.time.setText(info.time_text)
        head = _("Break") if info.on_break else _("Level {number}", number=info.level)
        parts = [head, info.game, info.blinds, f"({info.state_text})"]
        self.level.setText("  ·  ".join(p for p in parts if p))
        self.next.setText(_("Next: {what}", what=info.next_text) if info.next_text else "")
        self.buttons["start"].setVisible(not info.started)
        self.buttons["pause"].setVisible(info.started and info.running)
        self.buttons["resume"].setVisible(info.started and not info.running)
