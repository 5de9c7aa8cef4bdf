"""Events of the chips: counts, the chip race and chips found after it (chip counts, RACE-1 to RACE-4)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import msgspec

from app.events.base import Aspect, Event

NO_TABLE = 0  # the "table" of the players counted while not at a table (app.chips.loose.NO_TABLE)


class ChipCountFlagged(Event, tag="chip_count_flagged"):
    """A count that does not add up: nothing changes until the director accepts it.

    ``counts``: [player, chips] as counted; ``differences``: [table, counted minus expected] per table
    counted (table 0: the players not at a table).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    counts: list[tuple[int, int]]
    differences: list[tuple[int, int]]

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return [t for t, _d in self.differences if t != NO_TABLE]


class ChipCountApplied(Event, tag="chip_count_applied"):
    """Counted stacks are set; the loose chips they hold now are absorbed, and a difference accepted is a
    correction (chips added to or removed from play).

    ``taken``: [lot's table, chips] each lot of loose chips gave up; ``tables``: the tables counted. Logs
    written before the loose chips went with their holders have neither (each counted table's own lot
    is dropped).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    counts: list[tuple[int, int]]
    differences: list[tuple[int, int]]
    correction: bool = False
    taken: list[tuple[int, int]] | None = None
    tables: list[int] | None = None


class Racer(msgspec.Struct, kw_only=True):
    """A player holding odd chips of the chip raced off (or none, but losing chips below it) at one table."""

    player: int
    name: str
    seat: int | None
    stack: int  # before the race
    odd: int  # chips of the raced denomination taking part in the race
    lost: int  # chips of value below it, lost without racing
    left: int  # the stack without the odd and lost chips
    cards: list[str] = []
    best: str | None = None
    chip: bool = False  # won one chip of the next denomination in the race
    added: bool = False  # given one so as not to be raced out


class RaceTable(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One table's race: its racers, its pool's value and the chips of the next denomination it buys."""

    table: int
    pool_value: int
    chips: int
    racers: list[Racer]
    by: str | None = None  # "results": entered by the director's results instead of the cards


class ChipsRaced(Event, tag="chips_raced"):
    """RACE-1 to RACE-3: the ``denomination`` chip left play at every table; ``next`` is the smallest
    chip now. ``removed`` chips left play, ``added`` chips came in (raced chips and those added)."""

    denomination: int
    next: int
    tables: list[RaceTable]
    removed: int
    added: int


class ChipsFound(Event, tag="chips_found"):
    """RACE-4: ``count`` raced-off chips of ``denomination`` were found; the player is credited their value
    rounded down to the ``smallest`` chip in play, the ``remainder`` is removed."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    denomination: int
    count: int
    value: int
    smallest: int
    credited: int
    remainder: int

    def touched_players(self) -> Iterable[int]:
        return (self.player,)
