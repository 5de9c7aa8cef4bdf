"""BTN: the dead-button algorithm, heads-up, P003's hold, frozen stud button, new players."""

from __future__ import annotations

import pytest

from app.buttons.positions import (
    BETWEEN_BUTTON_AND_SB,
    SB_SEAT_SIT_OUT,
    Positions,
    effective_dealer,
    first_hand,
    next_hand,
    position_of,
    worst_open_seat,
)
from app.errors import RuleError
from tests.app.tables_support import bust, seat, tournament, who

TEN = 10


def test_btn_2_first_hand_blinds_follow_the_button() -> None:
    pos = first_hand(1, {1, 2, 3, 4}, TEN)
    assert (pos.button, pos.sb, pos.bb) == (1, 2, 3)


def test_btn_1_no_bust_everything_moves_one_seat() -> None:
    nxt = next_hand(Positions(1, 2, 2, 3), {1, 2, 3, 4, 5}, TEN)
    assert (nxt.button, nxt.sb_seat, nxt.sb, nxt.bb) == (2, 3, 3, 4)


def test_btn_1_big_blind_busts_button_to_former_sb_no_small_blind() -> None:
    occupied = {1, 2, 4, 5}  # the big blind in seat 3 busted
    h1 = next_hand(Positions(1, 2, 2, 3), occupied, TEN)
    assert (h1.button, h1.sb, h1.bb) == (2, None, 4)
    assert effective_dealer(h1.button, occupied, TEN) == 2
    h2 = next_hand(h1, occupied, TEN)
    assert (h2.button, h2.sb, h2.bb) == (3, 4, 5)  # the button on the empty seat, normal blinds
    assert effective_dealer(h2.button, occupied, TEN) == 2  # same dealer two hands in a row


def test_btn_1_small_blind_busts_button_does_not_move() -> None:
    occupied = {1, 3, 4, 5}  # the small blind in seat 2 busted
    h1 = next_hand(Positions(1, 2, 2, 3), occupied, TEN)
    assert (h1.button, h1.sb, h1.bb) == (2, 3, 4)
    assert effective_dealer(h1.button, occupied, TEN) == 1  # the former button deals again


def test_btn_1_both_blinds_bust_same_dealer_three_hands() -> None:
    occupied = {1, 4, 5}
    h1 = next_hand(Positions(1, 2, 2, 3), occupied, TEN)
    h2 = next_hand(h1, occupied, TEN)
    h3 = next_hand(h2, occupied, TEN)
    dealers = [effective_dealer(h.button, occupied, TEN) for h in (Positions(1, 2, 2, 3), h1, h2)]
    assert dealers == [1, 1, 1]
    assert (h1.sb, h1.bb, h2.sb, h2.bb) == (None, 4, 4, 5)
    assert effective_dealer(h3.button, occupied, TEN) == 4


def test_btn_5_hold_button_stays_when_big_blind_busts() -> None:
    occupied = {1, 2, 4, 5}
    h1 = next_hand(Positions(1, 2, 2, 3), occupied, TEN, bb_bust="hold")
    assert (h1.button, h1.sb, h1.bb, h1.held) == (1, None, 4, True)
    h2 = next_hand(h1, occupied, TEN, bb_bust="hold")
    assert (h2.button, h2.sb, h2.bb) == (3, 4, 5)
    assert effective_dealer(h2.button, occupied, TEN) == 2  # the former small blind deals


def test_btn_6_heads_up_button_posts_small_blind_and_no_bb_twice() -> None:
    h1 = next_hand(Positions(1, 2, 2, 3), {1, 3}, TEN)  # seat 2 (SB) busts; 3 posted the BB
    assert (h1.button, h1.sb, h1.bb) == (3, 3, 1)
    h2 = next_hand(h1, {1, 3}, TEN)
    assert (h2.button, h2.sb, h2.bb) == (1, 1, 3)


def test_btn_9_new_player_between_button_and_small_blind_sits_out() -> None:
    # Hand: button 5, SB 7, BB 9. Next: button 7, SB 9. A newcomer lands in seat 8.
    occupied = {1, 3, 5, 7, 8, 9}
    nxt = next_hand(Positions(5, 7, 7, 9), occupied, TEN, newcomers={8: None})
    assert nxt.sitting_out == {8: BETWEEN_BUTTON_AND_SB}
    assert (nxt.button, nxt.sb, nxt.bb) == (7, 9, 1)


def test_btn_9_new_player_in_sb_seat_posts_under_tda() -> None:
    # The big blind (seat 3) busted and a mover took seat 3: it is next hand's small-blind seat.
    nxt = next_hand(Positions(1, 2, 2, 3), {1, 2, 3, 4, 5}, TEN, newcomers={3: None})
    assert (nxt.sb, nxt.sitting_out) == (3, {})


def test_btn_10_new_player_in_sb_position_sits_out_blinds_as_if_empty() -> None:
    nxt = next_hand(Positions(1, 2, 2, 3), {1, 2, 3, 4, 5}, TEN, newcomers={3: None}, in_sb_seat="sit_out")
    assert nxt.sitting_out == {3: SB_SEAT_SIT_OUT}
    assert (nxt.sb, nxt.bb) == (None, 4)


def test_bal_3_worst_position_is_the_next_big_blind_never_the_small_blind() -> None:
    cur = Positions(1, 2, 2, 3)
    assert worst_open_seat(cur, {1, 2, 3, 5, 6}, TEN) == 4  # the single big blind
    assert worst_open_seat(cur, {1, 2, 3, 4, 5, 6, 7, 8, 9}, TEN) == 10


def test_conv_4_position_counts_players_dealt_clockwise_from_button() -> None:
    assert position_of(6, 2, {2, 3, 5, 6, 8}, TEN) == 3
    assert position_of(2, 2, {2, 3, 5}, TEN) == 0


def test_btn_1_through_the_engine_bb_busts() -> None:
    t = tournament("home-nl")
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan", 5: "Eve"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    bust(t, "Cat")
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"], view["dealer_player"]) == (2, None, 4, "Bob")
    assert view["button_marker"] == 2
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"], view["dealer_player"]) == (3, 4, 5, "Bob")
    assert view["button_marker"] == 2  # P004 shows the marker on the effective dealer


def test_btn_4_unknown_button_asks_for_it() -> None:
    t = tournament()
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat"})
    before = t.state.seq
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "hand_finished", "table": 1})
    assert info.value.code == "NEEDS_INPUT" and "set_button" in info.value.message
    assert t.state.seq == before


def test_btn_7_button_frozen_during_stud_then_blinds_follow_it() -> None:
    t = tournament("hat")
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "hand_finished", "table": 1, "stud": True})
    frozen = t.view("tables")["tables"]["1"]
    assert (frozen["button"], frozen["frozen"]) == (2, True)
    t.execute({"cmd": "hand_finished", "table": 1, "stud": True})
    assert t.view("tables")["tables"]["1"]["button"] == 2
    t.execute({"cmd": "hand_finished", "table": 1, "stud": False})
    back = t.view("tables")["tables"]["1"]
    assert (back["button"], back["sb"], back["bb"], back["frozen"]) == (2, 3, 4, False)


def test_btn_9_mover_between_button_and_sb_is_not_dealt_until_the_button_passes() -> None:
    t = tournament()
    seat(t, 1, {1: "Ann", 3: "Bob", 5: "Cat", 7: "Dan", 9: "Eve"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 3})  # SB 5, BB 7
    t.execute({"cmd": "hand_finished", "table": 1})  # button 5, SB 7, BB 9
    seat(t, 1, {6: "Fay"})
    assert t.view("tables")["tables"]["1"]["not_dealt"][0]["player"] == "Fay"
    t.execute({"cmd": "hand_finished", "table": 1})  # button 7, SB 9, BB 1: seat 8 empty, Fay is in 6
    view = t.view("tables")["tables"]["1"]
    assert view["not_dealt"] == []
    assert who(t, 1, 6) == "Fay"


def test_btn_7_rotation_every_two_hands_freezes_the_button_by_the_table_hand_count() -> None:
    t = tournament("tda", mix__mode="rotation", mix__games=["holdem", "stud"], mix__hands_per_game=2)
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})  # hand 1: hold'em
    buttons = []
    for _ in range(5):
        t.execute({"cmd": "hand_finished", "table": 1})
        view = t.view("tables")["tables"]["1"]
        buttons.append((view["button"], view["frozen"]))
    # hand 2 hold'em; hands 3 and 4 stud (the button moved once, then frozen); hands 5 and 6 hold'em.
    assert buttons == [(2, False), (3, True), (3, True), (3, False), (4, False)]


def test_btn_8_dealers_choice_keeps_the_button_moving() -> None:
    t = tournament("tda", mix__mode="dealers_choice", mix__games=["holdem", "stud"])
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "choose_game", "table": 1, "game": "stud"})
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["frozen"]) == (2, False)
