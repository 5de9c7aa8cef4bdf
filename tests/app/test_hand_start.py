"""Section 19: the engine asks whether a hand started before a level change when the answer decides a
rebuy (ENT-4) or a top-up (ENT-6); otherwise the clock decides (CONV-6, CLK-4)."""

from __future__ import annotations

from typing import Any

import pytest

from app.clock.handstart import ANSWER
from app.engine import Tournament
from app.errors import RuleError
from tests.app.money_kit import enter, make, players, refused

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
LEVEL_S = 20 * 60


def two_tables(profile: str = "home-nl", **settings: Any) -> Tournament:
    """Eight players at two tables of five, the clock started."""
    t = make(profile, table__max_seats=5, final_table__size=5, **settings)
    enter(t, *NAMES)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for number in t.state.tables:
        t.execute({"cmd": "set_button", "table": number, "seat": min(t.state.tables[number].seats)})
    return t


def advance(t: Tournament, seconds: float) -> None:
    t.time.advance(seconds)  # type: ignore[attr-defined]


def table_of(t: Tournament, name: str) -> int:
    table = t.state.players[t.state.by_name[name.lower()]].table
    assert table is not None
    return table


def other_table_player(t: Tournament, name: str) -> str:
    mine = table_of(t, name)
    return next(n for n in NAMES if table_of(t, n) != mine)


def test_section_19_ent_4_p004_asks_whether_the_hand_started_before_level_4() -> None:
    t = two_tables()
    advance(t, 2 * LEVEL_S + 60)  # level 3: both tables report a hand
    for number in t.state.tables:
        t.execute({"cmd": "hand_finished", "table": number})
    advance(t, LEVEL_S)  # level 4 began a minute ago; nobody has reported a hand since
    err = refused(t, {"cmd": "bust", "player": "Ann", "rebuy": True}, "NEEDS_INPUT")
    assert "Had the hand in which Ann lost all their chips started before level 4 began?" in err.message
    assert ANSWER in err.message
    refused(t, {"cmd": "bust", "player": "Ann", ANSWER: "yes"}, "INVALID_INPUT")
    t.execute({"cmd": "bust", "player": "Ann", ANSWER: True})
    assert players(t)["Ann"]["deciding"] is True
    t.execute({"cmd": "rebuy", "player": "Ann"})  # judged on the hand he lost: level 3
    assert players(t)["Ann"]["rebuys"] == 1
    # Table boundary (ENT-4 reading): the other table has dealt a level-4 hand, so no question there.
    bob = other_table_player(t, "Ann")
    t.execute({"cmd": "hand_finished", "table": table_of(t, bob)})
    refused(t, {"cmd": "bust", "player": bob, "rebuy": True}, "WINDOW_CLOSED")


def test_section_19_ent_4_answer_no_closes_the_window_and_bust_eliminates() -> None:
    t = two_tables()
    advance(t, 3 * LEVEL_S + 30)
    refused(t, {"cmd": "bust", "player": "Cat"}, "NEEDS_INPUT")
    refused(t, {"cmd": "bust", "player": "Cat", "rebuy": True, ANSWER: False}, "WINDOW_CLOSED")
    t.execute({"cmd": "bust", "player": "Cat", ANSWER: False})
    assert players(t)["Cat"]["status"] == "out"
    t.execute({"cmd": "bust", "player": "Dan", "hand_level": 3})  # hand_level still answers it outright
    assert players(t)["Dan"]["deciding"] is True


def test_section_19_no_question_when_the_answer_changes_nothing() -> None:
    t = two_tables()
    t.execute({"cmd": "bust", "player": "Ann", "rebuy": True})  # his one rebuy (ENT-4, P004)
    advance(t, 3 * LEVEL_S + 30)
    t.execute({"cmd": "bust", "player": "Ann"})  # LIMIT_REACHED either way: out at once
    assert players(t)["Ann"]["status"] == "out"
    advance(t, LEVEL_S)  # level 5: levels 4 and 5 are both past the window
    refused(t, {"cmd": "bust", "player": "Bob", "rebuy": True}, "WINDOW_CLOSED")


def test_section_19_clock_decides_once_a_full_level_has_passed() -> None:
    t = two_tables()
    advance(t, 3 * LEVEL_S)
    t.execute({"cmd": "add_time", "minutes": 10})  # level 4 runs 30 minutes
    advance(t, LEVEL_S + 60)  # 21 minutes into level 4: no level-3 hand lasts that long
    refused(t, {"cmd": "bust", "player": "Bob", "rebuy": True}, "WINDOW_CLOSED")


def test_section_19_global_scope_any_table_reporting_settles_it() -> None:
    t = two_tables(rebuy__window_scope="global")
    advance(t, 3 * LEVEL_S + 30)
    err = refused(t, {"cmd": "bust", "player": "Ann", "rebuy": True}, "NEEDS_INPUT")
    assert "at any table" in err.message
    t.execute({"cmd": "hand_finished", "table": table_of(t, other_table_player(t, "Ann"))})
    refused(t, {"cmd": "bust", "player": "Ann", "rebuy": True}, "WINDOW_CLOSED")


def test_section_19_ent_6_top_up_asks_until_the_table_reports_a_level_2_hand() -> None:
    t = two_tables("home-rebuy")
    advance(t, LEVEL_S + 45)  # level 2 began 45 seconds ago
    err = refused(t, {"cmd": "topup", "player": "Ann", "stack": 1500}, "NEEDS_INPUT")
    assert "started before level 2 began" in err.message and "top up" in err.message
    t.execute({"cmd": "topup", "player": "Ann", "stack": 1500, ANSWER: True})
    assert players(t)["Ann"]["stack"] == 2000
    refused(t, {"cmd": "topup", "player": "Eve", "stack": 1500, ANSWER: False}, "WINDOW_CLOSED")
    bob = other_table_player(t, "Ann")
    t.execute({"cmd": "hand_finished", "table": table_of(t, bob)})
    refused(t, {"cmd": "topup", "player": bob, "stack": 1500}, "WINDOW_CLOSED")


def test_section_19_the_question_is_a_refusal_that_changes_nothing() -> None:
    t = two_tables()
    advance(t, 3 * LEVEL_S + 1)
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "bust", "players": ["Ann"], "rebuy": True})
    assert (info.value.code, info.value.rule) == ("NEEDS_INPUT", "CONV-6")
    assert t.state == before


def _level_4_just_began() -> Tournament:
    """Both tables reported a level-3 hand; level 4 began a minute ago and nobody has reported a hand since."""
    t = two_tables()
    advance(t, 2 * LEVEL_S + 60)
    for number in t.state.tables:
        t.execute({"cmd": "hand_finished", "table": number})
    advance(t, LEVEL_S)
    return t


def _at_table(t: Tournament, number: int) -> list[str]:
    return [t.state.players[pid].name for _seat, pid in sorted(t.state.tables[number].seats.items())]


def test_conv_6_each_table_is_asked_once_per_level_change_and_its_answer_is_remembered() -> None:
    """Section 20.10: hands only move forward. A table answered once about level 4 is not asked again in
    that level; its answer stands for the hand in play there; the other table is still asked once."""
    t = _level_4_just_began()
    first, second = sorted(t.state.tables)
    a, b = _at_table(t, first)[:2]
    refused(t, {"cmd": "bust", "player": a}, "NEEDS_INPUT")
    t.execute({"cmd": "bust", "player": a, ANSWER: False})  # "it is a level 4 hand": no rebuy
    answered = [ev for ev in t.log if ev.type == "hand_start_answered"]
    assert [ev.data for ev in answered] == [{"tables": [first], "level": 4, "started_before": False}]
    assert players(t)[a]["status"] == "out"
    advance(t, 120)
    t.execute({"cmd": "bust", "player": b})  # not asked again: the table's hand is a level 4 hand
    assert players(t)[b]["status"] == "out" and players(t)[b]["deciding"] is False
    x, y, z = _at_table(t, second)[:3]
    refused(t, {"cmd": "bust", "player": x}, "NEEDS_INPUT")  # the other table is asked, once
    t.execute({"cmd": "bust", "player": x, ANSWER: True})  # its hand began in level 3: may rebuy
    assert players(t)[x]["deciding"] is True
    t.execute({"cmd": "decline_rebuy", "player": x})
    t.execute({"cmd": "bust", "player": y})  # the same hand in play there: level 3, no question
    assert players(t)[y]["deciding"] is True
    t.execute({"cmd": "decline_rebuy", "player": y})
    assert len([ev for ev in t.log if ev.type == "hand_start_answered"]) == 2
    again = Tournament.replay(list(t.log))  # the answers are in the log: a replay judges the same
    assert again.state.tables[second].answered_level == 3 and again.state.tables[first].answered_level == 4
    assert again.view("players") == t.view("players")
    t.execute({"cmd": "hand_finished", "table": second})  # a level 4 hand begins there: the clock decides
    t.execute({"cmd": "bust", "player": z})
    assert players(t)[z]["status"] == "out" and players(t)[z]["deciding"] is False


def test_reg_5_no_show_of_a_player_who_is_here_is_refused_before_any_question() -> None:
    """Section 19: the question is asked only when its answer changes the outcome. A no-show of a player
    who is at the table is refused whatever the answer, so it is refused at once, without asking."""
    t = two_tables()
    t.execute({"cmd": "absent", "player": "Dan"})
    t.execute({"cmd": "returned", "player": "Dan"})
    advance(t, LEVEL_S + 60)  # level 2 began a minute ago; no hand reported since
    err = refused(t, {"cmd": "no_show", "players": ["Dan"]}, "INVALID_INPUT")
    assert err.question is None and "Dan is here" in err.message
    t.execute({"cmd": "absent", "player": "Eve"})
    err = refused(t, {"cmd": "no_show", "players": ["Eve"]}, "NEEDS_INPUT")  # away: now the answer decides
    assert err.question is not None and "before level 2 began" in err.message
    t.execute({"cmd": "no_show", "players": ["Eve"], ANSWER: False})
    assert players(t)["Eve"]["status"] == "out"


def test_section_19_a_top_up_refused_whatever_the_answer_is_refused_without_asking() -> None:
    """Section 19: a top-up that the stack already refuses is refused at once, just after level 2 began;
    the question comes only for a top-up the answer decides."""
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    advance(t, LEVEL_S + 60)  # level 2 began a minute ago; the table has reported no hand since
    err = refused(t, {"cmd": "topup", "player": "Bob", "stack": 2500}, "STACK_AT_OR_ABOVE_START")
    assert err.question is None
    refused(t, {"cmd": "topup", "player": "Bob", "stack": 1200}, "NEEDS_INPUT")
