"""The player purchases the profile offers (ENT-3, ENT-4, ENT-8 and the top-up): the window shows only
those, so a freezeout has no Rebuy or Add-on to press. Whether a purchase is allowed now (its window,
its limit) stays the command's to decide."""

from __future__ import annotations

from typing import Any

from app.views.read import _state_of

# Each purchase command and the profile setting that offers it.
OFFERED_BY = {
    "rebuy": "rebuy.offered",
    "decline_rebuy": "rebuy.offered",
    "addon": "addon.offered",
    "topup": "topup.offered",
    "reenter": "reentry.offered",
}


# What the engine answers when a purchase the profile does not offer is asked for anyway.
NOT_OFFERED_WORDS = {
    "rebuy": "This tournament has no rebuys.",
    "decline_rebuy": "This tournament has no rebuys.",
    "addon": "This tournament has no add-ons.",
    "topup": "This tournament has no top-ups.",
    "reenter": "This tournament has no re-entries.",
}


def not_offered(tournament_or_state: Any) -> frozenset[str]:
    """The purchase commands this tournament's profile does not offer at all (``{"rebuy", "addon"}`` ...)."""
    profile = _state_of(tournament_or_state).profile
    if profile is None:
        return frozenset()
    return frozenset(cmd for cmd, key in OFFERED_BY.items() if not profile[key])
