"""Each table's current hand in the tables view: its number, level, game and blinds (CONV-5, CONV-6,
CLK-4, CLK-7); a hand finished during a break waits for the break's end (CLK-3)."""

from __future__ import annotations

from app.engine import Tournament
from app.views import read
from tests.app.money_kit import enter, make

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
LEVEL_S = 20 * 60


def two_tables(profile: str = "home-nl") -> Tournament:
    t = make(profile, table__max_seats=5, final_table__size=5)
    enter(t, *NAMES)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for number in t.state.tables:
        t.execute({"cmd": "set_button", "table": number, "seat": min(t.state.tables[number].seats)})
    return t


def hand(t: Tournament, table: int) -> dict:
    return t.view("tables")["tables"][str(table)]["hand"]


def test_clk_4_conv_6_a_hand_dealt_before_the_level_change_keeps_the_old_blinds() -> None:
    t = two_tables()
    assert hand(t, 1) == hand(t, 2) == {
        "number": 1, "level": 1,
        "game": {"id": "holdem", "name": "Texas Hold'em", "family": "flop", "forced": "blinds"},
        "blinds": {"sb": 10, "bb": 20, "ante": 0}, "forced_bets": {"family": "blinds", "sb": 10, "bb": 20, "ante": 0},
        "waiting": False}
    t.execute({"cmd": "hand_finished", "table": 1})
    t.execute({"cmd": "hand_finished", "table": 2})
    t.time.advance(LEVEL_S + 30)  # level 2 began while both tables were playing their second hand
    for number in (1, 2):
        assert (hand(t, number)["number"], hand(t, number)["level"], hand(t, number)["blinds"]["bb"]) == (2, 1, 20)
    t.execute({"cmd": "hand_finished", "table": 1})  # table 1's next hand is a level-2 hand
    assert (hand(t, 1)["number"], hand(t, 1)["level"], hand(t, 1)["blinds"]) == (3, 2, {"sb": 15, "bb": 30, "ante": 0})
    assert (hand(t, 2)["level"], hand(t, 2)["blinds"]["bb"]) == (1, 20)  # still the hand it started in level 1
    typed = {tv.number: tv.hand for tv in read(t).tables}
    assert typed[1] is not None and typed[2] is not None
    assert (typed[1].number, typed[1].level, typed[1].game, typed[1].forced_bets["bb"]) == (3, 2, "Texas Hold'em", 30)
    assert (typed[2].number, typed[2].level, typed[2].forced_bets["bb"], typed[2].waiting) == (2, 1, 20, False)


def test_clk_7_the_hand_in_progress_finishes_as_the_old_game() -> None:
    t = two_tables("hat")
    first = hand(t, 1)["game"]["id"]
    t.execute({"cmd": "hand_finished", "table": 1})
    t.time.advance(30 * 60 + 5)
    second = t.view("clock")["clock"]["game"]["id"]
    assert hand(t, 1)["game"]["id"] == first and hand(t, 1)["level"] == 1
    t.execute({"cmd": "hand_finished", "table": 1})
    assert hand(t, 1)["game"]["id"] == second and hand(t, 1)["level"] == 2


def test_clk_3_a_hand_finished_during_a_called_break_waits_for_the_break_to_end() -> None:
    t = two_tables()
    t.execute({"cmd": "hand_finished", "table": 1})
    t.time.advance(5 * 60)
    t.execute({"cmd": "start_break", "minutes": 10})
    assert not hand(t, 1)["waiting"] and not hand(t, 2)["waiting"]  # hands in progress are finished
    t.execute({"cmd": "hand_finished", "table": 1})  # recorded: the hand count and the button move on
    assert t.state.tables[1].hands == 2
    assert hand(t, 1)["waiting"] and hand(t, 1)["number"] == 3 and not hand(t, 2)["waiting"]
    assert next(tv.hand for tv in read(t).tables if tv.number == 1).waiting  # type: ignore[union-attr]
    t.time.advance(10 * 60)  # the break ends by itself: the table deals its next hand
    assert not hand(t, 1)["waiting"]
    assert not next(tv.hand for tv in read(t).tables if tv.number == 1).waiting  # type: ignore[union-attr]
    t.execute({"cmd": "start_break", "minutes": 10})
    t.execute({"cmd": "hand_finished", "table": 2})
    assert hand(t, 2)["waiting"]
    t.execute({"cmd": "end_break"})  # or the director ends it
    assert not hand(t, 2)["waiting"]


def test_clk_3_a_hand_finished_in_a_scheduled_break_waits_and_is_a_hand_of_the_next_level() -> None:
    t = two_tables("hat")  # a 10-minute break after level 4
    t.time.advance(4 * 30 * 60 + 60)
    assert t.view("clock")["clock"]["on_break"]
    t.execute({"cmd": "hand_finished", "table": 1})
    assert hand(t, 1)["waiting"] and hand(t, 1)["level"] == 5
    t.time.advance(10 * 60)
    assert not hand(t, 1)["waiting"] and hand(t, 1)["level"] == 5
