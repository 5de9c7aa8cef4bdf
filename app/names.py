"""Players' names: what may be a name, and when two names are the same name.

Two names are the same when they have the same letters after Unicode NFKC normalisation and case
folding, with runs of spaces made one: "José" typed with a combining accent is "José", "ANN LEE" is
"ann lee", a full-width "Ａｎｎ" is "Ann". ``state.by_name`` is keyed by :func:`name_key`.

A name is at most :data:`MAX_NAME` characters and holds no control characters (nor bidirectional
overrides, line separators, unassigned or private code points): every sheet, slip and screen must be
able to show it.
"""

from __future__ import annotations

import unicodedata

from app.i18n import _

MAX_NAME = 80
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def tidy(name: str) -> str:
    """Runs of white space made one space, none at either end."""
    return " ".join(name.split())


def name_key(name: str) -> str:
    """The key two names share when they are the same name (NFKC, case folded, spaces tidied)."""
    return tidy(unicodedata.normalize("NFKC", name).casefold())


# Letters that are not a base letter plus an accent in Unicode (NFKD leaves them whole), folded the way
# a player types them on a keyboard without them: "Søren" is "soren", "Łukasz" "lukasz", "Æsa" "aesa".
# Keys are lower case: capitals are case folded first (Ø -> ø, ẞ -> ss, Þ -> þ, İ -> i̇ -> i).
_LETTERS = str.maketrans({
    "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "ß": "ss", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    "ħ": "h", "ŧ": "t", "ŋ": "n", "ĸ": "k", "ſ": "s", "ƒ": "f", "ɨ": "i", "ʉ": "u", "ƀ": "b", "ɍ": "r",
})


def fold_key(text: str) -> str:
    """A search key that ignores accents and case: "José Núñez" and "jose nunez" are both "jose nunez",
    "Søren Łukasz" and "soren lukasz" too.

    NFKD, combining marks dropped, case folded, the letters Unicode does not decompose spelled out
    (ø -> o, ł -> l, æ -> ae, œ -> oe, ß -> ss, đ/ð -> d, þ -> th, ı -> i, ...), spaces tidied. The one
    fold for every place names are compared loosely: the registration's "already registered?", the
    player lists' search, the phones' find my seat, the roster and the league. Two names that differ
    only in their accents are still two names (:func:`name_key` says which names are the same).
    """
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = unicodedata.normalize("NFC", bare).casefold().translate(_LETTERS)
    # Case folding can bring back a combining mark (İ -> i + dot above): drop it too.
    return tidy("".join(ch for ch in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(ch)))


def name_problem(name: str) -> str | None:
    """Why ``name`` (already tidied) cannot be a player's name, in words; None when it can."""
    if len(name) > MAX_NAME:
        return _("A name is at most {most} characters; this one has {n}.", most=MAX_NAME, n=f"{len(name):,}")
    for ch in name:
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) in _REFUSED_CATEGORIES:
            return _("A name cannot hold control or invisible characters (this one has {code}); type it again with "
                     "letters only.", code=f"U+{ord(ch):04X}")
    return None


# -- names that only look like names ----------------------------------------------------------------------
# Letters of these scripts look alike ("a" and Cyrillic "а", "o" and Greek "ο"): one word that mixes them
# is almost always a slip of the keyboard layout or a pasted look-alike, and is never found by a search
# typed in the other script.
_CONFUSABLE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")  # Hangul fillers, the blank braille pattern
_INVISIBLE_CATEGORIES = frozenset({"Cf", "Mn", "Me"})  # format characters; marks with no letter to sit on


def has_visible_character(name: str) -> bool:
    """False for a name made only of spaces and invisible characters (zero-width spaces and joiners, soft
    hyphens, word joiners, fillers that are letters only in name, accents with no letter under them), which
    looks empty on every screen and sheet."""
    return any(not ch.isspace() and ch not in _BLANK_LETTERS and unicodedata.category(ch) not in _INVISIBLE_CATEGORIES
               for ch in name)


def _script(ch: str) -> str | None:
    if not ch.isalpha():
        return None
    described = unicodedata.name(ch, "")
    return next((s for s in _CONFUSABLE_SCRIPTS if described.startswith(s + " ")), None)


def mixed_script_word(name: str) -> tuple[str, str, str] | None:
    """The first word of ``name`` whose letters mix Latin, Cyrillic or Greek, as (word, the word's main
    script, the letters of the other script(s)); None when every word keeps to one script.

    "Аnn Lee" (a Cyrillic "А") gives ("Аnn", "Latin", "А"). Names written wholly in one script ("Иван
    Петров"), or with words in two ("Иван Smith"), are not mixed.
    """
    for word in name.split():
        scripts: dict[str, list[str]] = {}
        for ch in word:
            script = _script(ch)
            if script is not None:
                scripts.setdefault(script, []).append(ch)
        if len(scripts) > 1:
            main = max(scripts, key=lambda s: len(scripts[s]))
            others = "".join(ch for s, chars in scripts.items() if s != main for ch in chars)
            return word, main.title(), others
    return None


def script_of(ch: str) -> str:
    """The script of one letter, in words ("Cyrillic"), for telling the director which letter is odd."""
    return (_script(ch) or "other").title()
