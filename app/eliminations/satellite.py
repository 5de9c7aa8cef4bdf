"""Satellites: the top places win seats in another event, the rest of the pool is paid in cash (SAT-1 to SAT-5).

A profile makes the tournament a satellite by giving ``satellite.seat_value_cents`` (the buy-in of the
target event, ``satellite.event``):

- SAT-1: the seats are floor(prize pool / seat value), the prize pool being PAY-1's: the pool, or the
  guarantee when it is larger (a guarantee of N seats is a guarantee of N x the seat value). The seat
  count follows the pool until late registration closes, like any payout table.
- SAT-2: what is left (prize pool - seats x seat value) is paid in cash by ``satellite.remainder``:
  ``next_place`` pays it to the first place after the seats (the bubble gets his money back, or part of
  it); ``split`` shares it among the seat winners, the odd cents one each to the first seat winners in
  payout order (PAY-4). A pool smaller than one seat is paid in cash to 1st.
- SAT-3: with ``satellite.stop_at_seats`` (the default) play stops when the players left are no more
  than the seats: everyone still in wins a seat (they share places 1 to n, the odd cents of a split
  going one each in table and seat order); the tournament ends there, once late registration is
  closed. Without it, play goes on to a winner and places 1 to n take the seats.
- SAT-4: results, receipts, the strip, the display and the phone say "seat in <event>" for a seat.
- SAT-5: ``award_seats`` lets the director end it himself when the players left fit into the seats.

The prize of a seat place is counted at the seat's value, so the prizes still add up to the prize pool
to the cent (PAY-6), and the pool plus the fees still make the money taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.commands import Command
from app.commands.eliminations import AwardSeats
from app.core.registry import applies, command, due_check
from app.core.state import Batch, TournamentState
from app.eliminations.payouts import awards, event_name, is_satellite, seat_count, seat_of, seat_value
from app.errors import RuleError
from app.events.clock import ClockPaused
from app.events.eliminations import SeatsWon
from app.format import money
from app.i18n import _, ngettext
from app.levels.timeline import adhoc_break_left_ms, late_registration_open, position_ms, to_ms, window_close_ms
from app.places import eliminate, renumber

if TYPE_CHECKING:
    from app.core.context import Context


def prize_words(state: TournamentState, place: int | None, cents: int, currency: str | None = None) -> str:
    """SAT-4: "Seat in Main Event" (and "+ $12.34" in cash over it), else the amount."""
    cur = currency or (str(state.profile["money.currency"]) if state.profile is not None else "USD")
    if seat_of(state, place, cents):
        extra = cents - seat_value(state)
        if extra:
            return _("Seat in {event} + {amount}", event=event_name(state), amount=money(extra, cur))
        return _("Seat in {event}", event=event_name(state))
    return money(cents, cur)


# -- the end when the seats are decided (SAT-3, SAT-5) --------------------------------------------------
def _seats_due(state: TournamentState) -> list[int] | None:
    """The players who win a seat now (every player still in, in table and seat order), or None."""
    if state.ended or not is_satellite(state):
        return None
    seats = seat_count(state)
    if seats < 1 or not 2 <= state.in_field <= seats:
        return None
    live = [p for p in state.players.values() if p.live and p.entries]
    if len(live) != state.in_field or any(p.deciding for p in live):
        return None
    return [p.id for p in sorted(live, key=lambda p: (p.table or 0, p.seat or 0, p.id))]


def stop_at_seats(ctx: Context, round_over: bool = False) -> bool:
    """SAT-3, after a bust: the players left all win a seat, so play stops (once late registration is closed).

    Hand for hand, the busts of one round at every table are one batch (ELIM-3 b): play stops when the
    round is over (``round_over``) or hand-for-hand ends, never in the middle of a round. Returns True
    when the tournament ended here."""
    if ctx.profile["satellite.seat_value_cents"] is None or not ctx.profile["satellite.stop_at_seats"]:
        return False  # not a satellite: nothing more to look at after a bust
    if ctx.state.hand_for_hand and not round_over:
        return False
    winners = _seats_due(ctx.state)
    if winners is None or late_registration_open(ctx.state, ctx.now):
        return False
    _award(ctx, winners, "the players left all win a seat")
    return True


def _award(ctx: Context, winners: list[int], why: str) -> None:
    c = ctx.state.clock
    if c.get("started") and c.get("running"):
        now_ms = to_ms(ctx.now)
        pos = position_ms(ctx.state, now_ms)
        close = window_close_ms(ctx.state)
        ctx.emit(ClockPaused(pos_ms=pos if close is None else min(pos, close),
                             adhoc_left_ms=adhoc_break_left_ms(ctx.state, now_ms), reason="tournament over"))
    ctx.emit(SeatsWon(players=winners, event=event_name(ctx.state), reason=why))


@due_check
def seats_due(state: TournamentState, now: float) -> Command | None:
    """SAT-3 as time passes: the players left fitted into the seats while late registration was open, and it closed."""
    if state.profile is None or not is_satellite(state) or not state.profile["satellite.stop_at_seats"]:
        return None
    if not state.clock.get("started") or state.hand_for_hand or _seats_due(state) is None:
        return None
    return None if late_registration_open(state, now) else AwardSeats()


@command
def award_seats(ctx: Context, cmd: AwardSeats) -> None:
    """Every player still in wins a seat and the satellite ends (the players left are no more than the seats)."""
    state = ctx.state
    if not is_satellite(state):
        raise RuleError("NOT_OFFERED", _("This tournament is not a satellite: it awards no seats."), "SAT-5")
    seats = seat_count(state)
    winners = _seats_due(state)
    if winners is None:
        if any(p.deciding for p in state.players.values() if p.live):
            raise RuleError(
                "INVALID_INPUT", _("A player who lost all their chips is still deciding on a rebuy."), "SAT-5"
            )
        raise RuleError(
            "INVALID_INPUT",
            ngettext(
                "{in_field} players are left for {n} seat: the seats are awarded when the players left are no more "
                "than the seats.",
                "{in_field} players are left for {n} seats: the seats are awarded when the "
                "players left are no more than the seats.",
                seats,
                in_field=state.in_field,
            ),
            "SAT-5",
        )
    if late_registration_open(state, ctx.now):
        raise RuleError("INVALID_INPUT", _("Late registration is still open: entries can still add seats."), "SAT-5")
    _award(ctx, winners, "the director awarded the seats")


@applies
def _seats_won(state: TournamentState, ev: SeatsWon) -> None:
    pids = list(ev.players)
    seats: dict[int, list[int]] = {}
    for pid in pids:
        p = state.players[pid]
        if p.table is not None and p.seat is not None:
            seats[pid] = [p.table, p.seat]
    batch = Batch(players=pids, first_place=0, tie_groups=[], at=ev.at, table=None, reason="seat",
                  mode="tie", payout_order=list(pids), seats=seats)
    state.batches.append(batch)
    index = len(state.batches) - 1
    for pid in pids:
        p = state.players[pid]
        p.bust_batch = index
        eliminate(state, p, ev.at, "seat")
    renumber(state, index)
    state.ended = True


# -- views --------------------------------------------------------------------------------------------
def seats_awarded(state: TournamentState) -> int:
    """Seats won so far: the placed players whose prize is a seat."""
    return sum(1 for place, cents, _t in awards(state).values() if seat_of(state, place, cents))
