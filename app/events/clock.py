"""Events of the tournament clock, its structure and late registration's early close (CLK, REG-8).

The clock is a position on the line of periods (see :mod:`app.levels.timeline`): these events move it,
stop it, change the line (time added or taken off, a new structure, a new level length) or close and
reopen late registration. None of them changes a player or a table row, so each names no player and
no table: a face redraws what reads the clock (and the structure, where it changed), never the
player list, for them. ``hand_start_answered`` is the one exception: it is remembered per table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from app.events.base import Aspect, Event

CLOCK: frozenset[Aspect] = frozenset({"clock"})
CLOCK_AND_STRUCTURE: frozenset[Aspect] = frozenset({"clock", "structure"})


class ClockEvent(Event):
    """An event of the clock alone: it changes no player and no table."""

    changes: ClassVar[frozenset[Aspect]] = CLOCK

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class ClockStarted(ClockEvent, tag="clock_started"):
    """The clock started at ``level`` (position ``pos_ms``); the structure in force is fixed with it."""

    changes: ClassVar[frozenset[Aspect]] = CLOCK_AND_STRUCTURE

    structure: dict[str, Any]
    level_ms: int  # the default level length, for levels that give none
    pos_ms: int
    level: int = 1


class ClockPaused(ClockEvent, tag="clock_paused"):
    """The clock stopped at ``pos_ms``; a called break in progress keeps ``adhoc_left_ms`` to run."""

    pos_ms: int
    adhoc_left_ms: int = 0
    reason: str | None = None


class ClockResumed(ClockEvent, tag="clock_resumed"):
    """A paused clock runs again from where it stopped."""


class ClockJumped(ClockEvent, tag="clock_jumped"):
    """The clock went to the start of another period (``index`` on the line), with its full time."""

    pos_ms: int
    index: int
    kind: Literal["level", "break"] = "level"
    level: int = 1
    from_level: int | None = None


class TimeAdjusted(ClockEvent, tag="time_adjusted"):
    """Time added to (``ms`` > 0) or taken off the period in play, or the break the director called."""

    target: Literal["period", "break"]
    ms: int
    index: int = 0
    level: int | None = None


class BreakCalled(ClockEvent, tag="break_called"):
    """The director called a break of ``minutes`` at position ``pos_ms`` (CLK-3)."""

    minutes: int
    pos_ms: int
    level: int | None = None


class BreakEnded(ClockEvent, tag="break_ended"):
    """The break the director called ended early: play resumes."""

    level: int | None = None


class LevelLengthChanged(ClockEvent, tag="level_length_changed"):
    """Every level from ``from_level`` on lasts ``minutes`` (CLK-6)."""

    changes: ClassVar[frozenset[Aspect]] = CLOCK_AND_STRUCTURE

    from_level: int
    minutes: int


class ClockDeducted(ClockEvent, tag="clock_deducted"):
    """Time taken off the clock for ``hands`` hand-for-hand hands played (CLK-5)."""

    hands: int
    ms: int


class RegistrationClosed(ClockEvent, tag="registration_closed", omit_defaults=True):
    """The director closed late registration before the profile's deadline (REG-8); ``never_checked_in``:
    the pre-registered players who had not checked in then (REG-10), left out of the file when none (as
    files before it have it)."""

    never_checked_in: int = 0


class RegistrationReopened(ClockEvent, tag="registration_reopened"):
    """The director reopened late registration he had closed early (REG-8)."""


class StructureSet(ClockEvent, tag="structure_set"):
    """Another structure is in force; a started clock keeps its level at ``pos_ms`` (period ``index``)."""

    changes: ClassVar[frozenset[Aspect]] = CLOCK_AND_STRUCTURE

    structure: dict[str, Any]
    pos_ms: int = 0
    index: int = 0
    adjust_ms: int = 0


class HandStartAnswered(Event, tag="hand_start_answered"):
    """The director said whether the hand in play at ``tables`` started before ``level`` began (20.10)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"tables"})

    tables: list[int]
    level: int
    started_before: bool

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return self.tables
