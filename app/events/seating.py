"""Events of the seating: tables opened, the seat draw, one player seated, the winners' table (SEAT, ELIM-8)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import msgspec

from app.events.base import Aspect, Event


class TableOpened(Event, tag="table_opened"):
    """A table is opened, empty, with ``seats`` seats."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"tables"})

    table: int
    seats: int

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return (self.table,)


class TablesOpened(Event, tag="tables_opened"):
    """The seat draw's tables, opened in one event (a 30,000-player draw opens 3,334 of them)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"tables"})

    tables: list[int]
    seats: int

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return self.tables


class FirstHand(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A table's positions for its first hand after a draw; ``cards``: the button draw (the row form only)."""

    button: int | None
    sb_seat: int | None
    sb: int | None
    bb: int | None
    cards: dict[int, str] | None = None  # player: the card he drew for the button


# One row of a draw in the row form: player, table, seat, and the card he drew (None: not known).
DrawRow = tuple[int, int, int, str | None]


class SeatsDrawn(Event, tag="seats_drawn", omit_defaults=True):
    """Everyone drew a seat (the first draw, or a redraw after ``tables_reset``), in one of two forms.

    - the column form of a random draw: ``seated`` (the player of each place, in table and seat order),
      ``sizes`` (players at tables 1, 2, ...; seats 1 to that size), ``button_cards`` (aligned with
      ``seated``);
    - the row form (the card draw, and every draw an older Floorman wrote): ``assignments``, rows of
      ``[player, table, seat, card or None]``, the button cards under each table's ``buttons``.

    ``buttons``: each table's first hand; ``dealers``: the designated dealer of each table (SEAT-4);
    ``from`` (a redraw): where each player sat before (older files do not say).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    method: str | None = None
    seated: list[int] | None = None
    sizes: list[int] | None = None
    button_cards: list[str] | None = None
    assignments: list[DrawRow] | None = None
    buttons: dict[int, FirstHand] = {}
    dealers: dict[int, int] = {}
    came_from: dict[int, tuple[int | None, int | None]] | None = msgspec.field(default=None, name="from")

    def places(self) -> Iterable[tuple[int, int, int, str | None]]:
        """(player, table, seat, card or None) of each place, in either form."""
        if self.seated is None:
            yield from self.assignments or ()
            return
        seated, cards = self.seated, self.button_cards
        place = 0
        for number, size in enumerate(self.sizes or (), start=1):
            for seat in range(1, size + 1):
                yield seated[place], number, seat, (cards[place] if cards else None)
                place += 1


class PlayerSeated(Event, tag="player_seated"):
    """One entrant takes a seat: ``how`` "director" (given) or "draw" (drawn among the open seats)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    table: int
    seat: int
    how: str = "director"
    from_table: int | None = None
    from_seat: int | None = None

    def touched_players(self) -> Iterable[int]:
        return (self.player,)

    def touched_tables(self) -> Iterable[int]:
        return (self.table,)


class StageWinner(msgspec.Struct, kw_only=True):
    """A first-stage table's chip leader, and his seat at the winners' table."""

    player: int
    seat: int
    table: int | None = None
    from_seat: int | None = None  # older files do not say: his seat when the stage ended
    stack: int = 0
    cards: dict[int, str] = {}  # the high-card draw that settled a tie for the lead


class StageAdvanced(Event, tag="stage_advanced"):
    """ELIM-8: the first stage ends; its table leaders sit at the winners' table, the others are out."""

    winners: list[StageWinner]
    out: list[int]
    seats: int
    new_stack: int | None = None
    button_cards: dict[int, str] = {}
