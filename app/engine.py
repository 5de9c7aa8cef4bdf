"""The engine: runs director commands against the rule profile and folds their events.

    t = Tournament.create(load_profile("home-nl"), name="Friday", time=FakeClock(), seed=7)
    t.execute({"cmd": "register", "name": "Ann Lee"})
    t.view()["players"]["Ann Lee"]

A command handler reads the state, checks every rule first, and only then emits events; each
emitted event is applied at once so later steps of the same command see it. If a handler fails
after emitting (a bug, never a rule), the state is rebuilt from the log, so a failed command never
leaves a half-applied action behind.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from app.errors import RuleError
from app.events import Event
from app.profile import Profile, profile_from_dict
from app.randomness import RandomSource
from app.registry import APPLIERS, COMMANDS
from app.state import TournamentState
from app.timesource import TimeSource, WallClock


class Context:
    """What a command handler sees: the state (read-only by convention), the profile, time, dice."""

    def __init__(self, tournament: Tournament, command: dict[str, Any]) -> None:
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
        handler = _handler(command)
        sub = dict(command)
        sub.setdefault("at", self.now)
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


def _handler(command: dict[str, Any]) -> Any:
    if not isinstance(command, dict) or not isinstance(command.get("cmd"), str):
        raise RuleError("INVALID_INPUT", "A command is an object with a 'cmd' field naming it.")
    name = command["cmd"]
    handler = COMMANDS.get(name)
    if handler is None:
        raise RuleError("UNKNOWN_COMMAND", f"There is no command called '{name}'.")
    return handler


# Commands that may still run once the tournament has ended (they do not change play).
AFTER_END_ALLOWED = frozenset({"note", "set_payouts"})


class Tournament:
    """One tournament: its state, its event log, and the command dispatcher."""

    def __init__(self, *, time: TimeSource | None = None, rng: RandomSource | None = None) -> None:
        self.state = TournamentState()
        self.log: list[Event] = []
        self.time: TimeSource = time or WallClock()
        self.rng = rng or RandomSource(0)

    # -- creation and replay --------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        profile: Profile,
        *,
        name: str = "Tournament",
        time: TimeSource | None = None,
        seed: int = 0,
        rng: RandomSource | None = None,
    ) -> Tournament:
        t = cls(time=time, rng=rng or RandomSource(seed))
        at = t.time.now()
        ev = Event("tournament_created", {"name": name, "profile": profile.to_dict(), "seed": seed}, at)
        apply_event(t.state, ev)
        t.log.append(ev)
        return t

    @classmethod
    def replay(
        cls, events: Iterable[Event], *, time: TimeSource | None = None, rng: RandomSource | None = None
    ) -> Tournament:
        t = cls(time=time, rng=rng)
        for ev in events:
            apply_event(t.state, ev)
            t.log.append(ev)
        if rng is None:
            # Continue with fresh randomness derived from the seed and the log length, so a replayed
            # tournament does not repeat the draws it already made.
            t.rng = RandomSource(t.state.seed * 1_000_003 + len(t.log))
        return t

    # -- running commands -----------------------------------------------------------------------
    def execute(self, command: dict[str, Any]) -> list[Event]:
        """Run one director command. Returns its events, or raises RuleError and changes nothing."""
        handler = _handler(command)
        if self.state.ended and command["cmd"] not in AFTER_END_ALLOWED:
            raise RuleError("TOURNAMENT_OVER", "The tournament is over; nothing more can be played.")
        ctx = Context(self, command)
        try:
            handler(ctx, command)
        except Exception:
            if ctx.events:
                self._rebuild()
            raise
        self.log.extend(ctx.events)
        return ctx.events

    def try_execute(self, command: dict[str, Any]) -> tuple[list[Event], RuleError | None]:
        try:
            return self.execute(command), None
        except RuleError as err:
            return [], err

    def _rebuild(self) -> None:
        state = TournamentState()
        for ev in self.log:
            apply_event(state, ev)
        self.state = state

    # -- views --------------------------------------------------------------------------------
    def view(self, part: str | None = None) -> dict[str, Any]:
        from app.views import build_view

        return build_view(self, part)

    def snapshot(self) -> TournamentState:
        return copy.deepcopy(self.state)


def profile_of(events: list[Event]) -> Profile:
    return profile_from_dict(events[0].data["profile"])


# Registers every area's commands, appliers and view parts. Imported last: area modules import
# Context from here.
from app import areas  # noqa: E402,F401
