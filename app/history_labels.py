"""Words for the history list and the Undo/Redo menu: "bust-out of Ann Lee", "rebuy for Bo Chen".

A label is built from the command before it runs, so a player given by id is named as the director
knows them. Commands without a template get a readable fallback from their name and main argument.
"""

from __future__ import annotations

from typing import Any

from app.state import TournamentState

# "{player}" is the player's name (looked up from an id), "{table}"/"{seat}" the numbers given.
TEMPLATES: dict[str, str] = {
    "register": "registration of {player}",
    "unregister": "unregistration of {player}",
    "bust": "bust-out of {player}",
    "bust_many": "bust-out of {players}",
    "eliminate": "elimination of {player}",
    "rebuy": "rebuy for {player}",
    "addon": "add-on for {player}",
    "add_on": "add-on for {player}",
    "topup": "top-up for {player}",
    "top_up": "top-up for {player}",
    "reentry": "re-entry of {player}",
    "re_entry": "re-entry of {player}",
    "refund": "refund to {player}",
    "seat": "seating of {player}",
    "seat_all": "seating of all players",
    "draw_seats": "seat draw",
    "move": "move of {player}",
    "move_player": "move of {player}",
    "balance": "table balancing",
    "break_table": "breaking of table {table}",
    "redraw": "redraw of the seats",
    "set_chips": "chip count for {player}",
    "set_stack": "chip count for {player}",
    "absent": "{player} marked absent",
    "present": "{player} back at the table",
    "forfeit": "forfeit of {player}",
    "start": "start of the tournament",
    "start_clock": "start of the clock",
    "clock_start": "start of the clock",
    "pause": "clock pause",
    "clock_pause": "clock pause",
    "resume": "clock restart",
    "clock_resume": "clock restart",
    "add_time": "time added to the clock",
    "clock_adjust": "clock adjustment",
    "jump_level": "jump to level {level}",
    "clock_jump": "jump to level {level}",
    "set_level_length": "level length change",
    "tick": "clock update",
    "clock_tick": "clock update",
    "chip_race": "chip race",
    "color_up": "colour-up",
    "hand_for_hand": "hand-for-hand",
    "set_payouts": "payout table change",
    "deal": "deal at the final table",
    "end": "end of the tournament",
    "finish": "end of the tournament",
    "note": "note \u201c{text}\u201d",
    "change_settings": "settings change ({keys})",
}


def _name(state: TournamentState, ref: Any) -> str:
    if isinstance(ref, bool):
        return str(ref)
    if isinstance(ref, int):
        p = state.players.get(ref)
        return p.name if p is not None else f"player {ref}"
    if isinstance(ref, str):
        pid = state.by_name.get(ref.strip().lower())
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
        "player": _name(state, ref) if ref is not None else "a player",
        "players": _names(state, command.get("players")),
        "table": command.get("table", "?"),
        "seat": command.get("seat", "?"),
        "level": command.get("level", "?"),
        "text": _short(command.get("text", "")),
        "keys": ", ".join(sorted(settings)) if isinstance(settings, dict) else "",
    }
    template = TEMPLATES.get(name)
    if template is not None:
        return template.format(**values)
    words = name.replace("_", " ")
    return f"{words} ({values['player']})" if ref is not None else words
