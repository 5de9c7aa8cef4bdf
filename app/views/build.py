"""The tournament as JSON: what scenario files check and what every screen and sheet reads."""

from __future__ import annotations

from typing import Any, Protocol

from app.core.registry import TIMED_VIEW_PARTS, VIEW_PARTS
from app.core.state import TournamentState
from app.core.timesource import TimeSource


class Viewed(Protocol):
    """What a view is built from: the state and the time it is read at."""

    state: TournamentState
    time: TimeSource


def build_view(tournament: Viewed, part: str | None = None) -> dict[str, Any]:
    state = tournament.state
    now = tournament.time.now()
    names = sorted(VIEW_PARTS) if part is None else [part]
    if part is not None and part not in VIEW_PARTS:
        raise KeyError(f"no view part {part!r}; parts: {', '.join(sorted(VIEW_PARTS))}")
    return {
        name: VIEW_PARTS[name](state, now=now) if name in TIMED_VIEW_PARTS else VIEW_PARTS[name](state)
        for name in names
    }
