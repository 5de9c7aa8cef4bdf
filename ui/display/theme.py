"""Colours of the room display: one dark look per state, high contrast, told apart from across a room."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import _
from screens import frame as model


@dataclass(frozen=True)
class Look:
    background: str
    text: str  # names, bets, bottom values
    muted: str  # captions and details
    clock: str
    banner_bg: str  # the state strip under the bets ("" : no strip)
    banner_fg: str


BASE = Look("#07090d", "#f2f4f8", "#8f9bb0", "#ffffff", "", "#000000")

LOOKS: dict[str, Look] = {
    model.RUNNING: BASE,
    model.WAITING: Look("#07090d", "#f2f4f8", "#8f9bb0", "#9cc9ff", "#1d3b66", "#e8f1ff"),
    model.LAST_MINUTE: Look("#12070a", "#f2f4f8", "#a0909a", "#ff4d4d", "", "#000000"),
    model.PAUSED: Look("#15140a", "#f2f4f8", "#a8a48a", "#b8b8b8", "#ffd400", "#000000"),
    model.BREAK: Look("#04201f", "#e9fffb", "#86b8b1", "#5cffd9", "#00a58a", "#001b16"),
    model.OVERTIME: Look("#1c0718", "#fff0fa", "#b68fab", "#ff7ad1", "#c2187f", "#ffffff"),
    model.ENDED: Look("#0e0c05", "#fff8e1", "#b8ab80", "#ffd54f", "#c99a00", "#000000"),
}

# Secondary states show in the strip when the clock itself is just running.
# Keyed by the badges' English words; the frame's badges are in the reader's language (looked up in it).
BADGE_COLOURS: dict[str, tuple[str, str]] = {
    model.HAND_FOR_HAND: ("#7c3aed", "#ffffff"),
    model.BUBBLE: ("#ff7a00", "#000000"),
    model.FINAL_TABLE: ("#d4a300", "#000000"),
    model.IN_THE_MONEY: ("#1f8f3a", "#ffffff"),
}


def look_for(frame: model.DisplayFrame) -> Look:
    look = LOOKS.get(frame.mode, BASE)
    if not look.banner_bg and frame.badges:
        shown = {_(words): colours for words, colours in BADGE_COLOURS.items()}
        bg, fg = shown.get(frame.badges[0], ("#444a55", "#ffffff"))
        return Look(look.background, look.text, look.muted, look.clock, bg, fg)
    return look


def strip_text(frame: model.DisplayFrame) -> str:
    """The words in the state strip: the clock's state first, then the tournament's."""
    return "   ·   ".join(w for w in (frame.banner, *frame.badges) if w)
