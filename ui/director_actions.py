"""What the director's window does when asked: each slot builds one engine command and runs it.

A refusal shows the engine's own words next to where the director acted; an unexpected error is
logged and shown as one sentence, and the tournament stays as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit, QTextEdit

from app.errors import RuleError
from app.names import name_key
from ui import commands
from ui.actions import PLAYER_ACTIONS, player_action
from ui.errors import log_unexpected, short_message, store_message
from ui.lookup import one_player
from ui.overview import PendingMove, prize_of
from ui.texts import money, place_text
from ui.widgets.player_panel import Feedback

if TYPE_CHECKING:
    from ui.director import DirectorWindow


class DirectorActions:
    """Mixed into :class:`~ui.director.DirectorWindow`; every ``act_*`` is a menu entry and shortcut."""

    display: Any = None

    # -- the one way to change the tournament -------------------------------------------------------
    def run(self: DirectorWindow, cmd: dict[str, Any], feedback: Feedback | None = None, done: str = "") -> bool:
        target = feedback or self.player_panel.action_bar.feedback
        if feedback is None and not self.player_panel.action_bar.isVisible():
            self._open_bar_for(cmd)  # from the palette or a dialog: the answer needs a visible line
        self.snapshot_seats(cmd)
        try:
            self.session.execute(cmd)
        except RuleError as err:
            target.refuse(err.message)
            return False
        except Exception as exc:  # the store's words (read-only, disk full) or a bug: logged, one sentence
            said = store_message(exc)
            if said is None:
                log_unexpected(exc, f"command {cmd!r}")
            target.refuse(said or short_message(exc))
            self.store_failed(exc)
            self.refresh()
            return False
        if done:
            target.done(done)
        return True

    def _open_bar_for(self: DirectorWindow, cmd: dict[str, Any]) -> None:
        """Show the action bar as the action ``cmd`` is, with its player, so its answer can be read."""
        key, title = ("bust", "Bust-out") if cmd.get("cmd") == "bust" else ("", "")
        action = next((a for a in PLAYER_ACTIONS if a.command == cmd.get("cmd")), None)
        if action is not None:
            key, title = action.key, action.title
        player = self.session.state.players.get(cmd.get("player", -1))
        if key:
            self.player_panel.action_bar.begin(key, title, player.name if player is not None else "")

    # -- players ----------------------------------------------------------------------------------------
    def _selected_name(self: DirectorWindow) -> str:
        ids = self.player_panel.selected_ids()
        return self.session.state.players[ids[0]].name if len(ids) == 1 else ""

    def act_register(self: DirectorWindow) -> None:
        bar = self.player_panel.action_bar
        if self.roster_completion is None:
            bar.begin("register", "Register", placeholder="new player's name")
            return
        bar.begin("register", "Register", placeholder="name, or a few letters of a known player then Enter",
                  own_completion=True)

    def act_find(self: DirectorWindow) -> None:
        self.player_panel.search.setFocus()
        self.player_panel.search.selectAll()

    def begin_player_action(self: DirectorWindow, key: str) -> None:
        action = player_action(key)
        if action is not None:
            self.player_panel.action_bar.begin(key, action.title, self._selected_name())

    def act_bust(self: DirectorWindow) -> None:
        ids = self.player_panel.selected_ids()
        if len(ids) > 1:
            self.open_bust_dialog(ids)
            return
        self.player_panel.action_bar.begin("bust", "Bust-out", self._selected_name(), "name, or several: Ann, Bo")

    def open_bust_dialog(self: DirectorWindow, ids: list[int]) -> None:
        """Several players out in one hand: one dialog (their starting stacks when the profile asks)."""
        from ui.dialogs.bust import BustDialog

        dialog = BustDialog(self.session.state, ids, self)
        dialog.submitted.connect(lambda cmd: self.bust(cmd, dialog.feedback) and dialog.accept())
        dialog.finished.connect(lambda _code: self.activateWindow())  # the keys work again at once
        self.bust_dialog = dialog
        dialog.open()

    def bust(self: DirectorWindow, cmd: dict[str, Any], feedback: Feedback | None = None) -> bool:
        """Run a bust; a refusal shows where it was asked (the dialog stays open), the result in the bar."""
        ids = cmd.get("players") or [cmd.get("player")]
        if not self.run(cmd, feedback):
            return False
        if not self.player_panel.action_bar.isVisible():
            self.player_panel.action_bar.begin("bust", "Bust-out", placeholder="name, or several: Ann, Bo")
        state = self.session.state
        words = []
        for pid in ids:
            p = state.players.get(pid) if isinstance(pid, int) else None
            if p is not None and p.place is not None:
                cents = prize_of(state, p.id)
                prize = f", wins {money(cents)}" if cents else ""
                words.append(f"{p.name} out {place_text(p)}{prize}")
            elif p is not None:
                words.append(f"{p.name}: {p.status}")
        self.player_panel.action_bar.feedback.done("; ".join(words) or "Bust recorded.")
        return True

    def submit_player_action(self: DirectorWindow, key: str, text: str) -> None:
        bar = self.player_panel.action_bar
        state = self.session.state
        if key == "register":
            if self.run(commands.register(text), bar.feedback):
                p = state.players.get(state.by_name.get(name_key(text), -1))
                seat = f" — {p.status} T{p.table} S{p.seat}" if p and p.table else ""
                bar.feedback.done(f"Registered {text.strip()}{seat}.")
                bar.edit.clear()
                if self.roster is not None:
                    self.roster.remember(text.strip())
            return
        if key == "break":
            if text.isdigit():
                self.run(commands.break_table(int(text)), bar.feedback, f"Table {text} broken.")
            return
        if key == "length":
            if text.isdigit():
                self.run(commands.clock("length", int(text)), bar.feedback, f"Levels now last {text} minutes.")
            return
        if key == "hat":
            from ui.overview import clock_info

            level = clock_info(state, self.session.now()).level + 1
            self.run(commands.hat_draw(level, text), bar.feedback, f"Level {level} will play {text}.")
            return
        if key == "bust":
            ids = []
            for part in text.split(","):
                p, why = one_player(state, part)
                if p is None:
                    bar.feedback.refuse(why)
                    return
                ids.append(p.id)
            profile = state.profile
            if len(ids) > 1 and profile is not None and profile["elim.same_hand"] == "stack_order":
                self.open_bust_dialog(ids)  # the engine ranks them by their starting stacks: ask them
            elif self.bust(commands.bust(ids)):
                bar.edit.clear()
            return
        action = player_action(key)
        if action is None:
            return
        name, _, rest = text.partition(":")
        p, why = one_player(state, name)
        if p is None:
            bar.feedback.refuse(why)
            return
        if self.run(action.build(p.id, rest), bar.feedback, f"{action.title}: {p.name} — done."):
            bar.edit.clear()

    # -- tables ------------------------------------------------------------------------------------------
    def act_seat_draw(self: DirectorWindow) -> None:
        fb = self.tables_tab.feedback
        if self.run(commands.seat_draw(), fb):
            state = self.session.state
            fb.done(f"Seat draw done: {state.seated_count():,} players at {len(state.tables)} tables.")
            self.tabs.setCurrentWidget(self.tables_tab)

    def act_move(self: DirectorWindow) -> None:
        if self.pending:
            self.make_move(self.pending[0])
        else:
            self.tables_tab.feedback.done("No move is pending: the tables are balanced.")

    def make_move(self: DirectorWindow, move: PendingMove) -> None:
        text = move.text(self.session.state).removeprefix("Balance: ")
        self.run(move.command, self.tables_tab.feedback, f"Done: {text}. Move slip: Ctrl+P.")

    def drop_move(self: DirectorWindow, player_id: int, table: int, seat: int) -> None:
        name = self.session.state.players[player_id].name
        self.run(commands.move(player_id, table, seat), self.tables_tab.feedback, f"{name} moved to T{table} S{seat}.")

    def act_break_table(self: DirectorWindow) -> None:
        self.player_panel.action_bar.begin("break", "Break table", placeholder="table number")

    def act_redraw(self: DirectorWindow) -> None:
        self.run(commands.redraw(), self.tables_tab.feedback, "All seats redrawn.")

    # -- clock -------------------------------------------------------------------------------------------
    def clock_action(self: DirectorWindow, key: str) -> None:
        if key == "length":
            self.player_panel.action_bar.begin("length", "Level length", placeholder="minutes")
            return
        if key == "hat":
            self.player_panel.action_bar.begin("hat", "Hat draw", placeholder="game for the next level, e.g. razz")
            return
        self.run(commands.clock(key), self.clock_tab.feedback)
        self.tick()

    def jump_to_level(self: DirectorWindow, level: int) -> None:
        self.run({"cmd": "jump_to_level", "level": level}, self.clock_tab.feedback, f"Level {level} starts now.")
        self.tick()

    def act_clock_toggle(self: DirectorWindow) -> None:
        from ui.overview import clock_info

        info = clock_info(self.session.state, self.session.now())
        self.clock_action("start" if not info.started else "pause" if info.running else "resume")

    def act_next_level(self: DirectorWindow) -> None:
        self.clock_action("next")

    def act_previous_level(self: DirectorWindow) -> None:
        self.clock_action("previous")

    def act_add_minute(self: DirectorWindow) -> None:
        self.clock_action("add")

    def act_remove_minute(self: DirectorWindow) -> None:
        self.clock_action("remove")

    # -- history, look, palette, display ---------------------------------------------------------------
    def _typing(self: DirectorWindow) -> bool:
        w = QApplication.focusWidget()
        return isinstance(w, QLineEdit | QTextEdit | QPlainTextEdit | QAbstractSpinBox)

    def act_undo(self: DirectorWindow) -> None:
        self._history_step("undo")

    def act_redo(self: DirectorWindow) -> None:
        self._history_step("redo")

    def _history_step(self: DirectorWindow, which: str) -> None:
        """Undo or redo the last action through the store's own history (never while typing)."""
        if self._typing():
            return
        try:
            label = self.session.undo() if which == "undo" else self.session.redo()
        except RuleError as err:
            self.history_tab.feedback.refuse(err.message)
            return
        except Exception as exc:  # a read-only file: the store says so
            said = store_message(exc)
            if said is None:
                raise
            self.statusBar().showMessage(said, 8000)
            self.store_failed(exc)
            return
        self.statusBar().showMessage(f"{'Undone' if which == 'undo' else 'Redone'}: {label}", 5000)

    def act_toggle_dark(self: DirectorWindow) -> None:
        from ui import theme

        app = QApplication.instance()
        if isinstance(app, QApplication):
            dark = not bool(app.property("floormanDark"))
            app.setProperty("floormanDark", dark)
            theme.apply(app, dark)

    def act_backup(self: DirectorWindow) -> None:
        backup = getattr(self.session.backend, "backup_now", None)
        if backup is None:
            self.statusBar().showMessage("This tournament is not saved to a file yet; nothing to back up.", 5000)
            return
        try:
            made = backup()
        except Exception as exc:  # the store's words: the disk is full, the folder cannot be written
            said = store_message(exc)
            if said is None:
                raise
            self.store_banner.refuse(said)
            return
        self.statusBar().showMessage(f"Backed up to {made}", 5000)

    def act_palette(self: DirectorWindow) -> None:
        from ui.palette import CommandPalette

        CommandPalette(self).popup()

    def act_room_display(self: DirectorWindow) -> None:
        from ui.display_link import open_room_display

        self.display = open_room_display(self.session, self.display)

    def act_deal_calculator(self: DirectorWindow) -> None:
        from ui.dialogs.deal import open_deal_calculator

        open_deal_calculator(self)

    def act_edit_payouts(self: DirectorWindow) -> None:
        from ui.dialogs.payouts import PayoutDialog

        dialog = PayoutDialog(self.session.state, self)
        dialog.submitted.connect(lambda cmd: self.run(cmd, self.payouts_tab.feedback, "Payout table changed."))
        dialog.open()
