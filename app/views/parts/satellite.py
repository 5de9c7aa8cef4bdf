"""A satellite's seats (the JSON view's ``satellite``, SAT-1 to SAT-4): the seats, their value, the cash
left, and who won a seat."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from app.core.state import TournamentState
from app.eliminations import payouts as rules
from app.eliminations.payouts import prize_pool
from app.eliminations.satellite import prize_words


class SeatWinner(msgspec.Struct, frozen=True):
    player: str
    place: int
    cash_cents: int  # paid in cash over the seat's value
    words: str  # "Seat in Main Event", with the cash over it


class SatelliteView(msgspec.Struct, frozen=True):
    event: str  # the event the seats are for
    seat_value_cents: int
    seats: int
    cash_cents: int  # the prize pool left after the seats
    remainder: str  # what the cash left over does (the profile's satellite.remainder)
    stop_at_seats: bool  # play stops once the seats are decided
    seats_awarded: int
    seat_winners: tuple[SeatWinner, ...]  # best place first


def satellite(state: TournamentState, won: Mapping[int, tuple[int, int, bool]]) -> SatelliteView | None:
    """The satellite's seats, from the awards (player id -> place, prize, tied); None if not a satellite."""
    if not rules.is_satellite(state):
        return None
    assert state.profile is not None
    pool = prize_pool(state)
    seats = rules.seat_count(state, pool)
    value = rules.seat_value(state)
    seat_of = rules.seat_test(state)
    winners = sorted((pid for pid, (place, cents, _t) in won.items() if seat_of(place, cents)),
                     key=lambda pid: (won[pid][0], state.players[pid].name))
    return SatelliteView(
        event=rules.event_name(state),
        seat_value_cents=value,
        seats=seats,
        cash_cents=pool - seats * value,
        remainder=str(state.profile["satellite.remainder"]),
        stop_at_seats=bool(state.profile["satellite.stop_at_seats"]),
        seats_awarded=len(winners),
        seat_winners=tuple(
            SeatWinner(state.players[pid].name, won[pid][0], won[pid][1] - value,
                       prize_words(state, won[pid][0], won[pid][1]))
            for pid in winners
        ),
    )
