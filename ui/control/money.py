"""Money: the payout table and the deal calculator."""

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

    def act_deal_calculator(self) -> None:
        from ui.dialogs.deal import open_deal_calculator

        open_deal_calculator(self.w)
