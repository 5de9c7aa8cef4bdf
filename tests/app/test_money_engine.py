"""Fees per purchase (ENT-11), payout shaping (PAY-7 to PAY-9), payout lock and deals (PAY-10, PAY-11)."""

from __future__ import annotations

import pytest

from app.errors import RuleError
from app.profiles.profile import validate_settings
from tests.app.money_kit import enter, make


@pytest.mark.parametrize(
    ("fees", "words"),
    [
        ([], "must be an object"),
        ({"buyin": {"house": 100}}, "unknown purchase kind 'buyin'"),
        ({"buy_in": {"tips": 100}}, "unknown fee type 'tips'"),
        ({"buy_in": {"house": -1}}, "buy_in.house: must be a whole number of cents"),
        ({"rebuy": {"house": 1.5}}, "rebuy.house: must be a whole number of cents"),
    ],
)
def test_ent_11_fee_settings_are_checked(fees, words):
    with pytest.raises(RuleError) as err:
        validate_settings({"money.fees": fees})
    assert words in err.value.message and "money.fees" in err.value.message


def test_ent_11_buy_in_fees_by_type():
    t = make("tda", **{"money.fees": {"buy_in": {"house": 1000, "dealer": 500}}})
    enter(t, "Ann")
    assert t.state.fees_cents == 1500
    assert t.state.players[1].fees_paid == {"house": 1000, "dealer": 500}


def test_ent_11_a_refund_gives_the_fees_back():
    t = make("tda", **{"money.fees": {"buy_in": {"house": 1000, "staff": 200}}})
    enter(t, "Ann", "Bob")
    t.execute({"cmd": "withdraw", "player": "Ann"})
    assert t.state.fees_by_type == {"house": 1000, "staff": 200}
    money = t.view("money")["money"]
    assert money["log_totals"]["fee"] == t.state.fees_cents == 1200


def test_ent_11_simulate_reports_fees():
    from app.tools.simulate import Simulation, run_simulation

    out = run_simulation(Simulation(12, seed=1, profile="home-nl"))
    assert out["fees_cents"] == 0
