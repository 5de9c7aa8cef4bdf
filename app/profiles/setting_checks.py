"""The checks behind every profile setting: each returns why a value is wrong, or None."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any

from app.format import is_currency
from app.i18n import _

Check = Callable[[Any], str | None]


def whole(lo: int | None = None, hi: int | None = None, optional: bool = False) -> Check:
    def check(v: Any) -> str | None:
        if v is None and optional:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return _("must be a whole number or null") if optional else _("must be a whole number")
        if lo is not None and v < lo:
            return _("must be at least {lo}", lo=lo)
        if hi is not None and v > hi:
            return _("must be at most {hi}", hi=hi)
        return None

    return check


def boolean(v: Any) -> str | None:
    return None if isinstance(v, bool) else _("must be true or false")


def text(v: Any) -> str | None:
    return None if isinstance(v, str) else _("must be text")


class Choice:
    """The check of a setting with a fixed set of values; ``choices`` lists them (for editors)."""

    def __init__(self, *choices: str) -> None:
        self.choices = choices

    def __call__(self, v: Any) -> str | None:
        return None if v in self.choices else _("must be one of {choices}", choices=", ".join(self.choices))


def choice(*choices: str) -> Check:
    return Choice(*choices)


def whole_list(v: Any) -> str | None:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in v):
        return _("must be a list of whole numbers")
    return None


def text_list(v: Any) -> str | None:
    if not isinstance(v, list) or any(not isinstance(x, str) for x in v):
        return _("must be a list of text values")
    return None


def percents(v: Any) -> str | None:
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x)
                                      or x < 0 for x in v):
        return _("must be a list of percentages (numbers, none negative)")
    if not v:
        return _("must list at least one place")
    if abs(sum(v) - 100) > 1e-9:
        return _("percentages must add up to 100, not {v:g}", v=sum(v))
    if any(a < b for a, b in zip(v, v[1:])):
        return _("may not pay a place more than the place above it")
    return None


def percent_or_null(v: Any) -> str | None:
    """A share of the field, above 0 and at most 100 (PAY-7), or null."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or not 0 < v <= 100:
        return _("must be a percentage above 0 and at most 100, or null")
    return None


def brackets(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return _("must be a list of {max_players, percents} brackets")
    last = 0
    for i, b in enumerate(v):
        if not isinstance(b, dict) or set(b) != {"max_players", "percents"}:
            return _("bracket {i} must have exactly max_players and percents", i=i + 1)
        mp = b["max_players"]
        if isinstance(mp, bool) or not isinstance(mp, int) or mp <= last:
            return _("bracket {i}: max_players must be a whole number above {last}", i=i + 1, last=last)
        last = mp
        why = percents(b["percents"])
        if why:
            return _("bracket {i}: {why}", i=i + 1, why=why)
    return None


def chip_set(v: Any) -> str | None:
    if not isinstance(v, list) or not v:
        return _("must be a list of chips {value, colour, count}")
    seen: set[int] = set()
    for i, c in enumerate(v):
        if not isinstance(c, dict) or "value" not in c:
            return _("chip {i} must have a value", i=i + 1)
        val = c["value"]
        if isinstance(val, bool) or not isinstance(val, int) or val <= 0:
            return _("chip {i}: value must be a whole number above 0", i=i + 1)
        if val in seen:
            return _("chip {i}: value {val} is listed twice", i=i + 1, val=val)
        seen.add(val)
        extra = set(c) - {"value", "colour", "count"}
        if extra:
            return _("chip {i}: unknown field {extra}", i=i + 1, extra=sorted(extra)[0])
    return None


FEE_PURCHASES = ("buy_in", "reentry", "rebuy", "addon", "topup")
FEE_TYPES = ("house", "dealer", "staff")


def fee_table(v: Any) -> str | None:
    """ENT-11: ``{"buy_in": {"house": 1000, "dealer": 500}, "rebuy": {...}}``, whole cents, none negative."""
    if not isinstance(v, dict):
        return _("must be an object of purchase kind: {fee type: cents}")
    for kind, fees in v.items():
        if kind not in FEE_PURCHASES:
            return _(
                "has an unknown purchase kind '{kind}' (one of {names})", kind=kind, names=", ".join(FEE_PURCHASES)
            )
        if not isinstance(fees, dict):
            return _("{kind}: must be an object of fee type: cents", kind=kind)
        for name, cents in fees.items():
            if name not in FEE_TYPES:
                return _(
                    "{kind}: unknown fee type '{name}' (one of {names})",
                    kind=kind,
                    name=name,
                    names=", ".join(FEE_TYPES),
                )
            if isinstance(cents, bool) or not isinstance(cents, int) or cents < 0:
                return _("{kind}.{name}: must be a whole number of cents, 0 or more", kind=kind, name=name)
    return None


def currency(v: Any) -> str | None:
    """ENT-12: an ISO 4217 code Babel knows, in capitals (USD, EUR, GBP, CAD, AUD, JPY ...)."""
    return None if is_currency(v) else _("must be an ISO 4217 currency code in capitals, such as USD, EUR or JPY")


def name_amounts(v: Any) -> str | None:
    """KO-5: ``{"Dana Lee": 5000}``: a player's name and the house bounty on him, in whole cents above 0."""
    if not isinstance(v, dict):
        return _("must be an object of player name: cents")
    for name, cents in v.items():
        if not isinstance(name, str) or not name.strip():
            return _("must name each player by a non-empty name")
        if isinstance(cents, bool) or not isinstance(cents, int) or cents <= 0:
            return _("{name}: must be a whole number of cents above 0", name=name)
    return None


IDENTITY_FIELDS = ("first_name", "last_name", "student_id", "phone", "id_number")


def identity(v: Any) -> str | None:
    allowed = set(IDENTITY_FIELDS)
    if not isinstance(v, list) or any(x not in allowed for x in v):
        return _("must be a list drawn from {values}", values=", ".join(sorted(allowed)))
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
        return _("must be an ISO date-time text (2027-01-15T23:59) or null")
    try:
        moment(value)
    except ValueError:
        return _("must be an ISO date-time text (2027-01-15T23:59) or null")
    return None
