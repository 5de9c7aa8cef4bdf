"""Tables: the seat draw, the pending balancing move, a dropped seat, breaking and redrawing tables."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMessageBox

from app.api import fmt
from ui.overview import PendingMove

if TYPE_CHECKING:
    from app.api import Event
    from ui.dialogs.chip_count import ChipCountDialog
    from ui.dialogs.last_balance import LastBalanceDialog
    from ui.director import DirectorWindow
    from ui.widgets.player_panel import Feedback


class TablesControl:
    def __init__(self, window: DirectorWindow) -> None:
        self.w = window
        self.feedback = window.tables_tab.feedback
        self.redraw_box: QMessageBox | None = None
        self.chip_count_dialog: ChipCountDialog | None = None
        self.last_balance_dialog: LastBalanceDialog | None = None

    def act_seat_draw(self) -> None:
        def done(_events: object) -> None:
            state = self.w.session.state
            seated, tables = fmt.count(state.seated_count(), "player"), fmt.count(len(state.tables), "table")
            self.feedback.done(f"Seat draw done: {seated} at {tables}.")
            self.w.tabs.setCurrentWidget(self.w.tables_tab)

        self.w.runner.run({"cmd": "seat_all"}, self.feedback, then=done)

    def act_move(self) -> None:
        if self.w.pending:
            self.make_move(self.w.pending[0])
        else:
            self.feedback.done("No move is pending: the tables are balanced.")

    def make_move(self, pending: PendingMove) -> None:
        if pending.kind == "seat" and pending.player_id is not None:  # REG-3: the waiting entrant's seat
            pid = pending.player_id

            def seated(_events: object) -> None:
                p = self.w.session.state.players[pid]
                self.feedback.done(f"Done: {p.name} seated at T{p.table} S{p.seat}. Seating slip: Ctrl+P.")

            self.w.runner.run(dict(pending.command), self.feedback, then=seated)
            return
        text = pending.text(self.w.session.state).removeprefix("Balance: ")
        self.w.runner.run(dict(pending.command), self.feedback, f"Done: {text}. Move slip: Ctrl+P.")

    def drop_move(self, player_id: int, table: int, seat: int) -> None:
        name = self.w.session.state.players[player_id].name
        cmd = {"cmd": "move", "player": player_id, "table": table, "seat": seat}
        self.w.runner.run(cmd, self.feedback, f"{name} moved to T{table} S{seat}.")

    def act_chip_count(self, table: int | None = None) -> ChipCountDialog:
        """One spin box per seated player of a table, sent as the engine's chip count."""
        from ui.dialogs.chip_count import ChipCountDialog

        def run(cmd: dict[str, Any], feedback: Feedback, then: Callable[[list[Event]], object]) -> bool:
            return self.w.runner.run(cmd, feedback, then=then)

        dialog = ChipCountDialog(self.w.session.state, run, table, self.w)
        dialog.accepted.connect(lambda: self.feedback.done(f"Chip count of table {dialog.current_table()} entered."))
        dialog.finished.connect(lambda _code: self.w.activateWindow())
        self.chip_count_dialog = dialog
        dialog.open()
        return dialog

    def act_hand_for_hand(self) -> None:
        """Start hand-for-hand (or end it when it is on); the strip says "Hand for hand" meanwhile."""
        on = not self.w.session.state.hand_for_hand
        self.w.runner.run({"cmd": "hand_for_hand", "on": on}, self.feedback,
                          "Hand for hand: every table plays one hand at a time." if on else "Hand for hand ended.")

    def act_break_table(self) -> None:
        self.w.player_panel.action_bar.begin("break_table", "Break table", placeholder="table number")

    def submit_break(self, text: str) -> None:
        if text.isdigit():
            self.w.runner.run({"cmd": "break_table", "table": int(text)}, self.w.player_panel.action_bar.feedback,
                              f"Table {text} broken.")

    def confirm_redraw(self) -> QMessageBox:
        """The Redraw button, Ctrl+Shift+R, the palette: every seat changes, so ask first (Enter redraws,
        Esc leaves the seats as they are)."""
        state = self.w.session.state
        box = QMessageBox(QMessageBox.Icon.Question, "Redraw all seats",
                          f"Redraw all {fmt.count(state.seated_count(), 'player')} at "
                          f"{fmt.count(len(state.tables), 'table')}? Every seat changes.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self.w)
        box.button(QMessageBox.StandardButton.Yes).setText("Redraw")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(self.act_redraw)
        box.finished.connect(lambda _code: self.w.activateWindow())
        self.redraw_box = box
        box.open()
        return box

    def act_last_balance(self) -> LastBalanceDialog:
        """Tables > Show the last balance (BAL-6): its moves and breaks, and its move slips printed again."""
        from ui.dialogs.last_balance import LastBalanceDialog
        from ui.printing.jobs import SheetJob

        def print_slips(moves: list[dict[str, Any]]) -> None:
            self.w.printing.print_sheet(SheetJob("moves", "Move slips", {"moves": moves}, "the last balance, again"))

        dialog = LastBalanceDialog(self.w.session.state, print_slips, self.w)
        dialog.finished.connect(lambda _code: self.w.activateWindow())
        self.last_balance_dialog = dialog
        dialog.open()
        return dialog

    def act_redraw(self) -> None:
        """Redraw now (asked first by :meth:`confirm_redraw`)."""
        self.w.runner.run({"cmd": "redraw"}, self.feedback, "All seats redrawn.")
