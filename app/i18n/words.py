"""The marking functions: ``_``, ``ngettext``, ``pgettext`` and ``N_``.

Each translates in the current language, then fills the brace placeholders from its keyword arguments.
A catalogue's translation whose placeholders do not match the English words (a venue's typing slip)
falls back to the English words rather than failing in front of the room.
"""

from __future__ import annotations

from typing import Any

from app.i18n.catalogues import catalogue_for
from app.i18n.context import language


def _fill(text: str, fallback: str, params: dict[str, Any]) -> str:
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError, AttributeError):
        return fallback.format(**params)


def _(msgid: str, **params: Any) -> str:
    """``msgid`` in the current language, its ``{placeholders}`` filled from ``params``."""
    return _fill(catalogue_for(language()).gettext(msgid), msgid, params)


def pgettext(context: str, msgid: str, **params: Any) -> str:
    """As :func:`_`, for a word that reads two ways in English (``"Open"`` the verb, ``"Open"`` a state)."""
    return _fill(catalogue_for(language()).gettext(msgid, context), msgid, params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """The form for ``n`` in the current language (``{n}`` is filled with ``n`` unless given)."""
    params.setdefault("n", n)
    english = singular if n == 1 else plural
    return _fill(catalogue_for(language()).ngettext(singular, plural, n), english, params)


def N_(msgid: str) -> str:
    """Marks words for the catalogue without translating them yet (a table built at import time)."""
    return msgid
