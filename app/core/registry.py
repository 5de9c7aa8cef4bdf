"""Where command handlers and event appliers register, one decorator each.

Each rules area (entries, seating, balancing, ...) lives in its own module and registers its
commands and appliers here; :mod:`app.engine` imports the area modules and dispatches.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from app.commands.base import Command
from app.events.base import Event
from app.events.base import register as known

if TYPE_CHECKING:
    from app.core.state import TournamentState

# A handler takes the command's Context (app.core.context, which imports this module: named here as
# Any so the registry does not import it back) and the command's declaration.
Handler = Callable[[Any, Any], None]
Applier = Callable[["TournamentState", Any], None]
H = TypeVar("H", bound=Callable[..., None])

COMMANDS: dict[str, Handler] = {}
TYPED_COMMANDS: set[str] = set()  # handlers that take their declaration (the others a plain dict)
APPLIERS: dict[str, Applier] = {}
COMMAND_HELP: dict[str, str] = {}


D = TypeVar("D")


def _declared(fn: Callable[..., None], position: int, base: type[D]) -> type[D] | None:
    """The class named by the annotation of ``fn``'s parameter at ``position``, if it is a ``base``.

    The handler's signature is its declaration: ``def bust(ctx: Context, cmd: Bust)`` handles ``Bust``.
    Annotations are text here (postponed evaluation), so the name is looked up in the handler's module.
    """
    params = list(inspect.signature(fn).parameters.values())
    if len(params) <= position:
        return None
    ann = params[position].annotation
    found = fn.__globals__.get(ann) if isinstance(ann, str) else ann
    return found if isinstance(found, type) and issubclass(found, base) else None


def command(target: str | H) -> Any:
    """Register a director command handler. It validates first, then calls ``ctx.emit``.

    ``@command`` on ``def bust(ctx: Context, cmd: Bust)`` registers it for the ``Bust`` declaration;
    ``@command("name")`` registers a handler that reads the command as a plain dict.
    """
    def register(fn: H, name: str, typed: bool) -> H:
        if name in COMMANDS:
            raise ValueError(f"command {name!r} registered twice")
        COMMANDS[name] = fn
        if typed:
            TYPED_COMMANDS.add(name)
        COMMAND_HELP[name] = (fn.__doc__ or "").strip().split("\n")[0]
        return fn

    if isinstance(target, str):
        return lambda fn: register(fn, target, False)
    decl = _declared(target, 1, Command)
    if decl is None:
        raise TypeError(f"{target.__name__}: annotate the command parameter with its declaration")
    return register(target, decl.name(), True)


def applies(target: str | H) -> Any:
    """Register the function that folds one event type into the state.

    ``@applies`` on ``def _busted(state: TournamentState, ev: PlayersBusted)`` registers it for that
    event class (and makes the class known to the log's reader); ``@applies("name")`` for an event
    still emitted by name.
    """
    def register(fn: H, name: str) -> H:
        if name in APPLIERS:
            raise ValueError(f"event {name!r} registered twice")
        APPLIERS[name] = fn
        return fn

    if isinstance(target, str):
        return lambda fn: register(fn, target)
    cls = _declared(target, 1, Event)
    if cls is None:
        raise TypeError(f"{target.__name__}: annotate the event parameter with its class")
    known(cls)
    return register(target, cls.name())


DueCheck = Callable[["TournamentState", float], "Command | None"]
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
