"""Director intents as engine commands: the only place the window names an engine command.

Each function returns the command dict; nothing here checks a rule. ``available(name)`` says
whether the engine offers a command, so the window can say so instead of failing.
"""

from __future__ import annotations

from typing import Any

from app.views.handles import COMMANDS


def available(name: str) -> bool:
    return name in COMMANDS


def first_available(*names: str) -> str:
    for n in names:
        if n in COMMANDS:
            return n
    return names[0]


def register(name: str, pay: bool = True) -> dict[str, Any]:
    return {"cmd": "register", "name": name, "pay": pay}


def bust(player_ids: list[int], stacks: dict[int, int] | None = None) -> dict[str, Any]:
    cmd: dict[str, Any] = {"cmd": "bust"}
    if len(player_ids) == 1 and not stacks:
        cmd["player"] = player_ids[0]
    else:
        cmd["players"] = list(player_ids)
    if stacks:
        cmd["stacks"] = {str(k): v for k, v in stacks.items()}
    return cmd


def seat_draw() -> dict[str, Any]:
    return {"cmd": "seat_all"}


def move(player_id: int, table: int, seat: int | None = None) -> dict[str, Any]:
    cmd: dict[str, Any] = {"cmd": "move", "player": player_id, "table": table}
    if seat is not None:
        cmd["seat"] = seat
    return cmd


def break_table(table: int) -> dict[str, Any]:
    return {"cmd": "break_table", "table": table}


def redraw(tables: int | None = None) -> dict[str, Any]:
    return {"cmd": "redraw"} if tables is None else {"cmd": "redraw", "tables": tables}


def open_tables(count: int) -> dict[str, Any]:
    return {"cmd": "open_table", "count": count}


CLOCK = {
    "start": "start_clock",
    "pause": "pause_clock",
    "resume": "resume_clock",
    "next": "next_level",
    "previous": "previous_level",
    "add": "add_time",
    "remove": "remove_time",
    "length": "change_level_length",
    "hat": "record_draw",
}


def clock(action: str, minutes: int | None = None) -> dict[str, Any]:
    cmd: dict[str, Any] = {"cmd": CLOCK[action]}
    if action in ("add", "remove"):
        cmd["seconds"] = 60
    if action == "length" and minutes is not None:
        cmd["minutes"] = minutes
    return cmd


def hat_draw(level: int, game: str) -> dict[str, Any]:
    """Record the game pulled from the hat for a level."""
    return {"cmd": "record_draw", "level": level, "game": game}


def set_payouts(amounts_cents: list[int]) -> dict[str, Any]:
    return {"cmd": "set_payouts", "amounts_cents": list(amounts_cents)}
