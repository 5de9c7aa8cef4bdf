"""Why the plan asks for a move, a break or a redraw: in English for the log, in the reader's language where shown.

The log keeps a move's reason as English words (files written before stay readable by every version), so
the words are built twice: :func:`said` builds them once in English, which is what the plan and the log
carry, and remembers how to build them again; :func:`in_words` gives the same reason in the language of
whoever reads it (the Tables tab, a move slip). A reason this process did not build (one read back from an
older session's log) is shown as it was written.
"""

from __future__ import annotations

from collections.abc import Callable
from threading import Lock

from app.i18n import use_language

_REMEMBERED = 4096  # distinct reasons kept: a night's plans say far fewer
_builders: dict[str, Callable[[], str]] = {}
_lock = Lock()


def said(build: Callable[[], str]) -> str:
    """The reason ``build`` writes, in English; ``build`` is kept to write it again in another language."""
    with use_language("en"):
        text = build()
    with _lock:
        if text not in _builders:
            if len(_builders) >= _REMEMBERED:
                _builders.pop(next(iter(_builders)))
            _builders[text] = build
    return text


def in_words(reason: str) -> str:
    """A reason the plan gave (its English words), in the current reader's language."""
    build = _builders.get(reason)
    return build() if build is not None else reason
