"""Stud bring-in and first to act (MIX-4, MIX-6)."""

from __future__ import annotations

import pytest

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.games.studorder import bring_in, first_to_act, showing_value
from app.profiles.profile import load_profile


def test_mix_4_two_of_clubs_is_the_lowest_card() -> None:
    assert bring_in({1: "2d", 2: "2c", 3: "2s", 4: "3c"}, "stud") == 2
    assert bring_in({1: "2h", 5: "2d", 7: "Ac"}, "stud_hilo") == 5
    assert bring_in({3: "As", 4: "Kc"}, "stud") == 4  # aces are high in stud


def test_mix_4_razz_king_of_spades_brings_in() -> None:
    assert bring_in({1: "Kh", 2: "Ks", 3: "Kd", 4: "Qs"}, "razz") == 2
    assert bring_in({1: "As", 2: "2c"}, "razz") == 2  # aces are low in Razz
    assert bring_in({1: "As", 2: "Kc"}, "razzdugi_27") == 1  # aces high in 2-7 Razzdugi
    assert bring_in({1: "Jc", 2: "Jd"}, "super_razzdugi") == 2


def test_mix_4_only_stud_games_have_a_bring_in() -> None:
    with pytest.raises(RuleError) as info:
        bring_in({1: "2c"}, "holdem")
    assert info.value.code == "INVALID_INPUT"


def test_mix_6_best_high_hand_showing_acts_first() -> None:
    showing = {1: ["Ks", "Kd"], 2: ["As", "Qd"], 3: ["5c", "5d"]}
    assert first_to_act(showing, "stud") == 1
    assert first_to_act({1: ["7c", "7d", "2s"], 2: ["3c", "3d", "3s"]}, "stud_hilo") == 2
    assert showing_value(["Qc", "Qd", "Qs"]) > showing_value(["Ah", "Ad", "Kc", "Kd"])


def test_mix_6_best_low_hand_showing_acts_first_in_razz() -> None:
    showing = {1: ["Ks", "2d"], 2: ["Ac", "4d"], 3: ["3c", "3d"], 4: ["5c", "6d"]}
    assert first_to_act(showing, "razz") == 2  # 4-A beats 6-5, K-2 and a pair


def test_mix_6_tie_goes_clockwise_from_the_dealer_in_p000() -> None:
    showing = {2: ["Kc", "Kd"], 6: ["Kh", "Ks"], 4: ["9c", "8d"]}
    assert first_to_act(showing, "stud", tie="dealer_clockwise", dealer_seat=3, max_seats=8) == 6
    assert first_to_act(showing, "stud", tie="dealer_clockwise", dealer_seat=7, max_seats=8) == 2
    with pytest.raises(RuleError) as info:
        first_to_act(showing, "stud", tie="dealer_clockwise")
    assert info.value.code == "NEEDS_INPUT"


def test_mix_6_tie_goes_to_the_high_card_by_suit_under_tda() -> None:
    showing = {2: ["Kc", "Kd"], 6: ["Kh", "Ks"]}
    assert first_to_act(showing, "stud", tie="high_card_suit") == 6
    assert first_to_act({1: ["5s", "3c"], 4: ["5d", "3h"]}, "razz", tie="high_card_suit") == 1


def test_mix_4_ruling_is_recorded_and_shown() -> None:
    t = Tournament.create(load_profile("hat"), time=FakeClock())
    t.execute({"cmd": "stud_action_order", "game": "razz", "cards": {"1": "Kh", "3": "Ks", "5": "Kd"}})
    assert t.view("games")["games"]["stud_ruling"] == {
        "game": "razz", "street": 3, "table": None, "seat": 3, "rule": "MIX-4"}
    t.execute({"cmd": "stud_action_order", "game": "stud", "street": 4, "dealer_seat": 5,
               "cards": {"2": ["Kc", "Kd"], "6": ["Kh", "Ks"]}})
    assert t.view("games")["games"]["stud_ruling"]["seat"] == 6
    for bad in ({"1": "Zz"}, {"1": "2c", "2": "2c"}, {}):
        with pytest.raises(RuleError):
            t.execute({"cmd": "stud_action_order", "game": "stud", "cards": bad})
