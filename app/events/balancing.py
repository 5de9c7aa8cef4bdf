"""Events of the balancing: moves, broken tables, redraws, halts and locked seats (BAL, BRK, LOCK)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from app.events.base import Aspect, Event


class PlayerMoved(Event, tag="player_moved"):
    """A player moved to an open seat at another table (a balance move, or the director's own).

    ``draw``: the cards the tied tables drew to give the player (table: card, BAL-2); ``paid_blind``:
    the blind he paid on his last hand at the table he leaves (BTN-5(a)).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str | None = None
    draw: dict[int, str] = {}
    paid_blind: str | None = None

    def touched_players(self) -> Iterable[int]:
        return (self.player,)

    def touched_tables(self) -> Iterable[int]:
        return (self.from_table, self.to_table)


# One player of a broken table: player, the card he was dealt, and the table and seat it gave him.
BreakRow = tuple[int, str, int, int]


class TableBroken(Event, tag="table_broken"):
    """BRK-1: a table is broken; its players drew seats at the other tables.

    ``assignments``: one row per player (see :data:`BreakRow`); ``seat_cards``: the seats, as turned;
    ``paid_blinds``: the blind each paid on his last hand (BTN-5(a)); ``from_seats``: where each sat
    (older files do not say: the broken table still knows it when the event is applied).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    table: int
    assignments: list[BreakRow]
    seat_cards: list[tuple[int, int]] = []
    paid_blinds: dict[int, str] = {}
    from_seats: dict[int, int] | None = None

    def touched_players(self) -> Iterable[int]:
        return sorted({row[0] for row in self.assignments} | set(self.from_seats or ()))

    def touched_tables(self) -> Iterable[int]:
        return sorted({self.table} | {row[2] for row in self.assignments})


class TablesReset(Event, tag="tables_reset"):
    """Before a redraw (BRK-3 to BRK-7): everyone leaves his seat; play goes on at tables 1 to ``tables``,
    of ``seats`` seats, whose first hand is of ``level`` (older files do not say)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    tables: int
    seats: int
    level: int | None = None


class HaltWaived(Event, tag="halt_waived"):
    """BAL-1: the director lets a halted table deal its next hand before a player arrives."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"tables"})

    table: int
    hands: int
    reason: str | None = None

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return (self.table,)


class SeatLocked(Event, tag="seat_locked"):
    """LOCK-1: a player's seat is locked (``carried``: a dealer's lock written down as he moves, LOCK-3).

    The tables show the lock at his seat, and the event does not name his table: any table may show it.
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    reason: str
    carried: bool = False

    def touched_players(self) -> Iterable[int]:
        return (self.player,)


class SeatUnlocked(Event, tag="seat_unlocked"):
    """LOCK-1, LOCK-4: a player's seat is unlocked (a designated dealer's too)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int

    def touched_players(self) -> Iterable[int]:
        return (self.player,)
