"""Several players busted in the same hand: one dialog, one ``bust`` command on OK."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.views.handles import TournamentState
from ui import commands
from ui.widgets.player_panel import Feedback


class BustDialog(QDialog):
    """Lists the players; asks their starting stacks when the profile ranks same-hand busts by them.

    Signals:
        submitted(object): the bust command (a dict) to run; a refusal is shown in ``feedback``.
    """

    submitted = Signal(object)

    def __init__(self, state: TournamentState, player_ids: list[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Bust-out in the same hand")
        self.player_ids = list(player_ids)
        assert state.profile is not None
        self.needs_stacks = state.profile["elim.same_hand"] == "stack_order" and len(player_ids) > 1
        lay = QVBoxLayout(self)
        intro = (
            "Enter each player's chips at the start of the hand: the smaller stack finishes lower."
            if self.needs_stacks
            else "These players busted in the same hand and share their places."
        )
        text = QLabel(intro)
        text.setWordWrap(True)
        lay.addWidget(text)
        form = QFormLayout()
        self.stacks: dict[int, QSpinBox] = {}
        for pid in self.player_ids:
            p = state.players[pid]
            where = f"  (T{p.table} S{p.seat})" if p.table else ""
            if self.needs_stacks:
                spin = QSpinBox()
                spin.setRange(0, 2_000_000_000)
                spin.setSingleStep(100)
                spin.setValue(p.stack)
                self.stacks[pid] = spin
                form.addRow(p.name + where, spin)
            else:
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

    def command(self) -> dict[str, object]:
        stacks = {pid: spin.value() for pid, spin in self.stacks.items()} if self.needs_stacks else None
        return commands.bust(self.player_ids, stacks)

    def _ok(self) -> None:
        """The window runs the command and closes the dialog when the engine accepts it."""
        self.submitted.emit(self.command())
