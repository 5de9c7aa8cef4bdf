"""Several players busted in the same hand: one dialog, one ``bust`` command on OK.

The dialog decides no rule: it lists the players and sends the bust. When the engine needs more (for
example each player's chips at the start of the hand, ELIM-4), it asks, and the window shows its question.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from app.views.handles import TournamentState
from ui.widgets.player_panel import Feedback


class BustDialog(QDialog):
    """Lists the players busting in one hand.

    Signals:
        submitted(object): the bust command (a dict) to run; a refusal is shown in ``feedback``.
    """

    submitted = Signal(object)

    def __init__(self, state: TournamentState, player_ids: list[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Bust-out in the same hand")
        self.player_ids = list(player_ids)
        lay = QVBoxLayout(self)
        text = QLabel("These players lost all their chips in the same hand.")
        text.setWordWrap(True)
        lay.addWidget(text)
        form = QFormLayout()
        for pid in self.player_ids:
            p = state.players[pid]
            where = f"  (T{p.table} S{p.seat})" if p.table else ""
            form.addRow(QLabel(p.name + where))
        lay.addLayout(form)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(f"Bust {len(self.player_ids)} players")
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.buttons = buttons
        self.setMinimumWidth(max(420, self.sizeHint().width()))

    def showEvent(self, event: QShowEvent) -> None:
        """Once shown, the dialog never shrinks: a refusal below the list grows it, never collapses it."""
        super().showEvent(event)
        self.setMinimumSize(self.size())

    def command(self) -> dict[str, object]:
        return {"cmd": "bust", "players": list(self.player_ids)}

    def _ok(self) -> None:
        """The window runs the command and closes the dialog when the engine accepts it."""
        self.submitted.emit(self.command())
