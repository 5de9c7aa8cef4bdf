"""Correct the eliminator of a knockout (KO-6): pick the player knocked out, tick who really won the pot.

The dialog decides no rule: it lists the knockouts recorded (``app.views.knockouts``) and sends one
``correct_eliminator`` command; the engine says whether the money can still move.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.api import KnockoutRow
from app.commands.knockouts import CorrectEliminator
from app.i18n import _
from ui.feedback import Feedback
from ui.widgets.checklist import PlayerChecklist


class EliminatorDialog(QDialog):
    """Signals: submitted(object): the correct_eliminator command (its declaration); a refusal shows in ``feedback``."""

    submitted = Signal(object)

    def __init__(self, rows: tuple[KnockoutRow, ...], player_id: int | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Correct the eliminator"))
        self.rows = rows
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel(_("Knockout of:")))
        self.who = QComboBox()
        for row in rows:
            self.who.addItem(_("{name}, knocked out by {eliminators}", name=row.name,
                                eliminators=", ".join(row.by_names) or _("nobody named")), row.player_id)
        lay.addWidget(self.who)
        text = QLabel(_("Knocked out by (tick the winner of the pot; several when it was split; none: nobody known):"))
        text.setWordWrap(True)
        lay.addWidget(text)
        self.eliminators = PlayerChecklist()
        self.eliminators.setObjectName("eliminators")
        lay.addWidget(self.eliminators)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Move the bounty"))
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.buttons = buttons
        self.who.currentIndexChanged.connect(self._fill)
        index = next((i for i, r in enumerate(rows) if r.player_id == player_id), 0)
        self.who.setCurrentIndex(index)
        self._fill()
        self.setMinimumWidth(max(440, self.sizeHint().width()))

    def current(self) -> KnockoutRow | None:
        i = self.who.currentIndex()
        return self.rows[i] if 0 <= i < len(self.rows) else None

    def _fill(self) -> None:
        self.eliminators.clear()
        row = self.current()
        if row is None:
            return
        for pid, label in row.candidates:
            self.eliminators.add_player(pid, label, ticked=pid in row.by)

    def ticked(self) -> list[int]:
        return self.eliminators.ticked()

    def command(self) -> CorrectEliminator | None:
        """The knockout chosen with the eliminators ticked (None: no knockout chosen)."""
        row = self.current()
        if row is None:
            return None
        return CorrectEliminator(player=row.player_id, eliminated_by=list(self.ticked()))

    def _ok(self) -> None:
        cmd = self.command()
        if cmd is not None:
            self.submitted.emit(cmd)
