"""Checks on a command's fields: bad input is refused with a code and plain words."""

from __future__ import annotations

from typing import Any

from app.core.state import Player, Table, TournamentState
from app.errors import RuleError
from app.i18n import _
from app.names import name_key


def whole(value: Any, what: str, *, minimum: int = 0) -> int:
    """A whole number of chips (or cards, or minutes): never negative, never fractional."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    else:
        raise RuleError("INVALID_INPUT", _("{what} must be a whole number, not {value}.", what=what, value=repr(value)))
    if number < minimum:
        raise RuleError("INVALID_INPUT", _("{what} must be at least {minimum}, not {number}.", what=what,
                                           minimum=minimum, number=number))
    return number


def cents(value: Any, what: str) -> int:
    """An amount of money in cents; an amount that is not whole cents is AMOUNT_INVALID."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("AMOUNT_INVALID", _("{what} must be a whole number of cents, not {value}.", what=what,
                                           value=repr(value)), "CONV-8")
    if value < 0:
        raise RuleError("AMOUNT_INVALID", _("{what} cannot be negative.", what=what), "CONV-8")
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
        raise RuleError("UNKNOWN_PLAYER", _("There is no player called {name} in this tournament.", name=repr(ref)))
    return p


def table(state: TournamentState, ref: Any) -> Table:
    num = ref
    if isinstance(ref, str) and ref.strip().isdigit():
        num = int(ref.strip())
    t = state.tables.get(num) if isinstance(num, int) and not isinstance(num, bool) else None
    if t is None:
        raise RuleError("UNKNOWN_TABLE", _("There is no table {table} in play.", table=repr(ref)))
    return t


def seat(t: Table, ref: Any) -> int:
    what = _("The seat number")
    s = whole(ref, what, minimum=1) if not isinstance(ref, str) else whole(int(ref), what)
    if not 1 <= s <= t.max_seats:
        raise RuleError("SEAT_OUT_OF_RANGE", _("Table {table} has seats 1 to {seats}; there is no seat {seat}.",
                                               table=t.number, seats=t.max_seats, seat=s))
    return s


def live(p: Player) -> Player:
    if not p.live:
        raise RuleError("PLAYER_ELIMINATED", _("{name} is already out of the tournament.", name=p.name))
    return p


def seated(p: Player) -> Player:
    live(p)
    if p.table is None or p.seat is None:
        raise RuleError("NOT_SEATED", _("{name} has no seat yet.", name=p.name))
    return p
