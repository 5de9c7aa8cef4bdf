"""Words for the history list and the Undo/Redo menu: "bust-out of Ann Lee", "rebuy for Bo Chen".

A label is built from the command before it runs, so a player given by id is named as the director
knows them. The words are each command's ``label`` in its declaration (app.commands); a command
without one gets a readable fallback from its name and main argument.
"""

from __future__ import annotations

from typing import Any

from app.commands import by_name
from app.core.state import TournamentState
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
        return p.name if p is not None else f"player {ref}"
    if isinstance(ref, str):
        pid = state.by_name.get(name_key(ref))
        if pid is not None and pid in state.players:
            return state.players[pid].name
        return ref.strip()
    return str(ref)


def _short(text: Any, limit: int = 40) -> str:
    s = " ".join(str(text).split())
    return s if len(s) <= limit else s[: limit - 1] + "\u2026"


def _names(state: TournamentState, refs: Any) -> str:
    if not isinstance(refs, list | tuple) or not refs:
        return "several players"
    names = [_name(state, r) for r in refs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def label_for(command: dict[str, Any], state: TournamentState) -> str:
    """The words for one command, e.g. {"cmd": "bust", "player": 3} -> "bust-out of Ann Lee"."""
    name = str(command.get("cmd", "action"))
    ref = command.get("player", command.get("name", command.get("id")))
    settings = command.get("settings")
    values = {
        "player": _name(state, ref) if ref is not None else (
            _names(state, command["players"]) if "players" in command else "a player"),
        "players": _names(state, command.get("players")),
        "table": command.get("table", "?"),
        "seat": command.get("seat", "?"),
        "level": command.get("level", "?"),
        "minutes": command.get("minutes", "?"),
        "game": command.get("game", "?"),
        "denomination": command.get("denomination", "?"),
        "text": _short(command.get("text", "")),
        "name": " ".join(str(command.get("name", "?")).split()),
        "keys": ", ".join(sorted(settings)) if isinstance(settings, dict) else "",
    }
    words_of = template(name)
    if words_of is not None:
        return words_of.format(**values)
    words = name.replace("_", " ")
    return f"{words} ({values['player']})" if ref is not None else words
