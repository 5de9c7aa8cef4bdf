"""An exclusive, non-blocking operating-system lock on an open file, dropped when the process dies.

- Linux, macOS: ``fcntl.flock(fd, LOCK_EX | LOCK_NB)`` on the whole file.
- Windows: ``msvcrt.locking(fd, LK_NBLCK, 1)`` on one byte far past the file's text
  (:data:`WINDOWS_LOCK_OFFSET`), so other processes can still read the text (who holds the lock).

    locker = file_locker()       # picked once for this system
    if locker.try_lock(fh): ...  # True: held until locker.unlock(fh) or the process ends
"""

from __future__ import annotations

import functools
import importlib
from typing import IO, Any, Protocol

from oskit import WINDOWS, system

WINDOWS_LOCK_OFFSET = 1 << 20


class FileLocker(Protocol):
    """Takes and drops an exclusive lock on an open file."""

    name: str

    def try_lock(self, fh: IO[str]) -> bool:
        """True when this process now holds the lock; False when another process has it."""
        ...

    def unlock(self, fh: IO[str]) -> None: ...


class FlockLocker:
    """Linux and macOS: ``flock``, which the kernel drops with the last descriptor of the process."""

    name = "flock"

    def __init__(self, module: Any | None = None) -> None:
        self.fcntl = module if module is not None else importlib.import_module("fcntl")

    def try_lock(self, fh: IO[str]) -> bool:
        try:
            self.fcntl.flock(fh.fileno(), self.fcntl.LOCK_EX | self.fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def unlock(self, fh: IO[str]) -> None:
        self.fcntl.flock(fh.fileno(), self.fcntl.LOCK_UN)


class MsvcrtLocker:
    """Windows: a byte-range lock through the C runtime, one byte past the text of the file."""

    name = "msvcrt"

    def __init__(self, module: Any | None = None) -> None:
        self.msvcrt = module if module is not None else importlib.import_module("msvcrt")

    def try_lock(self, fh: IO[str]) -> bool:
        try:
            fh.seek(WINDOWS_LOCK_OFFSET)  # msvcrt locks from the current position
            self.msvcrt.locking(fh.fileno(), self.msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def unlock(self, fh: IO[str]) -> None:
        fh.seek(WINDOWS_LOCK_OFFSET)
        self.msvcrt.locking(fh.fileno(), self.msvcrt.LK_UNLCK, 1)


def locker_for(platform: str | None = None) -> FileLocker:
    """The file locker of ``platform`` (default: this system, read now)."""
    if system(platform) == WINDOWS:
        return MsvcrtLocker()
    return FlockLocker()


@functools.cache
def file_locker() -> FileLocker:
    """This system's file locker, picked on first use (:func:`locker_for`)."""
    return locker_for()
