"""Money: the payout table, its lock (PAY-10) and the deal calculator."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from app.commands import Command
from app.commands.eliminations import LockPayouts, UnlockPayouts
from app.i18n import N_, _
from ui.control.parts import Shell
from ui.feedback import Feedback
from ui.runner import CommandRunner
from ui.session import Session

if TYPE_CHECKING:
    from ui.dialogs.deal import DealDialog


DONE: dict[type[Command], str] = {  # English words, shown translated
    LockPayouts: N_("Payouts locked: late entries no longer change them."),
    UnlockPayouts: N_("Payouts unlocked: they follow the entries again."),
}


class MoneyControl:
    """The payouts tab's actions; its answers in ``feedback`` (the tab's line)."""

    def __init__(self, session: Session, runner: CommandRunner, feedback: Feedback, shell: Shell) -> None:
        self.session, self.runner, self.feedback, self.shell = session, runner, feedback, shell
        self.deal_dialog: DealDialog | None = None  # the deal calculator, once opened (not modal)

    def act_edit_payouts(self) -> None:
        from ui.dialogs.payouts import PayoutDialog

        dialog = PayoutDialog(self.session.state, self.shell.parent)
        dialog.submitted.connect(lambda cmd: self.runner.run(cmd, self.feedback, _("Payout table changed.")))
        dialog.open()

    def run(self, cmd: Command) -> None:
        """A money command without fields (lock or unlock the payouts); the engine's words either way."""
        done = DONE.get(type(cmd))
        self.runner.run(cmd, self.feedback, _(done) if done else "")

    def act_deal_calculator(self) -> DealDialog:
        """Show the deal calculator (one at a time), filled in from the tournament as it is now."""
        from ui.dialogs.deal import DealDialog

        dialog = self.deal_dialog
        if dialog is None:
            def run(cmd: Command, feedback: Feedback, then: Callable[[list[Any]], object]) -> bool:
                return self.runner.run(cmd, feedback, then=then)

            dialog = DealDialog(lambda: self.session.state, self.shell.parent, run)
            dialog.finished.connect(lambda _code: self.shell.activate())  # the window's keys work again at once
            self.deal_dialog = dialog
        else:
            dialog.reload()
        dialog.show()  # a dialog stays above the window it belongs to
        dialog.activateWindow()
        return dialog
