"""Numbers as the room reads them from across the room: clock digits, chips, money, short durations.

Every screen (the Qt display, the browser display, ``floorman screens``) writes its figures here; money,
chips and places come from the engine's one format module (``app.api.fmt``).
"""

from __future__ import annotations

import math
from datetime import datetime

from babel.dates import format_date, format_skeleton, format_time
from babel.numbers import format_decimal

from app.api import fmt, views
from app.i18n import N_, _, locale_id

# Translators: the betting structure before a game's name, as in "No-Limit Texas Hold'em".
BETTING_NAMES: dict[str, str] = {"no_limit": N_("No-Limit"), "pot_limit": N_("Pot-Limit"), "limit": N_("Limit")}


game_name = views.game_name


clock_digits = fmt.clock  # a started second counts whole: 20:00 at the first instant of a level


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
        return _("{seconds} s", seconds=whole)
    minutes = math.ceil(whole / 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return _("{hours} h {minutes} min", hours=hours, minutes=f"{minutes:02d}")
    return minutes_words(minutes)


def minutes_words(minutes: object) -> str:
    """A length in minutes as the room reads it: ``20 min``."""
    return _("{minutes} min", minutes=minutes)


def number(n: int | float) -> str:
    """A count as the reader's language groups its digits: ``1,234`` (``1.234`` in German)."""
    return fmt.chips(n)


def decimal(value: float, digits: int) -> str:
    """A figure with ``digits`` decimals as the reader's language writes it: ``12.5`` (``12,5`` in French)."""
    here = locale_id()
    if here == "en":
        return f"{value:,.{digits}f}"
    return str(format_decimal(value, format="#,##0." + "0" * digits, locale=here))


def _local(at: float) -> datetime:
    return datetime.fromtimestamp(at)  # the room's wall clock (the venue's time zone)


def date_words(at: float) -> str:
    """The day in words: ``Friday 27 November 2026`` (``Freitag, 27. November 2026`` in German)."""
    here = locale_id()
    if here == "en":
        return str(format_date(_local(at), "EEEE dd MMMM y", locale=here))
    return str(format_date(_local(at), "full", locale=here))


def time_of_day(at: float) -> str:
    """The time of day on the 24-hour clock: ``21:05``."""
    return str(format_time(_local(at), "HH:mm", locale=locale_id()))


def date_time_words(at: float) -> str:
    """The day and the time, short: ``Fri 27 Nov · 21:05``."""
    here = locale_id()
    day = format_date(_local(at), "EEE dd MMM", locale=here) if here == "en" else \
        format_skeleton("MMMEd", _local(at), locale=here)
    return f"{day} · {time_of_day(at)}"


# Figures are written by the one format module (app.format); the room shortens big stacks.
chips = fmt.chips_short
money = fmt.money
ordinal = fmt.ordinal
