"""BAL/BRK, second pass: a rebalance is planned as a whole (nobody moves twice), only tables with
players are in play, a one-player table never blocks balancing, the ``fewest_players`` break order,
the final table in one step, and a halted table whose hand and move are reported in either order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.balancing.plan import plan_moves
from app.engine import Tournament
from app.seating.draw import drawn_seats
from tests.app.tables_support import bust, layout_tables, tournament, who


def _layout(t: Tournament, sizes: dict[int, int]) -> None:
    layout_tables(t, {n: {s: f"T{n}s{s}" for s in range(1, k + 1)} for n, k in sizes.items()})
    for n, k in sizes.items():
        if k:
            t.execute({"cmd": "set_button", "table": n, "seat": 1})


def _settle(t: Tournament) -> Counter[int]:
    """Confirm every balance the engine asks for; count how often each player changed seats."""
    start = len(t.log)
    for _ in range(50):
        if not plan_moves(t.state).needed:
            break
        t.execute({"cmd": "balance"})
    moved: Counter[int] = Counter()
    for ev in t.log[start:]:
        if ev.type == "player_moved":
            moved[int(ev.data["player"])] += 1
        elif ev.type == "table_broken":
            for pid, *_rest in ev.data["assignments"]:
                moved[int(pid)] += 1
        elif ev.type == "seats_drawn":
            for pid, *_rest in drawn_seats(ev.data):
                moved[int(pid)] += 1
    return moved


def _pops(t: Tournament) -> list[int]:
    return sorted(tb.population for tb in t.state.tables.values() if tb.population)


def test_brk_1_several_breaks_at_once_nobody_moves_twice() -> None:
    t = tournament("tda")
    _layout(t, {1: 9, 2: 9, 3: 3, 4: 3, 5: 3})  # 27 players fit 3 tables: two tables break at once
    plan = plan_moves(t.state)
    assert plan.break_tables == [5, 4]
    moved = _settle(t)
    assert max(moved.values()) == 1
    assert sum(moved.values()) == 6
    assert _pops(t) == [9, 9, 9]


def test_brk_1_an_empty_opened_table_is_not_in_play() -> None:
    t = tournament("tda")
    _layout(t, {1: 8, 2: 8})
    t.execute({"cmd": "open_table", "table": 3})
    plan = plan_moves(t.state)
    assert not plan.needed
    assert _settle(t) == Counter()
    assert _pops(t) == [8, 8]


def test_brk_1_empty_table_gets_no_broken_players() -> None:
    t = tournament("tda")
    _layout(t, {1: 9, 2: 9, 3: 5})
    t.execute({"cmd": "open_table", "table": 4})
    bust(t, "T3s1", "T3s2", "T3s3", "T3s4")  # 19 players still need three tables
    assert not plan_moves(t.state).break_tables
    bust(t, "T1s9")  # 18 players fit two tables: table 3 breaks, not into table 4
    moved = _settle(t)
    assert sum(moved.values()) == 1 and 4 in t.state.tables and t.state.tables[4].population == 0


def test_bal_3_a_one_player_table_receives_without_a_button() -> None:
    t = tournament("tda")
    _layout(t, {1: 9, 2: 9, 3: 9})
    bust(t, *[f"T3s{s}" for s in range(2, 10)])  # table 3: one player left, no blinds there
    t.execute({"cmd": "hand_finished", "table": 3})
    plan = t.view("balance")["balance"]
    assert plan["needed"] and all(m["needs"] is None for m in plan["moves"])
    moved = _settle(t)
    assert max(moved.values()) == 1
    assert _pops(t)[-1] - _pops(t)[0] <= 1


def test_bal_3_one_player_table_set_button_clears_the_question() -> None:
    t = tournament("tda")
    _layout(t, {1: 9, 2: 9, 3: 9})
    bust(t, *[f"T3s{s}" for s in range(2, 10)])
    t.execute({"cmd": "set_button", "table": 3, "seat": 1})
    t.execute({"cmd": "balance"})
    assert t.state.tables[3].population > 1


def test_brk_1_fewest_players_breaks_the_short_table() -> None:
    t = tournament("tda", break__order="fewest_players")
    _layout(t, {1: 8, 2: 8, 3: 8, 4: 2, 5: 8})  # 34 fit four tables
    plan = plan_moves(t.state)
    assert plan.break_tables == [4]
    moved = _settle(t)
    assert sum(moved.values()) == 2 and max(moved.values()) == 1


def test_brk_1_fewest_players_tied_breaks_the_highest_numbered_of_them() -> None:
    """BRK-1: under ``fewest_players`` a tie for fewest goes to the highest-numbered of the tied tables
    (not the lowest, not the highest-numbered table overall)."""
    t = tournament("tda", break__order="fewest_players")
    _layout(t, {1: 8, 2: 3, 3: 8, 4: 3, 5: 8})  # 30 players fit four tables; tables 2 and 4 hold 3
    plan = plan_moves(t.state)
    assert plan.break_tables == [4] and plan.rule == "BRK-1"
    moved = _settle(t)
    assert 4 not in t.state.tables or t.state.tables[4].population == 0
    assert t.state.tables[2].population >= 3 and max(moved.values()) == 1
    t = tournament("tda", break__order="fewest_players")
    _layout(t, {1: 3, 2: 8, 3: 3, 4: 8, 5: 8})  # the tied tables are 1 and 3: table 3 breaks
    assert plan_moves(t.state).break_tables == [3]
    t = tournament("tda", break__order="fewest_players")
    _layout(t, {1: 9, 2: 2, 3: 9, 4: 2, 5: 2, 6: 9})  # 33 fit four tables: two of the three tied break
    assert plan_moves(t.state).break_tables == [5, 4]
    moved = _settle(t)
    assert max(moved.values()) == 1 and t.state.tables[2].population >= 2


def test_brk_1_highest_number_is_the_default_order() -> None:
    t = tournament("tda")
    assert t.state.profile is not None and t.state.profile["break.order"] == "highest_number"
    _layout(t, {1: 8, 2: 8, 3: 8, 4: 2, 5: 8})
    assert plan_moves(t.state).break_tables == [5]


def test_brk_6_three_tables_form_the_final_table_in_one_step() -> None:
    t = tournament("tda")
    _layout(t, {1: 4, 2: 3, 3: 2})  # 9 players: the final table of 9
    moved = _settle(t)
    assert max(moved.values()) == 1
    assert list(t.state.tables) == [1] and t.state.tables[1].population == 9


def test_brk_6_eight_handed_three_tables_redraw_once_to_the_final_table() -> None:
    t = tournament("tda", table__max_seats=8, final_table__size=9)
    _layout(t, {1: 3, 2: 3, 3: 3})
    plan = plan_moves(t.state)
    assert plan.redraw_to == 1
    moved = _settle(t)
    assert max(moved.values()) == 1 and len(moved) == 9


def test_brk_6_ten_handed_profiles_name_their_final_table() -> None:
    from app.profiles.profile import SHIPPED, load_profile

    for pid in SHIPPED:
        prof = load_profile(pid)
        assert prof["break.order"] == "highest_number"  # TDA's predetermined order, named in every profile
    assert load_profile("home-rebuy")["final_table.size"] == 10  # P003: 10-handed, final 10
    assert load_profile("home-nl")["final_table.size"] == 9  # P004 says 9


def _halted() -> Tournament:
    t = tournament("tda")
    layout_tables(t, {1: {s: f"A{s}" for s in range(1, 10)}, 2: {s: f"B{s}" for s in range(1, 8)}})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "set_button", "table": 2, "seat": 1})  # big blind at seat 3
    bust(t, "B5")
    bust(t, "B4")  # table 2 halted: seat 4 after the big blind is empty
    return t


def _outcome(t: Tournament) -> tuple[Any, ...]:
    table = t.state.tables[2]
    mover = next(t.state.players[pid].name for pid in table.seats.values() if t.state.players[pid].name[0] == "A")
    return mover, t.state.players[t.state.by_name[mover.lower()]].seat, table.button, table.sb, table.bb


def test_bal_1_halted_table_hand_then_move_equals_move_then_hand() -> None:
    first = _halted()
    first.execute({"cmd": "balance"})
    first.execute({"cmd": "hand_finished", "table": 2})
    second = _halted()
    second.execute({"cmd": "hand_finished", "table": 2})
    second.execute({"cmd": "balance"})
    assert _outcome(first) == _outcome(second)
    assert _outcome(first)[1] == 4 and _outcome(first)[4] == 4  # the mover takes seat 4 and the big blind


def test_bal_3_halted_table_mover_lands_in_the_seat_after_the_big_blind() -> None:
    t = _halted()
    t.execute({"cmd": "hand_finished", "table": 2})
    move = t.view("balance")["balance"]["moves"][0]
    assert move["to_table"] == 2 and move["to_seat"] == 4
    t.execute({"cmd": "balance"})
    assert who(t, 2, 4) == move["player"]
