"""The director's actions: one shortcut plus a name, each one engine command.

An action never decides a rule: it only builds the command from what the director typed. The
engine refuses or accepts; a refusal's message is shown where the director acted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.views.handles import COMMANDS

Build = Callable[[int, str], dict[str, Any]]


@dataclass(frozen=True)
class PlayerAction:
    """An action on one player, typed as "<verb> <name or number>" in the palette."""

    key: str  # palette verb
    title: str
    shortcut: str
    command: str
    extra: str = ""  # what else the director types after the name (e.g. "amount")

    def build(self, player_id: int, rest: str = "") -> dict[str, Any]:
        cmd: dict[str, Any] = {"cmd": self.command, "player": player_id}
        rest = rest.strip()
        if self.extra and rest:
            cmd[self.extra] = int(rest) if rest.lstrip("-").isdigit() else rest
        return cmd

    def available(self) -> bool:
        return self.command in COMMANDS


PLAYER_ACTIONS: tuple[PlayerAction, ...] = (
    PlayerAction("buyin", "Buy-in", "F3", "buy_in"),
    PlayerAction("rebuy", "Rebuy", "F4", "rebuy"),
    PlayerAction("addon", "Add-on", "Ctrl+F4", "addon"),
    PlayerAction("topup", "Top-up", "Shift+F4", "topup"),
    PlayerAction("reentry", "Re-entry", "Ctrl+E", "reenter"),
    PlayerAction("absent", "Absent", "Ctrl+A", "absent"),
    PlayerAction("returned", "Returned", "Ctrl+Shift+A", "returned"),
    PlayerAction("seat", "Seat a waiting player", "Ctrl+T", "seat_player"),
    PlayerAction("decline", "Declines the rebuy", "Ctrl+D", "decline_rebuy"),
)


def player_action(key: str) -> PlayerAction | None:
    for a in PLAYER_ACTIONS:
        if a.key == key:
            return a
    return None


@dataclass(frozen=True)
class GlobalAction:
    """An action on the whole tournament (menu, shortcut and palette entry)."""

    key: str
    title: str
    shortcut: str
    slot: str  # the window method that runs it


GLOBAL_ACTIONS: tuple[GlobalAction, ...] = (
    GlobalAction("register", "Register a player…", "F2", "act_register"),
    GlobalAction("bust", "Bust-out…", "F8", "act_bust"),
    GlobalAction("draw", "Seat draw", "F6", "act_seat_draw"),
    GlobalAction("move", "Make the pending move", "F7", "act_move"),
    GlobalAction("break", "Break a table…", "Ctrl+Shift+B", "act_break_table"),
    GlobalAction("redraw", "Redraw all seats", "Ctrl+Shift+R", "act_redraw"),
    GlobalAction("clock", "Start or pause the clock", "F5", "act_clock_toggle"),
    GlobalAction("next", "Next level", "Ctrl+Right", "act_next_level"),
    GlobalAction("previous", "Previous level", "Ctrl+Left", "act_previous_level"),
    GlobalAction("addtime", "Add a minute", "Ctrl+Up", "act_add_minute"),
    GlobalAction("removetime", "Take off a minute", "Ctrl+Down", "act_remove_minute"),
    GlobalAction("display", "Room display", "F10", "act_room_display"),
    GlobalAction("find", "Find a player", "Ctrl+F", "act_find"),
    GlobalAction("print", "Print a sheet…", "Ctrl+P", "act_print_chooser"),
    GlobalAction("deal", "Deal calculator…", "", "act_deal_calculator"),
)
