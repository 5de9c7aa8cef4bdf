"""The floor's judge (docs/judge.md, JDG-1..JDG-12): hand ranks, qualifiers, side pots, split pots, odd chips."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import (
    BadugiHand,
    Card,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    StandardBadugiHand,
    StandardHighHand,
    StandardLowHand,
)

from app.api import CATALOGUE, SHIPPED, load_profile
from app.errors import RuleError
from app.judge import CODES, judge
from app.judge.hands import SHOWDOWNS


def p(seat: int, cards: str, put_in: int = 100, folded: bool = False, name: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "cards": cards.split(), "put_in": put_in, "folded": folded}
    if name:
        out["name"] = name
    return out


def hand(game: str, players: list[dict[str, Any]], board: str = "", button: int | None = 1,
         **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"game": game, "players": players, **more}
    if board:
        out["board"] = board.split()
    if button is not None:
        out["button"] = button
    return out


def refused(data: Any, code: str, odd_chip: str = "tda20") -> str:
    before = copy.deepcopy(data)
    with pytest.raises(RuleError) as info:
        judge(data, odd_chip)
    assert info.value.code == code and code in CODES, info.value
    assert data == before  # nothing of the hand was changed
    assert info.value.message.endswith(".") and "\n" not in info.value.message
    return info.value.message


def part(ruling: dict[str, Any], pot: int, name: str) -> dict[str, Any]:
    return next(x for x in ruling["pots"][pot]["parts"] if x["part"] == name)


def shares(ruling: dict[str, Any], pot: int = 0) -> dict[int, int]:
    return {int(s): n for s, n in ruling["pots"][pot]["shares"].items()}


# JDG-1: cards and the refusals of a hand that cannot be

def test_jdg_1_cards_are_typed_as_the_floor_types_them():
    r = judge(hand("holdem", [{"seat": 1, "cards": "10h 9h", "put_in": 50}, {"seat": 2, "cards": "a♠k♦", "put_in": 50}],
                   "Tc 9c 2d 3s 4c"))
    assert r["hands"]["1"]["high"] == "two pair, tens and nines"
    assert part(r, 0, "high")["best"]["2"] == "As Kd Tc 9c 4c"


@pytest.mark.parametrize("card", ["1s", "Ax", "AsK", "", "Zz", 7])
def test_jdg_1_a_card_that_does_not_exist_is_refused_in_words(card):
    words = refused(hand("holdem", [p(1, "As Kd"), {"seat": 2, "cards": [card, "2c"], "put_in": 100}],
                         "Qh Jh Th 3c 4d"), "UNKNOWN_CARD")
    assert "is not a card" in words


@pytest.mark.parametrize("players,board,where", [
    ([p(1, "As Kd"), p(2, "As 2c")], "Qh Jh Th 3c 4d", "in Seat 1's hand"),
    ([p(1, "As Kd"), p(2, "Qh 2c")], "Qh Jh Th 3c 4d", "on the board"),
    ([p(1, "As Kd"), p(2, "Qc 2c"), p(3, "Kd 5h", folded=True)], "Qh Jh Th 3c 4d", "in Seat 1's hand"),
    ([p(1, "As As"), p(2, "Qc 2c")], "Qh Jh Th 3c 4d", "twice"),
])
def test_jdg_1_a_duplicate_card_is_refused_folded_hands_too(players, board, where):
    assert where in refused(hand("holdem", players, board), "DUPLICATE_CARD")


@pytest.mark.parametrize("game,cards,board,shows", [
    ("holdem", "As Kd 7h", "Qh Jh Th 3c 4d", "a player shows 2"),
    ("omaha", "As Kd", "Qh Jh Th 3c 4d", "a player shows 4"),
    ("big_o_hilo", "As Kd 2c 3c", "Qh Jh Th 3h 4d", "a player shows 5"),
    ("crazy_pineapple", "As Kd 2c", "Qh Jh Th 3h 4d", "a player shows 2"),
    ("badugi", "As Kd 2c 3h 4h", "", "a player shows 4"),
    ("stud", "As Kd 2c 3h 4h", "", "a player shows 7"),
])
def test_jdg_1_the_wrong_number_of_cards_for_the_game_is_refused(game, cards, board, shows):
    n = SHOWDOWNS[game].shown
    other = "2s 3s 4s 5s 6s 7s 8s"[: 3 * n - 1]
    words = refused(hand(game, [p(1, cards), p(2, other)], board), "WRONG_CARD_COUNT")
    assert shows in words and CATALOGUE[game].name in words


def test_jdg_1_a_folded_hand_may_show_fewer_cards_but_never_more():
    r = judge(hand("stud", [p(1, "As Ad Kc Kd 2h 3h 4h"), p(2, "Qs Qd 8c", folded=True), p(3, "2s 3s 4s 5s 6s 7d 9c")]))
    assert shares(r) == {3: 300} and r["pots"][0]["eligible"] == [1, 3]
    refused(hand("holdem", [p(1, "As Kd"), p(2, "Qs Qd 8c", folded=True)], "2h 3h 4c 9d Tc"), "WRONG_CARD_COUNT")


@pytest.mark.parametrize("game,more", [
    ("holdem", {"board": ["2h", "3h", "4c", "9d"]}),
    ("omaha", {"board": []}),
    ("badugi", {"board": ["2h"]}),
    ("stud", {"board": ["2h", "3h"]}),
    ("double_board_omaha", {"board": ["2h", "3h", "4c", "9d", "Tc"]}),
    ("double_board_omaha", {"boards": [["2h", "3h", "4c", "9d", "Tc"]]}),
    ("double_board_omaha", {"boards": [["2h", "3h", "4c", "9d", "Tc"], ["2c", "3c", "4d", "9h"]]}),
    ("holdem", {"boards": [["2h", "3h", "4c", "9d", "Tc"], ["2c", "3c", "4d", "9h", "Th"]]}),
])
def test_jdg_1_a_board_of_the_wrong_size_is_refused(game, more):
    n = SHOWDOWNS[game].shown
    players = [p(1, "As Ks Qs Js Ts 9s 8s"[: 3 * n - 1]), p(2, "Ad Kd Qd Jd Td 9d 8d"[: 3 * n - 1])]
    refused({"game": game, "button": 1, "players": players, **more}, "BOARD_SIZE")


def test_jdg_1_unknown_game_seat_twice_and_bad_fields_are_refused():
    assert "holdem" in refused(hand("hold'em", [p(1, "As Kd")]), "UNKNOWN_GAME")
    refused(hand("holdem", [p(1, "As Kd"), p(1, "Qs Qd")], "2h 3h 4c 9d Tc"), "DUPLICATE_SEAT")
    refused(hand("holdem", [p(1, "As Kd"), p(2, "Qs Qd")], "2h 3h 4c 9d Tc", colour="red"), "INVALID_INPUT")
    refused(hand("holdem", [p(1, "As Kd"), {**p(2, "Qs Qd"), "put_in": "lots"}], "2h 3h 4c 9d Tc"), "INVALID_INPUT")
    refused(hand("holdem", [], "2h 3h 4c 9d Tc"), "INVALID_INPUT")
    refused(["not", "a", "hand"], "INVALID_INPUT")


# JDG-2: high hands

@pytest.mark.parametrize("worse,better", [
    ("Ks Qd 9h 7c 5c", "2s 2d 3h 4c 6d"),  # high card < a pair
    ("As Ad Kh Qc Jc", "2s 2d 3h 3c 4d"),  # a pair < two pair
    ("As Ad Kh Kc Qc", "2s 2d 2h 3c 4d"),  # two pair < three of a kind
    ("As Ad Ah Kc Qc", "Ac 2d 3h 4c 5d"),  # three of a kind < the wheel, the lowest straight
    ("Ah 2d 3h 4c 5d", "2s 3d 4h 5c 6d"),  # the wheel < a six-high straight
    ("Ts Jd Qh Kc Ac", "2s 4s 6s 8s 9s"),  # a straight < a flush
    ("As Ks Qs Js 9s", "2s 2d 2h 3c 3d"),  # a flush < a full house
    ("As Ad Ah Kc Kd", "2s 2d 2h 2c 3d"),  # a full house < four of a kind
    ("Ks Kd Kh Kc Qd", "Ah 2h 3h 4h 5h"),  # four of a kind < the steel wheel
    ("Ah 2h 3h 4h 5h", "6s 2s 3s 4s 5s"),  # the steel wheel < a six-high straight flush
])
def test_jdg_2_hand_ranks_in_order_with_the_wheel_as_the_lowest_straight(worse, better):
    """Each pair of five-card hands judged as Drawmaha's draw half (the five hole cards alone)."""
    used = set((worse + " " + better).split())
    board = [c for c in (r + s for r in "23456789TJQKA" for s in "cdhs") if c not in used][:5]
    r = judge({"game": "drawmaha_high", "button": 1, "board": board,
               "players": [p(1, worse), p(2, better)]})
    assert part(r, 0, "draw")["winners"] == [2], r["words"]


def test_jdg_2_the_wheel_is_a_straight_five_high():
    r = judge(hand("holdem", [p(1, "Ah 2d"), p(2, "Kc Kd")], "3h 4c 5s Ks 9d"))
    assert r["hands"]["1"]["high"] == "a straight, five high (the wheel)"
    assert part(r, 0, "high")["best"]["1"] == "5s 4c 3h 2d Ah"
    assert part(r, 0, "high")["winners"] == [1]


def test_jdg_2_the_wheel_scoops_omaha_hilo_as_the_straight_and_the_best_low():
    r = judge(hand("omaha_hilo", [p(1, "Ah 2d Kc Kd"), p(2, "As 3d Qs Qd"), p(3, "Jc Js 9h Th")],
                   "3h 4c 5s Jh 6d", button=3))
    assert part(r, 0, "high")["winners"] == [1]  # the wheel beats three jacks
    assert r["hands"]["1"]["high"] == "a straight, five high (the wheel)"
    assert r["hands"]["2"]["low"] == "six-five low (6-5-4-3-A)"
    assert part(r, 0, "low")["winners"] == [1]
    assert r["hands"]["1"]["low"] == "five-four low (5-4-3-2-A), the wheel"
    assert shares(r) == {1: 300}


def test_jdg_2_suits_never_break_a_tie_the_board_plays():
    r = judge(hand("holdem", [p(1, "2c 3d"), p(2, "2d 3c")], "As Ks Qd Jh Th", button=2))
    assert part(r, 0, "high")["winners"] == [1, 2] and shares(r) == {1: 100, 2: 100}


# JDG-3: eight or better

def test_jdg_3_low_qualifies_at_exactly_eight():
    r = judge(hand("stud_hilo", [p(1, "8s 7d 6h 5c 4s Kd Kh"), p(2, "As Ad Ah Qc Jd 9s 9c")]))
    assert r["hands"]["1"]["low"] == "eight-seven low (8-7-6-5-4)"
    assert part(r, 0, "low")["winners"] == [1] and part(r, 0, "high")["winners"] == [2]
    assert shares(r) == {1: 100, 2: 100}


def test_jdg_3_nine_low_does_not_qualify_and_the_high_takes_the_whole_pot():
    r = judge(hand("stud_hilo", [p(1, "9s 7d 6h 5c 4s Kd Kh"), p(2, "As Ad Ah Qc Jd 9d 9c")]))
    assert r["hands"]["1"]["low"] == "no qualifying low (eight or better)"
    assert part(r, 0, "low")["winners"] == [] and part(r, 0, "low")["amount"] == 0
    assert shares(r) == {2: 200}


def test_jdg_3_omaha_low_uses_exactly_two_hole_cards_a_counterfeited_deuce_plays_the_eight():
    r = judge(hand("omaha_hilo", [p(1, "Ac 5d Kc Kd"), p(2, "Ad 2d Qs Qd"), p(3, "As 3c Jc Jd")],
                   "2c 3h 4s 8d Kh", button=1))
    assert part(r, 0, "low")["winners"] == [1]  # A-5 with 2-3-4: the wheel
    assert r["hands"]["2"]["low"] == "eight-four low (8-4-3-2-A)"  # A-2, and three of the board: 3-4-8
    assert r["hands"]["3"]["low"] == "eight-four low (8-4-3-2-A)"


# JDG-4: Archie

def test_jdg_4_archie_high_qualifies_at_a_pair_of_nines_not_eights():
    r = judge(hand("archie", [p(1, "9s 9d 2h 5c Kd"), p(2, "8s 8d Jh Qc Kh"), p(3, "Ts Jd Qh 3c 2s")]))
    assert r["hands"]["1"]["high"] == "a pair of nines"
    assert r["hands"]["2"]["high"] == "no qualifying high (a pair of nines or better)"
    # no low (3 has only 3-2 under eight): the nines scoop
    assert shares(r) == {1: 300}


def test_jdg_4_archie_low_alone_takes_the_whole_pot():
    r = judge(hand("archie", [p(1, "As 2d 4h 6c 8d"), p(2, "8s 8h Jh Qc Kh")]))
    assert part(r, 0, "high")["winners"] == [] and part(r, 0, "low")["winners"] == [1]
    assert shares(r) == {1: 200}


def test_jdg_4_archie_with_nobody_qualifying_splits_among_everyone_in_the_pot():
    r = judge(hand("archie", [p(1, "As 2d 4h 6c Td"), p(2, "8s 8h Jh Qc Kh"), p(3, "3s 5d 7h 9c Jd", 101)],
                   button=3))
    assert [x["part"] for x in r["pots"][0]["parts"]] == ["high", "low", "shared"]
    assert part(r, 0, "shared")["winners"] == [1, 2, 3]
    assert shares(r) == {1: 100, 2: 100, 3: 100}
    assert r["returned"] == {"3": 1}


# JDG-5: lowball

def test_jdg_5_razz_aces_low_straights_and_flushes_do_not_count():
    r = judge(hand("razz", [p(1, "As 2s 3s 4s 5s Ks Qs"), p(2, "Ad 2d 3c 4c 6h 7h 8h")]))
    assert r["hands"]["1"]["low"] == "five-four low (5-4-3-2-A), the wheel"
    assert shares(r) == {1: 200}


def test_jdg_5_razz_pairs_count_against_a_low():
    r = judge(hand("razz", [p(1, "As Ad 2s 2d 3h 3c Kd"), p(2, "Kh Qh Jh Th 9s 8s 7s")]))
    assert r["hands"]["1"]["low"] == "a pair of aces (A-A-K-3-2)"
    assert r["hands"]["2"]["low"] == "jack-ten low (J-T-9-8-7)"
    assert part(r, 0, "low")["winners"] == [2]


def test_jdg_5_deuce_to_seven_aces_high_straights_and_flushes_count():
    r = judge(hand("triple_draw_27", [p(1, "Ah 2d 3c 4s 5h"), p(2, "2c 3d 4h 5s 7c"), p(3, "3h 4d 5c 6s 7d"),
                                      p(4, "Kd 9s 8s 6h 4c")], button=4))
    assert r["hands"]["1"]["low"] == "ace-five low (A-5-4-3-2)"
    assert r["hands"]["2"]["low"] == "seven-five low (7-5-4-3-2)"
    assert r["hands"]["3"]["low"] == "a straight, seven high (7-6-5-4-3)"
    assert shares(r) == {2: 400}


def test_jdg_5_ace_to_five_triple_draw_has_no_qualifier():
    r = judge(hand("triple_draw_a5", [p(1, "Kh Kd Qc Js Th"), p(2, "Ks Kc Qd Jh 9h")]))
    assert part(r, 0, "low")["winners"] == [2] and r["hands"]["2"]["low"] == "a pair of kings (K-K-Q-J-9)"


# JDG-6: badugi

def test_jdg_6_badugi_with_duplicate_suits_and_ranks_plays_fewer_cards():
    r = judge(hand("badugi", [p(1, "As Ah 2c 3d"), p(2, "Kc Qd Jh Ts"), p(3, "2s 4s 6h 7d")], button=3))
    assert r["hands"]["1"]["badugi"] == "a three-card three (3-2-A), no badugi"
    assert r["hands"]["2"]["badugi"] == "a king badugi (K-Q-J-T)"
    assert r["hands"]["3"]["badugi"] == "a three-card seven (7-6-2), no badugi"
    assert part(r, 0, "badugi")["winners"] == [2]  # any badugi beats any three-card hand


def test_jdg_6_badugis_are_read_from_the_top_card_down():
    r = judge(hand("badugi", [p(1, "8s 6h 5d 3c"), p(2, "8h 7d 2s Ac")]))
    assert part(r, 0, "badugi")["winners"] == [1]


def test_jdg_6_badeucy_plays_aces_high_in_its_badugi_badacey_aces_low():
    cards = [p(1, "As 2h 3d 4c Kh"), p(2, "2s 3h 4d 5c Qc")]
    deuce = judge(hand("badeucy", copy.deepcopy(cards)))
    assert part(deuce, 0, "badugi")["winners"] == [2]
    assert deuce["hands"]["1"]["badugi"] == "an ace badugi (A-4-3-2)"
    assert deuce["hands"]["2"]["badugi"] == "a five badugi (5-4-3-2)"
    acey = judge(hand("badacey", copy.deepcopy(cards)))
    assert part(acey, 0, "badugi")["winners"] == [1]


def test_jdg_6_razzdugi_splits_the_razz_low_and_the_badugi():
    r = judge(hand("razzdugi", [p(1, "As 2s 3s 4s 5s Ks Qs"), p(2, "Kd Qh Jc Ts 9h 9d 9c")]))
    assert part(r, 0, "low")["winners"] == [1] and part(r, 0, "badugi")["winners"] == [2]
    assert shares(r) == {1: 100, 2: 100}


# JDG-7: how each game makes its hands

def test_jdg_7_every_game_of_the_catalogue_and_of_every_shipped_profile_is_judged():
    assert set(SHOWDOWNS) == set(CATALOGUE)
    dealt = {g for pid in SHIPPED for g in load_profile(pid)["mix.games"]}
    assert {"holdem", "omaha_hilo", "stud_hilo", "razz", "triple_draw_27", "badugi", "aviation"} <= dealt
    assert dealt <= set(SHOWDOWNS)


def test_jdg_12_the_judges_rules_are_listed_with_the_rules_floorman_adds():
    from tests.rule_coverage import added_rules

    assert [f"JDG-{n}" for n in range(1, 13)] == [r for r in added_rules([]) if r.startswith("JDG-")]


def test_jdg_7_omaha_uses_exactly_two_hole_cards_a_one_card_flush_is_none():
    r = judge(hand("omaha", [p(1, "As Kd 7c Th"), p(2, "Qc Qd 8h 9h")], "3s 5s 8s Js 4d"))
    assert r["hands"]["1"]["high"] == "ace-king high"
    assert part(r, 0, "high")["winners"] == [2]


def test_jdg_7_double_board_omaha_splits_the_boards():
    r = judge({"game": "double_board_omaha", "button": 2,
               "boards": [["Ah", "Kh", "7h", "2c", "3d"], ["9s", "9c", "4d", "5c", "Jd"]],
               "players": [p(1, "Qh Jh 8c 8d", 501), p(2, "9d 9h 2s 3s", 500)]})
    assert part(r, 0, "board 1")["winners"] == [1] and part(r, 0, "board 2")["winners"] == [2]
    assert shares(r) == {1: 500, 2: 500} and r["returned"] == {"1": 1}


def test_jdg_7_double_board_one_board_tied_shares_its_half_and_the_odd_chip():
    r = judge({"game": "double_board_omaha", "button": 3,
               "boards": [["Ah", "Kc", "Tc", "5d", "6h"], ["9s", "9c", "4d", "5c", "Jh"]],
               "players": [p(1, "Qs Js 2c 3c", 101), p(2, "Qd Jd 9h 3h", 101), p(3, "4h 8h Ks Kd", 101, folded=True)]})
    assert part(r, 0, "board 1")["winners"] == [1, 2]  # both make the same broadway straight
    assert r["hands"]["2"]["board 2"] == "a full house, nines full of jacks"
    assert part(r, 0, "board 1")["amount"] == 152 and part(r, 0, "board 2")["amount"] == 151
    assert shares(r) == {1: 76, 2: 76 + 151}


def test_jdg_7_drawmaha_the_five_hole_cards_as_a_draw_hand_and_omaha():
    r = judge(hand("drawmaha_27", [p(1, "2c 3d 4h 5s 7c"), p(2, "As Ks Qd Qh 9c")], "Ah Kc Qs 8d 8h"))
    assert part(r, 0, "draw")["winners"] == [1] and part(r, 0, "omaha")["winners"] == [2]
    assert shares(r) == {1: 100, 2: 100}


def test_jdg_7_stud_seventh_street_as_one_community_card():
    r = judge({"game": "stud", "board": ["As"], "players": [p(1, "Ad Kd Kh 2c 3c 4h"), p(2, "Qs Qd Qh 2s 3s 9h")]})
    assert r["hands"]["1"]["high"] == "two pair, aces and kings"
    assert r["hands"]["2"]["high"] == "three queens"


# JDG-8: split pots and the whole pot's odd chip

def test_jdg_8_the_high_half_takes_the_odd_chip_of_the_whole_pot():
    r = judge(hand("omaha_hilo", [p(1, "Ah 2d Kc Kd", 101), p(2, "Qs Qd Qc 9h", 100), p(3, "", 1, folded=True)],
                   "3h 4c 8s Qh 7d"))
    assert part(r, 0, "high")["amount"] == 101 and part(r, 0, "low")["amount"] == 100
    assert shares(r) == {2: 101, 1: 100} and r["returned"] == {"1": 1}


def test_jdg_8_badacey_the_five_card_low_is_the_high_side_for_the_odd_chip():
    r = judge(hand("badacey", [p(1, "As 2s 3s 4s 5s", 51), p(2, "Kc Qd Jh Ts 9s", 52), p(3, "", 1, folded=True)]))
    assert [x["part"] for x in r["pots"][0]["parts"]] == ["low", "badugi"]
    assert part(r, 0, "low")["amount"] == 52 and shares(r) == {1: 52, 2: 51} and r["returned"] == {"2": 1}


# JDG-9: main and side pots

def test_jdg_9_three_way_all_in_with_antes_and_folded_money():
    players = [
        p(1, "As Ad", 25 + 500, name="Ann"),  # all in for 500 after her ante
        p(2, "Ks Kd", 25 + 1200, name="Bo"),  # all in for 1,200
        p(3, "Qs Qd", 25 + 3000, name="Cy"),  # covers both
        p(4, "", 25 + 200, folded=True),  # called the raise to 200, then folded to the all-ins: dead money
        p(5, "", 25, folded=True),
        p(6, "", 25, folded=True),
    ]
    r = judge(hand("holdem", players, "2c 7h 9d Ts 4c", button=6))
    main, side = r["pots"]
    assert main["amount"] == 6 * 25 + 4 * 200 + 3 * 300 and main["eligible"] == [1, 2, 3]
    assert side["amount"] == 2 * 700 and side["eligible"] == [2, 3]
    assert shares(r, 0) == {1: main["amount"]} and shares(r, 1) == {2: 1400}
    assert r["returned"] == {"3": 3000 - 1200}
    assert sum(x["amount"] for x in r["pots"]) + sum(r["returned"].values()) == sum(x["put_in"] for x in players)
    assert r["words"][0].startswith("Main pot, 1,850 chips (Ann, Bo, Cy)")


def test_jdg_9_a_side_pot_left_to_one_player_is_his_without_a_showdown():
    r = judge(hand("holdem", [p(1, "As Ad", 100), p(2, "Ks Kd", 800), p(3, "Qs Qd", 500, folded=True)],
                   "2c 7h 9d Ts 4c"))
    assert [(x["amount"], x["eligible"]) for x in r["pots"]] == [(300, [1, 2]), (800, [2])]
    assert r["pots"][1]["parts"] == [{"part": "uncontested", "amount": 800, "winners": [2], "best": {}}]
    assert r["returned"] == {"2": 300}


def test_jdg_9_refusals_negative_put_in_nobody_left_folded_above_everyone():
    refused(hand("holdem", [p(1, "As Ad", -5), p(2, "Ks Kd")], "2c 7h 9d Ts 4c"), "NEGATIVE_PUT_IN")
    refused(hand("holdem", [p(1, "As Ad", folded=True), p(2, "Ks Kd", folded=True)], "2c 7h 9d Ts 4c"),
            "NO_PLAYER_LEFT")
    refused(hand("holdem", [p(1, "As Ad", 100), p(2, "Ks Kd", 100), p(3, "", 900, folded=True),
                            p(4, "", 900, folded=True)], "2c 7h 9d Ts 4c"), "FOLDED_ABOVE_LIVE")


# JDG-10: each pot among its own players

def test_jdg_10_the_short_stack_wins_the_main_pot_the_next_best_the_side_pot():
    r = judge(hand("holdem", [p(1, "As Ad", 100), p(2, "Ks Kd", 400), p(3, "Qs Qd", 400)], "2c 7h 9d Ts 4c"))
    assert shares(r, 0) == {1: 300} and shares(r, 1) == {2: 600}
    assert r["won"] == {"1": 300, "2": 600}


# JDG-11: odd chips

def test_jdg_11_a_pot_with_an_odd_chip_and_three_winners():
    players = [p(1, "2c 3d", 334), p(3, "2d 3c", 333), p(5, "2h 3s", 333), p(7, "4h 5s", 101, folded=True)]
    r = judge(hand("holdem", players, "As Ks Qd Jh Th", button=3))
    assert part(r, 0, "high")["winners"] == [5, 1, 3]  # clockwise from the first seat left of the button
    assert shares(r) == {5: 367, 1: 367, 3: 366}
    # no player gets more than one odd chip
    assert max(shares(r).values()) - min(shares(r).values()) == 1
    assert "the odd chips, one each, to Seat 5 and Seat 1, first left of the button" in " ".join(r["words"])
    assert r["returned"] == {"1": 1}


def test_jdg_11_stud_odd_chip_by_suit_under_tda_and_clockwise_from_the_dealer_under_s000():
    players = [p(2, "As Kd Qh Js 9c 3d 2d", 50), p(6, "Ah Ks Qc Jd 9d 4c 3c", 50), p(4, "", 1, folded=True)]
    tda = judge(hand("stud", copy.deepcopy(players), button=None))
    assert shares(tda) == {2: 51, 6: 50}  # the ace of spades is the high card by suit
    assert "high card by suit (As)" in " ".join(tda["words"])
    s000 = judge(hand("stud", copy.deepcopy(players), button=2), "s000")
    assert shares(s000) == {6: 51, 2: 50}
    refused(hand("stud", copy.deepcopy(players), button=None), "BUTTON_NEEDED", "s000")


def test_jdg_11_odd_chips_are_of_the_smallest_chip_in_play():
    players = [p(1, "2c 3d", 1025), p(2, "2d 3c", 1025), p(3, "4s 5s", 1025, folded=True)]
    r = judge(hand("holdem", copy.deepcopy(players), "As Ks Qd Jh Th", button=3, smallest_chip=25))
    assert shares(r) == {1: 1550, 2: 1525}  # 3,075: 123 chips of 25, the odd one to seat 1
    assert shares(judge(hand("holdem", players, "As Ks Qd Jh Th", button=3))) == {1: 1538, 2: 1537}
    refused(hand("holdem", [p(1, "2c 3d"), p(2, "2d 3c")], "As Ks Qd Jh Th", smallest_chip=0), "INVALID_INPUT")


def test_jdg_11_a_button_game_needs_the_button():
    refused(hand("holdem", [p(1, "2c 3d"), p(2, "2d 3c")], "As Ks Qd Jh Th", button=None), "BUTTON_NEEDED")


# JDG-9: the property

SEATS = st.lists(st.tuples(st.integers(0, 5000), st.booleans()), min_size=2, max_size=9)


@settings(max_examples=150, deadline=None)
@given(SEATS, st.integers(1, 9), st.sampled_from(["holdem", "omaha_hilo", "archie", "razzdugi", "badeucy",
                                                  "double_board_omaha"]),
       st.sampled_from([1, 1, 5, 25]), st.randoms(use_true_random=False))
def test_jdg_9_pots_always_add_up_to_the_contributions_to_the_chip(seats, button, game, unit, rng):
    sd = SHOWDOWNS[game]
    seats = seats[: (52 - 5 * sd.boards) // sd.shown]  # as many as one deck deals
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(deck)
    if not any(not folded for _, folded in seats):
        seats[0] = (seats[0][0], False)
    top_live = max(c for c, folded in seats if not folded)
    data: dict[str, Any] = {"game": game, "button": button, "smallest_chip": unit, "players": []}
    if sd.boards == 2:
        data["boards"] = [deck[:5], deck[5:10]]
        deck = deck[10:]
    elif sd.boards == 1:
        data["board"], deck = deck[:5], deck[5:]
    for i, (put_in, folded) in enumerate(seats):
        n = sd.shown if not folded else 0
        data["players"].append({"seat": i + 1, "cards": deck[:n], "put_in": min(put_in, top_live) if folded else
                                put_in, "folded": folded})
        deck = deck[n:]
    r = judge(data)
    total = sum(x["put_in"] for x in data["players"])
    assert sum(x["amount"] for x in r["pots"]) + sum(r["returned"].values()) == total
    for pot in r["pots"]:
        assert sum(pot["shares"].values()) == pot["amount"]
        assert sum(x["amount"] for x in pot["parts"]) == pot["amount"]
        assert {int(s) for s in pot["shares"]} <= set(pot["eligible"])
    assert sum(r["won"].values()) + sum(r["returned"].values()) == total
    json.dumps(r)  # all of it is JSON


# JDG-7: the judge's walk of the ways to make a hand finds what pokerkit's own best hand finds

KINDS = [("holdem", "high", StandardHighHand, 2), ("crazy_pineapple_hilo", "low", EightOrBetterLowHand, 2),
         ("omaha", "high", OmahaHoldemHand, 4), ("big_o_hilo", "low", OmahaEightOrBetterLowHand, 5),
         ("razz", "low", RegularLowHand, 7), ("razzdugi_27", "low", StandardLowHand, 7),
         ("badacey", "badugi", BadugiHand, 5), ("badeucy", "badugi", StandardBadugiHand, 5)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KINDS), st.permutations([r + s for r in "23456789TJQKA" for s in "cdhs"]))
def test_jdg_7_each_best_hand_is_the_one_pokerkits_own_search_finds(kind, deck):
    game, name, pk, shown = kind
    sd = SHOWDOWNS[game]
    hole = tuple(Card.parse(" ".join(deck[:shown])))
    board = tuple(Card.parse(" ".join(deck[shown:shown + 5 * sd.boards])))
    ours = next(x for x in sd.parts if x.name == name).evaluate(hole, board)
    theirs = pk.from_game_or_none(hole, board)
    assert (ours is None) == (theirs is None)
    if ours is not None and theirs is not None:
        assert type(ours) is pk and ours == theirs and ours.entry.label == theirs.entry.label
