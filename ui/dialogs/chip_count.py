"""A chip count for one table: one spin box per seated player, sent as the engine's ``chip_count``.

The dialog decides no rule. A count that does not add up is flagged by the engine (its differences are
shown here, with "Accept as counted", which sends ``accept_chip_count``); a question the engine asks
comes through the window's runner like any other.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.api import Event, TournamentState, fmt
from app.commands import Command
from app.commands.chips import AcceptChipCount, ChipCount
from app.i18n import _, ngettext
from ui.feedback import Feedback

Run = Callable[[Command, Feedback, Callable[[list[Event]], object]], bool]


class ChipCountDialog(QDialog):
    """Pick a table, type each seated player's counted chips, Enter sends the count."""

    def __init__(self, state: TournamentState, run: Run, table: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Chip count"))
        self.state = state
        self.run = run
        self.table = QComboBox()
        for n in sorted(state.tables):
            population = state.tables[n].population
            self.table.addItem(ngettext("Table {table} ({n} player)", "Table {table} ({n} players)", population,
                                        table=n), n)
        if table is not None and table in state.tables:
            self.table.setCurrentIndex(sorted(state.tables).index(table))
        self.table.currentIndexChanged.connect(lambda _i: self._fill())
        self.form = QFormLayout()
        self.spins: dict[int, QSpinBox] = {}
        self.feedback = Feedback()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Enter the count"))
        self.accept_button = QPushButton(_("&Accept as counted"))
        self.accept_button.setToolTip(_("Record this count although it does not add up (a correction)."))
        self.accept_button.hide()
        self.accept_button.clicked.connect(self._accept_flagged)
        self.buttons.addButton(self.accept_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.table)
        lay.addLayout(self.form)
        lay.addWidget(self.feedback)
        lay.addWidget(self.buttons)
        self._fill()
        self.setMinimumWidth(380)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.setMinimumSize(self.size())  # a message below never collapses the dialog

    def _fit_feedback(self) -> None:
        """The message below grew a line: the dialog grows with it, never cutting its end off."""
        lay = self.layout()
        if lay is not None and lay.hasHeightForWidth():
            need = lay.totalHeightForWidth(self.width())
            if need > self.height():
                self.resize(self.width(), need)

    def current_table(self) -> int | None:
        value = self.table.currentData()
        return int(value) if value is not None else None

    def _fill(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.spins = {}
        self.accept_button.hide()
        self.feedback.hide()
        n = self.current_table()
        if n is None:
            return
        for seat, pid in sorted(self.state.tables[n].seats.items()):
            p = self.state.players[pid]
            spin = QSpinBox()
            spin.setRange(0, 2_000_000_000)
            spin.setGroupSeparatorShown(True)
            spin.setValue(p.stack)
            spin.valueChanged.connect(lambda _v: self._recounted())
            self.form.addRow(_("S{seat} {name}", seat=seat, name=p.name), spin)
            self.spins[pid] = spin

    def command(self) -> ChipCount:
        return ChipCount(counts={pid: spin.value() for pid, spin in self.spins.items()})

    def _ok(self) -> None:
        self.run(self.command(), self.feedback, self._done)

    def _done(self, events: list[Event]) -> None:
        flagged = next((e for e in events if e.type == "chip_count_flagged"), None)
        if flagged is None:
            self.accept()
            return
        differences = [(t, d) for t, d in flagged.data["differences"] if d]
        diffs = ", ".join(_("table {table}: {difference}", table=t, difference=("+" if d > 0 else "") + fmt.chips(d))
                          for t, d in differences)
        self.feedback.refuse(_("The count does not add up ({differences}). Count again, or accept it as counted "
                               "(Enter).", differences=diffs))
        self.accept_button.show()
        self.accept_button.setDefault(True)  # Enter now accepts it; a figure typed again makes Enter count again

    def _recounted(self) -> None:
        """A figure typed again: the refusal or the differences shown were about the figures before it."""
        self.feedback.outdated(_("Before the change:"))
        self._fit_feedback()
        if self.accept_button.isVisible():
            self.accept_button.hide()
            self.accept_button.setDefault(False)
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)

    def _accept_flagged(self) -> None:
        self.run(AcceptChipCount(), self.feedback, lambda _events: self.accept())
