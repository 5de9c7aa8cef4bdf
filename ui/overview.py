"""What the strip and the tabs summarise, in the shapes the window uses, read from :func:`app.views.read`.

Nothing is worked out here: every figure is the view's, the same the room display and the sheets show.
The window reads :func:`app.views.summary` (no row per player or table: those it keeps itself).
"""

from __future__ import annotations

from app.api import ClockView, PendingView, TournamentState, views

# The clock as the strip and the clock tab show it (``time_text``, ``state_text``, ``level`` ...).
ClockInfo = ClockView
# One thing the balancing plan asks for now: a move, a table break or a redraw (``text()``, ``command``).
PendingMove = PendingView


def clock_info(state: TournamentState, now: float) -> ClockView:
    """The clock at ``now``."""
    return views.summary(state, now).clock


def pending_moves(state: TournamentState) -> list[PendingView]:
    """What the balancing plan asks for now, as commands to submit."""
    return list(views.summary(state).pending)


def payout_amounts(state: TournamentState) -> list[int]:
    """Prize per place in cents (PAY-1 to PAY-3)."""
    return list(views.summary(state).prizes_cents)


def payout_rows(state: TournamentState) -> list[views.PayoutView]:
    """The payout rows: one per place, one per player in a tied block (PAY-4)."""
    return list(views.summary(state).payouts)


def prize_of(state: TournamentState, player_id: int) -> int | None:
    """What a placed player is awarded (their share of a tie included), or None."""
    return views.summary(state).prize_of(player_id)
