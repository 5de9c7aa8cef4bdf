"""Checks on a command's fields: bad input is refused with a code and plain words."""

from __future__ import annotations

from typing import Any

from app.core.state import Player, Table, TournamentState
from app.errors import RuleError
from app.names import name_key


def whole(value: Any, what: str, *, minimum: int = 0) -> int:
    """A whole number of chips (or cards, or minutes): never negative, never fractional."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    else:
        raise RuleError("INVALID_INPUT", f"{what} must be a whole number, not {value!r}.")
    if number < minimum:
        raise RuleError("INVALID_INPUT", f"{what} must be at least {minimum}, not {number}.")
    return number


def cents(value: Any, what: str) -> int:
    """An amount of money in cents; an amount that is not whole cents is AMOUNT_INVALID."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("AMOUNT_INVALID", f"{what} must be a whole number of cents, not {value!r}.", "CONV-8")
    if value < 0:
        raise RuleError("AMOUNT_INVALID", f"{what} cannot be negative.", "CONV-8")
    return value


def player(state: TournamentState, ref: Any) -> Player:
    """Find a player by id or by name (case-insensitive)."""
    if isinstance(ref, bool):
        ref = None
    if isinstance(ref, int):
        p = state.players.get(ref)
    elif isinstance(ref, str):
        pid = state.by_name.get(name_key(ref))
        p = state.players.get(pid) if pid is not None else None
        if p is None and ref.strip().isdigit():
            p = state.players.get(int(ref.strip()))
    else:
        p = None
    if p is None:
        raise RuleError("UNKNOWN_PLAYER", f"There is no player called {ref!r} in this tournament.")
    return p


def table(state: TournamentState, ref: Any) -> Table:
    num = ref
    if isinstance(ref, str) and ref.strip().isdigit():
        num = int(ref.strip())
    t = state.tables.get(num) if isinstance(num, int) and not isinstance(num, bool) else None
    if t is None:
        raise RuleError("UNKNOWN_TABLE", f"There is no table {ref!r} in play.")
    return t


def seat(t: Table, ref: Any) -> int:
    s = whole(ref, "The seat number", minimum=1) if not isinstance(ref, str) else whole(int(ref), "The seat number")
    if not 1 <= s <= t.max_seats:
        raise RuleError("SEAT_OUT_OF_RANGE", f"Table {t.number} has seats 1 to {t.max_seats}; there is no seat {s}.")
    return s


def live(p: Player) -> Player:
    if not p.live:
        raise RuleError("PLAYER_ELIMINATED", f"{p.name} is already out of the tournament.")
    return p


def seated(p: Player) -> Player:
    live(p)
    if p.table is None or p.seat is None:
        raise RuleError("NOT_SEATED", f"{p.name} has no seat yet.")
    return p
