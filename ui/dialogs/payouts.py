"""Editing the payout table: the director changes amounts per place; one command on OK."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.api import TournamentState, currency_of, fmt
from app.commands.eliminations import SetPayouts
from app.i18n import _
from ui.overview import payout_amounts
from ui.texts import money, ordinal


class PayoutDialog(QDialog):
    """Signals:
    submitted(object): the ``set_payouts`` command to run.
    """

    submitted = Signal(object)

    def __init__(self, state: TournamentState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Payout table"))
        self.pool = state.pool_cents
        self.currency = currency_of(state)
        self.form = QFormLayout()
        self.spins: list[QDoubleSpinBox] = []
        for cents in payout_amounts(state) or [0]:
            self._add(cents)
        self.total = QLabel()
        add = QPushButton(_("Add a place"))
        add.clicked.connect(lambda: self._add(0))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(_("Prize pool: {amount}", amount=money(self.pool, self.currency))))
        lay.addLayout(self.form)
        lay.addWidget(add)
        lay.addWidget(self.total)
        lay.addWidget(buttons)
        self._update_total()

    def _add(self, cents: int) -> None:
        spin = QDoubleSpinBox()
        spin.setRange(0, 100_000_000)
        spin.setDecimals(2)
        spin.setPrefix(fmt.symbol(self.currency))  # the tournament's own money
        spin.setDecimals(fmt.decimals(self.currency))  # a yen has no cents
        spin.setValue(cents / 10 ** fmt.decimals(self.currency))
        spin.valueChanged.connect(self._update_total)
        self.spins.append(spin)
        self.form.addRow(ordinal(len(self.spins)), spin)

    def amounts(self) -> list[int]:
        return [round(s.value() * 10 ** fmt.decimals(self.currency)) for s in self.spins if s.value() > 0]

    def _update_total(self) -> None:
        total = sum(self.amounts())
        self.total.setText(_("Total: {total} of {pool}", total=money(total, self.currency),
                             pool=money(self.pool, self.currency)))

    def _ok(self) -> None:
        self.accept()
        self.submitted.emit(SetPayouts(amounts_cents=self.amounts()))
