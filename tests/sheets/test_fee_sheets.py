"""Fees by type on the money trail, the payout sheet and the receipts (ENT-11)."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from sheets import render
from tests.sheets.conftest import pdf_text

FEES = {"buy_in": {"house": 300, "dealer": 200}, "rebuy": {"staff": 100}}


def _game() -> Tournament:
    clock = FakeClock(1_790_000_000.0)
    t = Tournament.create(load_profile("home-rebuy"), name="Fee Night", time=clock, seed=3)
    t.execute({"cmd": "change_settings", "settings": {"money.fees": FEES}})
    for name in ("Ann", "Bob", "Cat", "Dev"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "withdraw", "player": "Dev"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    clock.advance(60)
    t.execute({"cmd": "bust", "player": "Ann", "rebuy": True})
    return t


def test_ent_11_money_trail_balances_with_fees_by_type():
    t = _game()
    st = t.state
    assert (st.pool_cents, st.fees_cents) == (8000, 1600)
    assert st.fees_by_type == {"house": 900, "dealer": 600, "staff": 100}
    text = " ".join(pdf_text(render("money", t)).split())
    assert "Buy-in + house and dealer fees" in text
    assert "Rebuy + staff fees" in text
    assert "Dealer fees, after refunds $6.00" in text and "Staff fees, after refunds $1.00" in text
    assert "equals the prize pool and the fees to the cent" in text
    assert "The money log agrees" in text


def test_ent_11_payout_sheet_and_receipts_name_the_fees():
    t = _game()
    text = " ".join(pdf_text(render("payouts", t)).split())
    assert "fees $16.00 (not prize money)" in text
    text = " ".join(pdf_text(render("receipts", t, {"blank": True})).split())
    assert "are not prize money" in text


def test_pay_8_pay_9_payout_sheet_says_the_rounding_and_the_minimum_cash_in_the_currency():
    clock = FakeClock(1_790_000_000.0)
    t = Tournament.create(load_profile("tda"), name="Shaped", time=clock, seed=3)
    t.execute({"cmd": "change_settings", "settings": {
        "money.currency": "EUR", "payout.round_to_cents": 500, "payout.min_cash_cents": 2000}})
    for i in range(30):
        t.execute({"cmd": "register", "name": f"Player {i}"})
    text = pdf_text(render("payouts", t, {}))
    assert "Prizes are rounded to €5.00, the remainder to 1st." in text
    assert "Every paid place pays at least €20.00." in text
    assert "$" not in text
