"""The tournament as JSON: what scenario files, the command line and the file check read.

Each part is written from the typed view (:mod:`app.views.detail`): the JSON is the typed view dumped.
"""

from __future__ import annotations

from typing import Any, Protocol

from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.views.detail import PARTS, json_view


class Viewed(Protocol):
    """What a view is built from: the state and the time it is read at."""

    state: TournamentState
    time: TimeSource


def build_view(tournament: Viewed, part: str | None = None) -> dict[str, Any]:
    """Every part of the JSON view at the tournament's time, or the one named (KeyError for an unknown one)."""
    if part is not None and part not in PARTS:
        raise KeyError(f"no view part {part!r}; parts: {', '.join(sorted(PARTS))}")
    return json_view(tournament.state, tournament.time.now(), part)
