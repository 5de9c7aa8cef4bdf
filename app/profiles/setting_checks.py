"""The checks behind every profile setting: each returns why a value is wrong, or None."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any

from app.format import is_currency

Check = Callable[[Any], str | None]


def whole(lo: int | None = None, hi: int | None = None, optional: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and optional:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return "must be a whole number" + (" or null" if optional else "")
        if lo is not None and v < lo:
            return f"must be at least {lo}"
        if hi is not None and v > hi:
            return f"must be at most {hi}"
        return None

    return check


def boolean(v: Any) -> str | None:
    return None if isinstance(v, bool) else "must be true or false"


def text(v: Any) -> str | None:
    return None if isinstance(v, str) else "must be text"


class Choice:
    """The check of a setting with a fixed set of values; ``choices`` lists them (for editors)."""

    def __init__(self, *choices: str) -> None:
        self.choices = choices

    def __call__(self, v: Any) -> str | None:
        return None if v in self.choices else "must be one of " + ", ".join(self.choices)


def choice(*choices: str) -> Check:
    return Choice(*choices)


def whole_list(v: Any) -> str | None:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v):
        return "must be a list of whole numbers"
    return None


def text_list(v: Any) -> str | None:
    if not isinstance(v, list) or any(not isinstance(x, str) for x in v):
        return "must be a list of text values"
    return None


def percents(v: Any) -> str | None:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x)
                                      or x < 0 for x in v):
        return "must be a list of percentages (numbers, none negative)"
    if not v:
        return "must list at least one place"
    if abs(sum(v) - 100) > 1e-9:
        return f"percentages must add up to 100, not {sum(v):g}"
    if any(a < b for a, b in zip(v, v[1:])):
        return "may not pay a place more than the place above it"
    return None


def percent_or_null(v: Any) -> str | None:
    """A share of the field, above 0 and at most 100 (PAY-7), or null."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or not 0 < v <= 100:
        return "must be a percentage above 0 and at most 100, or null"
    return None


def brackets(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return "must be a list of {max_players, percents} brackets"
    last = 0
    for i, b in enumerate(v):
        if not isinstance(b, dict) or set(b) != {"max_players", "percents"}:
            return f"bracket {i + 1} must have exactly max_players and percents"
        mp = b["max_players"]
        if isinstance(mp, bool) or not isinstance(mp, int) or mp <= last:
            return f"bracket {i + 1}: max_players must be a whole number above {last}"
        last = mp
        why = percents(b["percents"])
        if why:
            return f"bracket {i + 1}: {why}"
    return None


def chip_set(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return "must be a list of chips {value, colour, count}"
    seen: set[int] = set()
    for i, c in enumerate(v):
        if not isinstance(c, dict) or "value" not in c:
            return f"chip {i + 1} must have a value"
        val = c["value"]
        if isinstance(val, bool) or not isinstance(val, int) or val <= 0:
            return f"chip {i + 1}: value must be a whole number above 0"
        if val in seen:
            return f"chip {i + 1}: value {val} is listed twice"
        seen.add(val)
        extra = set(c) - {"value", "colour", "count"}
        if extra:
            return f"chip {i + 1}: unknown field {sorted(extra)[0]}"
    return None


FEE_PURCHASES = ("buy_in", "reentry", "rebuy", "addon", "topup")
FEE_TYPES = ("house", "dealer", "staff")


def fee_table(v: Any) -> str | None:
    """ENT-11: ``{"buy_in": {"house": 1000, "dealer": 500}, "rebuy": {...}}``, whole cents, none negative."""
    if not isinstance(v, dict):
        return "must be an object of purchase kind: {fee type: cents}"
    for kind, fees in v.items():
        if kind not in FEE_PURCHASES:
            return f"has an unknown purchase kind '{kind}' (one of {', '.join(FEE_PURCHASES)})"
        if not isinstance(fees, dict):
            return f"{kind}: must be an object of fee type: cents"
        for name, cents in fees.items():
            if name not in FEE_TYPES:
                return f"{kind}: unknown fee type '{name}' (one of {', '.join(FEE_TYPES)})"
            if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
                return f"{kind}.{name}: must be a whole number of cents, 0 or more"
    return None


def currency(v: Any) -> str | None:
    """ENT-12: an ISO 4217 code Babel knows, in capitals (USD, EUR, GBP, CAD, AUD, JPY ...)."""
    return None if is_currency(v) else "must be an ISO 4217 currency code in capitals, such as USD, EUR or JPY"


def name_amounts(v: Any) -> str | None:
    """KO-5: ``{"Dana Lee": 5000}``: a player's name and the house bounty on him, in whole cents above 0."""
    if not isinstance(v, dict):
        return "must be an object of player name: cents"
    for name, cents in v.items():
        if not isinstance(name, str) or not name.strip():
            return "must name each player by a non-empty name"
        if isinstance(cents, bool) or not isinstance(cents, int) or cents <= 0:
            return f"{name}: must be a whole number of cents above 0"
    return None


IDENTITY_FIELDS = ("first_name", "last_name", "student_id", "phone", "id_number")


def identity(v: Any) -> str | None:
    allowed = set(IDENTITY_FIELDS)
    if not isinstance(v, list) or any(x not in allowed for x in v):
        return "must be a list drawn from " + ", ".join(sorted(allowed))
    return None


def moment(text: str, *, closing: bool = False) -> float:
    """Seconds since the epoch of an ISO date or date-time; a bare date's end when ``closing``."""
    stripped = text.strip()
    try:
        if len(stripped) == 10:
            day = date.fromisoformat(stripped)
            start = datetime.combine(day, time())
            return (start + timedelta(days=1) if closing else start).timestamp()
        return datetime.fromisoformat(stripped).timestamp()
    except ValueError as exc:
        raise ValueError(f"{text!r} is not an ISO date or date-time") from exc


def check_iso(value: Any) -> str | None:
    """Profile check: null, or text that :func:`moment` reads."""
    if value is None:
        return None
    if not isinstance(value, str):
        return "must be an ISO date-time text (2027-01-15T23:59) or null"
    try:
        moment(value)
    except ValueError:
        return "must be an ISO date-time text (2027-01-15T23:59) or null"
    return None
