"""Money: the payout table, its lock (PAY-10) and the deal calculator."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.director import DirectorWindow


class MoneyControl:
    def __init__(self, window: DirectorWindow) -> None:
        self.w = window

    def act_edit_payouts(self) -> None:
        from ui.dialogs.payouts import PayoutDialog

        dialog = PayoutDialog(self.w.session.state, self.w)
        dialog.submitted.connect(lambda cmd: self.w.runner.run(cmd, self.w.payouts_tab.feedback,
                                                               "Payout table changed."))
        dialog.open()

    def run(self, command: str) -> None:
        """A money command without fields (lock or unlock the payouts); the engine's words either way."""
        done = {"lock_payouts": "Payouts locked: late entries no longer change them.",
                "unlock_payouts": "Payouts unlocked: they follow the entries again."}.get(command, "")
        self.w.runner.run({"cmd": command}, self.w.payouts_tab.feedback, done)

    def act_deal_calculator(self) -> None:
        from ui.dialogs.deal import open_deal_calculator

        open_deal_calculator(self.w)
