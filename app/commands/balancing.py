"""Declarations of the balancing commands: moves, balancing, breaking tables, redraws and halts (BAL, BRK)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DIRECTOR_ONLY, ON_THE_FLOOR, Command, PlayerRef
from app.i18n import N_


class Move(Command, tag="move"):
    """Move one player to an open seat at another table (a balance move, or the director's own)."""

    label: ClassVar[str] = N_("move of {player} to table {table} seat {seat}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("SEAT-7", "ENT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "move", "player": "Ann Lee", "table": 5, "seat": 9, "reason": "balance"},
    )

    player: PlayerRef
    table: int
    seat: int
    reason: str | None = None


class Balance(Command, tag="balance"):
    """Carry out what the field needs now: the redraw, the breaking of a table, or every pending move.

    ``cards`` are the cards dealt to tied tables (table: card) to pick the one that gives a player; the
    other fields are passed on to the redraw or the table break.
    """

    label: ClassVar[str] = N_("table balancing")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("BAL-1", "BAL-2", "BAL-3", "BRK-1", "BRK-3", "BRK-4", "BRK-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "balance", "cards": {"1": "Kh", "2": "3c"}},)

    cards: dict[int | str, str] | None = None
    seat_order: list[list[int]] | None = None
    seats: dict[PlayerRef, list[int]] | None = None
    button_cards: dict[PlayerRef, str] | None = None
    dealers: list[PlayerRef] | None = None


class BreakTable(Command, tag="break_table"):
    """Break a table: its players draw seats at the other tables (high card first picks the first seat card).

    ``cards`` (player: card) and ``seat_order`` ([table, seat] cards in the order turned) enter a draw made
    at the tables.
    """

    label: ClassVar[str] = N_("breaking of table {table}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("BRK-1", "ENT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "break_table", "table": 3, "cards": {"Cy Lo": "As", "Di Wu": "Qh"}, "seat_order": [[2, 9], [1, 8]]},
    )

    table: int
    seat_order: list[list[int]] | None = None
    cards: dict[PlayerRef, str] | None = None


class Redraw(Command, tag="redraw"):
    """Everyone draws new seats for ``tables`` tables (by default as few as hold them); the button by the draw."""

    label: ClassVar[str] = N_("redraw of the seats")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("BRK-3", "BRK-4", "BRK-5", "BRK-6", "BRK-7", "ENT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "redraw", "tables": 2, "cards": {"Ann Lee": "As"}},)

    tables: int | None = None
    cards: dict[PlayerRef, str] | None = None
    seats: dict[PlayerRef, list[int]] | None = None
    button_cards: dict[PlayerRef, str] | None = None
    dealers: list[PlayerRef] | None = None


class WaiveHalt(Command, tag="waive_halt"):
    """Let a halted table deal its next hand before a player arrives to refill it."""

    label: ClassVar[str] = N_("halt waived at table {table}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("BAL-1",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "waive_halt", "table": 7, "reason": "two hands to the break"},
    )

    table: int
    reason: str | None = None
