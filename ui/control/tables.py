"""Tables: the seat draw, the pending balancing move, a dropped seat, breaking and redrawing tables."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMessageBox, QWidget

from app.api import CATALOGUE, views
from app.commands import Command
from app.commands.balancing import BreakTable, Move, Redraw
from app.commands.eliminations import HandForHand
from app.commands.seating import SeatAll
from app.i18n import _
from ui.control.parts import Shell
from ui.feedback import Feedback
from ui.overview import PendingMove
from ui.printing.jobs import SheetJob
from ui.runner import CommandRunner
from ui.session import Session
from ui.texts import at_tables_words, players_words

if TYPE_CHECKING:
    from app.api import Event
    from ui.dialogs.chip_count import ChipCountDialog
    from ui.dialogs.judge import JudgeDialog
    from ui.dialogs.last_balance import LastBalanceDialog
    from ui.tabs.tables_tab import TablesTab
    from ui.widgets.player_panel import ActionBar


class TablesControl:
    """The tables tab's actions. ``pending`` gives the balancing moves the tab shows (the first is F7's);
    ``print_sheet`` hands a sheet to the printing."""

    def __init__(self, session: Session, runner: CommandRunner, tab: TablesTab, bar: ActionBar,
                 show_tab: Callable[[QWidget], None], pending: Callable[[], list[PendingMove]],
                 print_sheet: Callable[[SheetJob], object], shell: Shell) -> None:
        self.session, self.runner, self.tab, self.bar = session, runner, tab, bar
        self.show_tab, self.pending, self.print_sheet, self.shell = show_tab, pending, print_sheet, shell
        self.feedback = tab.feedback
        self.redraw_box: QMessageBox | None = None
        self.chip_count_dialog: ChipCountDialog | None = None
        self.last_balance_dialog: LastBalanceDialog | None = None
        self.judge_dialog: JudgeDialog | None = None

    def act_seat_draw(self) -> None:
        def done(_events: object) -> None:
            state = self.session.state
            self.feedback.done(_("Seat draw done: {players} {at_tables}.", players=players_words(state.seated_count()),
                                 at_tables=at_tables_words(len(state.tables))))
            self.show_tab(self.tab)

        self.runner.run(SeatAll(), self.feedback, then=done)

    def act_move(self) -> None:
        pending = self.pending()
        if pending:
            self.make_move(pending[0])
        else:
            self.feedback.done(_("No move is pending: the tables are balanced."))

    def make_move(self, pending: PendingMove) -> None:
        if pending.kind == "seat" and pending.player_id is not None:  # REG-3: the waiting entrant's seat
            pid = pending.player_id

            def seated(_events: object) -> None:
                p = self.session.state.players[pid]
                self.feedback.done(_("Done: {name} seated at T{table} S{seat}. Seating slip: Ctrl+P.", name=p.name,
                                     table=p.table, seat=p.seat))

            self.runner.run(dict(pending.command), self.feedback, then=seated)
            return
        text = pending.text(self.session.state).removeprefix("Balance: ")
        self.runner.run(dict(pending.command), self.feedback, _("Done: {move}. Move slip: Ctrl+P.", move=text))

    def drop_move(self, player_id: int, table: int, seat: int) -> None:
        name = self.session.state.players[player_id].name
        self.runner.run(Move(player=player_id, table=table, seat=seat), self.feedback,
                        _("{name} moved to T{table} S{seat}.", name=name, table=table, seat=seat))

    def act_chip_count(self, table: int | None = None) -> ChipCountDialog:
        """One spin box per seated player of a table, sent as the engine's chip count."""
        from ui.dialogs.chip_count import ChipCountDialog

        def run(cmd: Command, feedback: Feedback, then: Callable[[list[Event]], object]) -> bool:
            return self.runner.run(cmd, feedback, then=then)

        dialog = ChipCountDialog(self.session.state, run, table, self.shell.parent)
        dialog.accepted.connect(lambda: self.feedback.done(
            _("Chip count of table {table} entered.", table=dialog.current_table())))
        dialog.finished.connect(lambda _code: self.shell.activate())
        self.chip_count_dialog = dialog
        dialog.open()
        return dialog

    def act_hand_for_hand(self) -> None:
        """Start hand-for-hand (or end it when it is on); the strip says "Hand for hand" meanwhile."""
        on = not self.session.state.hand_for_hand
        self.runner.run(HandForHand(on=on), self.feedback,
                        _("Hand for hand: every table plays one hand at a time.") if on else _("Hand for hand ended."))

    def act_break_table(self) -> None:
        self.bar.begin("break_table", _("Break table"), placeholder=_("table number"))

    def submit_break(self, text: str) -> None:
        if text.isdigit():
            self.runner.run(BreakTable(table=int(text)), self.bar.feedback,
                            _("Table {table} broken.", table=text))

    def confirm_redraw(self) -> QMessageBox:
        """The Redraw button, Ctrl+Shift+R, the palette: every seat changes, so ask first (Enter redraws,
        Esc leaves the seats as they are)."""
        state = self.session.state
        box = QMessageBox(QMessageBox.Icon.Question, _("Redraw all seats"),
                          _("Redraw all {players} {at_tables}? Every seat changes.",
                            players=players_words(state.seated_count()), at_tables=at_tables_words(len(state.tables))),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self.shell.parent)
        box.button(QMessageBox.StandardButton.Yes).setText(_("Redraw"))
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(self.act_redraw)
        box.finished.connect(lambda _code: self.shell.activate())
        self.redraw_box = box
        box.open()
        return box

    def act_last_balance(self) -> LastBalanceDialog:
        """Tables > Show the last balance (BAL-6): its moves and breaks, and its move slips printed again."""
        from ui.dialogs.last_balance import LastBalanceDialog

        def print_slips(moves: list[dict[str, Any]]) -> None:
            self.print_sheet(SheetJob("moves", _("Move slips"), {"moves": moves}, _("the last balance, again")))

        dialog = LastBalanceDialog(self.session.state, print_slips, self.shell.parent)
        dialog.finished.connect(lambda _code: self.shell.activate())
        self.last_balance_dialog = dialog
        dialog.open()
        return dialog

    def act_judge(self) -> JudgeDialog:
        """Tables > Judge a showdown… (docs/judge.md): the games the profile deals first, the game being played
        picked, the profile's odd-chip rule; one dialog, kept with its last hand, never changing the tournament."""
        from ui.dialogs.judge import JudgeDialog

        dialog = self.judge_dialog
        if dialog is None:
            state = self.session.state
            settings = state.profile.settings if state.profile is not None else {}
            dealt = [g for g in settings.get("mix.games", ()) if g in CATALOGUE]
            games = dealt + [g for g in CATALOGUE if g not in dealt]
            raw = views.clock_at(state, self.session.now()).raw.get("game") if state.profile is not None else None
            playing = str(raw.get("id")) if isinstance(raw, Mapping) else (dealt[0] if dealt else None)
            seats = int(settings.get("table.max_seats", 10))
            dialog = JudgeDialog(games, playing, str(settings.get("pot.odd_chip", "tda20")), max(seats, 2),
                                 self.shell.parent)
            dialog.finished.connect(lambda _code: self.shell.activate())
            self.judge_dialog = dialog
        dialog.show()
        dialog.activateWindow()
        return dialog

    def act_redraw(self) -> None:
        """Redraw now (asked first by :meth:`confirm_redraw`)."""
        self.runner.run(Redraw(), self.feedback, _("All seats redrawn."))
