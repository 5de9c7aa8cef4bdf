"""FLT-3: when the profile ends a flight's day by itself (a set level played, a number or a share of players left).

The flight's own tournament says it (its strip offers to end the day), and so does the event's headless run;
the director's word (``end_flight_day``) ends it at any time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core.state import TournamentState


def day_is_over(settings: Mapping[str, Any], entries: int, left: int, level: int) -> bool:
    """FLT-3: the profile's end of a flight's day has come (the director's word is a command of its own)."""
    how = settings["flight.end"]
    if how == "level":
        last = settings["flight.end_level"]
        return last is not None and level > int(last)
    if how == "players":
        n = settings["flight.end_players"]
        return n is not None and left <= int(n)
    if how == "share":
        pct = settings["flight.end_share_percent"]
        return pct is not None and left * 100 <= entries * int(pct)
    return False


def day_over_by_field(state: TournamentState) -> bool:
    """FLT-3: the players left already say the day is over (``flight.end`` by players or share); the end by
    level depends on the clock's time (the next step, given the time, says it)."""
    if state.profile is None or state.profile["flight.end"] not in ("players", "share"):
        return False
    entries = sum(p.entries for p in state.players.values())
    left = sum(1 for p in state.players.values() if p.live)
    return day_is_over(state.profile.settings, entries, left, 0)
