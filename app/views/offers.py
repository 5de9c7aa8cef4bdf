"""The player purchases the profile offers (ENT-3, ENT-4, ENT-8 and the top-up): the window shows only
those, so a freezeout has no Rebuy or Add-on to press. Whether a purchase is allowed now (its window,
its limit) stays the command's to decide."""

from __future__ import annotations

from typing import Any

from app.entries.offered import NOT_OFFERED_WORDS, OFFERED_BY
from app.views.read import _state_of

__all__ = ["NOT_OFFERED_WORDS", "OFFERED_BY", "not_offered"]


def not_offered(tournament_or_state: Any) -> frozenset[str]:
    """The purchase commands this tournament's profile does not offer at all (``{"rebuy", "addon"}`` ...)."""
    profile = _state_of(tournament_or_state).profile
    if profile is None:
        return frozenset()
    return frozenset(cmd for cmd, key in OFFERED_BY.items() if not profile[key])
