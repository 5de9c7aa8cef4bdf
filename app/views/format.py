"""Every number and place as the director, the room and the paper read them. Pure Python.

One rule per kind of figure, used by the window, the room display and every sheet:

- **Money** always shows its cents: ``$1,234.50``, ``$25.00``, ``-$3.00``. One rule for every
  amount means the same prize reads the same on the strip, the room display and the payout sheet,
  whatever else is in the table beside it. ``currency`` is a symbol (``"$"``, ``"€"``) or an ISO code
  (``"USD"``, ``"EUR"``); it defaults to US dollars.
- **Chips** have thousands separators: ``12,500``.
- **Places** are ordinals (``1st``, ``22nd``); a tied block is written as ELIM-5 says, with the best
  place of the block: ``T-11th``.
- **Counts** name their noun in the right number: ``1 table``, ``2 tables``; never ``table(s)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

USD = "USD"
SYMBOLS: dict[str, str] = {"USD": "$", "CAD": "$", "AUD": "$", "EUR": "€", "GBP": "£", "JPY": "¥"}
NONE = "-"  # what an unknown figure shows as


def symbol(currency: str | None) -> str:
    """The sign printed before an amount: an ISO code becomes its symbol, a symbol stays as it is."""
    if not currency:
        return "$"
    return SYMBOLS.get(currency.upper(), currency)


def money(cents: int | None, currency: str | None = USD) -> str:
    """``123450`` -> ``$1,234.50``; ``2500`` -> ``$25.00``; ``None`` -> ``-``."""
    if cents is None:
        return NONE
    amount = Decimal(int(cents)) / 100
    sign = "-" if amount < 0 else ""
    return f"{sign}{symbol(currency)}{abs(amount):,.2f}"


def chips(n: int | float | None) -> str:
    """``12500`` -> ``12,500``; ``None`` -> ``-``."""
    if n is None:
        return NONE
    return f"{round(n):,}"


def chips_short(n: int | float | None) -> str:
    """Chips for reading across a room: as :func:`chips`, a million and more shortened (``1.25M``)."""
    if n is None:
        return NONE
    value = float(n)
    if abs(value) >= 1_000_000:
        digits = 1 if abs(value) >= 10_000_000 else 2
        return f"{value / 1_000_000:.{digits}f}".rstrip("0").rstrip(".") + "M"
    return chips(value)


def ordinal(n: int) -> str:
    """``1`` -> ``1st``, ``12`` -> ``12th``, ``22`` -> ``22nd``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place(place: int | None, tied: int = 1) -> str:
    """A finishing place (ELIM-5): ``11th``, or ``T-11th`` when ``tied`` players share the block."""
    if place is None:
        return ""
    return ("T-" if tied > 1 else "") + ordinal(place)


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``count(1, "table")`` -> ``1 table``; ``count(2, "table")`` -> ``2 tables``."""
    word = noun if n == 1 else (plural or noun + "s")
    return f"{n:,} {word}"


def bets(forced: Mapping[str, Any] | None) -> str:
    """A level's forced bets on one line: ``100/200 ante 25``; ``ante 10 bring in 25 complete 100``."""
    b = dict(forced or {})
    sb, bb, ante = b.get("sb"), b.get("bb"), b.get("ante")
    parts = []
    if sb or bb:
        parts.append(f"{chips(sb or 0)}/{chips(bb or 0)}")
    if ante:
        parts.append(f"ante {chips(ante)}")
    for key in ("bring_in", "complete", "small_bet", "big_bet"):
        if b.get(key):
            parts.append(f"{key.replace('_', ' ')} {chips(b[key])}")
    return " ".join(parts)


def clock(seconds: float | None) -> str:
    """Time left as a clock shows it: ``12:05``, ``1:02:03``; a started second counts whole."""
    if seconds is None:
        return "--:--"
    whole = max(0, -int(-round(float(seconds), 6) // 1))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
