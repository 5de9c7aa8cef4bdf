"""The deal calculator: what each player still in would take under ICM or a chip chop.

Figuring changes nothing (ELIM-6): the players and their stacks come from the tournament and the
director types the counted stacks over them. When the players agree, "Record this deal…" sends the
engine's ``record_deal`` (PAY-11) through the window's runner, after a confirmation; the engine
replaces the prizes in play and the window offers the deal sheet to sign. Every figure shown is
:mod:`app.eliminations.deal`'s; a refusal shows the engine's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import (
    CHIP_CHOP,
    ICM,
    Deal,
    DealPlayer,
    RuleError,
    TournamentState,
    currency_of,
    deal_for_state,
    deal_players,
    prizes_in_play,
)
from app.commands import Command
from app.commands.eliminations import RecordDeal
from ui.feedback import Feedback
from ui.texts import chips, money, ordinal

# Runs a command through the window (questions, refusals, the store): (command, feedback, then) -> went through
Run = Callable[[Command, Feedback, Callable[[list[Any]], object]], bool]

COLUMNS = ("Player", "Chips", "% of chips", "Amount")
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class DealDialog(QDialog):
    """Non-modal; ``source`` gives the tournament's current state (read when opened and on "Reload")."""

    def __init__(self, source: Callable[[], TournamentState], parent: QWidget | None = None,
                 run: Run | None = None) -> None:
        super().__init__(parent)
        self.run = run
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
        self.record_button = QPushButton("Record this deal…")
        self.record_button.setToolTip("The players agreed: record the deal. It replaces the prizes in play "
                                      "(undo with Ctrl+Z) and the deal sheet is offered to print and sign.")
        self.record_button.clicked.connect(self.confirm_record)
        self.record_button.setVisible(run is not None)
        self.confirm: QMessageBox | None = None
        close_button = QPushButton("Close")
        close_button.clicked.connect(self.close)
        for button in (reload_button, copy_button, self.record_button, close_button):
            button.setAutoDefault(False)  # Enter after a typed stack figures it; it never reloads the stacks
        form = QFormLayout()
        form.addRow("Method", self.method)
        form.addRow("Left to play for", self.save)
        buttons = QHBoxLayout()
        buttons.addWidget(reload_button)
        buttons.addStretch(1)
        buttons.addWidget(copy_button)
        buttons.addWidget(self.record_button)
        buttons.addWidget(close_button)
        lay = QVBoxLayout(self)
        note = QLabel("Figuring changes nothing: type the counted stacks over the ones shown. When the players "
                      "agree, record the deal; it replaces the prizes in play.")
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
            self.record_button.setEnabled(False)
            return
        self.deal = deal
        self.record_button.setEnabled(self.state.deal is None)
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

    # -- recording ------------------------------------------------------------------------------------
    def command(self) -> RecordDeal:
        """The engine's ``record_deal`` for the deal shown: the method, the counted stacks, what is left."""
        return RecordDeal(method=str(self.method.currentData()),
                          chips={str(pid): chips for pid, chips in self.stacks().items()},
                          save_cents=round(self.save.value() * 100))

    def confirm_record(self) -> QMessageBox | None:
        """Ask once (the amounts in the question), then record; Esc or No changes nothing."""
        if self.deal is None or self.run is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, "Record the deal",
                          "Record this deal? It replaces the prizes in play:\n\n" + self._amounts()
                          + "\n\nCtrl+Z in the window undoes it.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.accepted.connect(self.record)
        self.confirm = box
        box.open()
        return box

    def _amounts(self) -> str:
        deal = self.deal
        if deal is None:
            return ""
        lines = [f"{ln.name}: {money(ln.amount_cents, self.currency)}" for ln in deal.lines]
        if deal.save_cents:
            lines.append(f"Left to play for (to the winner): {money(deal.save_cents, self.currency)}")
        return "\n".join(lines)

    def record(self) -> bool:
        if self.run is None:
            return False
        return self.run(self.command(), self.feedback, lambda _events: self._recorded())

    def _recorded(self) -> None:
        self.reload()
        self.record_button.setEnabled(False)
        self.feedback.done("Deal recorded: the prizes are replaced. The deal sheet is offered to print and sign.")
