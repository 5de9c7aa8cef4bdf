"""Finding the player the director means from what was typed: a number, a full name, or part of one."""

from __future__ import annotations

from app.api import Player, TournamentState, fold_key, name_key
from app.i18n import _, ngettext


def find_players(state: TournamentState, text: str, live_first: bool = True) -> list[Player]:
    """Best matches first: "#17" or "17" by number, then an exact name, then names containing the words."""
    text = text.strip()
    if not text:
        return []
    bare = text.lstrip("#")
    if bare.isdigit() and int(bare) in state.players:
        return [state.players[int(bare)]]
    pid = state.by_name.get(name_key(text))
    if pid is not None:
        return [state.players[pid]]
    words = fold_key(text).split()  # accents and case ignored: "jose nunez" finds José Núñez
    folded = {p.id: fold_key(p.name) for p in state.players.values()}
    found = [p for p in state.players.values() if all(w in folded[p.id] for w in words)]
    starts = [p for p in found if folded[p.id].startswith(words[0])]
    rest = [p for p in found if not folded[p.id].startswith(words[0])]
    ordered = starts + rest
    if live_first:
        ordered.sort(key=lambda p: not p.live)
    return ordered


def one_player(state: TournamentState, text: str) -> tuple[Player | None, str]:
    """The one player meant, or None and a sentence saying why (none found, or which ones)."""
    found = find_players(state, text)
    if not found:
        return None, _("No player matches “{text}”.", text=text)
    if len(found) == 1:
        return found[0], ""
    names = ", ".join(f"{p.name} (#{p.id})" for p in found[:5])
    if len(found) > 5:
        return None, ngettext("“{text}” matches several players: {names} and {n} more. Type more of the name or the "
                              "number.", "“{text}” matches several players: {names} and {n} more. Type more of the "
                              "name or the number.", len(found) - 5, text=text, names=names)
    return None, _("“{text}” matches several players: {names}. Type more of the name or the number.", text=text,
                   names=names)
