"""Where command handlers, event appliers and due checks register, one decorator each.

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
C = TypeVar("C", bound=Command)
E = TypeVar("E", bound=Event)
Handler = Callable[[Any, Any], None]
Applier = Callable[["TournamentState", Any], None]

COMMANDS: dict[str, Handler] = {}
DECLARED: dict[str, type[Command]] = {}  # each command's declaration, as its handler's signature names it
APPLIERS: dict[str, Applier] = {}
COMMAND_HELP: dict[str, str] = {}
D = TypeVar("D")


def _declared(fn: Callable[..., None], base: type[D]) -> type[D]:
    """The class named by the annotation of ``fn``'s second parameter, which must be a ``base``.

    The handler's signature is its declaration: ``def bust(ctx: Context, cmd: Bust)`` handles ``Bust``.
    Annotations are text here (postponed evaluation), so the name is looked up in the function's module.
    """
    params = list(inspect.signature(fn).parameters.values())
    ann = params[1].annotation if len(params) > 1 else None
    found = fn.__globals__.get(ann) if isinstance(ann, str) else ann
    if not (isinstance(found, type) and issubclass(found, base)):
        raise TypeError(f"{fn.__name__}: annotate its second parameter with a {base.__name__} class")
    return found


def command(fn: Callable[[Any, C], None]) -> Callable[[Any, C], None]:
    """Register a director command handler: ``@command`` over ``def bust(ctx: Context, cmd: Bust)``.

    It registers under the declaration's name; the handler checks the rules first, then calls ``ctx.emit``.
    """
    decl = _declared(fn, Command)
    name = decl.name()
    if name in COMMANDS:
        raise ValueError(f"command {name!r} registered twice")
    COMMANDS[name] = fn
    DECLARED[name] = decl
    COMMAND_HELP[name] = (fn.__doc__ or "").strip().split("\n")[0]
    return fn


def applies(fn: Callable[[TournamentState, E], None]) -> Callable[[TournamentState, E], None]:
    """Register the function that folds one event class into the state:
    ``@applies`` over ``def _busted(state: TournamentState, ev: PlayersBusted)``. The class becomes
    known to the log's reader by its name."""
    cls = _declared(fn, Event)
    name = cls.name()
    if name in APPLIERS:
        raise ValueError(f"event {name!r} registered twice")
    APPLIERS[name] = fn
    known(cls)
    return fn


DueCheck = Callable[["TournamentState", float], "Command | None"]
DUE_CHECKS: list[DueCheck] = []


def due_check(fn: DueCheck) -> DueCheck:
    """Register a check for a command that time passing makes due (the tournament's end when late
    registration closes with one player left). ``fn(state, now)`` returns the command, or None."""
    DUE_CHECKS.append(fn)
    return fn
