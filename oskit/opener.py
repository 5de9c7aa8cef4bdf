"""Open a file in the program the system gives its kind (a PDF in the PDF viewer, a folder in the file manager).

- Linux: ``xdg-open FILE`` (freedesktop), started and left to run;
- macOS: ``open FILE`` (Launch Services);
- Windows: ``os.startfile(FILE)`` (the shell's association).

:meth:`FileOpener.open` returns False when the system has no way to open it (no ``xdg-open``, the
shell refused), so the caller can say so or try another way.
"""

from __future__ import annotations

import functools
import logging
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from oskit import MACOS, WINDOWS, system

log = logging.getLogger("floorman.opener")


class FileOpener(Protocol):
    name: str

    def open(self, path: Path) -> bool:
        """Hand ``path`` to the system's program for it; False when that could not be done."""
        ...


class CommandOpener:
    """A program that opens a file and returns (``xdg-open``, ``open``), found on PATH when used."""

    def __init__(self, program: str, which: Callable[[str], str | None] | None = None) -> None:
        self.name = program
        self._which = which

    def open(self, path: Path) -> bool:
        found = (self._which or shutil.which)(self.name)
        if found is None:
            return False
        try:
            subprocess.Popen(  # noqa: S603 (a fixed program found on PATH, a file of ours)
                [found, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, close_fds=True, start_new_session=True,
            )
        except OSError as exc:
            log.warning("%s could not open %s: %s", self.name, path, exc)
            return False
        return True


class StartfileOpener:
    """Windows: the shell opens the file with the program associated with its extension."""

    name = "os.startfile"

    def open(self, path: Path) -> bool:
        startfile = getattr(os, "startfile", None)
        if startfile is None:
            return False
        try:
            startfile(str(path))
        except OSError as exc:  # no program is associated with the file's kind
            log.warning("Windows could not open %s: %s", path, exc)
            return False
        return True


def opener_for(platform: str | None = None) -> FileOpener:
    """The file opener of ``platform`` (default: this system, read now)."""
    kind = system(platform)
    if kind == WINDOWS:
        return StartfileOpener()
    if kind == MACOS:
        return CommandOpener("open")
    return CommandOpener("xdg-open")


@functools.cache
def file_opener() -> FileOpener:
    return opener_for()


def open_file(path: Path) -> bool:
    """Open ``path`` with the system's program for it (:func:`file_opener`)."""
    return file_opener().open(path)
