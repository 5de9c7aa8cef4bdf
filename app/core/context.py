"""What a command handler runs in: the :class:`Context`, and folding one event into the state.

Kept apart from :mod:`app.core.engine` so that rule areas depend on the core and never on the
engine that imports them: the areas register themselves without an import cycle.
"""

from __future__ import annotations

from typing import Any, Protocol

from app.commands import parse
from app.core.events import Event
from app.core.randomness import RandomSource
from app.core.registry import APPLIERS, COMMANDS, Handler
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.errors import RuleError
from app.profiles.profile import Profile


class Runs(Protocol):
    """The parts of a tournament a command sees: its state, its clock and its dice."""

    state: TournamentState
    time: TimeSource
    rng: RandomSource


class Context:
    """What a command handler sees: the state (read-only by convention), the profile, time, dice."""

    def __init__(self, tournament: Runs, command: dict[str, Any]) -> None:
        self.tournament = tournament
        self.state = tournament.state
        assert tournament.state.profile is not None
        self.profile: Profile = tournament.state.profile
        self.command = command
        self.now = float(command["at"]) if isinstance(command.get("at"), int | float) else tournament.time.now()
        self.rng = tournament.rng
        self.events: list[Event] = []

    def emit(self, type_: str, **data: Any) -> Event:
        event = Event(type_, data, self.now)
        apply_event(self.state, event)
        self.events.append(event)
        return event

    def run(self, command: dict[str, Any]) -> None:
        """Run another command as part of this one (same time, same transaction)."""
        handler = handler_for(command)
        sub = dict(command)
        sub.setdefault("at", self.now)
        parse(sub)  # a sub-command is checked against its declaration too
        saved = self.command
        self.command = sub
        try:
            handler(self, sub)
        finally:
            self.command = saved


def apply_event(state: TournamentState, event: Event) -> None:
    applier = APPLIERS.get(event.type)
    if applier is None:
        raise KeyError(f"no applier for event {event.type!r}")
    applier(state, event)
    state.seq += 1


def handler_for(command: dict[str, Any]) -> Handler:
    if not isinstance(command, dict) or not isinstance(command.get("cmd"), str):
        raise RuleError("INVALID_INPUT", "A command is an object with a 'cmd' field naming it.")
    name = command["cmd"]
    handler = COMMANDS.get(name)
    if handler is None:
        raise RuleError("UNKNOWN_COMMAND", f"There is no command called '{name}'.")
    return handler
