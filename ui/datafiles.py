"""Reading the app's own data files (recent list, templates, venues, display settings, saved profiles).

Each of these files is small JSON that Floorman wrote, but anything can end up in the data folder: a
file cut short, another program's, one copied from elsewhere, a 400 KB file nested ten thousand deep.
None of them may stop the app. :func:`load` reads one with a size bound, checks its type and shape, and
catches every way the reading can fail (not UTF-8, not JSON, nested too deep); a file that is not what
it should be is renamed aside (``recent.json.bad-20261127-201500``, kept for whoever wants to look) and
the default is used instead. The sentence saying so waits in :func:`take_notices` until a window shows
it (the welcome screen, the director's window when it opens).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from app.api import fmt
from app.i18n import _, ngettext

T = TypeVar("T")

MAX_BYTES = 1_000_000  # every one of these files is a few kilobytes; anything this large is not one
MAX_DEPTH = 32  # the deepest of them (an event template: profile, settings, a payout table) is 5 levels

_lock = threading.Lock()
_notices: list[str] = []


class BadDataFile(Exception):
    """A data file that cannot be what it should be; ``message`` says why, in words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def depth(data: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and objects nest in ``data`` (counted without recursion, up to ``limit + 1``)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def read_json(path: Path, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON data in ``path``. FileNotFoundError when there is none; BadDataFile when it cannot be data."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise BadDataFile(_("it is {size} bytes, far larger than such a file ever is", size=fmt.chips(size)))
        with path.open("rb") as fh:
            raw = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise BadDataFile(_("it cannot be read ({error})", error=exc.strerror or exc)) from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise BadDataFile(_("it is not text")) from exc
    except RecursionError as exc:
        raise BadDataFile(_("it is nested far too deeply")) from exc
    except ValueError as exc:
        raise BadDataFile(_("it is not JSON data")) from exc
    if depth(data, max_depth) > max_depth:
        raise BadDataFile(_("it is nested far too deeply"))
    return data


def set_aside(path: Path, what: str, why: str) -> str:
    """Rename ``path`` to ``NAME.bad-YYYYmmdd-HHMMSS`` beside it and keep the sentence that says so."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while os.path.lexists(aside):
        n += 1
        aside = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    what = _(what)  # the callers give it in English words, marked
    what = what[:1].upper() + what[1:]
    try:
        os.replace(path, aside)
        text = _("{what} ({file}) could not be used ({why}): it was renamed {aside} and is no longer read.",
                 what=what, file=path.name, why=why, aside=aside.name)
    except OSError:
        text = _("{what} ({file}) could not be used ({why}): it could not be renamed, so it is no longer read.",
                 what=what, file=path.name, why=why)
    with _lock:
        if text not in _notices:
            _notices.append(text)
    return text


def load(path: Path, what: str, check: Callable[[Any], T], default: T, *, max_bytes: int = MAX_BYTES) -> T:
    """The data of ``path`` as ``check`` makes it, or ``default`` when there is no such file.

    ``check`` raises ValueError (or TypeError) when the data has the wrong type or shape. A file that
    cannot be read as data, or that ``check`` refuses, is set aside (:func:`set_aside`) and ``default``
    is returned: a bad file is said once, in a sentence, and never stops the app.
    """
    try:
        data = read_json(path, max_bytes=max_bytes)
        return check(data)
    except FileNotFoundError:
        return default
    except BadDataFile as exc:
        set_aside(path, what, exc.message)
    except (ValueError, TypeError) as exc:
        set_aside(path, what, _(str(exc)) if str(exc) else _("it holds the wrong kind of data"))
    return default


def take_notices() -> list[str]:
    """The sentences about files set aside since the last call (each said once)."""
    with _lock:
        taken = list(_notices)
        _notices.clear()
    return taken


def one_sentence(notices: list[str]) -> str:
    """The notices as what a window says, one sentence: the first, and how many more there are."""
    if not notices:
        return ""
    more = len(notices) - 1
    if not more:
        return notices[0]
    return ngettext("{notice} ({count} more file could not be used either.)",
                    "{notice} ({count} more files could not be used either.)", more, notice=notices[0], count=more)
