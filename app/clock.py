"""The tournament clock (CLK). Computed from timestamps, never by counting ticks.

Other areas ask it two questions: which level is in force at a moment, and whether play is on a
break. The structure, pauses, adjustments and breaks live in ``state.clock``.
"""

from __future__ import annotations

from app.state import TournamentState


def current_level(state: TournamentState, now: float) -> int:
    """The level (1-based) in force at ``now``; level 1 before the clock starts."""
    return int(state.clock.get("level", 1))


def in_break(state: TournamentState, now: float) -> bool:
    return bool(state.clock.get("on_break", False))
