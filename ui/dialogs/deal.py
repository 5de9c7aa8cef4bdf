"""The deal calculator: what each player still in would take under ICM or a chip chop.

A calculator only (ELIM-6): it runs no command and changes nothing. The players and their stacks
come from the tournament; the director types the counted stacks over them. Every figure shown is
:mod:`app.eliminations.deal`'s; a refusal shows the engine's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.errors import RuleError
from app.views import currency_of
from app.views.deal import CHIP_CHOP, ICM, Deal, DealPlayer, deal_for_state, deal_players, prizes_in_play
from app.views.handles import TournamentState
from ui.texts import chips, money, ordinal
from ui.widgets.player_panel import Feedback

if TYPE_CHECKING:
    from ui.director import DirectorWindow

COLUMNS = ("Player", "Chips", "% of chips", "Amount")
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class DealDialog(QDialog):
    """Non-modal; ``source`` gives the tournament's current state (read when opened and on "Reload")."""

    def __init__(self, source: Callable[[], TournamentState], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Deal calculator")
        self.setModal(False)
        self.resize(640, 540)
        self.source = source
        self.deal: Deal | None = None
        self.players: list[DealPlayer] = []
        self.spins: list[QSpinBox] = []
        self.cells: list[tuple[QTableWidgetItem, QTableWidgetItem]] = []  # (% of chips, amount) per row
        self.method = QComboBox()
        self.method.addItem("ICM", ICM)
        self.method.addItem("Chip chop", CHIP_CHOP)
        self.save = QDoubleSpinBox()
        self.save.setRange(0, 100_000_000)
        self.save.setDecimals(2)
        self.save.setPrefix("$")
        self.save.setKeyboardTracking(False)
        self.save.setToolTip("Kept aside for the winner of the play that goes on; the rest is split now.")
        self.prizes = QLabel()
        self.prizes.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.total = QLabel()
        self.feedback = Feedback()
        reload_button = QPushButton("Reload from the tournament")
        reload_button.clicked.connect(self.reload)
        copy_button = QPushButton("Copy")
        copy_button.setToolTip("Copy the deal as text, to paste or print.")
        copy_button.clicked.connect(self.copy)
        close_button = QPushButton("Close")
        close_button.clicked.connect(self.close)
        for button in (reload_button, copy_button, close_button):
            button.setAutoDefault(False)  # Enter after a typed stack figures it; it never reloads the stacks
        form = QFormLayout()
        form.addRow("Method", self.method)
        form.addRow("Left to play for", self.save)
        buttons = QHBoxLayout()
        buttons.addWidget(reload_button)
        buttons.addStretch(1)
        buttons.addWidget(copy_button)
        buttons.addWidget(close_button)
        lay = QVBoxLayout(self)
        note = QLabel("A calculator only: the deal is between the players, and the tournament is not changed. "
                      "Type the counted stacks over the ones shown.")
        note.setWordWrap(True)
        lay.addWidget(note)
        lay.addLayout(form)
        lay.addWidget(self.prizes)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.total)
        lay.addWidget(self.feedback)
        lay.addLayout(buttons)
        self.method.currentIndexChanged.connect(lambda _i: self.recalculate())
        self.save.valueChanged.connect(lambda _v: self.recalculate())
        self.reload()

    # -- filling in ---------------------------------------------------------------------------------
    def reload(self) -> None:
        """The players still in, their stacks and the prizes in play, as the tournament has them now."""
        state = self.source()
        self.state = state
        self.currency = currency_of(state)
        self.players = deal_players(state)
        prizes = prizes_in_play(state)
        shown = " · ".join(f"{ordinal(i + 1)} {money(c, self.currency)}" for i, c in enumerate(prizes) if c)
        self.prizes.setText(f"Prizes in play: {shown or 'none'} — total {money(sum(prizes), self.currency)}")
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.players))
        self.spins, self.cells = [], []
        for row, p in enumerate(self.players):
            self.table.setItem(row, 0, QTableWidgetItem(p.name))
            spin = QSpinBox()
            spin.setRange(0, 2_000_000_000)
            spin.setGroupSeparatorShown(True)
            spin.setAlignment(RIGHT)
            spin.setFrame(False)
            spin.setKeyboardTracking(False)  # figured once the stack is typed, not at every digit
            spin.setValue(p.chips)
            spin.valueChanged.connect(lambda _v: self.recalculate())
            self.table.setCellWidget(row, 1, spin)
            self.spins.append(spin)
            share, amount = QTableWidgetItem(), QTableWidgetItem()
            for col, item in ((2, share), (3, amount)):
                item.setTextAlignment(RIGHT)
                self.table.setItem(row, col, item)
            self.cells.append((share, amount))
        self.table.blockSignals(False)
        self.recalculate()

    def stacks(self) -> dict[int, int]:
        return {p.player: spin.value() for p, spin in zip(self.players, self.spins)}

    def recalculate(self) -> None:
        method = str(self.method.currentData())
        save = round(self.save.value() * 100)
        try:
            deal = deal_for_state(self.state, self.stacks(), method, save)
        except RuleError as err:
            self.deal = None
            self.feedback.refuse(err.message)
            self._show_lines(None)
            self.total.setText("")
            return
        self.deal = deal
        self.feedback.hide()
        self._show_lines(deal)
        kept = (f" · left to play for: {money(deal.save_cents, self.currency)} (to the winner)"
                if deal.save_cents else "")
        self.total.setText(f"Split now: {money(deal.split_cents, self.currency)}{kept}")

    def _show_lines(self, deal: Deal | None) -> None:
        for row, (share, amount) in enumerate(self.cells):
            line = deal.lines[row] if deal is not None else None
            share.setText(f"{float(line.chip_share * 100):.1f}%" if line else "")
            amount.setText(money(line.amount_cents, self.currency) if line else "")

    def text(self) -> str:
        """The deal as plain lines, to read out or paste."""
        if self.deal is None:
            return ""
        title = "ICM" if self.deal.method == ICM else "Chip chop"
        lines = [f"Deal ({title}) — {self.state.name}"]
        for ln in self.deal.lines:
            share = f"{float(ln.chip_share * 100):.1f}%"
            lines.append(f"{ln.name}\t{chips(ln.chips)}\t{share}\t{money(ln.amount_cents, self.currency)}")
        if self.deal.save_cents:
            lines.append(f"Left to play for (to the winner)\t{money(self.deal.save_cents, self.currency)}")
        return "\n".join(lines)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.text())


def open_deal_calculator(window: DirectorWindow) -> DealDialog:
    """Show the window's deal calculator (one at a time), filled in from the tournament as it is now."""
    dialog = window.deal_dialog
    if dialog is None:
        dialog = DealDialog(lambda: window.session.state, window)
        dialog.finished.connect(lambda _code: window.activateWindow())  # the window's keys work again at once
        window.deal_dialog = dialog
    else:
        dialog.reload()
    dialog.show()  # a dialog stays above the window it belongs to
    dialog.activateWindow()
    return dialog
