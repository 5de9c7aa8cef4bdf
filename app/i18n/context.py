"""Whose language: the current context's (a display painting, a phone's request), else the process default."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache

from babel import localedata

from app.i18n.languages import ENGLISH, PSEUDO

_default = ENGLISH
_current: ContextVar[str | None] = ContextVar("floorman_language", default=None)


def language() -> str:
    """The language words are written in here and now."""
    return _current.get() or _default


def set_language(code: str) -> None:
    """The process's language (the window's, or a command line's ``--lang``), for every context that has not
    chosen its own. ``code`` is already normalised (:func:`app.i18n.normalise`)."""
    global _default
    _default = code


@contextmanager
def use_language(code: str | None) -> Iterator[str]:
    """Words inside the block are written in ``code`` (``None``: the language around it, the process's unless
    an enclosing block chose one: a sheet with no language of its own, printed by ``floorman event print
    --lang de``, is German)."""
    if not code:
        yield language()
        return
    token = _current.set(code)
    try:
        yield language()
    finally:
        _current.reset(token)


def locale_id(code: str | None = None) -> str:
    """The Babel locale that writes numbers, money and dates for a language (``pt-BR`` -> ``pt_BR``); a venue's
    language whose locale data Babel lacks (the bundle ships the shipped languages' only) is written as English."""
    return _locale_of(code or language())


@cache
def _locale_of(lang: str) -> str:
    if lang in (ENGLISH, PSEUDO):
        return "en"
    wanted = lang.replace("-", "_")
    for candidate in (wanted, wanted.split("_")[0]):
        if localedata.exists(candidate):
            return candidate
    return "en"
