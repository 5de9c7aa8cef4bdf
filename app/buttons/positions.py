"""Button and blind positions as pure functions over seat numbers (BTN-1, BTN-2, BTN-5, BTN-6, BTN-9/10).

Nothing here reads or writes the tournament state: callers pass the seats that are occupied and the
positions of the hand now being played, and get the positions of the next hand. Seats are numbered
1..max_seats and clockwise means increasing seat number, wrapping from max_seats to 1 (CONV-1).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field

from app.i18n import N_

# Why a player sits out a hand: stored English in the log, marked for the views to show with _().
BETWEEN_BUTTON_AND_SB = N_("seated between the button and the small blind (BTN-9)")
SB_SEAT_SIT_OUT = N_("came to the table in position for the small blind (BTN-10)")
WAITS_FOR_BB = N_("waits for the big blind (late entry, BTN-10)")
REPEAT_BB = N_("paid the big blind on their last hand at their previous table (BTN-5(a))")
REPEAT_SB = N_("paid the small blind on their last hand at their previous table (BTN-5(a))")


class NeedsButton(Exception):
    """The positions of the hand in play are not known, so the next hand cannot be worked out."""


@dataclass(frozen=True)
class Positions:
    """Where the button and blinds are for one hand.

    ``sb_seat`` is the canonical small-blind seat (BTN-1 step 2), kept even when nobody posts it;
    ``sb`` is the seat that actually posts (None: dead small blind). ``sitting_out`` maps the seats of
    new players who are not dealt this hand to the reason.
    """

    button: int | None
    sb_seat: int | None
    sb: int | None
    bb: int | None
    held: bool = False
    sitting_out: Mapping[int, str] = field(default_factory=dict)


def clockwise(start: int, max_seats: int) -> Iterator[int]:
    """Seats after ``start`` going clockwise, ending with ``start`` itself."""
    for k in range(1, max_seats + 1):
        yield (start - 1 + k) % max_seats + 1


def first_after(seat: int, occupied: Collection[int], max_seats: int) -> int | None:
    """The first occupied seat clockwise after ``seat`` (``seat`` itself only if it is the only one)."""
    for s in clockwise(seat, max_seats):
        if s in occupied:
            return s
    return None


def first_before(seat: int, occupied: Collection[int], max_seats: int) -> int | None:
    """The first occupied seat counter-clockwise from ``seat``, ``seat`` itself first."""
    for k in range(max_seats):
        s = (seat - 1 - k) % max_seats + 1
        if s in occupied:
            return s
    return None


def strictly_between(start: int, end: int, seat: int, max_seats: int) -> bool:
    """True when ``seat`` lies strictly after ``start`` and strictly before ``end`` going clockwise."""
    if start == end:
        return False
    for s in clockwise(start, max_seats):
        if s == end:
            return False
        if s == seat:
            return True
    return False


def effective_dealer(button: int | None, occupied: Collection[int], max_seats: int) -> int | None:
    """CONV-3: the player in the button seat, else the first one counter-clockwise from it."""
    if button is None:
        return None
    return first_before(button, occupied, max_seats)


def first_hand(button: int, occupied: Collection[int], max_seats: int) -> Positions:
    """BTN-2 (and BTN-7 when a blind game returns): blinds follow the button clockwise."""
    if len(occupied) < 2:
        return Positions(button, None, None, None)
    if len(occupied) == 2:
        sb = button if button in occupied else first_after(button, occupied, max_seats)
        assert sb is not None
        return Positions(button if button in occupied else sb, sb, sb, first_after(sb, occupied, max_seats))
    sb = first_after(button, occupied, max_seats)
    assert sb is not None
    return Positions(button, sb, sb, first_after(sb, occupied, max_seats))


def _canonical(current: Positions, occupied: Collection[int], max_seats: int, bb_bust: str) -> Positions:
    g, b = current.bb, current.button
    if g is None or b is None:
        raise NeedsButton()
    if len(occupied) < 2:
        only = next(iter(occupied), b)
        return Positions(only, None, None, None)
    bb = first_after(g, occupied, max_seats)
    assert bb is not None
    if len(occupied) == 2:
        # BTN-6: the big blind moves on as usual; the other player has the button and posts the SB.
        other = next(s for s in occupied if s != bb)
        return Positions(other, other, other, bb)
    if bb_bust == "hold" and g not in occupied:
        # BTN-5(b): the button stays with the same player and nobody posts the small blind.
        return Positions(b, g, None, bb, held=True)
    button = current.sb_seat if current.sb_seat is not None else b
    return Positions(button, g, g if g in occupied else None, bb)


def next_hand(
    current: Positions,
    occupied: Collection[int],
    max_seats: int,
    *,
    bb_bust: str = "advance",
    newcomers: Mapping[int, str | None] | None = None,
    in_sb_seat: str = "post",
    last_blinds: Mapping[int, str] | None = None,
) -> Positions:
    """The next hand's positions from the hand just played (BTN-1 canonical dead-button algorithm).

    ``occupied`` are the seats holding a player now (busts already removed, new players added);
    ``newcomers`` maps the seats of players who arrived since the hand was dealt to their
    obligation (None, "wait_bb", "post_bb", "sit_out_once"). A new player who must sit out in the
    small-blind position (BTN-10) is treated as an empty seat for the blinds.

    ``last_blinds`` (BTN-5(a), reading 6: no player pays the same blind in two consecutive hands)
    maps a new player's seat to the blind he paid on his last hand at his previous table ("sb" or
    "bb"). When the next hand would give him that same blind he sits out that hand and the blinds
    are worked out with his seat treated as empty, as BTN-10 does for the small blind. Skipped by the
    big blind, his seat then lies between the next button and small blind, so BTN-9 keeps him out
    until the button has passed him. He is never sat out when that would leave fewer than two
    players dealt in.
    """
    nxt = _canonical(current, occupied, max_seats, bb_bust)
    if not newcomers or nxt.bb is None or nxt.sb_seat is None or nxt.button is None:
        return nxt
    repeat = last_blinds or {}
    empty: dict[int, str] = {}  # seats treated as empty for the blinds, with the reason
    while True:
        sitting, more = _judge_newcomers(nxt, occupied, max_seats, newcomers, in_sb_seat, repeat, empty)
        if not more or len(occupied) - len(empty) - len(more) < 2:
            break
        empty.update(more)
        nxt = _canonical(current, [s for s in occupied if s not in empty], max_seats, bb_bust)
        if nxt.bb is None or nxt.sb_seat is None or nxt.button is None:
            break
    sitting = {**sitting, **empty}
    sb = nxt.sb if nxt.sb not in sitting else None
    return Positions(nxt.button, nxt.sb_seat, sb, nxt.bb, nxt.held, sitting)


def _judge_newcomers(
    nxt: Positions,
    occupied: Collection[int],
    max_seats: int,
    newcomers: Mapping[int, str | None],
    in_sb_seat: str,
    repeat: Mapping[int, str],
    empty: Mapping[int, str],
) -> tuple[dict[int, str], dict[int, str]]:
    """Who sits out under positions ``nxt``, and which of them must also be empty for the blinds."""
    assert nxt.button is not None and nxt.sb_seat is not None
    sitting: dict[int, str] = {}
    more: dict[int, str] = {}
    for seat, obligation in newcomers.items():
        if seat not in occupied or seat in empty:
            continue
        if seat == nxt.bb:
            if repeat.get(seat) == "bb":
                more[seat] = REPEAT_BB
            continue  # otherwise a new player in the big blind posts it and plays (BAL-5)
        if obligation == "wait_bb":
            sitting[seat] = WAITS_FOR_BB
        elif strictly_between(nxt.button, nxt.sb_seat, seat, max_seats):
            sitting[seat] = BETWEEN_BUTTON_AND_SB
        elif seat == nxt.sb_seat and (in_sb_seat == "sit_out" or obligation == "sit_out_once"):
            more[seat] = SB_SEAT_SIT_OUT
        elif seat == nxt.sb_seat and repeat.get(seat) == "sb":
            more[seat] = REPEAT_SB
    return sitting, more


def worst_open_seat(current: Positions, occupied: Collection[int], max_seats: int) -> int | None:
    """BAL-3: the open seat that would post the big blind soonest; never the small-blind seat.

    The next big blind is the first player clockwise after the last big blind's seat, so the first
    open seat after that seat is the worst one; a vacant seat between the big blind and the next
    player makes the mover the very next big blind (a "single big blind").
    """
    if current.bb is None:
        raise NeedsButton()
    for s in clockwise(current.bb, max_seats):
        if s != current.bb and s not in occupied:
            return s
    return None


def order_from(button: int | None, occupied: Collection[int], max_seats: int) -> list[int]:
    """Occupied seats clockwise from the first seat left of the button (by seat number if unknown)."""
    if button is None:
        return sorted(occupied)
    return [s for s in clockwise(button, max_seats) if s in occupied]


def position_of(seat: int, button: int, dealt: Collection[int], max_seats: int) -> int:
    """CONV-4: the position (1 = first dealt after the button seat; 0 = on the button) of ``seat``."""
    k = 0
    for s in clockwise(button, max_seats):
        if s == button:
            return 0
        if s in dealt:
            k += 1
        if s == seat:
            return k
    return 0
