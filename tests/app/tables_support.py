"""Helpers for the tables tests: a tournament with players entered and seated by hand."""

from __future__ import annotations

from typing import Any

from app.core.events import Event
from app.core.registry import APPLIERS, COMMANDS
from app.core.state import OUT, Player, TournamentState
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict

_FALLBACK_EVENT = "test_entrant_added"
_FALLBACK_BUST = "test_entrant_busted"


def _entrant_added(state: TournamentState, ev: Event) -> None:
    """Stand-in for the entries area's registration, used only if it is not loaded."""
    pid = int(ev.data["player"])
    state.players[pid] = Player(id=pid, name=ev.data["name"], stack=int(ev.data["stack"]), entries=1)
    state.by_name[ev.data["name"].lower()] = pid
    state.next_player_id = pid + 1


def _entrant_busted(state: TournamentState, ev: Event) -> None:
    """Stand-in for the eliminations area's bust, used only if it is not loaded."""
    p = state.players[int(ev.data["player"])]
    table = state.tables[int(ev.data["table"])]
    del table.seats[int(ev.data["seat"])]
    table.dead_seats.append(int(ev.data["seat"]))
    p.status, p.table, p.seat, p.stack = OUT, None, None, 0


if "register" not in COMMANDS and _FALLBACK_EVENT not in APPLIERS:
    APPLIERS[_FALLBACK_EVENT] = _entrant_added
if "bust" not in COMMANDS and _FALLBACK_BUST not in APPLIERS:
    APPLIERS[_FALLBACK_BUST] = _entrant_busted


def tournament(profile: str = "tda", seed: int = 1, **settings: Any) -> Tournament:
    prof = load_profile(profile)
    if settings:
        data = prof.to_dict()
        data["settings"] = {**dict(prof.settings), **{k.replace("__", "."): v for k, v in settings.items()}}
        prof = profile_from_dict(data)
    return Tournament.create(prof, name="Test", time=FakeClock(), seed=seed)


def add_players(t: Tournament, names: list[str]) -> None:
    """Enter players (through ``register`` when the entries area is loaded)."""
    late = any(table.seats for table in t.state.tables.values())
    for name in names:
        if "register" in COMMANDS:
            # After the draw a paid registration is seated at once; these players get chosen seats.
            t.execute({"cmd": "register", "name": name, "pay": not late})
            continue
        ev = Event(_FALLBACK_EVENT, {"player": t.state.next_player_id, "name": name, "stack": 1000}, 0.0)
        APPLIERS[_FALLBACK_EVENT](t.state, ev)
        t.state.seq += 1
        t.log.append(ev)


def seat(t: Tournament, table: int, layout: dict[int, str], *, seats: int | None = None) -> None:
    """Open ``table`` and seat the named players at the given seats (players are entered if new)."""
    if table not in t.state.tables:
        cmd: dict[str, Any] = {"cmd": "open_table", "table": table}
        if seats is not None:
            cmd["seats"] = seats
        t.execute(cmd)
    add_players(t, [n for n in layout.values() if n.lower() not in t.state.by_name])
    seat_all_of(t, table, layout)


def layout_tables(t: Tournament, tables: dict[int, dict[int, str]], seats: int | None = None) -> None:
    """Enter every player first (so nobody counts as a late entrant), then seat them table by table."""
    add_players(t, [n for layout in tables.values() for n in layout.values()])
    for number, layout in tables.items():
        seat(t, number, layout, seats=seats)


def seat_all_of(t: Tournament, table: int, layout: dict[int, str]) -> None:
    for s, name in layout.items():
        t.execute({"cmd": "seat_player", "player": name, "table": table, "seat": s})


def names(count: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{i:02d}" for i in range(1, count + 1)]


def who(t: Tournament, table: int, seat: int) -> str:
    return t.state.players[t.state.tables[table].seats[seat]].name


def bust(t: Tournament, *players: str) -> None:
    """Eliminate players in one hand (through ``bust`` when the eliminations area is loaded). Nobody busts
    before the start (ELIM-6): the clock is started first if it has not run yet."""
    if "bust" in COMMANDS:
        if not t.state.started:
            t.execute({"cmd": "start_clock"})
        stacks = {name: 100 * (i + 1) for i, name in enumerate(players)}
        t.execute({"cmd": "bust", "players": list(players), "stacks": stacks})
        for name in players:
            if t.state.players[t.state.by_name[name.lower()]].deciding:
                t.execute({"cmd": "decline_rebuy", "player": name})
        return
    for name in players:
        p = t.state.players[t.state.by_name[name.lower()]]
        ev = Event(_FALLBACK_BUST, {"player": p.id, "table": p.table, "seat": p.seat}, 0.0)
        APPLIERS[_FALLBACK_BUST](t.state, ev)
        t.state.seq += 1
        t.log.append(ev)
