"""A demo tournament built through the engine's own commands, the same way every run with one seed.

300 players registered and paid, drawn to 30 tables of ten, the clock run to level 5, a few dozen
busted along the way (leaving the tables to balance). The window, the room display and the
screenshots all start from this.
"""

from __future__ import annotations

import functools
import random
import time as _time

from app.commands import PlayerRef
from app.commands.buttons import HandFinished
from app.commands.chips import ChipCount
from app.commands.clock import StartClock
from app.commands.eliminations import Bust
from app.commands.entries import Register
from app.commands.seating import SeatAll
from app.commands.tournament import ChangeSettings
from app.core.timesource import FakeClock, TimeSource
from app.engine import Tournament
from app.levels.timeline import current_level, in_break
from app.profiles.profile import load_profile

FIRST = (
    "Ann", "Bo", "Carla", "Dev", "Elif", "Femi", "Greta", "Hiro", "Ines", "Jonas", "Kofi", "Lena", "Mateo", "Nadia",
    "Omar", "Priya", "Quinn", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zoë", "Amara",
    "Björn", "Chloé", "Dmitri", "Eamon", "Fatima", "Giulia", "Hannah", "Ivan", "José", "Kaito", "Lucía", "Malik",
    "Noor", "Oskar", "Paula", "Ravi", "Sofia", "Theo", "Valentina", "Will", "Yara",
)
LAST = (
    "Lee", "Chen", "Okafor", "Novak", "García", "Schmidt", "Rossi", "Tanaka", "Kowalski", "Dubois", "Haddad", "Silva",
    "Nguyen", "Müller", "Johansson", "O'Brien", "Patel", "Ivanova", "Mensah", "Kim", "Costa", "Fischer", "Larsen",
    "Moreau", "Sato", "Yılmaz", "Brennan", "Quispe", "Andersen", "Walsh", "Herrera", "Abara",
)

DEMO_PLAYERS = 300
DEMO_LEVEL = 5


def demo_names(count: int, seed: int) -> list[str]:
    """Distinct, readable names (with accents, so the fonts are exercised)."""
    rng = random.Random(seed)
    pairs = [(f, la) for f in FIRST for la in LAST]
    rng.shuffle(pairs)
    return [f"{f} {la}" for f, la in pairs[:count]]


def _level(t: Tournament) -> tuple[int, bool]:
    now = t.time.now()
    return current_level(t.state, now), in_break(t.state, now)


def _run_clock_to(t: Tournament, clock: FakeClock, level: int, step: float = 60.0) -> None:
    """Let the clock run until ``level`` is being played (breaks passed)."""
    while True:
        lvl, on_break = _level(t)
        if lvl >= level and not on_break:
            return
        clock.advance(step)


REGISTRATION_S = 3.0  # between two registrations
BEFORE_START_S = 600.0  # from the seat draw to the first shuffle-up
INTO_LEVEL_S = 420.0  # how far into the demo's level the clock stands


@functools.lru_cache(maxsize=8)
def seconds_to_level(level: int) -> float:
    """Clock seconds from the start to the beginning of ``level`` in the demo's profile (breaks included)."""
    clock = FakeClock(0.0)
    t = Tournament.create(load_profile("tda"), time=clock)
    t.execute(StartClock())
    _run_clock_to(t, clock, level)
    return clock.now()


def build_demo(
    seed: int = 2026, players: int = DEMO_PLAYERS, level: int = DEMO_LEVEL, start: float | None = None,
    time: TimeSource | None = None,
) -> Tournament:
    """The demo tournament. ``start`` is when registration opened (default: long enough ago for the
    clock to stand a few minutes into ``level`` now); ``time`` is the clock the finished tournament keeps."""
    profile = load_profile("tda")
    if start is None:
        elapsed = players * REGISTRATION_S + BEFORE_START_S + seconds_to_level(level) + INTO_LEVEL_S
        start = _time.time() - elapsed
    clock = FakeClock(float(start))
    t = Tournament.create(profile, name="Sunday Deepstack (demo)", time=clock, seed=seed)
    rng = random.Random(seed)
    t.execute(ChangeSettings(settings={"table.max_seats": 10, "reg.cap": None}))
    for name in demo_names(players, seed):
        t.execute(Register(name_=name))
        clock.advance(REGISTRATION_S)
    t.execute(SeatAll())
    clock.advance(BEFORE_START_S)
    t.execute(StartClock())
    for lvl in range(1, level + 1):
        _play_a_little(t, clock, rng)
        if lvl < level:
            _run_clock_to(t, clock, lvl + 1)
    _count_chips(t, rng)
    clock.set(max(clock.now(), float(start) + players * REGISTRATION_S + BEFORE_START_S
                  + seconds_to_level(level) + INTO_LEVEL_S))
    if time is not None:
        t.time = time
    return t


def _play_a_little(t: Tournament, clock: FakeClock, rng: random.Random) -> None:
    """A hand at six tables: one player busts at each, and the button moves on."""
    tables = sorted(t.state.tables)
    for number in rng.sample(tables, k=min(len(tables), 6)):
        table = t.state.tables[number]
        if table.population < 3:
            continue
        clock.advance(5)
        victim = table.seats[rng.choice(sorted(table.seats))]
        t.execute(Bust(player=victim))
        t.execute(HandFinished(table=number))


def _count_chips(t: Tournament, rng: random.Random) -> None:
    """A chip count at every table, as at a break: the busted players' chips and some pots won change
    hands, so the stacks (and the chip leaders) differ; every table's count adds up."""
    players = t.state.players
    for number in sorted(t.state.tables):
        seated = [players[pid] for _seat, pid in sorted(t.state.tables[number].seats.items())]
        if len(seated) < 2:
            continue
        stacks: dict[PlayerRef, int] = {p.name: p.stack for p in seated}
        names = list(stacks)
        loose = t.state.loose_chips.get(number, 0)
        for _ in range(len(names)):
            winner, loser = rng.sample(names, 2)
            pot = rng.randrange(0, stacks[loser] // 2 + 1, 100)
            stacks[winner], stacks[loser] = stacks[winner] + pot, stacks[loser] - pot
        if loose:
            stacks[rng.choice(names)] += loose
        t.execute(ChipCount(counts=stacks))

