"""One writer per tournament file: an operating-system lock on a sidecar file.

Design. Beside ``friday.floorman`` the store keeps ``friday.floorman.lock``. The copy of Floorman
that opens the tournament for writing takes an exclusive, non-blocking OS lock on that file
(``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows) and holds it until it closes the
tournament. The lock file's text says who holds it (process id, computer name, time), so a second
copy can tell the director "open in Floorman on LAPTOP (process 4242) since 20:15" and offer to open
the tournament read-only instead.

Why this and not a lock row or a long ``BEGIN IMMEDIATE``: the operating system drops the lock the
moment the holding process dies (a crash, a kill, a power cut), so there is never a stale lock to
clear by hand, and a pid written in a row could belong to an unrelated process after a reboot. A
held write transaction would block our own commits between actions. A read-only opening never takes
the lock and opens SQLite with ``mode=ro`` and ``query_only``, so it cannot write even by mistake.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path
from typing import IO

from db.errors import FileLocked, NotWritable

_WIN_LOCK_OFFSET = 1 << 20


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _try_lock(fh: IO[str]) -> bool:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        try:
            fh.seek(_WIN_LOCK_OFFSET)  # lock a byte past the text, so others can still read who holds it
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    import fcntl

    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _unlock(fh: IO[str]) -> None:
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        import msvcrt

        fh.seek(_WIN_LOCK_OFFSET)
        msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


class WriterLock:
    """The exclusive right to write one tournament file, held until :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = lock_path(path)
        self._fh: IO[str] | None = None

    def acquire(self) -> None:
        try:
            fh = open(self.file, "a+", encoding="utf-8")  # noqa: SIM115 - held open while locked
        except OSError as exc:
            raise NotWritable(
                f"Floorman cannot create {self.file.name} beside the tournament, so it cannot open {self.path.name} "
                "for writing. The folder may be read-only: copy the file to a folder you can write to, "
                "or open it read-only.",
                self.path,
            ) from exc
        if not _try_lock(fh):
            fh.seek(0)
            holder = fh.read().strip() or "another copy of Floorman"
            fh.close()
            raise FileLocked(
                f"{self.path.name} is already open in {holder}. Only one copy of Floorman may change a "
                "tournament; close the other one, or open this one read-only.",
                self.path,
                holder,
            )
        fh.seek(0)
        fh.truncate()
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime())
        fh.write(f"Floorman on {socket.gethostname()} (process {os.getpid()}) since {stamp}\n")
        fh.flush()
        self._fh = fh

    def release(self) -> None:
        if self._fh is None:
            return
        try:
            self._fh.seek(0)
            self._fh.truncate()
            _unlock(self._fh)
        finally:
            self._fh.close()
            self._fh = None

    @property
    def held(self) -> bool:
        return self._fh is not None
