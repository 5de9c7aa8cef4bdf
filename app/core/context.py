"""What a command handler runs in: the :class:`Context`, and folding one event into the state.

Kept apart from :mod:`app.engine` so that rule areas depend on the core and never on the
engine that imports them: the areas register themselves without an import cycle.
"""

from __future__ import annotations

from typing import Protocol

import msgspec

from app.commands import Command
from app.core.events import Event
from app.core.randomness import RandomSource
from app.core.registry import APPLIERS, COMMANDS, Handler
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.errors import RuleError
from app.i18n import _
from app.profiles.profile import Profile


class Runs(Protocol):
    """The parts of a tournament a command sees: its state, its clock and its dice."""

    state: TournamentState
    time: TimeSource
    rng: RandomSource


class Context:
    """What a command handler sees: the state (read-only by convention), the profile, time, dice."""

    def __init__(self, tournament: Runs, command: Command) -> None:
        self.tournament = tournament
        self.state = tournament.state
        assert tournament.state.profile is not None
        self.profile: Profile = tournament.state.profile
        self.command = command
        self.now = float(command.at) if command.at is not None else tournament.time.now()
        self.rng = tournament.rng
        self.events: list[Event] = []

    def emit(self, event: Event) -> Event:
        """Apply ``event`` to the state at once (later steps see it) and keep it for the log."""
        event.at = self.now
        apply_event(self.state, event)
        self.events.append(event)
        return event

    def run(self, decl: Command) -> None:
        """Run another command as part of this one (same time, same transaction)."""
        if decl.at is None:
            decl = msgspec.structs.replace(decl, at=self.now)
        handler = handler_for(decl)
        saved = self.command
        self.command = decl
        try:
            handler(self, decl)
        finally:
            self.command = saved


def apply_event(state: TournamentState, event: Event) -> None:
    applier = APPLIERS.get(event.type)
    if applier is None:
        raise KeyError(f"no applier for event {event.type!r}")
    applier(state, event)
    state.seq += 1


def handler_for(command: Command) -> Handler:
    handler = COMMANDS.get(command.name())
    if handler is None:
        raise RuleError("UNKNOWN_COMMAND", _("There is no command called '{name}'.", name=command.name()))
    return handler
