"""The ``tables`` view part: every table's seats, button, blinds and who is not dealt in (BTN-4)."""

from __future__ import annotations

from typing import Any

from app.balancing.locks import lock_reason
from app.buttons.blinds import upcoming
from app.buttons.halting import WAIT, halts
from app.buttons.positions import NeedsButton, effective_dealer, order_from
from app.clock.view import as_of, current_hand
from app.core.registry import view_part
from app.core.state import Table, TournamentState

ARRIVED_DURING_HAND = "arrived during the hand; judged at the next deal (BTN-9)"


def not_dealt(state: TournamentState, table: Table) -> list[dict[str, Any]]:
    """Players at the table who are not dealt into the hand being played, with the reason."""
    out: list[dict[str, Any]] = []
    for seat in sorted(table.seats):
        pid = table.seats[seat]
        p = state.players[pid]
        reason = table.sitting_out.get(pid)
        if reason is None and pid in table.newcomers:
            reason = ARRIVED_DURING_HAND
        if reason is None and p.absent_since is not None:
            reason = "absent: blinded, not dealt (ABS-1)"
        if reason is not None:
            out.append({"player": p.name, "seat": seat, "reason": reason})
    return out


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


def designated_dealer(state: TournamentState, table: Table) -> dict[str, Any] | None:
    """SEAT-4: the player named at the draw to deal at this table, while he still sits there."""
    pid = table.designated_dealer
    if pid is None or pid not in table.seats.values():
        return None
    p = state.players[pid]
    return {"player": p.name, "seat": p.seat}


def table_view(
    state: TournamentState, table: Table, halt: dict[str, Any] | None = None, now: float | None = None
) -> dict[str, Any]:
    """One table; ``halt`` is its BAL-1 halt ({"reason", "waived"}) when it is halted; ``hand`` the hand it
    plays at ``now`` (its number, level, game and blinds; ``waiting`` for a break's end, CLK-3)."""
    assert state.profile is not None
    dealer = effective_dealer(table.button, table.seats, table.max_seats)
    marker = dealer if state.profile["button.display_on_effective_dealer"] else table.button
    try:
        nxt = upcoming(state, table)
        next_hand: dict[str, Any] | None = {"button": nxt.button, "sb": nxt.sb, "bb": nxt.bb}
    except NeedsButton:
        next_hand = None
    if halt is not None and not halt["waived"]:
        next_hand = {**(next_hand or {}), "wait": WAIT}
    seats = {
        str(seat): {"player": state.players[pid].name, "stack": state.players[pid].stack,
                    "locked": lock_reason(state, pid)}  # LOCK-5: why the seat is locked, or None
        for seat, pid in sorted(table.seats.items())
    }
    return {
        "number": table.number,
        "max_seats": table.max_seats,
        "population": table.population,
        "seats": seats,
        "button": table.button,
        "button_marker": marker,
        "dealer": dealer,
        "dealer_player": state.players[table.seats[dealer]].name if dealer is not None else None,
        "sb": table.sb,
        "sb_seat": table.sb_seat,
        "bb": table.bb,
        "button_known": table.button is not None,
        "held": table.button_held,
        "frozen": table.frozen,
        "hands": table.hands,
        "hand": current_hand(state, table, as_of(state, now)),
        "halted": halt,
        "not_dealt": not_dealt(state, table),
        "next_hand": next_hand,
        "dealing_seat": dealing_seat(table, int(state.profile["display.dealing_seat_offset"])),
        "draw_cards": {state.players[pid].name: c for pid, c in table.draw_cards.items() if pid in state.players},
        "designated_dealer": designated_dealer(state, table),
    }


@view_part("tables")
def tables(state: TournamentState, now: float | None = None) -> dict[str, Any]:
    stops = halts(state) if state.profile is not None else {}
    return {str(n): table_view(state, state.tables[n], stops.get(n), now) for n in sorted(state.tables)}
