"""BTN-5(a) (P003, reading 6): no player pays the same blind in two consecutive hands.

The dead-button algorithm already keeps a player from paying the same blind twice at one table; the
rule matters for a mover who paid a blind on his last hand at his old table and lands in the seat due
the same blind at the new one. Under ``button.no_repeat_blind`` he sits out that hand and the blinds
are worked out with his seat treated as empty; TDA (11-A) lets him post the big blind twice.
"""

from __future__ import annotations

from app.buttons.blinds import blind_paid
from app.buttons.positions import BETWEEN_BUTTON_AND_SB, REPEAT_BB, REPEAT_SB, SB_SEAT_SIT_OUT, Positions, next_hand
from app.engine import Tournament
from tests.app.tables_support import layout_tables, tournament

TEN = 10
CURRENT = Positions(1, 2, 2, 3)  # button 1, small blind 2, big blind 3


def test_btn_5a_mover_due_the_big_blind_again_sits_out_and_the_big_blind_skips_his_seat() -> None:
    occupied = {1, 2, 3, 4, 5, 6}  # the mover is in seat 4, the next big blind's seat
    nxt = next_hand(CURRENT, occupied, TEN, newcomers={4: None}, last_blinds={4: "bb"})
    assert (nxt.button, nxt.sb_seat, nxt.sb, nxt.bb) == (2, 3, 3, 5)
    assert nxt.sitting_out == {4: REPEAT_BB}


def test_btn_5a_without_the_setting_the_mover_posts_the_big_blind_twice() -> None:
    nxt = next_hand(CURRENT, {1, 2, 3, 4, 5, 6}, TEN, newcomers={4: None})
    assert (nxt.bb, nxt.sitting_out) == (4, {})


def test_btn_5a_a_different_blind_is_no_repeat() -> None:
    nxt = next_hand(CURRENT, {1, 2, 3, 4, 5, 6}, TEN, newcomers={4: None}, last_blinds={4: "sb"})
    assert (nxt.bb, nxt.sitting_out) == (4, {})


def test_btn_5a_small_blind_twice_sits_out_even_where_new_players_post_the_small_blind() -> None:
    # The big blind in seat 3 moved away and a mover who paid the small blind took seat 3 (next SB seat).
    nxt = next_hand(CURRENT, {1, 2, 3, 4, 5}, TEN, newcomers={3: None}, last_blinds={3: "sb"}, in_sb_seat="post")
    assert (nxt.button, nxt.sb_seat, nxt.sb, nxt.bb) == (2, 3, None, 4)
    assert nxt.sitting_out == {3: REPEAT_SB}


def test_btn_5a_btn_10_reason_wins_when_both_sit_him_out_in_the_small_blind() -> None:
    nxt = next_hand(CURRENT, {1, 2, 3, 4, 5}, TEN, newcomers={3: None}, last_blinds={3: "sb"}, in_sb_seat="sit_out")
    assert nxt.sitting_out == {3: SB_SEAT_SIT_OUT}


def test_btn_5a_two_movers_who_both_paid_the_big_blind_are_both_skipped() -> None:
    occupied = {1, 2, 3, 4, 5, 6}
    nxt = next_hand(CURRENT, occupied, TEN, newcomers={4: None, 5: None}, last_blinds={4: "bb", 5: "bb"})
    assert (nxt.sb, nxt.bb) == (3, 6)
    assert nxt.sitting_out == {4: REPEAT_BB, 5: REPEAT_BB}


def test_btn_5a_never_leaves_fewer_than_two_players_dealt_in() -> None:
    # Heads-up: the mover would be the big blind; sitting him out would leave one player, so he posts.
    nxt = next_hand(Positions(1, 1, 1, 3), {1, 4}, TEN, newcomers={4: None}, last_blinds={4: "bb"})
    assert (nxt.bb, nxt.sitting_out) == (4, {})


def _broken_into_the_big_blind(profile: str) -> Tournament:
    """Table 2's big blind (B3) and small blind (B2) go to table 1 when table 2 breaks; B3 lands in
    seat 5, the seat due the big blind on table 1's next hand."""
    t = tournament(profile)
    a = {s: f"A{s}" for s in (1, 2, 3, 4, 6)}
    layout_tables(t, {1: a, 2: {1: "B1", 2: "B2", 3: "B3"}})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "hand_finished", "table": 1})  # button 2, SB 3, BB 4
    t.execute({"cmd": "set_button", "table": 2, "seat": 1})  # B2 posts the SB, B3 the BB
    cards = {"B3": "As", "B2": "Kh", "B1": "2c"}
    t.execute({"cmd": "break_table", "table": 2, "cards": cards, "seat_order": [[1, 5], [1, 7], [1, 8]]})
    return t


def _pid(t: Tournament, name: str) -> int:
    return t.state.by_name[name.lower()]


def test_btn_5a_break_records_the_blinds_paid_and_the_mover_skips_the_big_blind() -> None:
    t = _broken_into_the_big_blind("home-rebuy")
    assert t.log[-1].data["paid_blinds"] == {str(_pid(t, "B3")): "bb", str(_pid(t, "B2")): "sb"}
    assert blind_paid(t.state, _pid(t, "B3")) == "bb"  # arrived during the hand: carried if moved again
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"]) == (3, 4, 6)
    assert view["not_dealt"] == [{"player": "B3", "seat": 5, "reason": REPEAT_BB}]
    assert blind_paid(t.state, _pid(t, "B3")) is None  # he sat that hand out
    replayed = Tournament.replay(t.log)
    assert replayed.view("tables")["tables"]["1"]["not_dealt"] == view["not_dealt"]


def test_btn_5a_the_rule_lapses_after_one_hand_and_btn_9_waits_for_the_button() -> None:
    t = _broken_into_the_big_blind("home-rebuy")
    t.execute({"cmd": "hand_finished", "table": 1})
    assert t.state.tables[1].last_blinds == {}
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"]) == (4, 6, 7)  # B2, a former small blind, posts the BB
    assert view["not_dealt"] == [{"player": "B3", "seat": 5, "reason": BETWEEN_BUTTON_AND_SB}]
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"], view["not_dealt"]) == (6, 7, 8, [])


def test_btn_5a_tda_default_lets_the_mover_post_the_big_blind_twice() -> None:
    t = _broken_into_the_big_blind("tda")
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"], view["not_dealt"]) == (3, 4, 5, [])
    assert view["seats"]["5"]["player"] == "B3"
