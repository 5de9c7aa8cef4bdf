"""ENT-12: the window writes every amount in the tournament's currency, as the sheets and the display do."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.engine import Tournament
from app.profiles.profile import load_profile
from tests.ui.conftest import NAMES, open_window
from ui.dialogs.deal import DealDialog
from ui.dialogs.payouts import PayoutDialog
from ui.session import Session


def _euro_session(clock) -> Session:
    t = Tournament.create(load_profile("tda"), name="Euro night", time=clock, seed=3)
    t.execute({"cmd": "change_settings", "settings": {"money.currency": "EUR"}})
    for name in NAMES[:12]:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    return Session.in_memory(t)


def test_ent_12_payouts_deal_and_player_list_write_euros(qtbot, clock):
    session = _euro_session(clock)
    window = open_window(qtbot, session)
    payouts = PayoutDialog(session.state, window)
    qtbot.addWidget(payouts)
    assert "€" in payouts.total.text() and "$" not in payouts.total.text()
    deal = DealDialog(lambda: session.state, window)
    qtbot.addWidget(deal)
    assert "€" in deal.prizes.text() and "$" not in deal.prizes.text()
    model = window.players
    paid = [model.data(model.index(row, col), Qt.ItemDataRole.DisplayRole)
            for row in range(model.rowCount()) for col in range(model.columnCount())]
    amounts = [str(v) for v in paid if isinstance(v, str) and any(c in v for c in "$€")]
    assert amounts and all("€" in a for a in amounts), amounts
    window.close()


def test_ent_12_yen_are_typed_whole_in_the_payouts_and_deal_dialogs(qtbot, clock):
    """A yen has no cents: the payouts' and the deal's amounts are whole yen, and ¥1,500 typed is 1,500 of
    the tournament's minor units (not 150,000, as a dialog counting hundredths would read it)."""
    t = Tournament.create(load_profile("tda"), name="Tokyo", time=clock, seed=3)
    t.execute({"cmd": "change_settings", "settings": {"money.currency": "JPY", "money.buy_in_cents": 5000}})
    for name in NAMES[:12]:
        t.execute({"cmd": "register", "name": name})
    session = Session.in_memory(t)
    payouts = PayoutDialog(session.state)
    qtbot.addWidget(payouts)
    first = payouts.spins[0]
    assert first.decimals() == 0 and first.prefix() == "¥"
    first.setValue(1500)
    assert payouts.amounts()[0] == 1500
    deal = DealDialog(lambda: session.state)
    qtbot.addWidget(deal)
    assert deal.save.decimals() == 0
