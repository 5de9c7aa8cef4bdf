"""The tournament as JSON: what scenario files check and what every screen and sheet reads."""

from __future__ import annotations

from typing import Any, Protocol

from app.core.registry import TIMED_VIEW_PARTS, VIEW_PARTS
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.views.detail import PARTS, json_view


class Viewed(Protocol):
    """What a view is built from: the state and the time it is read at."""

    state: TournamentState
    time: TimeSource


def build_view(tournament: Viewed, part: str | None = None) -> dict[str, Any]:
    state = tournament.state
    now = tournament.time.now()
    known = set(VIEW_PARTS) | set(PARTS)
    if part is not None and part not in known:
        raise KeyError(f"no view part {part!r}; parts: {', '.join(sorted(known))}")
    names = sorted(known) if part is None else [part]
    typed = json_view(state, now) if part is None else json_view(state, now, part) if part in PARTS else {}
    return {
        name: typed[name] if name in typed
        else VIEW_PARTS[name](state, now=now) if name in TIMED_VIEW_PARTS else VIEW_PARTS[name](state)
        for name in names
    }
