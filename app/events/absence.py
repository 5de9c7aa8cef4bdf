"""Events of absent players, their return and the forfeit of their chips (ABS, REG-2)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from app.events.base import Aspect, Event, PlayerEvent


class PlayerAbsent(PlayerEvent, tag="player_absent"):
    """A player left the table (or a waiting person is away, REG-2); ``long``: he said he would be away
    longer than the limit (ABS-3 a)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players"})

    long: bool = False


class PlayerReturned(Event, tag="player_returned"):
    """An absent player is back (ABS-3); ``stack``: his stack as counted, when the director counted it."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    stack: int | None = None

    def touched_players(self) -> Iterable[int]:
        return (self.player,)


class ChipsShared(Event, tag="chips_shared"):
    """ABS-3: a forfeiting player's chips (``stack``, as counted) are shared among his table: ``shares`` are
    [player, chips] pairs; ``removed``: the odd chips, out of play."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    stack: int
    shares: list[tuple[int, int]] = []
    removed: int = 0

    def touched_players(self) -> Iterable[int]:
        return (self.player, *(pid for pid, _chips in self.shares))
