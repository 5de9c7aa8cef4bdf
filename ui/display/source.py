"""Where the display's frames come from: a tournament (or the director's session) and a time source.

The clock is read fresh on every repaint from the engine's pure ``clock_view(state, now)``; the
other facts are read again only when the tournament changed (its state object or its event count).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from app.clock.view import clock_view
from app.core.engine import Tournament
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from ui.display.facts import room_facts
from ui.display.model import DisplayFrame, RoomFacts, build_frame

ClockFn = Callable[[TournamentState, float], Mapping[str, Any]]


def tournament_of(tournament_or_session: Any) -> Tournament:
    """The tournament behind a :class:`Tournament` or anything with a ``tournament`` attribute."""
    if isinstance(tournament_or_session, Tournament):
        return tournament_or_session
    inner = getattr(tournament_or_session, "tournament", None)
    if isinstance(inner, Tournament):
        return inner
    raise TypeError(f"not a tournament or a session: {type(tournament_or_session).__name__}")


class DisplaySource:
    """Builds :class:`DisplayFrame` objects for the room display."""

    def __init__(
        self, tournament_or_session: Any, time_source: TimeSource | None = None, clock_fn: ClockFn | None = None
    ) -> None:
        self._holder = tournament_or_session
        tournament = tournament_of(tournament_or_session)
        self.time: TimeSource = time_source or tournament.time
        self._clock_fn: ClockFn = clock_fn or clock_view
        self._facts_for: tuple[TournamentState, int] | None = None
        self._facts = RoomFacts()

    @property
    def tournament(self) -> Tournament:
        return tournament_of(self._holder)

    def facts(self) -> RoomFacts:
        state = self.tournament.state
        key = (state, state.seq)
        if self._facts_for is None or self._facts_for[0] is not state or self._facts_for[1] != state.seq:
            self._facts = room_facts(state)
            self._facts_for = key
        return self._facts

    def frame(self, now: float | None = None) -> DisplayFrame:
        """The picture at ``now`` (default: the time source's now)."""
        at = self.time.now() if now is None else now
        state = self.tournament.state
        facts = self.facts()
        clock = self._clock_fn(state, at)
        left = clock.get("late_registration_seconds_left")
        if isinstance(left, int | float) and left > 0:
            facts = replace(facts, late_seconds_left=float(left))
        return build_frame(clock, facts)
