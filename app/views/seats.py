"""Locked seats (LOCK-5), the last balance (BAL-6) and satellite seats (SAT-4), as the faces read them.

The window, the sheets and the phones read the engine through :mod:`app.views`; these are the
readings of the seat locks and of the last rebalance they need.
"""

from __future__ import annotations

from typing import Any

from app.balancing.locks import lock_reason, locked_players
from app.core.state import TournamentState
from app.views.dump import dump
from app.views.parts.balance import last_balance as last_balance_view


def locked(state: TournamentState, player_id: int | None) -> str:
    """Why the player's seat is locked ("" when it is not)."""
    return lock_reason(state, player_id) or ""


def locks(state: TournamentState) -> dict[int, str]:
    """Every locked seated player and the reason."""
    return locked_players(state)


def last_balance(state: TournamentState) -> dict[str, Any] | None:
    """The moves and breaks of the latest action that changed seats (see :mod:`app.balancing.history`),
    as the JSON view's ``last_balance`` shows them."""
    view = dump(last_balance_view(state))
    return view if isinstance(view, dict) else None

