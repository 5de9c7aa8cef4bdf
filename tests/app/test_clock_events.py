"""The clock's and the games' commands take their declarations and emit typed events that say what they
change: the clock (and the structure where it changed) or the games, never a player or a table row, so the
window need not redraw the player list for a clock action. Files keep the same shape as before."""

from __future__ import annotations

from typing import Any

import pytest

from app.commands import parse
from app.core.events import decode, to_wire
from app.core.registry import DECLARED
from app.engine import Tournament
from app.events.base import Changes, Event, what_changed
from app.events.clock import ClockJumped, ClockPaused, HandStartAnswered, StructureSet
from app.events.games import GameChosen, HatDrawn, StudOrderRuled
from app.levels.timeline import structure_of
from tests.app.money_kit import enter, make

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
MIN = 60

CLOCK_COMMANDS = (
    "start_clock", "pause_clock", "resume_clock", "next_level", "previous_level", "jump_to_level", "add_time",
    "remove_time", "start_break", "end_break", "change_level_length", "hand_for_hand_deduct", "set_structure",
    "close_registration", "reopen_registration",
)
GAMES_COMMANDS = ("record_draw", "choose_game", "stud_action_order")


def seated(profile: str = "tda", **settings: Any) -> Tournament:
    t = make(profile, table__max_seats=5, final_table__size=5, **settings)
    enter(t, *NAMES)
    t.execute({"cmd": "seat_all"})
    return t


def advance(t: Tournament, seconds: float) -> None:
    t.time.advance(seconds)  # type: ignore[attr-defined]


def changed(t: Tournament, cmd: dict[str, Any]) -> Changes:
    events = t.execute(cmd)
    assert events, cmd
    assert all(type(ev) is not Event and ev.type == type(ev).name() for ev in events), events  # typed
    return what_changed(events)


def clock_only(c: Changes, *, structure: bool = False) -> None:
    """Nothing but the clock (and the structure where said) changed, and no player or table row."""
    assert c.aspects == ({"clock", "structure"} if structure else {"clock"}), c
    assert c.players == frozenset() and c.tables == frozenset(), c


def test_every_clock_and_games_command_takes_its_declaration() -> None:
    assert set(CLOCK_COMMANDS + GAMES_COMMANDS) <= DECLARED.keys()


def test_clock_actions_change_the_clock_alone_and_name_no_player_or_table() -> None:
    t = seated("tda", clock__level_length_change_after=2)
    clock_only(changed(t, {"cmd": "start_clock"}), structure=True)
    advance(t, 5 * MIN)
    clock_only(changed(t, {"cmd": "pause_clock", "reason": "dispute"}))
    clock_only(changed(t, {"cmd": "resume_clock"}))
    clock_only(changed(t, {"cmd": "add_time", "minutes": 2}))
    clock_only(changed(t, {"cmd": "remove_time", "seconds": 30}))
    clock_only(changed(t, {"cmd": "start_break", "minutes": 5}))
    clock_only(changed(t, {"cmd": "add_time", "seconds": 60}))  # the called break
    clock_only(changed(t, {"cmd": "end_break"}))
    clock_only(changed(t, {"cmd": "next_level"}))
    clock_only(changed(t, {"cmd": "previous_level"}))
    clock_only(changed(t, {"cmd": "jump_to_level", "level": 3}))
    clock_only(changed(t, {"cmd": "hand_for_hand_deduct", "hands": 2}))
    clock_only(changed(t, {"cmd": "change_level_length", "minutes": 25}), structure=True)
    clock_only(changed(t, {"cmd": "close_registration"}))
    clock_only(changed(t, {"cmd": "reopen_registration"}))
    clock_only(changed(t, {"cmd": "set_structure", "structure": {"levels": [{"sb": 25, "bb": 50}] * 6}}),
               structure=True)
    assert structure_of(t.state).last_level == 6


def test_the_tournament_won_pauses_the_clock_with_a_typed_event() -> None:
    t = seated("tda", late__mode="none")
    t.execute({"cmd": "start_clock"})
    advance(t, MIN)
    last = NAMES[-1]
    events: list[Event] = []
    for name in NAMES[:-1]:
        events += t.execute({"cmd": "bust", "player": name, "rebuy": False})
    paused = [ev for ev in events if ev.type == "clock_paused"]
    assert len(paused) == 1 and isinstance(paused[0], ClockPaused) and paused[0].reason == "tournament over"
    assert t.state.players[t.state.by_name[last.lower()]].place == 1 and not t.state.clock["running"]


def test_a_hand_start_answer_names_the_tables_it_is_remembered_at_and_no_player() -> None:
    t = seated("home-nl")
    t.execute({"cmd": "start_clock"})
    for number in t.state.tables:
        t.execute({"cmd": "set_button", "table": number, "seat": min(t.state.tables[number].seats)})
    advance(t, 2 * 20 * MIN + MIN)
    for number in t.state.tables:
        t.execute({"cmd": "hand_finished", "table": number})
    advance(t, 20 * MIN)  # level 4 began a minute ago
    ann = t.state.players[t.state.by_name["ann"]]
    events = t.execute({"cmd": "bust", "player": "Ann", "rebuy": True, "hand_started_before_level_change": True})
    answered = [ev for ev in events if isinstance(ev, HandStartAnswered)]
    assert len(answered) == 1 and answered[0].tables == [ann.table or 0] and answered[0].started_before
    c = what_changed(answered)
    assert c.aspects == {"tables"} and c.players == frozenset() and c.tables == frozenset({ann.table})


def test_games_actions_change_the_games_alone() -> None:
    t = make("hat")
    t.rng.dictate("stud", "razz", "holdem")
    events = t.execute({"cmd": "start_clock"})
    drawn = [ev for ev in events if isinstance(ev, HatDrawn)]
    assert len(drawn) == 1 and [d.game for d in drawn[0].draws[:3]] == ["stud", "razz", "holdem"]
    c = what_changed(drawn)
    assert c.aspects == {"games"} and c.players == frozenset() and c.tables == frozenset()
    c = changed(t, {"cmd": "record_draw", "level": 2, "game": "holdem"})
    assert c.aspects == {"games"} and c.players == frozenset() and c.tables == frozenset()
    events = t.execute({"cmd": "stud_action_order", "game": "razz", "cards": {"1": "Kh", "3": "Ks", "5": "Kd"}})
    ruled = events[0]
    assert isinstance(ruled, StudOrderRuled) and ruled.seat == 3 and ruled.cards == {1: ["Kh"], 3: ["Ks"], 5: ["Kd"]}
    assert what_changed(events).aspects == {"games"}
    d = make("casino-mixed", mix__mode="dealers_choice")
    chosen = d.execute({"cmd": "choose_game", "game": "razz"})
    assert isinstance(chosen[0], GameChosen) and chosen[0].game == "razz" and chosen[0].table is None
    c = what_changed(chosen)
    assert c.aspects == {"games"} and c.players == frozenset() and c.tables == frozenset()


@pytest.mark.parametrize("wire", [
    {"type": "clock_started", "data": {"structure": {"id": "custom", "levels": [{"sb": 25, "bb": 50}]},
                                       "level_ms": 1200000, "level": 1, "pos_ms": 0}, "at": 10.0},
    {"type": "clock_paused", "data": {"pos_ms": 61000, "adhoc_left_ms": 0, "reason": None}, "at": 71.0},
    {"type": "clock_paused", "data": {"pos_ms": 61000, "adhoc_left_ms": 0, "reason": "tournament over"}, "at": 71.0},
    {"type": "clock_resumed", "data": {}, "at": 80.0},
    {"type": "clock_jumped", "data": {"pos_ms": 1200000, "index": 1, "kind": "level", "level": 2, "from_level": 1},
     "at": 90.0},
    {"type": "time_adjusted", "data": {"target": "period", "index": 0, "level": 1, "ms": -30000}, "at": 91.0},
    {"type": "break_called", "data": {"minutes": 10, "pos_ms": 5000, "level": 1}, "at": 92.0},
    {"type": "break_ended", "data": {"level": 1}, "at": 93.0},
    {"type": "level_length_changed", "data": {"from_level": 7, "minutes": 20}, "at": 94.0},
    {"type": "clock_deducted", "data": {"hands": 2, "ms": 240000}, "at": 95.0},
    {"type": "registration_closed", "data": {}, "at": 96.0},
    {"type": "registration_reopened", "data": {}, "at": 97.0},
    {"type": "structure_set", "data": {"structure": {"id": "tda-nl"}, "pos_ms": 0, "index": 0, "adjust_ms": 0},
     "at": 98.0},
    {"type": "hand_start_answered", "data": {"tables": [1, 2], "level": 4, "started_before": True}, "at": 99.0},
    {"type": "hat_drawn", "data": {"games": ["stud", "razz"], "draws": [
        {"level": 1, "game": "razz", "left": ["stud"]}, {"level": 2, "game": "stud", "left": []}]}, "at": 1.0},
    {"type": "hat_draw_recorded", "data": {"level": 2, "game": "holdem", "swapped_level": 3,
                                           "swapped_game": "razz"}, "at": 2.0},
    {"type": "game_chosen", "data": {"table": 2, "game": "razz", "from_hand": 4, "until_hand": 5}, "at": 3.0},
    {"type": "stud_order_ruled", "data": {"game": "razz", "street": 3, "table": None, "cards": {"1": ["Kh"]},
                                          "seat": 1, "rule": "MIX-4"}, "at": 4.0},
])
def test_files_written_before_read_as_typed_events_and_write_back_the_same(wire: dict[str, Any]) -> None:
    ev = decode(wire)
    assert type(ev).name() == wire["type"] and type(ev) is not Event
    back = to_wire(ev)
    if wire["type"] == "stud_order_ruled":  # seats are whole numbers once read; a file writes them as text
        back["data"]["cards"] = {str(k): v for k, v in back["data"]["cards"].items()}
    assert back == wire


def test_a_jump_and_a_structure_change_are_read_back_with_their_numbers() -> None:
    jumped = decode({"type": "clock_jumped", "data": {"pos_ms": "1200000", "index": 1, "kind": "break", "level": 2},
                     "at": 5})
    assert isinstance(jumped, ClockJumped) and jumped.pos_ms == 1200000 and jumped.from_level is None
    set_ = decode({"type": "structure_set", "data": {"structure": {"id": "tda-nl"}}, "at": 5})
    assert isinstance(set_, StructureSet) and set_.index == 0 and set_.adjust_ms == 0


def test_a_clock_command_is_parsed_before_its_handler_runs() -> None:
    t = seated("tda")
    t.execute({"cmd": "start_clock"})
    before = t.snapshot()
    from app.errors import RuleError

    for bad, field in (({"cmd": "start_break", "minutes": "ten"}, "minutes"),
                       ({"cmd": "jump_to_level"}, "level"),
                       ({"cmd": "set_structure", "structure": [1, 2]}, "structure")):
        with pytest.raises(RuleError) as info:
            t.execute(bad)
        assert info.value.code == "INVALID_INPUT" and field in info.value.message
        assert t.state == before
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "add_time"})
    assert info.value.code == "INVALID_INPUT" and "seconds" in info.value.message and t.state == before
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "set_structure"})
    assert info.value.code == "INVALID_INPUT" and "structure" in info.value.message and t.state == before
    assert parse({"cmd": "jump_to_level", "level": "3"}).to_dict() == {"cmd": "jump_to_level", "level": 3}
