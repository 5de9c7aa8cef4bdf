"""Fees per purchase (ENT-11), payout shaping (PAY-7 to PAY-9), payout lock and deals (PAY-10, PAY-11)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.state import TournamentState
from app.core.timesource import FakeClock
from app.eliminations.payouts import places_by_percent, prize_pool, prize_table
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile, profile_from_dict, validate_settings
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


# -- payout shaping (PAY-7 to PAY-9) ---------------------------------------------------------------------


def _state(entries: int, buy_in: int, **shape) -> TournamentState:
    profile = profile_from_dict({"id": "p", "extends": "tda", "settings": {"payout.table": "percent", **shape}})
    st_ = TournamentState(profile=profile)
    st_.money_counts = {"entry": entries}
    st_.entrants = entries
    st_.pool_cents = entries * buy_in
    return st_


@pytest.mark.parametrize(("rounding", "places"), [("up", 3), ("down", 2), ("nearest", 2)])
def test_pay_7_places_percent_rounds_as_the_profile_says(rounding, places):
    assert places_by_percent(20, 12, rounding) == places
    assert len(prize_table(_state(20, 10000, **{"payout.places_percent": 12,
                                                 "payout.places_rounding": rounding}))) == places


@pytest.mark.parametrize(("entries", "percent", "half"), [(25, 10, 2), (30, 15, 4), (5, 50, 2), (20, 12.5, 2),
                                                          (20, 7.5, 1), (300, 0.5, 1), (10, 35, 3)])
def test_pay_7_exactly_half_a_place_rounds_up_under_nearest(entries, percent, half):
    """A share of the entries that lands on exactly .5 places: `nearest` rounds the half up (never to
    the even number), `up` takes the next place, `down` drops it; the table pays that many places."""
    assert Fraction(entries) * Fraction(str(percent)) / 100 == Fraction(2 * half + 1, 2)
    expected = {"nearest": half + 1, "up": half + 1, "down": max(1, half)}
    for rounding, places in expected.items():
        assert places_by_percent(entries, percent, rounding) == places, (entries, percent, rounding)
        table = prize_table(_state(entries, 10000, **{"payout.places_percent": percent,
                                                       "payout.places_rounding": rounding}))
        assert len(table) == places, (entries, percent, rounding)


def test_pay_7_a_half_place_in_a_running_tournament():
    """25 entries at 10% are 2.5 places: 3 are paid (nearest, a half up); the 26th entry keeps 3 (2.6)."""
    t = make("tda", **{"money.buy_in_cents": 10000, "payout.table": "percent", "payout.places_percent": 10,
                       "payout.places_rounding": "nearest"})
    enter(t, *(f"P{i:02}" for i in range(25)))
    table = prize_table(t.state)
    assert len(table) == 3 and sum(table) == prize_pool(t.state) == 250_000
    # 1 : 1/2 : 1/3 of $2,500 is 6/11, 3/11, 2/11: floor each, the 2 cents left over to 1st (PAY-3).
    assert table == [136_363 + 2, 68_181, 45_454]
    enter(t, "P25")
    assert len(prize_table(t.state)) == 3


def test_pay_9_min_cash_above_the_pool_pays_one_place():
    table = prize_table(_state(3, 1000, **{"payout.min_cash_cents": 5000}))
    assert table == [3000]


def test_pay_7_a_share_of_entries_needs_a_percent_table():
    with pytest.raises(RuleError) as err:
        validate_settings({"payout.table": "fixed", "payout.fixed_cents": [100], "payout.places_percent": 10})
    assert "payout.places_percent" in err.value.message


@settings(max_examples=300, deadline=None)
@given(
    entries=st.integers(1, 400),
    buy_in=st.integers(0, 50_000),
    guarantee=st.integers(0, 2_000_000),
    places_percent=st.one_of(st.none(), st.integers(1, 100), st.floats(0.5, 100)),
    rounding=st.sampled_from(["up", "down", "nearest"]),
    unit=st.one_of(st.none(), st.sampled_from([1, 25, 100, 500, 1000, 2500])),
    min_cash=st.one_of(st.none(), st.integers(1, 60_000)),
    table=st.sampled_from([[50, 30, 20], [100], [40, 25, 20, 10, 5], [33.34, 33.33, 33.33], [60, 40, 0]]),
)
def test_pay_3_prizes_add_up_to_the_pool_and_never_rise_as_the_place_falls(
    entries, buy_in, guarantee, places_percent, rounding, unit, min_cash, table
):
    shape = {"payout.percents": table, "payout.places_percent": places_percent, "payout.places_rounding": rounding,
             "payout.round_to_cents": unit, "payout.min_cash_cents": min_cash, "money.guarantee_cents": guarantee}
    state = _state(entries, buy_in, **shape)
    prizes = prize_table(state)
    assert sum(prizes) == prize_pool(state)
    assert all(a >= b for a, b in zip(prizes, prizes[1:])), prizes
    assert 1 <= len(prizes) <= entries
    if unit:
        assert all(c % unit == 0 for c in prizes[1:])
    if min_cash and len(prizes) > 1:
        assert min(prizes) >= min_cash


# -- payout lock and deals (PAY-10, PAY-11) ---------------------------------------------------------------

FINAL = {"money.buy_in_cents": 10000, "payout.table": "percent", "payout.percents": [50, 30, 20], "late.mode": "none"}


def _final_three() -> Tournament:
    t = make("tda", **FINAL)
    enter(t, "Ann", "Bob", "Cat", "Dev")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Dev"})
    return t


def test_pay_10_11_no_lock_or_deal_without_a_payout_table():
    t = make("campus")
    for cmd in ({"cmd": "lock_payouts"}, {"cmd": "unlock_payouts"}, {"cmd": "record_deal", "method": "chip_chop"}):
        with pytest.raises(RuleError) as err:
            t.execute(cmd)
        assert err.value.code == "NOT_OFFERED", cmd


def test_pay_11_icm_deal_from_counted_chips():
    t = _final_three()
    t.execute({"cmd": "record_deal", "method": "icm", "chips": {"Ann": 50000, "Bob": 30000, "Cat": 20000}})
    deal = t.view("deal")["deal"]
    amounts = {ln["player"]: ln["amount_cents"] for ln in deal["lines"]}
    assert sum(amounts.values()) == 40000
    assert amounts["Ann"] > amounts["Bob"] > amounts["Cat"] >= 8000
    assert t.view("money")["money"]["payout_check"]["valid"]


def test_pay_11_a_deal_is_undone_like_any_action(tmp_path):
    from db.store import TournamentStore

    clock = FakeClock(1_790_000_000.0)
    s = TournamentStore.create(tmp_path / "deal.floorman", load_profile("tda"), "Deal", time=clock, seed=1)
    s.execute({"cmd": "change_settings", "settings": FINAL})
    for name in ("Ann", "Bob", "Cat"):
        s.execute({"cmd": "register", "name": name})
    s.execute({"cmd": "seat_all"})
    s.execute({"cmd": "start_clock"})
    before = s.tournament.view("payouts")["payouts"]
    s.execute({"cmd": "record_deal", "method": "chip_chop"})
    assert s.tournament.state.deal is not None
    assert s.undo() == "deal recorded"
    assert s.tournament.state.deal is None
    assert s.tournament.view("payouts")["payouts"] == before
    s.close()


def test_pay_11_elim_3b_busts_after_a_deal_are_a_later_hand_not_the_round_before_it():
    """Found by the all-commands fuzz: under hand-for-hand, two busts before a deal and two after it were
    one tied block of four, so the deal's money went to players out before the deal and the payouts
    no longer added up to the pool. A deal is made between hands: the later busts are a hand of their own."""
    t = make("tda", **FINAL)
    names = [f"P{i:02d}" for i in range(1, 13)]
    enter(t, *names)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "hand_for_hand", "on": True})
    tables = {}
    for p in t.state.players.values():
        tables.setdefault(p.table, []).append(p.name)
    (a1, a2, *_), (b1, b2, *_) = list(tables.values())[:2]
    t.execute({"cmd": "bust", "players": [a1, b1], "stacks": {a1: 500, b1: 2500}})  # one round, two tables
    assert t.state.players[t.state.by_name[a1.lower()]].place == 11
    t.execute({"cmd": "record_deal", "method": "chip_chop"})
    t.execute({"cmd": "bust", "players": [a2, b2], "stacks": {a2: 7000, b2: 2500}})
    place = {p.name: (p.place, p.tied) for p in t.state.players.values() if p.place}
    assert place[a1] == place[b1] == (11, 2)  # kept their places: out before the deal
    assert place[a2] == place[b2] == (9, 2)
    rows = t.view("payouts")["payouts"]
    assert sum(r["amount_cents"] for r in rows) == prize_pool(t.state) == 120000
    dealt = {ln["player"]: ln["amount_cents"] for ln in t.view("deal")["deal"]["lines"]}
    paid = {r["player"]: r["amount_cents"] for r in rows if r["player"]}
    assert paid == {a2: dealt[a2], b2: dealt[b2]}  # each keeps his own deal amount; nobody out before it shares
    assert t.view("money")["money"]["payout_check"]["valid"]


def _deal_made_after_registration_closed() -> Tournament:
    t = make("tda", **{**FINAL, "late.mode": "levels"})
    enter(t, "Ann", "Bob", "Cat", "Dev")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "close_registration"})
    t.execute({"cmd": "record_deal", "method": "chip_chop"})
    return t


def test_pay_11_nobody_enters_after_a_deal_not_even_through_a_reopened_window():
    """Found by a long all-commands fuzz: registration reopened (or its last level moved on) after a deal took
    a newcomer, who finished among the places the deal had already shared; the payouts lost a cent."""
    t = _deal_made_after_registration_closed()
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "reopen_registration"})
    assert (err.value.code, err.value.rule) == ("WINDOW_CLOSED", "PAY-11") and "undo the deal" in err.value.message
    t.execute({"cmd": "change_settings", "settings": {"late.last_level": 10}})  # the window itself moved on
    before = t.view("players")
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "register", "name": "Eve"})
    assert (err.value.code, err.value.rule) == ("WINDOW_CLOSED", "PAY-11")
    assert t.view("players") == before


def test_pay_11_no_deal_before_play_begins():
    t = make("tda", **FINAL)
    enter(t, "Ann", "Bob", "Cat")
    for _ in range(2):  # before the draw, then after it with the clock not started yet
        with pytest.raises(RuleError) as err:
            t.execute({"cmd": "record_deal", "method": "chip_chop"})
        assert err.value.rule == "PAY-11" and "Play has not begun" in err.value.message
        assert t.state.deal is None
        if not t.state.tables:
            t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "record_deal", "method": "chip_chop"})
    with pytest.raises(RuleError) as err:  # nobody enters after it, not even a registrant buying in before
        t.execute({"cmd": "register", "name": "Dan"})
    assert (err.value.code, err.value.rule) == ("WINDOW_CLOSED", "PAY-11")


def test_pay_11_no_deal_while_a_paid_entrant_waits_for_a_seat():
    """Found by the deep undo fuzz: a paid entrant waiting for a seat was counted in the deal, then refunded,
    which took his share out of the pool and left 1st paid less than 2nd."""
    t = make("tda", **{**FINAL, "late.mode": "levels"})
    enter(t, *[f"P{i:02d}" for i in range(1, 10)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    assert len(t.state.tables) == 1 and not t.state.tables[1].open_seats()  # one full table
    t.execute({"cmd": "register", "name": "Wes", "waitlist": True})  # pays, no seat: he waits
    wes = t.state.players[t.state.by_name["wes"]]
    assert wes.entries and wes.status == "waiting"
    t.execute({"cmd": "close_registration"})
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "record_deal", "method": "chip_chop"})
    assert err.value.rule == "PAY-11" and "Wes paid and waits for a seat" in err.value.message
    assert t.state.deal is None
