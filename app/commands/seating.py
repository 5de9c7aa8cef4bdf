"""Declarations of the seating commands: tables, the draw, seating one player, the button draw and the
winners' table (SEAT, ELIM-8)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import AT_THE_DESK, DIRECTOR_ONLY, Command, PlayerRef
from app.i18n import N_


class OpenTable(Command, tag="open_table"):
    """Open a table (by default the lowest free number, with the profile's seats per table)."""

    label: ClassVar[str] = N_("opening of table {table}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ()
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "open_table", "table": 4, "seats": 9},)

    table: int | None = None
    seats: int | None = None


class SeatAll(Command, tag="seat_all"):
    """The initial draw: every entrant gets a table and a seat, by random draw or by cards.

    A draw made at the tables is entered as it fell: ``cards`` (player: seat card) or ``seats``
    (player: [table, seat]); ``button_cards`` (player: card) for the button draws; ``dealers``: the
    designated dealers, one per table.
    """

    label: ClassVar[str] = N_("seat draw for all players")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("SEAT-1", "SEAT-2", "SEAT-3", "SEAT-4", "SEAT-5", "SEAT-7")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "seat_all", "cards": {"Ann Lee": "As", "Bob Roy": "2h"}},
        {"cmd": "seat_all", "dealers": ["Kim Poe", "Bob Roy"]},
    )

    cards: dict[PlayerRef, str] | None = None
    seats: dict[PlayerRef, list[int]] | None = None
    button_cards: dict[PlayerRef, str] | None = None
    dealers: list[PlayerRef] | None = None


class SeatPlayer(Command, tag="seat_player"):
    """Seat one entrant: at the table and seat given, or drawn among the open seats."""

    label: ClassVar[str] = N_("seating of {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("SEAT-1", "SEAT-7", "REG-3")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "seat_player", "player": "Cy Lo", "table": 2, "seat": 7},
    )

    player: PlayerRef
    table: int | None = None
    seat: int | None = None


class DrawButton(Command, tag="draw_button"):
    """Deal one card to each player at a table; the highest card (by suit on a tie) takes the button."""

    label: ClassVar[str] = N_("draw for the button at table {table}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("SEAT-5",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "draw_button", "table": 3, "cards": {"Ann Lee": "Kh", "Bob Roy": "Ks", "Cy Lo": "2c"}},
    )

    table: int
    cards: dict[PlayerRef, str] | None = None


class AdvanceWinners(Command, tag="advance_winners"):
    """End the first stage: every table's chip leader goes to the winners' table.

    ``end``: end the stage now, with the chip counts in ``stacks``; ``cards`` settle an exact tie for
    the lead (else cards are dealt).
    """

    label: ClassVar[str] = N_("winners advance to the next stage")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("ELIM-8", "SEAT-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "advance_winners", "end": True, "stacks": {"Ann Lee": 340, "Bob Roy": 120},
         "cards": {"Ann Lee": "Ks"}},
    )

    stacks: dict[PlayerRef, int] | None = None
    end: bool | None = None
    cards: dict[PlayerRef, str] | None = None


class LockSeat(Command, tag="lock_seat"):
    """Lock a player's seat: balancing and breaking move the player only when there is no other way.

    ``reason`` says why (shown with the lock: "player-dealer", "wheelchair", ...). A designated dealer
    (SEAT-4) is locked by default; the lock moves with the player when they must move.
    """

    label: ClassVar[str] = N_("seat of {player} locked")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("LOCK-1", "LOCK-3")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "lock_seat", "player": "Kim Poe", "reason": "player-dealer"},
    )

    player: PlayerRef
    reason: str | None = None


class UnlockSeat(Command, tag="unlock_seat"):
    """Unlock a player's seat (a designated dealer's too): balancing may move the player again."""

    label: ClassVar[str] = N_("seat of {player} unlocked")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("LOCK-1", "LOCK-4")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "unlock_seat", "player": "Kim Poe"},)

    player: PlayerRef
