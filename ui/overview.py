"""What the strip and the tabs summarise, in the shapes the window uses, read from :func:`app.views.read`.

Nothing is worked out here: every figure is the view's, the same the room display and the sheets show.
"""

from __future__ import annotations

from app import views
from app.views import ClockView, PendingView
from app.views.handles import TournamentState

# The clock as the strip and the clock tab show it (``time_text``, ``state_text``, ``level`` ...).
ClockInfo = ClockView
# One thing the balancing plan asks for now: a move, a table break or a redraw (``text()``, ``command``).
PendingMove = PendingView


def clock_info(state: TournamentState, now: float) -> ClockView:
    """The clock at ``now``."""
    return views.read(state, now).clock


def pending_moves(state: TournamentState) -> list[PendingView]:
    """What the balancing plan asks for now, as commands to submit."""
    return list(views.read(state).pending)


FieldInfo = views.FieldView


def field_info(state: TournamentState) -> views.FieldView:
    return views.read(state).field


def payout_amounts(state: TournamentState) -> list[int]:
    """Prize per place in cents (PAY-1 to PAY-3)."""
    return list(views.read(state).prizes_cents)


def payout_rows(state: TournamentState) -> list[views.PayoutView]:
    """The payout rows: one per place, one per player in a tied block (PAY-4)."""
    return list(views.read(state).payouts)


def prize_of(state: TournamentState, player_id: int) -> int | None:
    """What a placed player is awarded (their share of a tie included), or None."""
    p = views.read(state).player(player_id)
    return p.prize_cents if p is not None and p.place is not None else None
