"""Numbers as the room reads them from across the room: clock digits, chips, money, short durations."""

from __future__ import annotations

import math

from ui import texts

BETTING_NAMES: dict[str, str] = {"no_limit": "No-Limit", "pot_limit": "Pot-Limit", "limit": "Limit"}


def game_name(game: str | None) -> str:
    """A game's name for the room: a catalogue id becomes the catalogue's name, a name stays as it is."""
    if not game:
        return ""
    from app.errors import RuleError
    from app.games.catalogue import game as catalogue_game

    try:
        return catalogue_game(game).name
    except RuleError:
        pass
    if "_" in game or game.islower():
        return game.replace("_", " ").title()
    return game


def clock_digits(seconds: float | None) -> str:
    """Time left as the big clock shows it: ``12:05``, ``1:02:03``; a started second counts whole.

    Rounding up means 0:00 shows only when the time is really over, and a level of 20 minutes shows
    20:00 at its first instant.
    """
    if seconds is None:
        return "--:--"
    whole = max(0, math.ceil(round(float(seconds), 6)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes:02d}:{secs:02d}"


def overtime_digits(seconds: float | None) -> str:
    """Time since the structure ran out, counted up: ``+04:12``."""
    if seconds is None:
        return "+00:00"
    return "+" + clock_digits(max(0.0, math.floor(float(seconds))))


def duration_words(seconds: float | None) -> str:
    """A short duration for the bottom zone: ``1 h 05 min``, ``12 min``, ``45 s``."""
    if seconds is None:
        return ""
    whole = max(0, math.ceil(float(seconds)))
    if whole < 60:
        return f"{whole} s"
    minutes = math.ceil(whole / 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours} h {minutes:02d} min"
    return f"{minutes} min"


def chips(n: int | float | None) -> str:
    """Chip amounts with thousands separators; large stacks shorten (``1.25M``)."""
    if n is None:
        return "-"
    value = float(n)
    if abs(value) >= 1_000_000:
        digits = 1 if abs(value) >= 10_000_000 else 2
        return f"{value / 1_000_000:.{digits}f}".rstrip("0").rstrip(".") + "M"
    return f"{round(value):,}"


def money(cents: int | None) -> str:
    """Dollars: whole amounts without decimals (``$1,250``), otherwise two (``$12.50``); ``-`` for none."""
    return texts.money(cents) if cents is not None else "-"


ordinal = texts.ordinal
