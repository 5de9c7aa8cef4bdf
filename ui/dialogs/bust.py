"""A bust-out: one dialog, one ``bust`` command on OK.

Used when several players busted in the same hand, and for any bust in a tournament with bounties. The
dialog decides no rule: it lists the players busting and, for the knockouts (KO-1), the players with
chips at their table, to tick the one who won the pot (several when the pot was split). Nobody ticked
leaves ``eliminated_by`` out: where it matters the engine asks, and the window shows its question.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from app.api import TournamentState, currency_of, money
from app.commands import PlayerRef
from app.commands.eliminations import Bust
from app.i18n import _, ngettext
from ui.feedback import Feedback
from ui.widgets.checklist import PlayerChecklist


def eliminator_candidates(state: TournamentState, player_ids: list[int]) -> list[int]:
    """The players with chips at the busting players' tables (seat order), who may have won the pot."""
    busting = set(player_ids)
    tables: set[int] = set()
    for pid in player_ids:
        number = state.players[pid].table
        if number is not None:
            tables.add(number)
    out: list[int] = []
    for number in sorted(tables):
        table = state.tables.get(number)
        if table is None:
            continue
        for _seat, pid in sorted(table.seats.items()):
            p = state.players[pid]
            if pid not in busting and p.live and not p.deciding:
                out.append(pid)
    return out


class BustDialog(QDialog):
    """Lists the players busting in one hand, and who knocked them out.

    Signals:
        submitted(object): the bust command (its declaration) to run; a refusal is shown in ``feedback``.
    """

    submitted = Signal(object)

    def __init__(self, state: TournamentState, player_ids: list[int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        several = len(player_ids) > 1
        self.setWindowTitle(_("Bust-out in the same hand") if several else _("Bust-out"))
        self.player_ids = list(player_ids)
        lay = QVBoxLayout(self)
        text = QLabel(_("These players lost all their chips in the same hand.") if several
                      else _("This player lost all their chips."))
        text.setWordWrap(True)
        lay.addWidget(text)
        form = QFormLayout()
        bounties = state.profile is not None and state.profile["bounty.kind"] != "none"
        for pid in self.player_ids:
            p = state.players[pid]
            where = "  " + _("(T{table} S{seat})", table=p.table, seat=p.seat) if p.table else ""
            bounty = ("  · " + _("bounty {amount}", amount=money(p.bounty_cents, currency_of(state)))
                      if bounties and p.bounty_cents else "")
            form.addRow(QLabel(p.name + where + bounty))
        lay.addLayout(form)
        who = QLabel(_("Knocked out by (tick the winner of the pot; several when it was split; none: the engine asks "
                       "where a bounty rides on it):") if bounties else
                     _("Knocked out by (tick the winner of the pot; several when it was split; none: the engine asks "
                       "only where a bounty rides on it):"))
        who.setWordWrap(True)
        lay.addWidget(who)
        self.eliminators = PlayerChecklist()
        self.eliminators.setObjectName("eliminators")
        for pid in eliminator_candidates(state, self.player_ids):
            p = state.players[pid]
            self.eliminators.add_player(pid, f"{p.name}  " + _("(T{table} S{seat})", table=p.table, seat=p.seat)
                                        if p.table else p.name)
        self.eliminators.setMaximumHeight(min(260, 26 * max(3, self.eliminators.count()) + 8))
        lay.addWidget(self.eliminators)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(ngettext("Bust {n} player", "Bust {n} players", len(self.player_ids)) if several
                   else _("Bust {name}", name=state.players[player_ids[0]].name))
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.buttons = buttons
        self.setMinimumWidth(max(420, self.sizeHint().width()))

    def showEvent(self, event: QShowEvent) -> None:
        """Once shown, the dialog never shrinks: a refusal below the list grows it, never collapses it."""
        super().showEvent(event)
        self.setMinimumSize(self.size())

    def ticked(self) -> list[int]:
        """The players ticked as eliminators, in the list's order."""
        return self.eliminators.ticked()

    def command(self) -> Bust:
        """The bust of the players listed (one, or several in the hand), with the eliminators ticked."""
        by: list[PlayerRef] | None = list(self.ticked()) or None
        if len(self.player_ids) == 1:
            return Bust(player=self.player_ids[0], eliminated_by=by)
        return Bust(players=list(self.player_ids), eliminated_by=by)

    def _ok(self) -> None:
        """The window runs the command and closes the dialog when the engine accepts it."""
        self.submitted.emit(self.command())
