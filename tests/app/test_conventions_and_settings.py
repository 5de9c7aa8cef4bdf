"""Conventions (CONV), the forfeit at the start (REG-2), no-show removal options (ABS-5) and the settings
the hand engine reads: the open-pair double (MIX-7) and the split-pot odd chip (MIX-8)."""

from __future__ import annotations

import pytest

from app.buttons.positions import Positions, effective_dealer, first_after, next_hand
from app.core.randomness import card_value, full_deck
from app.engine import Tournament
from app.games.catalogue import CATALOGUE, ODD_CHIP, betting
from app.profiles.profile import load_profile, validate_settings
from app.seating.draw import high_card
from tests.app.money_kit import enter, make, players, refused
from tests.app.tables_support import bust, layout_tables, tournament
from tests.app.test_hand_start import LEVEL_S, advance, two_tables

BETS = {"small_bet": 100, "big_bet": 200}


def test_reg_2_p001_absent_registrant_forfeits_pays_the_fee_and_the_first_waiting_takes_his_place() -> None:
    t = make("campus", reg__cap=3)
    for n in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        t.execute({"cmd": "register", "name": n, "identity": {"first_name": n, "last_name": "X", "student_id": n}})
    t.execute({"cmd": "forfeit_at_start", "players": ["Bob"]})
    ps = players(t)
    assert (ps["Bob"]["status"], ps["Bob"]["out_reason"]) == ("out", "forfeit_at_start")  # a loss is recorded
    assert (ps["Dan"]["status"], ps["Eve"]["status"]) == ("registered", "waiting")  # first come, first served
    money = t.view("money")["money"]
    assert (money["forfeit_fees_cents"], money["pool_cents"]) == (2000, 0)  # the $20 fee is not prize money
    t.execute({"cmd": "seat_all"})
    ps = players(t)
    assert ps["Bob"]["table"] is None and ps["Dan"]["table"] is not None
    assert sorted(n for n, p in ps.items() if p["status"] == "seated") == ["Ann", "Cat", "Dan"]
    t.execute({"cmd": "start_clock"})
    refused(t, {"cmd": "forfeit_at_start", "players": ["Cat"]}, "ALREADY_STARTED")


def _absent_field(rule: str) -> Tournament:
    t = make("tda", absence__no_show_removal=rule, structure__level_minutes=45)
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "absent", "player": "Cat"})
    return t


def test_abs_5_tda_no_show_is_blinded_out_not_removed() -> None:
    t = _absent_field("blind_out")
    advance(t, 3600)
    refused(t, {"cmd": "no_show", "players": ["Cat"]}, "NOT_OFFERED")


def test_abs_5_roberts_removes_a_no_shows_chips_after_half_an_hour_or_a_new_level() -> None:
    t = _absent_field("new_level_or_30")
    advance(t, 29 * 60)
    refused(t, {"cmd": "no_show", "players": ["Cat"]}, "WINDOW_CLOSED")
    advance(t, 60)
    assert t.view("clock")["clock"]["level"] == 1  # half an hour, still level 1
    t.execute({"cmd": "no_show", "players": ["Cat"]})
    assert (players(t)["Cat"]["place"], t.view("chips")["chips"]["removed"]) == (3, 10000)
    early = make("tda", absence__no_show_removal="new_level_or_30", structure__level_minutes=10)
    enter(early, "Ann", "Bob", "Cat")
    early.execute({"cmd": "seat_all"})
    early.execute({"cmd": "start_clock"})
    early.execute({"cmd": "absent", "player": "Cat"})
    advance(early, 10 * 60)  # level 2 began first
    early.execute({"cmd": "no_show", "players": ["Cat"]})
    assert players(early)["Cat"]["status"] == "out"


def test_abs_5_p004_no_show_removed_at_level_2_only() -> None:
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "absent", "player": "Cat"})
    advance(t, 19 * 60)
    refused(t, {"cmd": "no_show", "players": ["Cat"]}, "WINDOW_CLOSED")
    advance(t, 60)
    refused(t, {"cmd": "no_show", "players": ["Cat"]}, "NEEDS_INPUT")  # his table's hand may be a level-1 hand
    t.execute({"cmd": "no_show", "players": ["Cat"], "hand_started_before_level_change": False})
    assert players(t)["Cat"]["out_reason"] == "no_show"


def test_reg_5_no_show_stays_until_his_tables_first_hand_of_level_2() -> None:
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat", "Dan")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "absent", "player": "Cat"})
    advance(t, 20 * 60 + 30)  # level 2 on the clock; the hand at his table started in level 1
    refused(t, {"cmd": "no_show", "players": ["Cat"], "hand_started_before_level_change": True}, "WINDOW_CLOSED")
    table = players(t)["Cat"]["table"]
    t.execute({"cmd": "hand_finished", "table": table})  # the next hand there is a level-2 hand
    t.execute({"cmd": "no_show", "players": ["Cat"]})
    assert players(t)["Cat"]["out_reason"] == "no_show"


def _stud_settings(double: bool) -> dict:
    return validate_settings({"stud.double_on_open_pair": double}, load_profile("hat").settings)


def test_mix_7_no_double_on_fourth_street_by_default() -> None:
    out = betting(CATALOGUE["stud"], BETS, _stud_settings(False))
    fourth = next(r for r in out["rounds"] if r["round"] == "4th street")
    assert out["double_on_open_pair"] is False and "open_pair_bet" not in fourth and fourth["bet"] == 100


def test_mix_7_the_setting_allows_the_double_in_stud_high_only() -> None:
    settings = _stud_settings(True)
    out = betting(CATALOGUE["stud"], BETS, settings)
    fourth = next(r for r in out["rounds"] if r["round"] == "4th street")
    assert out["double_on_open_pair"] is True and (fourth["bet"], fourth["open_pair_bet"]) == (100, 200)
    assert [r for r in out["rounds"] if "open_pair_bet" in r] == [fourth]
    for never in ("stud_hilo", "razz"):
        other = betting(CATALOGUE[never], BETS, settings)
        assert other["double_on_open_pair"] is False
        assert all("open_pair_bet" not in r for r in other["rounds"])


def test_mix_8_split_games_show_the_profiles_odd_chip_rule() -> None:
    hat = load_profile("hat").settings
    tda = validate_settings({"limit.betting": "limit"})
    assert betting(CATALOGUE["omaha_hilo"], BETS, hat)["odd_chip"] == ODD_CHIP["s000"]
    assert betting(CATALOGUE["stud_hilo"], BETS, tda)["odd_chip"] == ODD_CHIP["tda20"]
    assert "nearest the dealer" in ODD_CHIP["s000"] and "left of the button" in ODD_CHIP["tda20"]
    assert "odd_chip" not in betting(CATALOGUE["holdem"], BETS, hat)  # no split pot, no odd chip


def test_conv_1_clockwise_is_increasing_seat_number_wrapping_to_seat_one() -> None:
    assert first_after(9, {1, 4, 9}, 9) == 1
    nxt = next_hand(Positions(8, 9, 9, 1), {1, 4, 8, 9}, 9)
    assert (nxt.button, nxt.sb, nxt.bb) == (9, 1, 4)


def test_conv_3_effective_dealer_is_the_button_player_or_the_first_counter_clockwise() -> None:
    assert effective_dealer(5, {2, 5, 7}, 9) == 5
    assert effective_dealer(4, {2, 5, 7}, 9) == 2
    assert effective_dealer(1, {5, 7}, 9) == 7  # wrapping counter-clockwise from seat 1
    t = tournament("tda")
    layout_tables(t, {1: {1: "A", 2: "B", 3: "C", 4: "D"}})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    bust(t, "B")  # the small blind busts: the button goes to his empty seat
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["dealer"], view["dealer_player"]) == (2, 1, "A")


@pytest.mark.parametrize(
    ("hand_start", "words"),
    [("first_riffle", "at the first riffle"), ("blinds_and_riffle", "all blinds and antes are posted")],
)
def test_conv_5_the_question_says_when_a_hand_has_started(hand_start: str, words: str) -> None:
    t = two_tables(clock__hand_start=hand_start)
    advance(t, 2 * LEVEL_S + 60)
    for number in t.state.tables:
        t.execute({"cmd": "hand_finished", "table": number})
    advance(t, LEVEL_S)
    err = refused(t, {"cmd": "bust", "player": "Ann", "rebuy": True}, "NEEDS_INPUT")
    assert words in err.message


def test_conv_7_ace_of_spades_highest_two_of_clubs_lowest_rank_before_suit() -> None:
    deck = sorted(full_deck(), key=card_value)
    assert (deck[0], deck[-1]) == ("2c", "As")
    assert card_value("3c") > card_value("2s")  # rank first
    assert card_value("Kc") < card_value("Kd") < card_value("Kh") < card_value("Ks")  # then bridge order
    assert card_value("10h") == card_value("Th")
    assert high_card({1: "Ks", 2: "Ah", 3: "As"}) == 3


def test_conv_9_random_outcomes_are_in_the_log_and_replay_without_the_source() -> None:
    t = make("home-nl")
    enter(t, *[f"P{i}" for i in range(12)])
    t.execute({"cmd": "seat_all"})
    drawn = next(ev for ev in t.log if ev.type == "seats_drawn")
    assert drawn.data  # the cards drawn are written into the event
    again = Tournament.replay(list(t.log))
    assert again.view("tables") == t.view("tables")
    t2 = Tournament.create(load_profile("home-nl"), name="Test", time=t.time, seed=99)
    enter(t2, *[f"P{i}" for i in range(12)])
    t2.execute({"cmd": "seat_all"})
    assert t2.view("tables") != t.view("tables")  # another source, another draw


def test_conv_11_busts_at_two_tables_outside_hand_for_hand_are_not_the_same_hand() -> None:
    t = tournament("tda")
    layout_tables(t, {1: {1: "A", 2: "B", 3: "C"}, 2: {1: "D", 2: "E", 3: "F"}})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "players": ["A"], "stacks": {"A": 500}})
    t.execute({"cmd": "bust", "players": ["D"], "stacks": {"D": 500}})
    ps = players(t)
    assert (ps["A"]["place"], ps["D"]["place"]) == (6, 5)  # equal stacks, yet no tie: different hands


def test_abs_3_returned_takes_the_stack_the_director_counts() -> None:
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "absent", "player": "Cat"})
    advance(t, 5 * 60)
    t.execute({"cmd": "returned", "player": "Cat", "stack": 940})  # blinded while away
    assert players(t)["Cat"]["stack"] == 940
    assert players(t)["Cat"]["absent_since"] is None
