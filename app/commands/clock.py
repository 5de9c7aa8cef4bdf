"""Declarations of the clock commands: start, pause, levels, time, breaks and the structure (CLK)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DIRECTOR_ONLY, ON_THE_FLOOR, Command
from app.i18n import N_


class StartClock(Command, tag="start_clock"):
    """Start the tournament clock at level 1 (or the level given); in a hat mix the games are drawn now.

    An event's Day 2 starts at the level it was made with (FLT-10) unless another is given."""

    label: ClassVar[str] = N_("start of the clock")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-1", "CLK-9", "CLK-10", "MIX-1", "MIX-2")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "start_clock", "level": 1},)

    level: int | None = None


class PauseClock(Command, tag="pause_clock"):
    """Stop the clock (a dispute, hand-for-hand, anything); a break in progress stops too."""

    label: ClassVar[str] = N_("clock pause")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "pause_clock", "reason": "dispute"},)

    reason: str | None = None


class ResumeClock(Command, tag="resume_clock"):
    """Restart a paused clock where it stopped."""

    label: ClassVar[str] = N_("clock restart")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "resume_clock"},)


class NextLevel(Command, tag="next_level"):
    """Go to the start of the next period: the next level, or the break that comes first."""

    label: ClassVar[str] = N_("jump to the next level")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-1", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "next_level"},)


class PreviousLevel(Command, tag="previous_level"):
    """Go back to the start of the previous level (from a break: the level before it)."""

    label: ClassVar[str] = N_("back to the previous level")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-1", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "previous_level"},)


class JumpToLevel(Command, tag="jump_to_level"):
    """Go to the start of any level, with its full time."""

    label: ClassVar[str] = N_("jump to level {level}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-1", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "jump_to_level", "level": 7},)

    level: int


class AddTime(Command, tag="add_time"):
    """Add time to the current level or break: ``seconds``, or ``minutes``."""

    label: ClassVar[str] = N_("time added to the clock")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "add_time", "minutes": 2},)

    seconds: int | None = None
    minutes: int | None = None


class RemoveTime(Command, tag="remove_time"):
    """Take time off the current level or break (``seconds`` or ``minutes``); more than is left ends it now."""

    label: ClassVar[str] = N_("time taken off the clock")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "remove_time", "seconds": 30},)

    seconds: int | None = None
    minutes: int | None = None


class StartBreak(Command, tag="start_break"):
    """Call a break now for some minutes; the level resumes where it stopped."""

    label: ClassVar[str] = N_("start of a break")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-3", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "start_break", "minutes": 10},)

    minutes: int


class EndBreak(Command, tag="end_break"):
    """End the break now: play resumes (after a scheduled break, with the next level)."""

    label: ClassVar[str] = N_("end of the break")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-3", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "end_break"},)


class ChangeLevelLength(Command, tag="change_level_length"):
    """Change the length of every level from the next one on; once, from the profile's level on."""

    label: ClassVar[str] = N_("level length changed to {minutes} minutes")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-6",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "change_level_length", "minutes": 20},)

    minutes: int


class HandForHandDeduct(Command, tag="hand_for_hand_deduct"):
    """Take the fixed time off the clock for the hand-for-hand hands played."""

    label: ClassVar[str] = N_("hand-for-hand time deduction")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "CLK-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "hand_for_hand_deduct", "hands": 1},)

    hands: int = 1


class SetStructure(Command, tag="set_structure"):
    """Use another structure: a shipped one (``id``) or the director's own levels and breaks (``structure``)."""

    label: ClassVar[str] = N_("structure change")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-1", "CLK-3", "CLK-9", "MIX-2")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "set_structure", "id": "tda-nl"},
        {"cmd": "set_structure", "structure": {"levels": [{"sb": 25, "bb": 50}, {"sb": 50, "bb": 100, "ante": 10}],
                                               "breaks": [{"after": 1, "minutes": 10, "race": [25]}]}},
    )

    id: str | None = None
    structure: dict[str, Any] | None = None


class CloseRegistration(Command, tag="close_registration"):
    """Close late registration now, before the profile's deadline (register, buy-in and seating follow).

    Refused ``WINDOW_CLOSED`` when it is already closed, ``NOT_OFFERED`` where the profile takes no late
    entries. ``reopen_registration`` undoes it while the profile's deadline has not passed.
    """

    label: ClassVar[str] = N_("late registration closed")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("REG-8", "REG-4")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "close_registration"},)


class ReopenRegistration(Command, tag="reopen_registration"):
    """Reopen late registration the director closed early; never past the profile's deadline.

    Refused ``WINDOW_CLOSED`` once the profile's last late-registration level has ended, and
    ``INVALID_INPUT`` when registration was not closed by the director.
    """

    label: ClassVar[str] = N_("late registration reopened")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("REG-8", "REG-4")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "reopen_registration"},)
