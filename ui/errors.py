"""Unexpected errors: logged to a file in the user data folder, shown as one short sentence.

No traceback ever reaches the director. The engine rebuilds its state when a command fails half
way, so the tournament stays as it was before the action.
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from app.i18n import _
from db.private import private_dir, private_file

_LOGGER_NAME = "floorman.ui"


def data_dir() -> Path:
    """The user data folder (``oskit.dirs``), or ``FLOORMAN_DATA_DIR`` when set (as for the roster)."""
    from oskit.dirs import user_data_dir

    path = user_data_dir()  # the same folder as the player roster
    path.mkdir(parents=True, exist_ok=True)
    private_dir(path, tighten=False)  # a folder it makes is the owner's only; a chosen one is left as it is
    return path


def error_log_path() -> Path:
    return data_dir() / "errors.log"


def log_unexpected(exc: BaseException, context: str = "") -> Path:
    """Append the full traceback to the error log; return the log's path."""
    path = error_log_path()
    logger = logging.getLogger(_LOGGER_NAME)
    for old in [h for h in logger.handlers if isinstance(h, logging.FileHandler)]:
        if Path(old.baseFilename) != path.resolve():  # the data folder moved: log to the new one
            logger.removeHandler(old)
            old.close()
    if not any(isinstance(h, logging.FileHandler) for h in logger.handlers):
        private_file(path)  # tracebacks name players and files: owner-only (0600)
        handler = logging.FileHandler(path, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    logger.error("%s\n%s", context or "unexpected error", text)
    return path


def store_message(exc: BaseException) -> str | None:
    """The store's own words for a failure it explains (read-only file, full disk), else None."""
    try:
        from db.errors import StoreError
    except ImportError:  # the store is not installed: a tournament in memory only
        return None
    return exc.message if isinstance(exc, StoreError) else None


def short_message(exc: BaseException) -> str:
    return _("Something went wrong ({kind}); the tournament is unchanged. Details were written to {path}.",
             kind=type(exc).__name__, path=error_log_path())


def install_excepthook(show: Callable[[str], None]) -> None:
    """Route exceptions escaping Qt slots to the log and a short message instead of stderr."""

    def hook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, exc, tb)
            return
        try:
            log_unexpected(exc, "uncaught in an event handler")
            show(short_message(exc))
        except Exception:  # the last line of defence must never raise itself
            sys.__excepthook__(kind, exc, tb)

    sys.excepthook = hook
