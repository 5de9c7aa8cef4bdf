"""Payout tables, rounding, ties and odd cents (PAY-1 to PAY-6)."""

from __future__ import annotations

from tests.app.money_kit import at_level, begin, enter, make, players, refused


def _rows(t):
    return [(r["place"], r["player"], r["amount_cents"], r["tied"]) for r in t.view("payouts")["payouts"]]


def test_pay_3_floor_per_place_and_leftover_cents_to_first():
    t = make("hat", money__buy_in_cents=2001)
    enter(t, "Ann", "Bob", "Cat")  # pool 6003 cents
    amounts = [r[2] for r in _rows(t)]
    assert amounts == [6003 - 1800 - 1200, 1800, 1200]
    assert sum(amounts) == 6003


def test_pay_4_seed_003_two_equal_short_stacks_split_4th_and_5th_for_15_each(monkeypatch):
    t = make("home-rebuy", payout__table="fixed", payout__fixed_cents=[6000, 4000, 3000, 2000, 1000])
    enter(t, *[f"P{i}" for i in range(8)])  # pool $160 = the fixed table below
    begin(t)
    at_level(monkeypatch, 2)
    t.execute({"cmd": "bust", "player": "P0"})
    t.execute({"cmd": "bust", "player": "P1"})
    t.execute({"cmd": "bust", "player": "P2"})
    t.execute({"cmd": "bust", "players": ["P3", "P4"], "stacks": {"P3": 800, "P4": 800}})
    ps = players(t)
    assert (ps["P3"]["place"], ps["P3"]["prize_cents"], ps["P4"]["prize_cents"]) == (4, 1500, 1500)
    assert t.view("money")["money"]["payout_check"]["valid"] is True


def test_pay_4_odd_cents_go_clockwise_from_the_button(monkeypatch):
    t = make("home-nl", money__buy_in_cents=1001)
    enter(t, "Ann", "Bob", "Cat", "Dan")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    at_level(monkeypatch, 5)
    table = t.state.tables[1]
    table.button = t.state.players[2].seat  # Bob on the button
    bob_seat = t.state.players[2].seat
    left = sorted(["Cat", "Dan"], key=lambda n: (t.state.players[t.state.by_name[n.lower()]].seat - bob_seat - 1) % 10)
    t.execute({"cmd": "bust", "players": ["Cat", "Dan"]})
    # pool 4004; 3rd 20% = 800 (floor of 800.8), 4th none (1-10 bracket): 800 split two ways
    ps = players(t)
    assert ps[left[0]]["prize_cents"] == ps[left[1]]["prize_cents"] == 400
    t.execute({"cmd": "set_payouts", "amounts_cents": [2002, 1001, 1001]})
    ps = players(t)
    assert (ps[left[0]]["prize_cents"], ps[left[1]]["prize_cents"]) == (501, 500)


def test_pay_2_brackets_follow_the_field_size():
    t = make("home-nl")
    enter(t, *[f"P{i}" for i in range(10)])
    assert [r[2] for r in _rows(t)] == [12500, 7500, 5000]
    enter(t, "P10")
    assert [r[2] for r in _rows(t)] == [13750, 6875, 4125, 2750]
    enter(t, *[f"Q{i}" for i in range(10)])
    assert [r[2] for r in _rows(t)] == [21000, 13125, 10500, 5250, 2625]


def test_pay_5_fewer_players_than_paid_places_adds_the_rest_to_first():
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    # pool 6000: 40/25/15/12/8 gives 2400, 1500, 900, 720, 480; 4th and 5th cannot be taken
    assert [r[2] for r in _rows(t)] == [2400 + 720 + 480, 1500, 900]


def test_pay_6_fixed_table_that_misses_the_pool_is_flagged():
    t = make("tda", payout__table="fixed", payout__fixed_cents=[15000, 5000])
    enter(t, "Ann", "Bob", "Cat")
    check = t.view("money")["money"]["payout_check"]
    assert check == {"total_cents": 20000, "difference_cents": -10000, "valid": False}
    t.execute({"cmd": "set_payouts", "amounts_cents": [20000, 10000]})
    assert t.view("money")["money"]["payout_check"]["valid"] is True
    refused(t, {"cmd": "set_payouts", "amounts_cents": [100, 200]}, "AMOUNT_INVALID")
    refused(t, {"cmd": "set_payouts", "amounts_cents": [100.5]}, "AMOUNT_INVALID")


def test_pay_1_campus_pays_nothing():
    t = make("campus")
    assert _rows(t) == []


def test_pay_1_casino_mixed_pays_its_pool_by_the_tda_table_by_field_size():
    t = make("casino-mixed")
    enter(t, "Ann", "Bob", "Cat")  # $100 each
    assert [r[2] for r in _rows(t)] == [15000, 9000, 6000]  # TDA 1-10 players: 50/30/20
    assert sum(r[2] for r in _rows(t)) == t.view("money")["money"]["pool_cents"]


def test_pay_1_a_profile_that_takes_money_without_a_payout_table_is_refused_at_creation():
    import pytest

    from app.errors import RuleError

    with pytest.raises(RuleError) as info:
        make("tda", payout__table="none")
    assert info.value.code == "INVALID_PROFILE" and "payout.table" in str(info.value)
    make("tda", payout__table="none", money__buy_in_cents=0)  # a free event may pay nothing (P001)
    t = make("tda")
    refused(t, {"cmd": "change_settings", "settings": {"payout.table": "none"}}, "INVALID_PROFILE")
