"""Ordinal numbers as each language writes a place: 1st, 1., 1er, 1.º, 1º."""

from __future__ import annotations

from collections.abc import Callable


def _english(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _french(n: int) -> str:
    return f"{n}er" if n == 1 else f"{n}e"


def _german(n: int) -> str:
    return f"{n}."


def _spanish(n: int) -> str:
    return f"{n}.º"


def _portuguese(n: int) -> str:
    return f"{n}º"


_RULES: dict[str, Callable[[int], str]] = {
    "en": _english, "de": _german, "fr": _french, "es": _spanish, "pt": _portuguese,
}


def ordinal_in(locale: str, n: int) -> str:
    """``n`` as a place in the language of Babel locale ``locale`` (a language without a rule here: ``12.``)."""
    rule = _RULES.get(locale.split("_")[0])
    return rule(n) if rule else f"{n}."
