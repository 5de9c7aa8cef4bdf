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

from babel.numbers import format_percent
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
    fmt,
    prizes_in_play,
)
from app.commands import Command
from app.commands.eliminations import RecordDeal
from app.i18n import N_, _, locale_id
from ui.feedback import Feedback
from ui.texts import chips, money, ordinal

# Runs a command through the window (questions, refusals, the store): (command, feedback, then) -> went through
Run = Callable[[Command, Feedback, Callable[[list[Any]], object]], bool]

COLUMNS = (N_("Player"), N_("Chips"), N_("% of chips"), N_("Amount"))
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def percent(share: Any) -> str:
    """A share of the chips as the language writes a percentage: ``12.5%`` (French ``12,5 %``)."""
    here = locale_id()
    if here == "en":
        return f"{float(share * 100):.1f}%"
    return str(format_percent(float(share), format="#,##0.0%", locale=here))


class DealDialog(QDialog):
    """Non-modal; ``source`` gives the tournament's current state (read when opened and on "Reload")."""

    def __init__(self, source: Callable[[], TournamentState], parent: QWidget | None = None,
                 run: Run | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self.setWindowTitle(_("Deal calculator"))
        self.setModal(False)
        self.resize(640, 540)
        self.source = source
        self.deal: Deal | None = None
        self.players: list[DealPlayer] = []
        self.spins: list[QSpinBox] = []
        self.cells: list[tuple[QTableWidgetItem, QTableWidgetItem]] = []  # (% of chips, amount) per row
        self.method = QComboBox()
        self.method.addItem("ICM", ICM)
        self.method.addItem(_("Chip chop"), CHIP_CHOP)
        self.save = QDoubleSpinBox()
        self.save.setRange(0, 100_000_000)
        self.save.setDecimals(2)
        self.save.setPrefix("$")
        self.save.setKeyboardTracking(False)
        self.save.setToolTip(_("Kept aside for the winner of the play that goes on; the rest is split now."))
        self.prizes = QLabel()
        self.prizes.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.total = QLabel()
        self.feedback = Feedback()
        reload_button = QPushButton(_("Reload from the tournament"))
        reload_button.clicked.connect(self.reload)
        copy_button = QPushButton(_("Copy"))
        copy_button.setToolTip(_("Copy the deal as text, to paste or print."))
        copy_button.clicked.connect(self.copy)
        self.record_button = QPushButton(_("Record this deal…"))
        self.record_button.setToolTip(_("The players agreed: record the deal. It replaces the prizes in play "
                                        "(undo with Ctrl+Z) and the deal sheet is offered to print and sign."))
        self.record_button.clicked.connect(self.confirm_record)
        self.record_button.setVisible(run is not None)
        self.confirm: QMessageBox | None = None
        close_button = QPushButton(_("Close"))
        close_button.clicked.connect(self.close)
        for button in (reload_button, copy_button, self.record_button, close_button):
            button.setAutoDefault(False)  # Enter after a typed stack figures it; it never reloads the stacks
        form = QFormLayout()
        form.addRow(_("Method"), self.method)
        form.addRow(_("Left to play for"), self.save)
        buttons = QHBoxLayout()
        buttons.addWidget(reload_button)
        buttons.addStretch(1)
        buttons.addWidget(copy_button)
        buttons.addWidget(self.record_button)
        buttons.addWidget(close_button)
        lay = QVBoxLayout(self)
        note = QLabel(_("Figuring changes nothing: type the counted stacks over the ones shown. When the players "
                        "agree, record the deal; it replaces the prizes in play."))
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
        self.save.setPrefix(fmt.symbol(self.currency))  # the tournament's own money, in any language
        self.save.setDecimals(fmt.decimals(self.currency))  # a yen has no cents
        self.players = deal_players(state)
        prizes = prizes_in_play(state)
        # Each place with its amount on one line: a long list wraps between the places, never inside one.
        shown = " · ".join(_("{place} {amount}", place=ordinal(i + 1), amount=money(c, self.currency))
                           .replace(" ", "\u00a0") for i, c in enumerate(prizes) if c)
        self.prizes.setText(_("Prizes in play: {prizes} — total {total}", prizes=shown or _("none"),
                              total=money(sum(prizes), self.currency)))
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
        save = self.save_cents()
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
        split = money(deal.split_cents, self.currency)
        self.total.setText(_("Split now: {split} · left to play for: {kept} (to the winner)", split=split,
                             kept=money(deal.save_cents, self.currency)) if deal.save_cents
                           else _("Split now: {split}", split=split))

    def _show_lines(self, deal: Deal | None) -> None:
        for row, (share, amount) in enumerate(self.cells):
            line = deal.lines[row] if deal is not None else None
            share.setText(percent(line.chip_share) if line else "")
            amount.setText(money(line.amount_cents, self.currency) if line else "")

    def text(self) -> str:
        """The deal as plain lines, to read out or paste."""
        if self.deal is None:
            return ""
        title = "ICM" if self.deal.method == ICM else _("Chip chop")
        lines = [_("Deal ({method}) — {tournament}", method=title, tournament=self.state.name)]
        for ln in self.deal.lines:
            share = percent(ln.chip_share)
            lines.append(f"{ln.name}\t{chips(ln.chips)}\t{share}\t{money(ln.amount_cents, self.currency)}")
        if self.deal.save_cents:
            lines.append(_("Left to play for (to the winner)") + f"\t{money(self.deal.save_cents, self.currency)}")
        return "\n".join(lines)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.text())

    # -- recording ------------------------------------------------------------------------------------
    def command(self) -> RecordDeal:
        """The engine's ``record_deal`` for the deal shown: the method, the counted stacks, what is left."""
        return RecordDeal(method=str(self.method.currentData()),
                          chips={str(pid): chips for pid, chips in self.stacks().items()},
                          save_cents=self.save_cents())

    def save_cents(self) -> int:
        """What is left to play for, in the currency's minor units (a yen has none)."""
        return int(round(self.save.value() * 10 ** fmt.decimals(self.currency)))

    def confirm_record(self) -> QMessageBox | None:
        """Ask once (the amounts in the question), then record; Esc or No changes nothing."""
        if self.deal is None or self.run is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, _("Record the deal"),
                          _("Record this deal? It replaces the prizes in play:\n\n{amounts}\n\n"
                            "Ctrl+Z in the window undoes it.", amounts=self._amounts()),
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
            lines.append(_("Left to play for (to the winner): {amount}", amount=money(deal.save_cents, self.currency)))
        return "\n".join(lines)

    def record(self) -> bool:
        if self.run is None:
            return False
        return self.run(self.command(), self.feedback, lambda _events: self._recorded())

    def _recorded(self) -> None:
        self.reload()
        self.record_button.setEnabled(False)
        self.feedback.done(_("Deal recorded: the prizes are replaced. The deal sheet is offered to print and sign."))
