"""Words for the history list and the Undo/Redo menu: "bust-out of Ann Lee", "rebuy for Bo Chen".

A label is built from the command before it runs, so a player given by id is named as the director
knows them. Commands without a template get a readable fallback from their name and main argument.
"""

from __future__ import annotations

from typing import Any

from app.names import name_key
from app.state import TournamentState

# "{player}" is the player's name (looked up from an id), "{table}"/"{seat}" the numbers given.
TEMPLATES: dict[str, str] = {
    # entries and money
    "register": "registration of {player}",
    "buy_in": "buy-in of {player}",
    "reenter": "re-entry of {player}",
    "rebuy": "rebuy for {player}",
    "decline_rebuy": "{player} declines the rebuy",
    "addon": "add-on for {player}",
    "topup": "top-up for {player}",
    "buy_chips": "chips bought by {player}",
    "withdraw": "withdrawal of {player}",
    "refund_waiting": "refunds to the waiting list",
    "set_payouts": "payout table change",
    # seating and tables
    "open_table": "opening of table {table}",
    "seat_all": "seat draw for all players",
    "seat_player": "seating of {player}",
    "seat_waiting": "seating from the waiting list",
    "move": "move of {player} to table {table} seat {seat}",
    "balance": "table balancing",
    "break_table": "breaking of table {table}",
    "redraw": "redraw of the seats",
    "advance_winners": "winners advance to the next stage",
    "set_button": "button placed at table {table}",
    "draw_button": "draw for the button at table {table}",
    "hand_finished": "hand finished at table {table}",
    "waive_halt": "halt waived at table {table}",
    "stud_action_order": "stud action order at table {table}",
    # eliminations and absences
    "bust": "bust-out of {player}",
    "forfeit": "forfeit of {player}",
    "forfeit_at_start": "forfeit of {player}",
    "no_show": "no-show of {player}",
    "absent": "{player} marked absent",
    "returned": "{player} back at the table",
    # chips and games
    "chip_count": "chip count",
    "accept_chip_count": "chip count accepted",
    "chip_race": "chip race of the {denomination} chips",
    "choose_game": "game chosen: {game}",
    "record_draw": "game drawn for level {level}: {game}",
    # the clock
    "start_clock": "start of the clock",
    "pause_clock": "clock pause",
    "resume_clock": "clock restart",
    "next_level": "jump to the next level",
    "previous_level": "back to the previous level",
    "jump_to_level": "jump to level {level}",
    "add_time": "time added to the clock",
    "remove_time": "time taken off the clock",
    "start_break": "start of a break",
    "end_break": "end of the break",
    "change_level_length": "level length changed to {minutes} minutes",
    "hand_for_hand_deduct": "hand-for-hand time deduction",
    "hand_for_hand": "hand-for-hand on or off",
    "hand_for_hand_round": "hand-for-hand round finished",
    "set_structure": "structure change",
    # the log itself
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
        "keys": ", ".join(sorted(settings)) if isinstance(settings, dict) else "",
    }
    template = TEMPLATES.get(name)
    if template is not None:
        return template.format(**values)
    words = name.replace("_", " ")
    return f"{words} ({values['player']})" if ref is not None else words
