"""Numbers as the room reads them from across the room: clock digits, chips, money, short durations.

Every screen (the Qt display, the browser display, ``floorman screens``) writes its figures here; money,
chips and places come from the engine's one format module (``app.api.fmt``).
"""

from __future__ import annotations

import math

from app.api import fmt, views

BETTING_NAMES: dict[str, str] = {"no_limit": "No-Limit", "pot_limit": "Pot-Limit", "limit": "Limit"}


game_name = views.game_name


clock_digits = fmt.clock  # a started second counts whole: 20:00 at the first instant of a level


def overtime_digits(seconds: float | None) -> str:
    """Time since the structure ran out, counted up: ``+04:12``."""
    if seconds is None:
        return "+00:00"
    return "+" + clock_digits(max(0.0, math.floor(float(seconds))))


def duration_words(seconds: float | None) -> str:
    """A short duration for the bottom zone: ``1 h 05 min``, ``12 min``, ``45 s``."""
    if seconds is None:
        return ""
    whole = max(0, math.ceil(float(seconds)))
    if whole < 60:
        return f"{whole} s"
    minutes = math.ceil(whole / 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min"


# Figures are written by the one format module (app.format); the room shortens big stacks.
chips = fmt.chips_short
money = fmt.money
ordinal = fmt.ordinal
