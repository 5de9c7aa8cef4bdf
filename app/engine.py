"""The engine: runs director commands against the rule profile and folds their events.

    t = Tournament.create(load_profile("home-nl"), name="Friday", time=FakeClock(), seed=7)
    t.execute({"cmd": "register", "name": "Ann Lee"})
    t.view()["players"]["Ann Lee"]

A command is first checked against its declaration (app.commands: its fields and their types), then
its handler runs. A command handler reads the state, checks every rule first, and only then emits events; each
emitted event is applied at once so later steps of the same command see it. If a handler fails
after emitting (a bug, never a rule), the state is rebuilt from the log, so a failed command never
leaves a half-applied action behind.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, Protocol

import msgspec

import app.areas  # noqa: F401  (every rules area registers its commands and appliers)
from app.commands import Command, declaration
from app.commands.roles import check_role
from app.core.context import Context, apply_event, handler_for
from app.core.events import Event
from app.core.randomness import RandomSource
from app.core.registry import DUE_CHECKS
from app.core.state import TournamentState
from app.core.timesource import TimeSource, WallClock
from app.errors import RuleError
from app.events.tournament import TournamentCreated
from app.i18n import _
from app.levels.structure import check_setup, for_settings
from app.profiles.profile import Profile, profile_from_dict
from app.views.detail import PARTS, json_view

# Commands that may still run once the tournament has ended (they do not change play).
AFTER_END_ALLOWED = frozenset({"note", "set_payouts"})
# FLT-3: what a flight whose day has ended (its chips bagged) still takes: nothing that plays on.
AFTER_DAY_ALLOWED = frozenset({"note", "set_payouts", "chip_count", "accept_chip_count", "announce",
                               "cancel_announcement"})


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
        check_setup(profile.settings, for_settings(profile.settings))
        t = cls(time=time, rng=rng or RandomSource(seed))
        at = t.time.now()
        ev = TournamentCreated(title=name, profile=profile.to_dict(), seed=seed, at=at)
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
    def execute(self, command: Command | dict[str, Any], *, nothing_due: bool = False, role: str | None = None,
                what: str | None = None) -> list[Event]:
        """Run one director command. Returns its events, or raises RuleError and changes nothing.

        A plain dict is first checked against the command's declaration (a wrong or unknown field is
        refused, naming it). ``nothing_due``: the caller has just found that nothing is due
        (:meth:`due_command`), so it is not looked for again. ``role``: the role of the station that
        entered it (app.commands.roles; None is the director); a command that role may not run is
        refused ROLE_FORBIDDEN before anything, named by ``what`` (the history's words for it).
        """
        decl = declaration(command)
        check_role(role, decl, what or decl.name().replace("_", " "))
        handler = handler_for(decl)
        if not nothing_due:
            self.run_due(decl)  # what time passing made due is done first, and stays done
        if self.state.ended and decl.name() not in AFTER_END_ALLOWED:
            raise RuleError("TOURNAMENT_OVER", _("The tournament is over; nothing more can be played."))
        if "day_ended" in self.state.extra and decl.name() not in AFTER_DAY_ALLOWED:
            raise RuleError("FLIGHT_BAGGED", _("This flight's day has ended and its chips are bagged; nobody plays "
                              "on. Its survivors play on in Day 2."))
        ctx = Context(self, decl)
        try:
            handler(ctx, decl)
        except Exception:
            if ctx.events:
                self._rebuild()
            raise
        self.log.extend(ctx.events)
        return ctx.events

    def due_command(self, at: float | None = None) -> Command | None:
        """A command that time passing has made due (ELIM-6: the end, once late registration closed with
        one player left), else None. :meth:`execute` runs it before the next command; the store runs it
        first as an automatic action of its own. ``at``: the time of the command about to run."""
        if self.state.ended or not DUE_CHECKS or "day_ended" in self.state.extra:  # FLT-3: nothing more is due
            return None
        now = float(at) if at is not None else self.time.now()
        for check in DUE_CHECKS:
            cmd = check(self.state, now)
            if cmd is not None:
                return msgspec.structs.replace(cmd, at=now) if at is not None else cmd
        return None

    def run_due(self, before: Command | dict[str, Any] | None = None) -> list[Event]:
        """Run the command time passing made due (see :meth:`due_command`), if any, before ``before``.

        It is a step of its own: its events stay even when the command that follows is refused.
        """
        name, at = named_time(before)
        due = self.due_command(at)
        if due is None or name == due.name():
            return []
        return self.execute(due)

    def try_execute(self, command: Command | dict[str, Any]) -> tuple[list[Event], RuleError | None]:
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
        return build_view(self, part)

    def snapshot(self) -> TournamentState:
        return copy.deepcopy(self.state)


def named_time(command: Command | dict[str, Any] | None) -> tuple[str | None, float | None]:
    """The name and the time of a command, as given (a dict is not checked here: that comes next)."""
    if isinstance(command, Command):
        return command.name(), command.at
    if isinstance(command, dict):
        at = command.get("at")
        name = command.get("cmd")
        return (name if isinstance(name, str) else None,
                float(at) if isinstance(at, int | float) and not isinstance(at, bool) else None)
    return None, None


def profile_of(events: list[Event]) -> Profile:
    """The rule profile a log was created with (its first event)."""
    first = events[0]
    if isinstance(first, TournamentCreated):
        return profile_from_dict(first.profile)
    return profile_from_dict(first.data["profile"])



class Viewed(Protocol):
    """What the JSON view is built from: the state and the time it is read at."""

    state: TournamentState
    time: TimeSource


def build_view(tournament: Viewed, part: str | None = None) -> dict[str, Any]:
    """The tournament as JSON (every part, or ``part``; KeyError for an unknown one): what scenario files
    check. Each part is the typed view written out (:mod:`app.views.detail`)."""
    if part is not None and part not in PARTS:
        raise KeyError(f"no view part {part!r}; parts: {', '.join(sorted(PARTS))}")
    return json_view(tournament.state, tournament.time.now(), part)
