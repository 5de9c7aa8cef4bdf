"""The base of every command declaration: a typed msgspec Struct tagged by its ``cmd`` name.

A declaration is the one place a command is described. Its fields (with types and defaults) are what
the engine accepts; its class variables give the words for the history (``label``, a template over the
command's fields), the rules it applies (``rules``) and, from its docstring, its help. The JSON Schema,
input validation, the history label, the command reference in docs/commands.md and the window's
generated form are all derived from it.

msgspec was chosen over pydantic: it is small (one compiled module, no dependencies), validates and
converts plain dicts fast, emits JSON Schema, and its tagged unions map {"cmd": "bust", ...} straight to
the right declaration.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from app.commands.helps import FIELDS, TITLES
from app.i18n import _

# The role of a station (app/commands/roles.py): the director runs everything, a screen nothing.
DIRECTOR, DESK, FLOOR, SCREEN = "director", "desk", "floor", "screen"
ROLES: tuple[str, ...] = (DIRECTOR, DESK, FLOOR, SCREEN)
# What a declaration's ``roles`` says: who, besides the director, may run the command.
DIRECTOR_ONLY: frozenset[str] = frozenset()
AT_THE_DESK: frozenset[str] = frozenset({DESK})
ON_THE_FLOOR: frozenset[str] = frozenset({FLOOR})
DESK_AND_FLOOR: frozenset[str] = frozenset({DESK, FLOOR})

# A player is named by id (an int) or by name (text, case-insensitive); both are accepted everywhere.
PlayerRef = int | str


class Command(msgspec.Struct, tag_field="cmd", kw_only=True, forbid_unknown_fields=True, omit_defaults=True):
    """One director command. Subclasses set ``tag`` (the command's name) and declare their fields."""

    # When the command happened (seconds since the epoch). Scenario files and replays set it; the
    # window leaves it out and the engine uses its clock.
    at: float | None = None

    label: ClassVar[str] = ""  # the history's words, e.g. "bust-out of {player}"
    rules: ClassVar[tuple[str, ...]] = ()  # the rule ids this command applies, e.g. ("ELIM-1", "ENT-5")
    # The stations besides the director's that may run it (DIRECTOR_ONLY, AT_THE_DESK, ON_THE_FLOOR,
    # DESK_AND_FLOOR); every declaration says it itself (a test checks), a screen runs nothing.
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    # Time passing can make it due: the engine then runs it by itself, as an automatic action of whichever
    # station enters the next command (a shared tournament's server lets any station record it so).
    by_time: ClassVar[bool] = False
    # Commands as a director writes them, shown in docs/commands.md (each one must parse).
    examples: ClassVar[tuple[dict[str, Any], ...]] = ()

    @classmethod
    def name(cls) -> str:
        tag = cls.__struct_config__.tag
        assert isinstance(tag, str)
        return tag

    @classmethod
    def help(cls) -> str:
        """The first paragraph of the declaration's docstring, on one line, in the reader's language (its
        English words are marked in :mod:`app.commands.helps`)."""
        return _(cls.english_help())

    @classmethod
    def title(cls) -> str:
        """The command's name in words, in the reader's language ("hand_for_hand" -> "hand for hand")."""
        words = TITLES.get(cls.name())
        return words() if words is not None else cls.name().replace("_", " ")

    @staticmethod
    def field_words(key: str) -> str:
        """A field's name (as the command writes it, ``"amount_cents"``) in words, in the reader's language."""
        words = FIELDS.get(key)
        return words() if words is not None else key.replace("_", " ")

    @classmethod
    def english_help(cls) -> str:
        """The first paragraph of the declaration's docstring, on one line, as written."""
        doc = (cls.__doc__ or "").strip().split("\n\n")[0]
        return " ".join(doc.split())

    def to_dict(self) -> dict[str, Any]:
        """The command as the engine and the log take it: {"cmd": name, field: value, ...}."""
        out: dict[str, Any] = msgspec.to_builtins(self)
        return out
