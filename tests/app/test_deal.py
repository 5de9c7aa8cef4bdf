"""The final-table deal calculator: ICM, chip chop, whole cents, the save, and the refusals (ELIM-6)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.eliminations.deal import (
    CHIP_CHOP,
    ICM,
    DealPlayer,
    calculate,
    chip_chop_values,
    deal_for_state,
    deal_players,
    icm_values,
    prizes_in_play,
    split_cents,
)
from app.errors import RuleError
from tests.app.money_kit import at_level, enter, make


def _players(*stacks: int) -> list[DealPlayer]:
    return [DealPlayer(i + 1, f"P{i + 1}", s) for i, s in enumerate(stacks)]


def _amounts(stacks: list[int], prizes: list[int], method: str = ICM, save: int = 0) -> list[int]:
    return [ln.amount_cents for ln in calculate(_players(*stacks), prizes, method, save).lines]


def brute_force_icm(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Every finishing order, its Harville chance, and the prize each player takes in it."""
    n = len(stacks)
    ev = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        chance, left = Fraction(1), sum(stacks)
        for who in order:
            chance *= Fraction(stacks[who], left)
            left -= stacks[who]
        for place, who in enumerate(order):
            ev[who] += chance * (prizes[place] if place < len(prizes) else 0)
    return ev


# -- known results --------------------------------------------------------------------------------
def test_two_equal_stacks_share_100_and_50_as_75_each():
    assert _amounts([1000, 1000], [100, 50]) == [75, 75]


def test_three_players_match_every_finishing_order_worked_out_by_hand():
    stacks, prizes = [5000, 3000, 2000], [5000, 3000, 2000]
    exact = icm_values(stacks, prizes)
    assert exact == brute_force_icm(stacks, prizes)
    assert exact == [Fraction(26875, 7), Fraction(3275), Fraction(20200, 7)]  # 3839.29 / 3275 / 2885.71
    assert _amounts(stacks, prizes) == [3839, 3275, 2886]
    assert sum(_amounts(stacks, prizes)) == 10000


def test_five_players_with_unpaid_places_match_the_brute_force():
    stacks, prizes = [700, 1200, 50, 3300, 900], [6000, 3000, 1000]
    assert icm_values(stacks, prizes) == brute_force_icm(stacks, prizes)
    assert sum(_amounts(stacks, prizes)) == 10000


def test_chip_chop_is_the_smallest_prize_plus_a_share_of_the_rest_by_chips():
    # smallest 2000 each; the other 4000 shared 50/30/20
    assert chip_chop_values([5000, 3000, 2000], [5000, 3000, 2000]) == [4000, 3200, 2800]
    assert _amounts([5000, 3000, 2000], [5000, 3000, 2000], CHIP_CHOP) == [4000, 3200, 2800]


def test_leftover_cents_go_to_the_largest_remainders_then_the_bigger_stack_then_seat_order():
    # three equal stacks share 100 cents: 33.33 each, one cent over -> the first listed
    assert _amounts([10, 10, 10], [60, 30, 10], CHIP_CHOP) == [34, 33, 33]
    # equal remainders, unequal stacks: the bigger stack takes the cent
    assert split_cents([Fraction(1, 2), Fraction(1, 2)], [5, 9], 1) == [0, 1]
    # the largest remainder first, whatever the stacks
    assert split_cents([Fraction(7, 10), Fraction(13, 10)], [9, 1], 2) == [1, 1]


def test_a_save_comes_off_first_and_the_rest_is_split():
    deal = calculate(_players(5000, 3000, 2000), [5000, 3000, 2000], ICM, save_cents=500)
    assert deal.prizes_cents == (5000, 3000, 2000) and deal.save_cents == 500
    assert deal.split_cents == 9500
    assert [ln.exact for ln in deal.lines] == icm_values([5000, 3000, 2000], [4500, 3000, 2000])
    chop = calculate(_players(5000, 3000, 2000), [5000, 3000, 2000], CHIP_CHOP, save_cents=500)
    assert [ln.amount_cents for ln in chop.lines] == [3750, 3050, 2700]  # 2000 + 3500 x 50/30/20


def test_chip_shares_are_exact_fractions_of_all_chips():
    deal = calculate(_players(5000, 3000, 2000), [5000, 3000, 2000])
    assert [ln.chip_share for ln in deal.lines] == [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)]
    assert deal.to_dict()["lines"][0]["chip_percent"] == 50.0


# -- refusals -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("stacks", "prizes", "method", "save", "code"),
    [
        ([1000], [100], ICM, 0, "INVALID_INPUT"),  # fewer than 2 players
        ([1000, 0], [100, 50], ICM, 0, "INVALID_INPUT"),  # zero stack
        ([1000, -5], [100, 50], CHIP_CHOP, 0, "INVALID_INPUT"),  # negative stack
        ([1000, 500], [100, 50, 25], ICM, 0, "INVALID_INPUT"),  # more prizes than players
        ([1000, 500], [100, 50], "split", 0, "INVALID_INPUT"),  # unknown method
        ([1000, 500], [100, -50], ICM, 0, "AMOUNT_INVALID"),  # negative prize
        ([1000, 500], [100, 50], ICM, 51, "AMOUNT_INVALID"),  # the save makes 1st pay less than 2nd
        ([1000, 500], [100, 50], ICM, -1, "AMOUNT_INVALID"),
    ],
)
def test_refusals(stacks, prizes, method, save, code):
    with pytest.raises(RuleError) as info:
        calculate(_players(*stacks), prizes, method, save)
    assert info.value.code == code


def test_icm_is_refused_above_ten_players_but_chip_chop_is_not():
    stacks = [1000 + i for i in range(11)]
    with pytest.raises(RuleError, match="ICM is computed for 10 players or fewer") as info:
        calculate(_players(*stacks), [5000, 3000, 2000], ICM)
    assert info.value.code == "INVALID_INPUT"
    assert sum(_amounts(stacks, [5000, 3000, 2000], CHIP_CHOP)) == 10000


def test_a_player_listed_twice_is_refused():
    with pytest.raises(RuleError) as info:
        calculate([DealPlayer(1, "A", 10), DealPlayer(1, "A", 20)], [100, 50])
    assert info.value.code == "INVALID_INPUT"


# -- from the tournament --------------------------------------------------------------------------
@pytest.fixture
def final_four(monkeypatch):
    t = make("home-rebuy", payout__table="fixed", payout__fixed_cents=[6000, 4000, 3000, 2000, 1000])
    enter(t, *[f"P{i}" for i in range(8)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    at_level(monkeypatch, 2)
    for i in range(4):
        t.execute({"cmd": "bust", "player": f"P{i}"})
    return t


def test_prizes_in_play_are_the_places_not_decided_yet(final_four):
    state = final_four.state
    assert prizes_in_play(state) == [6000, 4000, 3000, 2000]
    names = [p.name for p in deal_players(state)]
    assert sorted(names) == ["P4", "P5", "P6", "P7"]
    seats = [(state.players[p.player].table, state.players[p.player].seat) for p in deal_players(state)]
    assert seats == sorted(seats)


def test_places_beyond_the_paid_ones_count_as_nothing():
    t = make("home-rebuy", payout__table="fixed", payout__fixed_cents=[6000, 4000])
    enter(t, "A", "B", "C", "D")
    assert prizes_in_play(t.state) == [6000, 4000, 0, 0]


def test_the_deal_for_a_tournament_changes_nothing_in_it(final_four):
    before = final_four.snapshot()
    chips = {p.player: 1000 * (i + 1) for i, p in enumerate(deal_players(final_four.state))}
    deal = deal_for_state(final_four.state, chips, ICM, save_cents=1000)
    assert deal.split_cents == 15000 - 1000
    assert [ln.chips for ln in deal.lines] == [1000, 2000, 3000, 4000]
    assert final_four.state == before


def test_the_deal_for_a_tournament_refuses_players_out_unknown_or_left_out(final_four):
    state = final_four.state
    chips = {p.player: 1000 for p in deal_players(state)}
    out = next(p.id for p in state.players.values() if not p.live)
    for bad, code in (({**chips, out: 500}, "UNKNOWN_PLAYER"), ({**chips, 999: 500}, "UNKNOWN_PLAYER"),
                      (dict(list(chips.items())[1:]), "INVALID_INPUT")):
        with pytest.raises(RuleError) as info:
            deal_for_state(state, bad)
        assert info.value.code == code


# -- properties -------------------------------------------------------------------------------------
@st.composite
def deals(draw):
    n = draw(st.integers(2, 8))
    stacks = draw(st.lists(st.integers(1, 5_000_000), min_size=n, max_size=n))
    prizes = sorted(draw(st.lists(st.integers(0, 10_000_000), min_size=1, max_size=n)), reverse=True)
    return stacks, prizes


@settings(max_examples=80, deadline=None)
@given(deals(), st.sampled_from([ICM, CHIP_CHOP]))
def test_amounts_add_up_stay_within_the_prizes_and_follow_the_chips(deal, method):
    stacks, prizes = deal
    amounts = _amounts(stacks, prizes, method)
    assert sum(amounts) == sum(prizes)
    table = prizes + [0] * (len(stacks) - len(prizes))
    assert all(min(table) <= a for a in amounts)
    if method == ICM:  # an expected prize; a chip chop may give a big stack more than 1st pays
        assert all(a <= max(table) for a in amounts)
    for (s1, a1), (s2, a2) in itertools.combinations(zip(stacks, amounts), 2):
        if s1 > s2:
            assert a1 >= a2
        elif s2 > s1:
            assert a2 >= a1
