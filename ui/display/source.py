"""Where the display's frames come from: a tournament (or the director's session) and a time source.

Everything is read through :func:`app.views.read`: the room facts once per change of the tournament,
the clock at every repaint, computed from its timestamps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from app.api import TimeSource, Tournament, views
from app.i18n import language
from screens.facts import room_facts
from screens.frame import DisplayFrame, RoomFacts, build_frame

ClockFn = Callable[[Any, float], views.ClockView]


def tournament_of(tournament_or_session: Any) -> Tournament:
    """The tournament behind a :class:`Tournament` or anything with a ``tournament`` attribute."""
    if isinstance(tournament_or_session, Tournament):
        return tournament_or_session
    inner = getattr(tournament_or_session, "tournament", None)
    if isinstance(inner, Tournament):
        return inner
    raise TypeError(f"not a tournament or a session: {type(tournament_or_session).__name__}")


def _clock(tournament: Any, now: float) -> views.ClockView:
    return views.read(tournament, now).clock


class DisplaySource:
    """Builds :class:`DisplayFrame` objects for the room display."""

    def __init__(
        self, tournament_or_session: Any, time_source: TimeSource | None = None, clock_fn: ClockFn | None = None
    ) -> None:
        self._holder = tournament_or_session
        tournament = tournament_of(tournament_or_session)
        self.time: TimeSource = time_source or tournament.time
        self._clock_fn: ClockFn = clock_fn or _clock
        self._facts_for: views.TournamentView | None = None
        self._facts = RoomFacts()
        self._facts_language = ""
        self.seq = -1

    @property
    def tournament(self) -> Tournament:
        return tournament_of(self._holder)

    def facts(self, view: views.TournamentView | None = None) -> RoomFacts:
        """The room facts of the state read (computed again when it changed, or the language they are written in)."""
        view = view or views.read(self.tournament, self.time.now())
        if self._facts_for is None or not _same_state(self._facts_for, view) or self._facts_language != language():
            self._facts = room_facts(view)
            self._facts_language = language()
        self._facts_for = view
        return self._facts

    def frame(self, now: float | None = None) -> DisplayFrame:
        """The picture at ``now`` (default: the time source's now)."""
        at = self.time.now() if now is None else now
        tournament = self.tournament
        view = views.read(tournament, at)
        self.seq = view.seq  # the state read: a picture composed for an older one is stale
        facts = self.facts(view)
        clock = view.clock if self._clock_fn is _clock else self._clock_fn(tournament, at)
        if clock.late_seconds_left:
            facts = replace(facts, late_seconds_left=clock.late_seconds_left)
        return build_frame(clock.raw, facts)


def _same_state(a: views.TournamentView, b: views.TournamentView) -> bool:
    """Two reads of one state change (only their clocks differ)."""
    return a.seq == b.seq and a.players is b.players
