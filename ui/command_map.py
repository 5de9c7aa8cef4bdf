"""The one place that maps engine commands to the window's own (bespoke) actions.

Every command the engine declares (``app.commands.catalogue()``) is reachable from the window: the
few a director uses all night have a bespoke action with a shortcut (listed here); every other one
opens a form generated from its declaration, found in the command palette (Ctrl+K) by its words.

This module does not import Qt, so the ``floorman commands`` listing can read it headless.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.api import Command, catalogue


@dataclass(frozen=True)
class Bespoke:
    """A window action made for one command: its title, shortcut and palette words.

    ``player`` actions are typed as "<verb> <name or number>" in the action bar and the palette;
    the window binds the action's behaviour (a callable) to ``command`` in :mod:`ui.director`.
    """

    command: str
    title: str
    shortcut: str = ""
    player: bool = False  # the action names one player (typed in the action bar)
    words: tuple[str, ...] = ()  # more words the palette knows it by

    def window_entry(self) -> str:
        return f"{self.shortcut} {self.title}".strip()


BESPOKE: tuple[Bespoke, ...] = (
    Bespoke("register", "Register a player…", "F2"),
    Bespoke("bust", "Bust-out", "F8", player=True, words=("out", "kill")),
    Bespoke("correct_eliminator", "Correct the eliminator…", words=("eliminator", "knockout", "bounty")),
    Bespoke("buy_in", "Buy-in", "F3", player=True, words=("buyin", "buy")),
    Bespoke("rebuy", "Rebuy", "F4", player=True),
    Bespoke("addon", "Add-on", "Ctrl+F4", player=True, words=("add-on",)),
    Bespoke("topup", "Top-up", "Shift+F4", player=True, words=("top",)),
    Bespoke("reenter", "Re-entry", "Ctrl+E", player=True, words=("reentry", "re-entry")),
    Bespoke("absent", "Absent", "Ctrl+A", player=True),
    Bespoke("returned", "Returned", "Ctrl+Shift+A", player=True, words=("back",)),
    Bespoke("seat_player", "Seat a waiting player", "Ctrl+T", player=True, words=("seat",)),
    Bespoke("decline_rebuy", "Declines the rebuy", "Ctrl+D", player=True, words=("decline",)),
    Bespoke("seat_all", "Seat draw", "F6", words=("draw",)),
    Bespoke("move", "Make the pending move", "F7"),
    Bespoke("break_table", "Break a table…", "Ctrl+Shift+B", words=("break",)),
    Bespoke("redraw", "Redraw all seats", "Ctrl+Shift+R"),
    Bespoke("start_clock", "Start the clock", "F5", words=("clock",)),
    Bespoke("pause_clock", "Pause the clock", "F5", words=("clock",)),
    Bespoke("resume_clock", "Resume the clock", "F5", words=("clock",)),
    Bespoke("next_level", "Next level", "Ctrl+Right", words=("next",)),
    Bespoke("previous_level", "Previous level", "Ctrl+Left", words=("previous",)),
    Bespoke("add_time", "Add a minute", "Ctrl+Up", words=("addtime",)),
    Bespoke("remove_time", "Take off a minute", "Ctrl+Down", words=("removetime",)),
    Bespoke("change_level_length", "Level length…", words=("length",)),
    Bespoke("record_draw", "Hat draw…", words=("hat",)),
    Bespoke("jump_to_level", "Go to a level (double-click it in the structure)"),
    Bespoke("set_structure", "Edit structure…", words=("edit structure", "structure", "blinds", "levels")),
    Bespoke("set_payouts", "Edit the payouts…", words=("payouts",)),
    Bespoke("chip_count", "Chip count for a table…", words=("count", "chips")),
    Bespoke("hand_for_hand", "Hand for hand on or off", words=("hfh", "bubble")),
    Bespoke("close_registration", "Close late registration", words=("close registration", "late")),
    Bespoke("reopen_registration", "Reopen late registration", words=("reopen registration", "late")),
    Bespoke("lock_payouts", "Lock the payouts", words=("lock payouts", "lock")),
    Bespoke("unlock_payouts", "Unlock the payouts", words=("unlock payouts", "unlock")),
)

_BY_COMMAND = {b.command: b for b in BESPOKE}


def bespoke(name: str) -> Bespoke | None:
    """The window's own action for command ``name``, or None: it opens the generated form."""
    return _BY_COMMAND.get(name)


def words(name: str) -> str:
    """The words the palette knows a command by: "hand_for_hand" -> "hand for hand"."""
    return name.replace("_", " ")


def window_entry(decl: type[Command]) -> str:
    """Where the director finds the command in the window, e.g. "F8 Bust-out" or "Ctrl+K → chip count"."""
    b = bespoke(decl.name())
    if b is not None:
        return b.window_entry() if b.shortcut else f"{b.title} (Ctrl+K → {words(decl.name())})"
    return f"Ctrl+K → {words(decl.name())}"


def generated() -> tuple[type[Command], ...]:
    """The declared commands without a bespoke action: each opens its generated form."""
    return tuple(d for d in catalogue() if bespoke(d.name()) is None)


_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def in_words(text: str) -> str:
    """An engine message with its command names as the director finds them in the window:
    "seat late entrants with seat_player" -> "... with Seat a waiting player (Ctrl+T)"."""
    names = {d.name() for d in catalogue()}

    def said(m: re.Match[str]) -> str:
        name = m.group(0)
        if name not in names:
            return name
        b = bespoke(name)
        if b is not None and b.shortcut:
            return f"{b.title.rstrip('…')} ({b.shortcut})"
        return f"“{words(name)}” (Ctrl+K)"

    return _SNAKE.sub(said, text)
