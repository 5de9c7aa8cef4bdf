"""What the JSON view (``tables``) shows of a table besides its seats: the dealer, the positions of the
next hand, a BAL-1 halt, who is not dealt in (BTN-4, BTN-9, ABS-1), the dealing seat (BTN-11), the
draw's cards and the designated dealer (SEAT-4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from app.balancing.locks import lock_reason
from app.buttons.blinds import upcoming
from app.buttons.halting import WAIT
from app.buttons.positions import NeedsButton, effective_dealer, order_from
from app.core.state import Table, TournamentState
from app.views.dump import OMIT

ARRIVED_DURING_HAND = "arrived during the hand; judged at the next deal (BTN-9)"


class NotDealt(msgspec.Struct, frozen=True):
    """A player at the table who is not dealt into the hand, and why."""

    player: str
    seat: int
    reason: str


class NextHand(msgspec.Struct, frozen=True):
    """The positions of the table's next hand (absent while the button is not known); ``wait`` while the
    table is halted (BAL-1)."""

    button: int | None | Any = OMIT
    sb: int | None | Any = OMIT
    bb: int | None | Any = OMIT
    wait: str | Any = OMIT


class TableHalt(msgspec.Struct, frozen=True):
    """BAL-1: the table is halted until a player arrives, and why; ``waived`` by the director."""

    reason: str
    waived: bool


class DesignatedDealer(msgspec.Struct, frozen=True):
    player: str
    seat: int | None


class TableDetail(msgspec.Struct, frozen=True):
    """What the JSON view shows of a table beyond :class:`app.views.read.TableView`."""

    locked: Mapping[int, str | None]  # seat -> why its player's seat is locked (LOCK-5), or None
    dealer: int | None  # the effective dealer's seat
    dealer_player: str | None
    sb_seat: int | None
    button_known: bool
    held: bool
    frozen: bool
    hands: int  # hands finished
    halted: TableHalt | None  # BAL-1: while halted
    not_dealt: tuple[NotDealt, ...]
    next_hand: NextHand | None
    dealing_seat: int | None  # BTN-11
    draw_cards: Mapping[str, Any]  # SEAT-3: the card each player drew
    designated_dealer: DesignatedDealer | None  # SEAT-4


def not_dealt(state: TournamentState, table: Table) -> tuple[NotDealt, ...]:
    """Players at the table who are not dealt into the hand being played, with the reason."""
    out: list[NotDealt] = []
    for seat in sorted(table.seats):
        pid = table.seats[seat]
        p = state.players[pid]
        reason = table.sitting_out.get(pid)
        if reason is None and pid in table.newcomers:
            reason = ARRIVED_DURING_HAND
        if reason is None and p.absent_since is not None:
            reason = "absent: blinded, not dealt (ABS-1)"
        if reason is not None:
            out.append(NotDealt(p.name, seat, reason))
    return tuple(out)


def dealing_seat(table: Table, offset: int) -> int | None:
    """BTN-11 display: the seat ``offset`` places clockwise of the button, the small blind being 1 and
    the big blind 2 even when the small blind is dead or heads-up; so offset 3 is the first active seat
    after the big blind (seed 000's dealing player)."""
    if offset <= 0 or table.button is None or not table.seats:
        return None
    if offset >= 3 and table.bb is not None:
        after_bb = order_from(table.bb, table.seats, table.max_seats)
        return after_bb[(offset - 3) % len(after_bb)]
    order = order_from(table.button, table.seats, table.max_seats)
    return order[(offset - 1) % len(order)]


def designated_dealer(state: TournamentState, table: Table) -> DesignatedDealer | None:
    """SEAT-4: the player named at the draw to deal at this table, while he still sits there."""
    pid = table.designated_dealer
    if pid is None or pid not in table.seats.values():
        return None
    p = state.players[pid]
    return DesignatedDealer(p.name, p.seat)


def table_detail(state: TournamentState, table: Table, halt: Mapping[str, Any] | None) -> TableDetail:
    """``halt`` is the table's BAL-1 halt ({"reason", "waived"}) when it is halted."""
    assert state.profile is not None
    dealer = effective_dealer(table.button, table.seats, table.max_seats)
    try:
        nxt = upcoming(state, table)
        next_hand: NextHand | None = NextHand(nxt.button, nxt.sb, nxt.bb)
    except NeedsButton:
        next_hand = None
    if halt is not None and not halt["waived"]:
        base = next_hand or NextHand()
        next_hand = NextHand(base.button, base.sb, base.bb, WAIT)
    return TableDetail(
        locked={seat: lock_reason(state, pid) for seat, pid in sorted(table.seats.items())},
        dealer=dealer,
        dealer_player=state.players[table.seats[dealer]].name if dealer is not None else None,
        sb_seat=table.sb_seat,
        button_known=table.button is not None,
        held=table.button_held,
        frozen=table.frozen,
        hands=table.hands,
        halted=TableHalt(str(halt["reason"]), bool(halt["waived"])) if halt is not None else None,
        not_dealt=not_dealt(state, table),
        next_hand=next_hand,
        dealing_seat=dealing_seat(table, int(state.profile["display.dealing_seat_offset"])),
        draw_cards={state.players[pid].name: c for pid, c in table.draw_cards.items() if pid in state.players},
        designated_dealer=designated_dealer(state, table),
    )
