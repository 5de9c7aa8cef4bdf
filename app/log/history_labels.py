"""Words for the history list and the Undo/Redo menu: "bust-out of Ann Lee", "rebuy for Bo Chen".

A label is built from the command before it runs, so a player given by id is named as the director
knows them. The words are each command's ``label`` in its declaration (app.commands); a command
without one gets a readable fallback from its name and main argument.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from string import Formatter
from typing import Any

from app.commands import by_name
from app.core.state import TournamentState
from app.i18n import _, ngettext, pgettext
from app.names import name_key


# The templates are the declarations' labels (app.commands): "{player}" is the player's name (looked up
# from an id), "{table}"/"{seat}" the numbers given, "{name}" a name given (rename_player).
def template(name: str) -> str | None:
    decl = by_name(name)
    return decl.label if decl is not None and decl.label else None


def _name(state: TournamentState, ref: Any) -> str:
    if isinstance(ref, bool):
        return str(ref)
    if isinstance(ref, int):
        p = state.players.get(ref)
        return p.name if p is not None else _("player {number}", number=ref)
    if isinstance(ref, str):
        pid = state.by_name.get(name_key(ref))
        if pid is not None and pid in state.players:
            return state.players[pid].name
        return ref.strip()
    return str(ref)


def _short(text: Any, limit: int = 40) -> str:
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1] + "\u2026"


def _and(names: list[str]) -> str:
    """ "Ann Lee", "Ann Lee and Bo Chen", "Ann Lee, Bo Chen and Cy Lo"."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _names(state: TournamentState, refs: Any) -> str:
    if not isinstance(refs, list | tuple) or not refs:
        return pgettext("history", "several players")
    return _and([_name(state, r) for r in refs])


def _player_value(command: dict[str, Any], state: TournamentState) -> str:
    ref = command.get("player", command.get("name", command.get("id")))
    if ref is not None:
        return _name(state, ref)
    return _names(state, command["players"]) if "players" in command else pgettext("history", "a player")


def _keys(command: dict[str, Any], state: TournamentState) -> str:
    settings = command.get("settings")
    return ", ".join(sorted(settings)) if isinstance(settings, dict) else ""


def _announcement(command: dict[str, Any], state: TournamentState) -> str:
    """An announcement by its words, as the director typed them ("“Dinner is served”"), else its number."""
    number = command.get("announcement")
    said = next((a["text"] for a in state.extra.get("announcements", []) if a.get("number") == number), None)
    # Translators: the words of an announcement, quoted as the language quotes.
    return _("\u201c{text}\u201d", text=_short(said)) if said else str(number)


def _listed_names(command: dict[str, Any], state: TournamentState) -> str:
    """Names typed (not yet players): "Ann Lee", "Ann Lee and Bo Chen", "Ann Lee and 11 more"."""
    names = [" ".join(str(n).split()) for n in command.get("names") or []]
    if not names:
        return pgettext("history", "nobody")
    if len(names) <= 2:
        return _and(names)
    return ngettext("{name} and {n} more", "{name} and {n} more", len(names) - 1, name=names[0])


# What each "{field}" of a template stands for, computed only when the template uses it.
VALUES: dict[str, Callable[[dict[str, Any], TournamentState], Any]] = {
    "player": _player_value,
    "players": lambda command, state: _names(state, command.get("players")),
    "table": lambda command, state: command.get("table", "?"),
    "seat": lambda command, state: command.get("seat", "?"),
    "level": lambda command, state: command.get("level", "?"),
    "minutes": lambda command, state: command.get("minutes", "?"),
    "game": lambda command, state: command.get("game", "?"),
    "denomination": lambda command, state: command.get("denomination", "?"),
    "text": lambda command, state: _short(command.get("text", "")),
    "name": lambda command, state: " ".join(str(command.get("name", "?")).split()),
    "names": _listed_names,
    "keys": _keys,
    "announcement": _announcement,
}


@lru_cache(maxsize=256)
def _fields(name: str) -> tuple[str | None, tuple[str, ...]]:
    """A command's label template and the names of the fields it uses (None: no template)."""
    words = template(name)
    if words is None:
        return None, ()
    used = {re.split(r"[.\[]", field, maxsplit=1)[0] for _lit, field, _spec, _conv in Formatter().parse(words) if field}
    return words, tuple(sorted(used))


def knocked_out_by(command: dict[str, Any], state: TournamentState) -> str:
    """KO-1 in words: ", knocked out by Bo Chen" (or "Bo Chen and Cy Lo" for a split pot); for several
    busted players each with their own, "; Ann Lee knocked out by Bo Chen, Dan Roy by Bo Chen"; "" when
    nobody is named."""
    by = command.get("eliminated_by")
    if isinstance(by, dict):
        parts = [(_name(state, who), _names(state, refs if isinstance(refs, list) else [refs]))
                 for who, refs in by.items() if refs]
        if not parts:
            return ""
        (name, eliminators), *rest = parts
        first = _("{name} knocked out by {eliminators}", name=name, eliminators=eliminators)
        return "; " + first + "".join(", " + _("{name} by {eliminators}", name=n, eliminators=e) for n, e in rest)
    refs = by if isinstance(by, list) else [by] if by is not None else []
    return ", " + _("knocked out by {names}", names=_names(state, refs)) if refs else ""


def label_for(command: dict[str, Any], state: TournamentState) -> str:
    """The words for one command in the current language, e.g. {"cmd": "bust", "player": 3} -> "bust-out
    of Ann Lee" (and who knocked them out, when the bust names it: ", knocked out by Bo Chen"). The
    history keeps them in English (read with ``use_language("en")``); the History tab builds them again
    from the command in the reader's language."""
    name = str(command.get("cmd", "action"))
    words_of, used = _fields(name)
    if words_of is not None:
        words = _(words_of, **{field: VALUES[field](command, state) for field in used})
        return words + knocked_out_by(command, state) if name == "bust" else words
    ref = command.get("player", command.get("name", command.get("id")))
    words = name.replace("_", " ")
    return f"{words} ({_player_value(command, state)})" if ref is not None else words
