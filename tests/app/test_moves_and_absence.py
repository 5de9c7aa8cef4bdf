"""Moves of absent players, the order of simultaneous moves, breaks and redraws by table count, the final
table size, the blinds of short stacks and of absent players, and the display of seed 000's dealer."""

from __future__ import annotations

import pytest

from app.balancing.plan import plan_moves
from app.errors import RuleError
from tests.app.tables_support import bust, layout_tables, names, tournament, who


def _full(prefix: str, seats: range | list[int]) -> dict[int, str]:
    return {s: f"{prefix}{s}" for s in seats}


def _absent_reason(t, table: int, name: str) -> str | None:
    rows = t.view("tables")["tables"][str(table)]["not_dealt"]
    return next((r["reason"] for r in rows if r["player"] == name), None)


def test_bal_4_p004_moves_fill_the_lowest_table_first_closest_left_of_the_button_first() -> None:
    t = tournament("home-nl")
    layout_tables(t, {1: _full("A", range(1, 11)), 2: _full("B", range(1, 10)), 3: _full("C", range(1, 11))})
    for n in (1, 2, 3):
        t.execute({"cmd": "set_button", "table": n, "seat": 1})
    bust(t, "B2")  # table 2: 8 players, its eliminated player in position 1
    bust(t, "C9", "C7", "C5", "C3")  # table 3: 6 players
    moves = t.view("balance")["balance"]["moves"]
    # Table 3 is the lowest populated: both moves go there, seat 3 (position 2) before seat 5 (position 4),
    # although table 2's eliminated player sat closer to its button.
    assert [(m["to_table"], m["to_seat"], m["player"]) for m in moves] == [(3, 3, "A3"), (3, 5, "A5")]
    t.execute({"cmd": "balance"})
    # The plan shown is the one carried out: A3 was dealt into the hand, so A5 is still in position 4.
    assert (who(t, 3, 3), who(t, 3, 5)) == ("A3", "A5")
    assert 3 not in t.state.tables[1].seats and 5 not in t.state.tables[1].seats
    assert not t.view("balance")["balance"]["needed"]


def test_bal_4_tda_the_mover_plays_out_his_hand_and_the_destination_keeps_dealing() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _full("A", range(1, 10)), 2: _full("B", range(1, 8))})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "set_button", "table": 2, "seat": 1})
    bust(t, "B5")
    move = t.view("balance")["balance"]["moves"][0]
    assert (move["player"], move["to_table"]) == ("A4", 2)
    # The destination is not halted (its blinds are not affected): it deals its next hand meanwhile.
    t.execute({"cmd": "hand_finished", "table": 2})
    assert t.view("tables")["tables"]["2"]["hands"] == 1
    # The source table finishes the mover's hand; he is now past the big blind, so the next one moves.
    t.execute({"cmd": "hand_finished", "table": 1})
    move = t.view("balance")["balance"]["moves"][0]
    assert move["player"] == "A5"


def test_bal_6_an_absent_player_is_moved_and_keeps_being_blinded() -> None:
    t = tournament("home-nl")
    layout_tables(t, {1: _full("A", range(1, 11)), 2: _full("B", range(1, 10))})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "set_button", "table": 2, "seat": 1})
    t.execute({"cmd": "absent", "player": "A2"})
    bust(t, "B2")  # position 1 at table 2: the player in position 1 at table 1 moves, absent or not
    assert t.view("balance")["balance"]["moves"][0]["player"] == "A2"
    t.execute({"cmd": "balance"})
    assert who(t, 2, 2) == "A2"
    assert t.view("players")["players"]["A2"]["absent_since"] is not None
    t.execute({"cmd": "hand_finished", "table": 2})
    assert _absent_reason(t, 2, "A2") == "absent: blinded, not dealt (ABS-1)"
    blinds = []
    for _ in range(8):
        t.execute({"cmd": "hand_finished", "table": 2})
        v = t.view("tables")["tables"]["2"]
        blinds.append((v["sb"], v["bb"]))
    assert (1, 2) in blinds  # his seat posts the big blind when it comes round, from his stack


def test_abs_4_a_player_moved_while_absent_is_still_on_his_absence_clock() -> None:
    t = tournament("home-nl")
    layout_tables(t, {1: _full("A", range(1, 10)), 2: _full("B", range(1, 8))})
    t.execute({"cmd": "absent", "player": "A9"})
    t.time.advance(15 * 60)
    t.execute({"cmd": "move", "player": "A9", "table": 2, "seat": 8})
    t.time.advance(5 * 60)
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "returned", "player": "A9"})
    assert info.value.code == "WINDOW_CLOSED"  # 20 minutes away in all, moved or not
    t.execute({"cmd": "forfeit", "player": "A9", "stack": 700})
    stacks = [t.view("players")["players"][f"B{s}"]["stack"] for s in range(1, 8)]
    assert stacks == [1100] * 7  # split among his new table


def test_brk_2_an_absent_player_on_a_breaking_table_gets_a_seat_and_stays_absent() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _full("A", range(1, 7)), 2: _full("B", range(1, 7)), 3: _full("C", range(1, 6))})
    t.execute({"cmd": "absent", "player": "C2"})
    bust(t, "C5")
    assert plan_moves(t.state).break_table == 3
    t.execute({"cmd": "break_table", "table": 3, "cards": {"C1": "2c", "C2": "As", "C3": "Td", "C4": "Th"},
               "seat_order": [[2, 8], [1, 7], [2, 7], [1, 8]]})
    c2 = t.view("players")["players"]["C2"]
    assert (c2["table"], c2["seat"], c2["stack"]) == (2, 8, 10000)  # his chips went to his new seat
    assert c2["absent_since"] is not None
    assert _absent_reason(t, 2, "C2") == "absent: blinded, not dealt (ABS-1)"


def test_brk_5_robert_s_redraws_at_three_two_and_one_table() -> None:
    t = tournament("tda", break__redraw_at_tables=[3, 2, 1])
    layout_tables(t, {n: _full(f"T{n}", range(1, 8)) for n in (1, 2, 3, 4)})  # 28 players
    bust(t, "T41")
    plan = plan_moves(t.state)
    assert (plan.redraw_to, plan.break_table, plan.rule) == (3, None, "BRK-5")  # 27 fit at three tables
    t.execute({"cmd": "balance"})
    assert sorted(t.state.tables) == [1, 2, 3] and sum(tb.population for tb in t.state.tables.values()) == 27
    assert all(tb.button is not None for tb in t.state.tables.values())  # the button is drawn afresh


def test_brk_5_no_redraw_milestones_under_tda_a_table_breaks_instead() -> None:
    t = tournament("tda")
    layout_tables(t, {n: _full(f"T{n}", range(1, 8)) for n in (1, 2, 3, 4)})
    bust(t, "T41")
    plan = plan_moves(t.state)
    assert (plan.redraw_to, plan.break_table) == (None, 4)


@pytest.mark.parametrize(
    ("profile", "seats", "at", "how"),
    [("tda", 9, 9, "break"), ("home-rebuy", 10, 10, "redraw"), ("home-nl", 10, 9, "redraw")],
)
def test_brk_6_final_table_forms_at_the_profile_size(profile: str, seats: int, at: int, how: str) -> None:
    t = tournament(profile)
    first = list(range(1, (at + 1) // 2 + 2))  # one player more than the final table, over two tables
    second = list(range(1, at + 2 - len(first)))
    layout_tables(t, {1: _full("A", first), 2: _full("B", second)})
    assert sum(tb.population for tb in t.state.tables.values()) == at + 1
    assert not plan_moves(t.state).break_table and not plan_moves(t.state).redraw_to
    bust(t, "B1")
    plan = plan_moves(t.state)
    assert (plan.break_table == 2, plan.redraw_to == 1) == (how == "break", how == "redraw")
    t.execute({"cmd": "balance"})
    assert list(t.state.tables) == [1] and t.state.tables[1].population == at
    assert t.state.profile is not None and int(t.state.profile["final_table.size"]) == at


def test_btn_3_a_short_stack_still_takes_the_big_blind_in_turn() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _full("A", range(1, 6))})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})  # SB 2, BB 3
    t.execute({"cmd": "chip_count", "counts": {"A1": 10000, "A2": 10000, "A3": 10000, "A4": 10, "A5": 19990}})
    assert t.view("players")["players"]["A4"]["stack"] == 10
    t.execute({"cmd": "hand_finished", "table": 1})
    # A4 holds 10 chips, less than any blind: he posts what he has; the blinds do not skip him.
    nxt = t.view("tables")["tables"]["1"]
    assert (nxt["button"], nxt["sb"], nxt["bb"]) == (2, 3, 4)
    assert nxt["not_dealt"] == []


def test_abs_1_an_absent_player_is_not_dealt_but_his_seat_keeps_its_blinds() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _full("A", range(1, 6))})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "absent", "player": "A4"})
    assert _absent_reason(t, 1, "A4") == "absent: blinded, not dealt (ABS-1)"
    t.execute({"cmd": "hand_finished", "table": 1})
    nxt = t.view("tables")["tables"]["1"]
    assert (nxt["sb"], nxt["bb"]) == (3, 4)  # his big blind is posted from his stack
    assert t.view("players")["players"]["A4"]["status"] == "seated"


def test_btn_11_p000_shows_the_dealing_seat_as_the_first_player_after_the_big_blind() -> None:
    t = tournament("hat")
    layout_tables(t, {1: _full("A", [1, 2, 3, 5, 6])})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})  # SB 2, BB 3: seat 5 deals
    assert t.view("tables")["tables"]["1"]["dealing_seat"] == 5
    bust(t, "A2")  # the small blind busts: next hand button 2 (empty), SB 3, BB 5
    t.execute({"cmd": "hand_finished", "table": 1})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"], view["dealing_seat"]) == (2, 3, 5, 6)
    bust(t, "A3", "A5")
    t.execute({"cmd": "hand_finished", "table": 1})  # heads-up: the button posts the small blind, deals
    view = t.view("tables")["tables"]["1"]
    assert view["dealing_seat"] == view["sb"] != view["bb"]
    plain = tournament("tda")
    layout_tables(plain, {1: _full("A", [1, 2, 3])})
    plain.execute({"cmd": "set_button", "table": 1, "seat": 1})
    assert plain.view("tables")["tables"]["1"]["dealing_seat"] is None  # shown only where the profile asks


def test_btn_12_p001_small_blind_left_of_the_dealer_and_the_dealer_moves_clockwise() -> None:
    t = tournament("campus", reg__require_identity=[])
    layout_tables(t, {1: _full("A", range(1, 6))})
    t.execute({"cmd": "set_button", "table": 1, "seat": 4})
    seen = []
    for _ in range(3):
        v = t.view("tables")["tables"]["1"]
        seen.append((v["button"], v["sb"], v["bb"]))
        t.execute({"cmd": "hand_finished", "table": 1})
    assert seen == [(4, 5, 1), (5, 1, 2), (1, 2, 3)]  # wrapping from seat 5 to seat 1
    assert (t.view("tables")["tables"]["1"]["bb"]) == 4
    bust(t, "A4")  # the big blind busts: TDA's dead button (BTN-1), the small blind's player gets the button
    t.execute({"cmd": "hand_finished", "table": 1})
    v = t.view("tables")["tables"]["1"]
    assert (v["button"], v["sb"], v["bb"], v["dealer"]) == (3, None, 5, 3)


def test_btn_13_no_seat_change_at_the_same_table() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _full("A", [1, 2, 3, 4]), 2: _full("B", [1, 2, 3])})
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "move", "player": "A2", "table": 1, "seat": 7})
    assert (info.value.code, info.value.rule) == ("MOVE_NOT_ALLOWED", "SEAT-7")
    assert t.state == before
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_player", "player": "A2", "table": 2, "seat": 5})
    assert info.value.code == "MOVE_NOT_ALLOWED"


def test_conv_10_tables_numbered_from_one_and_population_counts_active_players() -> None:
    t = tournament("tda")
    for n in names(20):
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "seat_all"})
    tables = t.view("tables")["tables"]
    assert sorted(tables, key=int) == ["1", "2", "3"]
    assert sorted(v["population"] for v in tables.values()) == [6, 7, 7]
    someone = next(iter(tables["1"]["seats"].values()))["player"]
    t.execute({"cmd": "absent", "player": someone})  # CONV-2: an absent player is still active
    assert t.view("tables")["tables"]["1"]["population"] == tables["1"]["population"]
    bust(t, someone)
    assert t.view("tables")["tables"]["1"]["population"] == tables["1"]["population"] - 1


def test_conv_2_an_absent_player_is_active_for_balancing() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _full("A", range(1, 9)), 2: _full("B", range(1, 8))})
    for name in ("B1", "B2", "B3"):
        t.execute({"cmd": "absent", "player": name})
    assert not t.view("balance")["balance"]["needed"]  # 8 and 7: absent players still count
    bust(t, "B4")
    assert t.view("balance")["balance"]["needed"]  # a bust does not
