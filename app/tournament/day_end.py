"""FLT-3: when the profile ends a flight's day by itself (a set level played, a number or a share of players left).

The flight's own tournament says it (its strip offers to end the day), and so does the event's headless run;
the director's word (``end_flight_day``) ends it at any time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core.state import TournamentState
from app.i18n import _
from app.names import name_key

DAY_END_REASONS = ("director", "level", "players", "share")  # who or what ends a flight's day (FLT-3)


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
    return day_is_over_at(state, 0)


def day_is_over_at(state: TournamentState, level: int) -> bool:
    """FLT-3: :func:`day_is_over` for this flight's entries and players left, its clock at ``level``."""
    assert state.profile is not None
    entries = sum(p.entries for p in state.players.values())
    left = sum(1 for p in state.players.values() if p.live)
    return day_is_over(state.profile.settings, entries, left, level)


def day2_of(state: TournamentState) -> dict[str, Any] | None:
    """FLT-10: what this tournament plays for as an event's Day 2 (``day2_of_event``), or None: the event's title
    and file, the flights' ``entries`` and ``pool_cents``, the Day-1 finishers ``day1`` ([player, flight], best
    first), the ``level`` its clock starts at and each carried-in player's flight and bag (``carried``)."""
    got = state.extra.get("day2")
    return got if isinstance(got, dict) else None


def day2_entry_problem(state: TournamentState, name: str) -> tuple[str, str] | None:
    """FLT-6: why a new player may not buy in on this Day 2 (reason code, words), or None when he may (or this is
    no Day 2). Only where the profile says, before Day 2's first bust; a Day-1 finisher only where the profile
    lets a player enter more than once."""
    d = day2_of(state)
    if d is None:
        return None
    assert state.profile is not None
    if not state.profile["flight.day2_late_reg"]:
        return "DAY2_REG_CLOSED", _("This event takes no new players on Day 2.")
    if state.batches:
        return "DAY2_REG_CLOSED", _("Day 2 has had its first bust; late registration is over.")
    k = name_key(name)
    if not state.profile["flight.enter_several"]:
        for player, flight in d.get("day1", ()):
            if name_key(str(player)) == k:
                return "ENTERED_OTHER_FLIGHT", _("{name} entered {flight}; this event allows one entry per player.",
                                                 name=name, flight=flight)
    return None
