"""Every declared command, looked up by name, validated, and described as JSON Schema."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec

from app.commands import (
    absence,
    balancing,
    buttons,
    chips,
    clock,
    eliminations,
    entries,
    games,
    knockouts,
    seating,
    tournament,
)
from app.commands.base import Command
from app.errors import RuleError
from app.i18n import _, pgettext

_MODULES = (absence, balancing, buttons, chips, clock, eliminations, entries, games, knockouts, seating, tournament)


@cache
def catalogue() -> tuple[type[Command], ...]:
    """Every command declaration, sorted by name."""
    found: dict[str, type[Command]] = {}
    for mod in _MODULES:
        for obj in vars(mod).values():
            if isinstance(obj, type) and issubclass(obj, Command) and obj is not Command:
                if obj.name() in found and found[obj.name()] is not obj:
                    raise ValueError(f"command {obj.name()!r} declared twice")
                found[obj.name()] = obj
    return tuple(found[n] for n in sorted(found))


@cache
def _by_name() -> dict[str, type[Command]]:
    return {c.name(): c for c in catalogue()}


def by_name(name: str) -> type[Command] | None:
    return _by_name().get(name)


def schema(decl: type[Command]) -> dict[str, Any]:
    """The command's JSON Schema (the ``cmd`` field included, its value fixed to the command's name)."""
    out: dict[str, Any] = msgspec.json.schema(decl)
    return out


def declaration(command: Command | dict[str, Any]) -> Command:
    """The command as its declaration: a plain dict is parsed (see :func:`parse`), a declaration kept."""
    return command if isinstance(command, Command) else parse(command)


def parse(command: dict[str, Any]) -> Command:
    """The command as its declaration, or RuleError INVALID_INPUT naming the field that is wrong.

    Lenient about spelling a number as text ("3") or a whole number as 3.0, as the handlers are.
    """
    if not isinstance(command, dict) or not isinstance(command.get("cmd"), str):
        raise RuleError("INVALID_INPUT", _("A command is an object with a 'cmd' field naming it."))
    decl = by_name(command["cmd"])
    if decl is None:
        raise RuleError("UNKNOWN_COMMAND", _("There is no command called '{name}'.", name=command["cmd"]))
    try:
        return msgspec.convert(command, decl, strict=False)
    except msgspec.ValidationError as err:
        raise refusal(decl.name(), str(err)) from None


# msgspec's names for JSON types, in a director's words.
_TYPE_WORDS: dict[str, Callable[[], str]] = {
    "int": lambda: pgettext("type", "a whole number"),
    "float": lambda: pgettext("type", "a number"),
    "str": lambda: pgettext("type", "text"),
    "bool": lambda: pgettext("type", "true or false"),
    "array": lambda: pgettext("type", "a list"),
    "object": lambda: pgettext("type", "an object"),
    "null": lambda: pgettext("type", "nothing"),
}
_EXPECTED = re.compile(r"^Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`(?: - at `\$(?P<path>[^`]*)`)?$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<field>[^`]+)`(?: - at `\$(?P<path>[^`]*)`)?$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]+)`(?: - at `\$(?P<path>[^`]*)`)?$")


def _wanted(want: str) -> str:
    kinds = [k for k in want.split(" | ") if k != "null"]
    if set(kinds) == {"int", "str"}:
        return _("a player's name or number")  # PlayerRef
    words = [_TYPE_WORDS[k]() if k in _TYPE_WORDS else k for k in kinds] or [_TYPE_WORDS["null"]()]
    if len(words) == 1:
        return words[0]
    if "bool" in kinds:  # "true or false" already says "or": the list is written with a comma before the last
        return _("{items}, or {last}", items=", ".join(words[:-1]), last=words[-1])
    return _("{items} or {last}", items=", ".join(words[:-1]), last=words[-1])


def _where(path: str) -> str:
    """'.stacks[...]' -> "each value of 'stacks'"; '.seats[...][1]' -> "an item of a value of 'seats'"."""
    path = path.lstrip(".")
    root, _sep, rest = path.partition("[")
    if not rest:
        return f"'{root}'"
    if rest.count("[") >= 1:  # deeper than one level: name the field, not the exact place
        return _("a part of '{field}'", field=root)
    if rest.startswith("...]"):
        return _("each value of '{field}'", field=root)
    return _("item {n} of '{field}'", n=int(rest.split("]")[0]) + 1, field=root)


def refusal(name: str, text: str) -> RuleError:
    """The refusal of a command that does not match its declaration: INVALID_INPUT, or AMOUNT_INVALID
    (CONV-8) for an amount of money that is not whole cents, as the handlers say it."""
    m = _EXPECTED.match(text)
    if m and (m["path"] or "").lstrip(".").split("[")[0].endswith("_cents") and m["got"] == "float":
        where = _where(m["path"] or "")
        return RuleError("AMOUNT_INVALID", _("{command}: {where} must be a whole number of cents.", command=name,
                                             where=where), "CONV-8")
    return RuleError("INVALID_INPUT", plain_error(name, text))


def plain_error(name: str, text: str) -> str:
    """msgspec's validation message rewritten in plain words, naming the command and the field."""
    if m := _EXPECTED.match(text):
        kind = m["got"]
        got = _TYPE_WORDS[kind]() if kind in _TYPE_WORDS else kind
        where = _where(m["path"] or "")
        if m["got"] == "null":
            return _("{command}: {where} must be {wanted}; it cannot be left empty.", command=name, where=where,
                     wanted=_wanted(m["want"]))
        return _("{command}: {where} must be {wanted}, not {got}.", command=name, where=where,
                 wanted=_wanted(m["want"]), got=got)
    if m := _UNKNOWN.match(text):
        return _("{command} has no field '{field}'.", command=name, field=m["field"])
    if m := _MISSING.match(text):
        return _("{command} needs '{field}'.", command=name, field=m["field"])
    return f"{name}: {text}."
