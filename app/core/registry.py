"""Where command handlers and event appliers register, one decorator each.

Each rules area (entries, seating, balancing, ...) lives in its own module and registers its
commands and appliers here; :mod:`app.core.engine` imports the area modules and dispatches.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.core.events import Event
    from app.core.state import TournamentState

# A handler takes the command's Context (app.core.context, which imports this module: named here as
# Any so the registry does not import it back) and the command.
Handler = Callable[[Any, dict[str, Any]], None]
Applier = Callable[["TournamentState", "Event"], None]

COMMANDS: dict[str, Handler] = {}
APPLIERS: dict[str, Applier] = {}
COMMAND_HELP: dict[str, str] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    """Register a director command handler. It validates first, then calls ``ctx.emit``."""

    def register(fn: Handler) -> Handler:
        if name in COMMANDS:
            raise ValueError(f"command {name!r} registered twice")
        COMMANDS[name] = fn
        COMMAND_HELP[name] = (fn.__doc__ or "").strip().split("\n")[0]
        return fn

    return register


def applies(event_type: str) -> Callable[[Applier], Applier]:
    """Register the function that folds one event type into the state."""

    def register(fn: Applier) -> Applier:
        if event_type in APPLIERS:
            raise ValueError(f"event {event_type!r} registered twice")
        APPLIERS[event_type] = fn
        return fn

    return register


DueCheck = Callable[["TournamentState", float], "dict[str, Any] | None"]
DUE_CHECKS: list[DueCheck] = []


def due_check(fn: DueCheck) -> DueCheck:
    """Register a check for a command that time passing makes due (the tournament's end when late
    registration closes with one player left). ``fn(state, now)`` returns the command, or None."""
    DUE_CHECKS.append(fn)
    return fn


ViewPart = Callable[..., Any]
VIEW_PARTS: dict[str, ViewPart] = {}
TIMED_VIEW_PARTS: set[str] = set()  # parts whose function also takes ``now`` (the current time)


def view_part(name: str) -> Callable[[ViewPart], ViewPart]:
    """Register one part of the tournament's JSON view (``players``, ``tables``, ``clock`` ...).

    ``fn(state)`` or, for parts that depend on the time (the clock), ``fn(state, now=None)``: the view
    then passes the tournament's current time, and ``None`` means "as of the last event".
    """

    def register(fn: ViewPart) -> ViewPart:
        if name in VIEW_PARTS:
            raise ValueError(f"view part {name!r} registered twice")
        VIEW_PARTS[name] = fn
        if "now" in inspect.signature(fn).parameters:
            TIMED_VIEW_PARTS.add(name)
        return fn

    return register
