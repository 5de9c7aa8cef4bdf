"""Declarations of the chip commands: counts, the chip race and found chips (RACE, chip counts)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DIRECTOR_ONLY, ON_THE_FLOOR, Command, PlayerRef
from app.i18n import N_


class ChipCount(Command, tag="chip_count"):
    """Enter counted stacks, a whole table at a time; a count that does not add up is flagged unless accepted."""

    label: ClassVar[str] = N_("chip count")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ENT-5",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "chip_count", "counts": {"Ann": 20000, "Bob": 9000}, "accept": False},
    )

    counts: dict[PlayerRef, int]
    accept: bool = False


class AcceptChipCount(Command, tag="accept_chip_count"):
    """Accept the flagged count as it was entered; its difference is recorded as a correction."""

    label: ClassVar[str] = N_("chip count accepted")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ENT-5",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "accept_chip_count"},)


class ChipRace(Command, tag="chip_race"):
    """Race off the smallest chip at every table: by the cards (given, else dealt) or by the results.

    ``cards``: each racer's cards; ``results``: the chips each player won (0 or 1); ``counts``: the
    tables' counted stacks, when chips won from busted players are not counted yet.
    """

    label: ClassVar[str] = N_("chip race of the {denomination} chips")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("RACE-1", "RACE-2", "RACE-3")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "chip_race", "denomination": 5, "cards": {"Ann Lee": ["Kd", "Qd"], "Bob Ray": ["2h"]}},
        {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1, "Ann": 1},
         "counts": {"Di": 3995, "Cy": 5, "Ann": 2010, "Bob": 1990}},
    )

    denomination: int
    cards: dict[PlayerRef, list[str]] | None = None
    results: dict[PlayerRef, int | bool] | None = None
    counts: dict[PlayerRef, int] | None = None


class FoundChips(Command, tag="found_chips"):
    """Raced-off chips found later are credited at equal value, rounded down to the smallest chip in play."""

    label: ClassVar[str] = N_("found chips ({player})")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("RACE-4",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "found_chips", "player": "Bob Ray", "denomination": 5, "count": 7},
    )

    player: PlayerRef
    denomination: int
    count: int
