"""The event of flights the flights' tests start from: two flights, Ann bagging in both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.api import FakeClock, FlightEvent, Tournament, flight_event, load_profile, profile_from_dict

EndDay = flight_event.EndDay


def profile_with(**settings: Any) -> Any:
    """The TDA profile with ``settings`` changed (keys as the profile writes them)."""
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], **settings}
    return profile_from_dict(data)


def added(**settings: Any) -> FlightEvent:
    """The event "Main" with its flights Day 1A and Day 1B added, nothing played."""
    e = FlightEvent.create(profile_with(**settings), title="Main", seed=5)
    for name in ("Day 1A", "Day 1B"):
        e.execute({"cmd": "add_flight", "flight": name})
    return e


def two_flights(levels: tuple[int, int] = (0, 0), **settings: Any) -> FlightEvent:
    """Both flights' days ended: 1A of 5 entries (Ann, Bob at table 1, Cat at table 2 survive), 1B of 4 (Ann and
    Fox survive at table 1); ``levels``: the level each flight was playing (0: not said)."""
    e = added(**settings)
    e.execute(EndDay(flight="Day 1A", entries=5, pool_cents=50000, chips_in_play={1: 30000, 2: 20000},
                     survivors={"Ann": 1, "Bob": 1, "Cat": 2}, finishers=[("Dan", 3), ("Eve", 4)], level=levels[0]))
    e.execute(EndDay(flight="Day 1B", entries=4, pool_cents=40000, chips_in_play={1: 40000},
                     survivors={"Ann": 1, "Fox": 1}, finishers=[("Gil", 2), ("Dan", 3)], level=levels[1]))
    return e


def bag_all(e: FlightEvent) -> None:
    """Every table's bags, each within the chips in play: Ann's bigger bag is 1B's."""
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
               "bags": [{"player": "Ann", "bag": "1", "chips": 21000}, {"player": "Bob", "bag": "2", "chips": 9000}]})
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 2,
               "bags": [{"player": "Cat", "bag": "3", "chips": 20000}]})
    e.execute({"cmd": "enter_bags", "flight": "Day 1B", "table": 1,
               "bags": [{"player": "Ann", "bag": "4", "chips": 30000}, {"player": "Fox", "bag": "5", "chips": 10000}]})


def satellite_for(target: str) -> Any:
    """The satellite profile giving seats of 200.00 in ``target`` (an event or a flight), no late entry."""
    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "late.mode": "none", "satellite.seat_value_cents": 20000,
                        "satellite.event": target}
    return profile_from_dict(data)


def play_out(execute: Callable[[dict[str, Any]], Any], state: Callable[[], Any]) -> None:
    """Ten entries (P000 to P009) seated and busted one by one from the fullest table until the tournament ends."""
    for i in range(10):
        execute({"cmd": "register", "name": f"P{i:03d}"})
    execute({"cmd": "seat_all"})
    execute({"cmd": "start_clock"})
    while not state().ended:
        table = max(state().tables.values(), key=lambda tb: tb.population)
        execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})


def satellite_played(target: str) -> Tournament:
    """A satellite "Sat 1" for ``target`` (an event or a flight) played to its end in memory: 10 entries, 3 seats."""
    t = Tournament.create(satellite_for(target), name="Sat 1", time=FakeClock(1_800_000_000.0), seed=1)
    play_out(t.execute, lambda: t.state)
    return t


def played_satellite(path: Path, target: str) -> list[str]:
    """A satellite for ``target`` (an event or a flight) played to its end in a file at ``path``: 10 entries,
    3 seats of 200.00; its seat winners' names."""
    from db.store import TournamentStore

    with TournamentStore.create(path, satellite_for(target), "Sat 1", time=FakeClock(1_800_000_000.0),
                                seed=1) as store:
        play_out(store.execute, lambda: store.tournament.state)
        return [p.name for p in store.tournament.state.players.values() if p.place is not None and p.place <= 3]
