"""Every declared command, looked up by name, validated, and described as JSON Schema."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from app.commands import eliminations
from app.commands.base import Command
from app.errors import RuleError

_MODULES = (eliminations,)


@cache
def catalogue() -> tuple[type[Command], ...]:
    """Every command declaration, sorted by name."""
    found = {
        obj.name(): obj
        for mod in _MODULES
        for obj in vars(mod).values()
        if isinstance(obj, type) and issubclass(obj, Command) and obj is not Command
    }
    return tuple(found[n] for n in sorted(found))


def by_name(name: str) -> type[Command] | None:
    return {c.name(): c for c in catalogue()}.get(name)


def schema(decl: type[Command]) -> dict[str, Any]:
    """The command's JSON Schema (the ``cmd`` field included, its value fixed to the command's name)."""
    out: dict[str, Any] = msgspec.json.schema(decl)
    return out


def parse(command: dict[str, Any]) -> Command:
    """The command as its declaration, or RuleError INVALID_INPUT naming the field that is wrong."""
    if not isinstance(command, dict) or not isinstance(command.get("cmd"), str):
        raise RuleError("INVALID_INPUT", "A command is an object with a 'cmd' field naming it.")
    decl = by_name(command["cmd"])
    if decl is None:
        raise RuleError("UNKNOWN_COMMAND", f"There is no command called '{command['cmd']}'.")
    try:
        return msgspec.convert(command, decl, strict=False)
    except msgspec.ValidationError as err:
        raise RuleError("INVALID_INPUT", f"The command '{decl.name()}': {err}.") from None
