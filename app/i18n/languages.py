"""The languages Floorman ships, and what a language code may be."""

from __future__ import annotations

import re

from app.errors import RuleError

ENGLISH = "en"
# The pseudo-language: English bracketed, accented and lengthened by 40 %, so a test sees at once a word
# that was never translated (no brackets) and a word cut by its box (a missing bracket).
PSEUDO = "en-XA"
# Code -> the language's own name for itself, as the language menus list it.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt-BR": "Português (Brasil)",
}
_CODE = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$")


def shipped() -> tuple[str, ...]:
    """The languages shipped with the program, English first (the pseudo-language is for tests only)."""
    return tuple(LANGUAGES)


def normalise(code: str, known: tuple[str, ...] | None = None) -> str:
    """A language code as Floorman writes it (``pt_br`` -> ``pt-BR``, ``DE`` -> ``de``), or a refusal in words.

    ``known`` is every language on offer (the shipped ones, the venue's own and the pseudo-language);
    a code outside it is refused ``UNKNOWN_LANGUAGE``, naming those there are.
    """
    text = str(code).strip()
    if not _CODE.match(text):
        raise RuleError("UNKNOWN_LANGUAGE", f"{code!r} is not a language code (such as en, de, fr, es or pt-BR).")
    head, _sep, tail = text.replace("_", "-").partition("-")
    tidy = head.lower() + (f"-{tail.upper() if len(tail) == 2 else tail}" if tail else "")
    offered = known if known is not None else (*shipped(), PSEUDO)
    by_lower = {k.lower(): k for k in offered}
    if tidy.lower() in by_lower:
        return by_lower[tidy.lower()]
    raise RuleError("UNKNOWN_LANGUAGE", f"There is no {tidy} catalogue. Languages: {', '.join(offered)}.")


def best_match(wanted: list[str], offered: tuple[str, ...]) -> str:
    """The offered language nearest the first wanted one that has any (``fr_CA`` -> ``fr``; ``pt_PT`` -> ``pt-BR``),
    else English: how the window follows the system's language on its first start, and a phone its browser's."""
    by_lower = {k.lower(): k for k in offered}
    for raw in wanted:
        code = raw.replace("_", "-").split(".")[0].lower()
        if code in by_lower:
            return by_lower[code]
        head = code.split("-")[0]
        if head in by_lower:
            return by_lower[head]
        near = [k for k in offered if k.lower().split("-")[0] == head]
        if near:
            return near[0]
    return ENGLISH


def language_name(code: str) -> str:
    """A language in its own words (``de`` -> ``Deutsch``); a venue's own language by its code."""
    if code == PSEUDO:
        return "[Ƥšéûđö]"
    return LANGUAGES.get(code, code)
