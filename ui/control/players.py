"""Players: register, bust, and the one-player actions typed in the action bar ("Rebuy: Ann")."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QMenu

from app.api import WAITING, Event, Player, TournamentState, currency_of, knockouts, name_key, seat_views, views
from app.commands import Command, declaration
from app.commands.eliminations import Bust
from app.commands.entries import CheckIn, Register, RemovePreregistration
from app.commands.seating import UnlockSeat
from app.i18n import _
from db.signup_list import SignupFileError, preview_for, read_signups
from ui.command_map import bespoke, for_player, role_refusal, row_actions
from ui.control.parts import Shell
from ui.feedback import Feedback
from ui.lookup import one_player
from ui.overview import prize_of
from ui.roster_link import RosterLink
from ui.runner import CommandRunner
from ui.session import Session
from ui.texts import DECIDING_KEYS, deciding_text, money, place_text, status_word

if TYPE_CHECKING:
    from ui.dialogs.bust import BustDialog
    from ui.dialogs.eliminator import EliminatorDialog
    from ui.dialogs.signups import SignupImportDialog
    from ui.widgets.player_panel import PlayerPanel


def signup_files() -> str:
    return _("Sign-up lists (*.csv *.xlsx *.txt *.tsv);;All files (*)")


def ended_words(state: TournamentState, events: list[Event], said: str) -> str:
    """A bust's answer ``said``, with what a bust that ended the tournament adds: who won, or the seats
    awarded (SAT-3)."""
    kinds = {e.type for e in events}
    if "seats_won" in kinds:
        winners = views.summary(state).field.seat_winners
        return (_("{said} — the seats are awarded: {names}.", said=said, names=", ".join(winners)) if winners
                else _("{said} — the seats are awarded.", said=said))
    if "tournament_won" in kinds:
        winner = views.summary(state).field.winner
        return (_("{said} — the tournament is over: {name} wins.", said=said, name=winner) if winner
                else _("{said} — the tournament is over.", said=said))
    return said


class PlayersControl:
    """The action bar's actions. The bar's key is the engine command's name.

    ``roster``: the player roster a new name is remembered in (None: none); ``own_completion``: the
    register line completes from the roster itself; ``open_form``: a command's generated form, filled
    in; ``not_offered``: the purchases the profile does not offer (left out of a row's menu).
    """

    def __init__(self, session: Session, runner: CommandRunner, panel: PlayerPanel, shell: Shell,
                 roster: RosterLink | None, own_completion: Callable[[], bool],
                 open_form: Callable[[str, dict[str, Any]], None],
                 not_offered: Callable[[], frozenset[str]]) -> None:
        self.session, self.runner, self.panel, self.shell = session, runner, panel, shell
        self.roster, self.own_completion = roster, own_completion
        self.open_form, self.not_offered = open_form, not_offered
        self.bar = panel.action_bar
        # What the bar does with the text typed, by the bar's key (every other key: a one-player action);
        # the other controllers add theirs (a table to break, a level length, a hat draw).
        self.submits: dict[str, Callable[[str], None]] = {
            "register": self.submit_register,
            "bust": self.submit_bust,
            "check_in": self.check_in,
        }
        self.signup_dialog: SignupImportDialog | None = None
        panel.preregistered.check_in.connect(self.check_in)
        panel.preregistered.remove.connect(self.remove_preregistration)
        self.bust_dialog: BustDialog | None = None
        self.eliminator_dialog: EliminatorDialog | None = None
        view = panel.view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)
        self.menu: QMenu | None = None

    # -- starting an action ---------------------------------------------------------------------------
    def selected_name(self) -> str:
        p = self.selected_player()
        return p.name if p is not None else ""

    def act_register(self) -> None:
        if not self.own_completion():
            self.bar.begin("register", _("Register"), placeholder=_("new player's name"))
            return
        self.bar.begin("register", _("Register"), placeholder=_("name, or a few letters of a known player then Enter"),
                       own_completion=True)

    # -- pre-registration (REG-10) -------------------------------------------------------------------
    def act_import_signups(self) -> None:
        """Players > Import a sign-up list…: choose the file, then its preview."""
        path, _f = QFileDialog.getOpenFileName(self.shell.parent, _("Import a sign-up list"), "", signup_files())
        if path:
            self.import_signups_from(Path(path))

    def import_signups_from(self, path: Path) -> SignupImportDialog | None:
        """The preview of the sign-up list at ``path`` (matched to the roster and the tournament), in its
        dialog; a file that cannot be read is said in the status line and nothing opens."""
        from ui.dialogs.signups import SignupImportDialog

        try:
            rows = read_signups(path)
        except SignupFileError as err:
            self.shell.say(str(err), 10000)
            return None
        roster = self.roster.all_names() if self.roster is not None else []
        shown = preview_for(rows, self.session.state, roster)
        dialog = SignupImportDialog(self.runner, path.name, shown, self.shell.parent)
        dialog.finished.connect(lambda _code: self.shell.activate())
        self.signup_dialog = dialog
        dialog.open()
        return dialog

    def act_check_in(self) -> None:
        """Ctrl+I: "Check in: [name]", on the pre-registered name selected, completing from the list."""
        names = self.panel.preregistered.names()
        if not names:
            self.shell.say(_("Nobody is pre-registered: Players > Import a sign-up list… adds them."))
            return
        self.bar.begin("check_in", _("Check in"), self.panel.preregistered.selected(),
                       _("pre-registered player's name"), names=names)

    def check_in(self, text: str) -> None:
        """Check ``text`` in: registered (and paid, and seated after the draw) as a registration is."""
        state = self.session.state

        def done(_events: list[Event]) -> None:
            p = state.players.get(state.by_name.get(name_key(text), -1))
            name = p.name if p is not None else text.strip()
            if p is not None and p.status == WAITING:
                said = _("Checked in {name} — waiting for a seat.", name=name)
            elif p is not None and p.table:
                said = _("Checked in {name} — {status} T{table} S{seat}.", name=name, status=status_word(p.status),
                         table=p.table, seat=p.seat)
            else:
                said = _("Checked in {name}.", name=name)
            self.bar.feedback.done(said)
            self.bar.edit.clear()
            if self.roster is not None and p is not None:
                self.roster.remember(p.name)

        if not self.bar.isVisible():
            self.bar.begin("check_in", _("Check in"), text, names=self.panel.preregistered.names())
        self.runner.run(CheckIn(name_=text), self.bar.feedback, then=done)

    def remove_preregistration(self, name: str) -> None:
        self.runner.run(RemovePreregistration(name_=name), self.bar.feedback,
                        _("{name} is no longer pre-registered.", name=name))

    def act_find(self) -> None:
        self.panel.search.setFocus()
        self.panel.search.selectAll()

    def selected_player(self) -> Player | None:
        ids = self.panel.selected_ids()
        return self.session.state.players[ids[0]] if len(ids) == 1 else None

    def begin(self, command: str) -> None:
        """Open the action bar for the one-player action ``command``: on the player its row's ``who`` picks
        from the state (a rebuy: the first player still deciding; a seat: the first one waiting), else the
        selected player; a row taking a counted ``stack`` asks for it after the name."""
        b = bespoke(command)
        if b is None:
            return
        selected = self.selected_player()
        chosen = b.who(self.session.state, selected) if b.who is not None else selected
        name = chosen.name if chosen is not None else ""
        if b.stack:
            self.bar.begin(command, b.shown_title(), name, _("name, then the counted stack: Ana 700"))
            return
        self.bar.begin(command, b.shown_title(), name)

    def row_menu(self, player_id: int) -> QMenu:
        """The actions offered on a player's row (right click), in the places their rows give them (rebuy or
        out for a player still deciding), then his seat's lock."""
        menu = QMenu(self.panel.view)
        menu.setToolTipsVisible(True)
        p = self.session.state.players[player_id]
        role = self.session.role
        for b in row_actions(p):
            if b.command in self.not_offered():  # a freezeout offers no rebuy, no add-on
                continue
            act = menu.addAction(_("{action}: {name}", action=b.shown_title(), name=p.name) + f"\t{b.shortcut}")
            act.triggered.connect(partial(self.run_for, b.command, player_id))
            refusal = role_refusal(role, b.command)
            if refusal:  # greyed, saying who may
                act.setEnabled(False)
                act.setToolTip(refusal)
                act.setStatusTip(refusal)
        if p.live and p.table is not None and not p.deciding:  # LOCK-1: lock or unlock his seat
            reason = seat_views.locked(self.session.state, player_id)
            menu.addSeparator()
            if reason:
                act = menu.addAction(_("Unlock the seat: {name} (locked: {reason})", name=p.name, reason=reason))
                act.triggered.connect(partial(self.unlock_seat, player_id))
            else:
                act = menu.addAction(_("Lock the seat: {name}…", name=p.name))
                act.triggered.connect(partial(self.open_form, "lock_seat", {"player": p.name}))
            refusal = role_refusal(role, "unlock_seat" if reason else "lock_seat")
            if refusal:
                act.setEnabled(False)
                act.setToolTip(refusal)
                act.setStatusTip(refusal)
        return menu

    def unlock_seat(self, player_id: int) -> None:
        name = self.session.state.players[player_id].name
        self.runner.run(UnlockSeat(player=player_id), self.bar.feedback,
                        _("{name}'s seat is unlocked: balancing may move them again.", name=name))

    def run_for(self, command: str, player_id: int) -> None:
        """Run a one-player action for ``player_id`` (from the row's menu); the answer in the action bar."""
        b = bespoke(command)
        name = self.session.state.players[player_id].name
        if b is not None and b.runs is not None:  # its own path (a bust: the dialog when there are bounties)
            b.runs.row(self, player_id)
            return
        title = b.shown_title() if b else command
        self.bar.begin(command, title, name)
        self.runner.run(for_player(command, player_id), self.bar.feedback,
                        _("{action}: {name} — done.", action=title, name=name),
                        then=lambda _events: self.bar.edit.clear())

    def _context_menu(self, pos: QPoint) -> None:
        view = self.panel.view
        pid = self.panel.proxy.player_id(view.indexAt(pos).row())
        if pid is not None:
            self.menu = self.row_menu(pid)
            self.menu.popup(view.viewport().mapToGlobal(pos))

    def act_bust(self) -> None:
        """F8: the players selected who are still in (never one already out); several open one dialog."""
        state = self.session.state
        ids = [pid for pid in self.panel.selected_ids() if state.players[pid].live]
        if len(ids) > 1 or (ids and self.bounties()):
            self.open_bust_dialog(ids)
            return
        name = state.players[ids[0]].name if ids else ""
        self.bar.begin("bust", _("Bust-out"), name, _("name, or several: Ann, Bo"))

    def bust_picked(self, player_id: int) -> None:
        """One player out, picked on his row: the dialog asks who knocked him out (KO-1), else he is out."""
        if self.bounties():
            self.open_bust_dialog([player_id])
        else:
            self.bust(bust_command([player_id]))

    def bust_now(self, player_id: int) -> None:
        """One player out, picked in the palette: the bust runs, the answer in the action bar."""
        self.bust(bust_command([player_id]))

    def bounties(self) -> bool:
        """A tournament with bounties: every bust goes through the dialog, which picks the eliminator (KO-1)."""
        profile = self.session.state.profile
        return profile is not None and profile["bounty.kind"] != "none"

    def open_bust_dialog(self, ids: list[int]) -> None:
        """Several players out in one hand: one dialog listing them; the engine asks what it needs."""
        from ui.dialogs.bust import BustDialog

        dialog = BustDialog(self.session.state, ids, self.shell.parent)
        dialog.submitted.connect(lambda cmd: self.bust(cmd, dialog.feedback, then=lambda: dialog.accept()))
        dialog.finished.connect(lambda _code: self._bust_dialog_closed())
        self.bust_dialog = dialog
        dialog.open()

    def act_correct_eliminator(self) -> None:
        """KO-6: the knockout of the selected player (else the latest) with the wrong eliminator."""
        from ui.dialogs.eliminator import EliminatorDialog

        rows = knockouts(self.session.state)
        if not rows:
            self.bar.begin("bust", _("Bust-out"), placeholder=_("name, or several: Ann, Bo"))
            self.bar.feedback.refuse(_("No knockout is recorded yet: there is no eliminator to correct."))
            return
        ids = self.panel.selected_ids()
        dialog = EliminatorDialog(rows, ids[0] if ids else None, self.shell.parent)

        def run(cmd: Command) -> None:
            row = dialog.current()
            name = row.name if row is not None else ""
            self.runner.run(cmd, dialog.feedback, _("Eliminator of {name} corrected.", name=name),
                              then=lambda _events: dialog.accept())

        dialog.submitted.connect(run)
        self.eliminator_dialog = dialog
        dialog.open()

    def _bust_dialog_closed(self) -> None:
        """The selection was for that dialog: cleared, so the next F8 starts from nothing; keys work at once."""
        self.panel.view.clearSelection()
        self.shell.activate()

    # -- running ------------------------------------------------------------------------------------------
    def feedback_for(self, cmd: Command | dict[str, Any]) -> Feedback:
        """Where a command's answer is read when it came from the palette or a form: the action bar."""
        if not self.bar.isVisible():
            named = cmd.name() if isinstance(cmd, Command) else str(cmd.get("cmd"))
            who = getattr(cmd, "player", None) if isinstance(cmd, Command) else cmd.get("player")
            b = bespoke(named)
            if b is not None and b.player:
                player = self.session.state.players.get(who) if isinstance(who, int) else None
                self.bar.begin(b.command, b.title, player.name if player is not None else "")
        return self.bar.feedback

    def bust(self, cmd: Bust | dict[str, Any], feedback: Feedback | None = None,
             then: Callable[[], object] | None = None) -> bool:
        """Run a bust; a refusal shows where it was asked (the dialog stays open), the result in the bar."""
        bust = declaration(cmd)
        assert isinstance(bust, Bust)
        ids = list(bust.players or ([] if bust.player is None else [bust.player]))

        def done(events: list[Event]) -> None:
            if not self.bar.isVisible():
                self.bar.begin("bust", _("Bust-out"), placeholder=_("name, or several: Ann, Bo"))
            state = self.session.state
            words = []
            for pid in ids:
                p = state.players.get(pid) if isinstance(pid, int) else None
                if p is not None and p.place is not None:
                    cents = prize_of(state, p.id)
                    words.append(_("{name} out {place}, wins {prize}", name=p.name, place=place_text(p),
                                   prize=money(cents, currency_of(state))) if cents
                                 else _("{name} out {place}", name=p.name, place=place_text(p)))
                elif p is not None and p.deciding:
                    words.append(f"{deciding_text(p)} {_(DECIDING_KEYS)}")
                elif p is not None:
                    words.append(_("{name}: {status}", name=p.name, status=status_word(p.status)))
            self.bar.feedback.done(ended_words(state, events, "; ".join(words) or _("Bust recorded.")))
            self.bar.edit.clear()
            if then is not None:
                then()

        return self.runner.run(bust, feedback or self.feedback_for(bust), then=done)

    def submit(self, key: str, text: str) -> None:
        handler = self.submits.get(key)
        if handler is not None:
            handler(text)
        elif bespoke(key) is not None:
            self.submit_player_action(key, text)

    def submit_register(self, text: str) -> None:
        """Register ``text``; a name registered already but for its accents is the engine's question (REG-9)."""
        self.register(text)

    def register(self, text: str) -> None:
        state = self.session.state

        def done(_events: list[Event]) -> None:
            p = state.players.get(state.by_name.get(name_key(text), -1))
            name = text.strip()
            if p is not None and p.status == WAITING and p.entries:  # REG-3: paid, every seat taken
                said = _("Registered {name} — waiting: every seat is taken; F7 seats the entrant when one is free.",
                         name=name)
            elif p and p.table:
                said = _("Registered {name} — {status} T{table} S{seat}.", name=name, status=status_word(p.status),
                         table=p.table, seat=p.seat)
            else:
                said = _("Registered {name}.", name=name)
            self.bar.feedback.done(said)
            self.bar.edit.clear()
            if self.roster is not None:
                self.roster.remember(text.strip())

        self.runner.run(Register(name_=text, pay=True), self.bar.feedback, then=done)

    def submit_bust(self, text: str) -> None:
        ids = []
        for part in text.split(","):
            p, why = one_player(self.session.state, part)
            if p is None:
                self.bar.feedback.refuse(why)
                return
            ids.append(p.id)
        self.bust(bust_command(ids), self.bar.feedback)

    def submit_player_action(self, command: str, text: str) -> None:
        b = bespoke(command)
        state = self.session.state
        counted = player_and_stack(state, text) if b is not None and b.stack else None
        p, why = (counted[0], "") if counted is not None else one_player(state, text)
        if p is None or b is None:
            self.bar.feedback.refuse(why)
            return
        # his counted stack, when typed; without it the engine asks when the rule needs it
        cmd = for_player(command, p.id) if counted is None else for_player(command, p.id, stack=counted[1])
        self.runner.run(cmd, self.bar.feedback, _("{action}: {name} — done.", action=b.shown_title(), name=p.name),
                          then=lambda _events: self.bar.edit.clear())


def player_and_stack(state: TournamentState, text: str) -> tuple[Player, int] | None:
    """"Ana 700": the player Ana and her counted stack, 700; None when the text does not end in a number
    after a player's name (a name or number alone, or a name that itself ends in digits)."""
    head, _sep, tail = text.strip().rpartition(" ")
    if not head or not tail.isdigit() or state.by_name.get(name_key(text)) is not None:
        return None
    p, _why = one_player(state, head)
    return (p, int(tail)) if p is not None else None


def bust_command(player_ids: list[int]) -> Bust:
    """One bust command for the players named (one, or several in the same hand)."""
    if len(player_ids) == 1:
        return Bust(player=player_ids[0])
    return Bust(players=list(player_ids))
