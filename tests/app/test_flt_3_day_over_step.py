"""FLT-3: when the profile ends a flight's day by itself, the next step says so with the command that ends it."""

from __future__ import annotations

from typing import Any

from app import views
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile


def _flight(settings: dict[str, Any], players: int = 12) -> tuple[Tournament, FakeClock]:
    clock = FakeClock(1_800_000_000.0)
    t = Tournament.create(load_profile("tda"), name="Day 1A", time=clock, seed=3)
    t.execute({"cmd": "change_settings", "settings": settings})
    for i in range(players):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t, clock


def _bust(t: Tournament, n: int) -> None:
    for _ in range(n):
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "player": next(iter(table.seats.values()))})


def test_flt_3_players_left_reach_the_number_set_the_day_is_over() -> None:
    t, clock = _flight({"flight.end": "players", "flight.end_players": 10})
    _bust(t, 1)
    assert views.next_step(t, clock.now()) is None  # 11 left: play on
    _bust(t, 1)
    step = views.next_step(t, clock.now())
    assert step is not None and step.kind == "day_over"
    assert step.text == "The day is over: bag the chips" and step.button == "End the day"
    assert [dict(c) for c in step.commands] == [{"cmd": "end_flight_day", "reason": "players"}]
    for c in step.commands:
        t.execute(dict(c))
    assert views.next_step(t, clock.now()) is None  # ended: nothing more to ask


def test_flt_3_share_of_entries_left_ends_the_day() -> None:
    t, clock = _flight({"flight.end": "share", "flight.end_share_percent": 50})
    _bust(t, 5)
    assert views.next_step(t, clock.now()) is None  # 7 of 12 left
    _bust(t, 1)
    step = views.next_step(t, clock.now())
    assert step is not None and step.commands[0]["reason"] == "share"


def test_flt_3_the_last_level_played_ends_the_day_by_the_clock() -> None:
    t, clock = _flight({"flight.end": "level", "flight.end_level": 1})
    assert views.next_step(t, clock.now()) is None
    clock.advance(3 * 3600)  # well past level 1
    step = views.next_step(t, clock.now())
    assert step is not None and step.kind == "day_over" and step.commands[0]["reason"] == "level"


def test_flt_3_the_directors_word_never_ends_the_day_by_itself() -> None:
    t, clock = _flight({"flight.end": "director"})
    _bust(t, 9)
    step = views.next_step(t, clock.now())
    assert step is None or step.kind != "day_over"
