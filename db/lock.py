"""One writer per tournament file: an operating-system lock on a sidecar file.

Design. Beside ``friday.floorman`` the store keeps ``friday.floorman.lock``. The copy of Floorman
that opens the tournament for writing takes an exclusive, non-blocking OS lock on that file
(``oskit.filelock``: ``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows) and holds it until it closes the
tournament. The lock file's text says who holds it (process id, computer name, time), so a second
copy can tell the director "open in Floorman on LAPTOP (process 4242) since 20:15" and offer to open
the tournament read-only instead.

Why this and not a lock row or a long ``BEGIN IMMEDIATE``: the operating system drops the lock the
moment the holding process dies (a crash, a kill, a power cut), so there is never a stale lock to
clear by hand, and a pid written in a row could belong to an unrelated process after a reboot. A
held write transaction would block our own commits between actions. A read-only opening never takes
the lock and opens SQLite with ``mode=ro`` and ``query_only``, so it cannot write even by mistake.

The file itself, not its name. A hard link, a symlink, a relative path or a renamed file all reach
the same tournament under another name, and so another sidecar. So the writer also locks the
tournament file itself, through a lock file in the temporary folder named after the file's device
and inode (:class:`FileLock`). Whoever holds that lock is the only writer, whatever path each copy of
Floorman was given; the lock follows the file through a rename.

The sidecar is opened with ``O_NOFOLLOW``, never truncated on open, created with mode 0600, and
refused when it is not a plain file of its own (a symlink, a hard link to another file): a
``friday.floorman.lock`` planted as a link can never make Floorman truncate the file it points to.

Lock files do not pile up. The holder removes its lock files when it lets go (while still holding the
lock), and a lock is only held once the name still names the very file locked (checked after locking:
a file removed meanwhile by its last holder is opened again). So a lock file found unlocked is nobody's:
:func:`remove_stale_locks` removes those a killed process left in the temporary folder, taking each one's
lock first, so one still held is never touched.
"""

from __future__ import annotations

import contextlib
import os
import socket
import stat
import tempfile
import time
from pathlib import Path
from typing import IO

from app.i18n import _
from db.checks import disk_full_text, is_disk_full
from db.errors import DiskFull, FileLocked, NotWritable, ReadOnlyPlace
from oskit.filelock import file_locker


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


def _try_lock(fh: IO[str]) -> bool:
    return file_locker().try_lock(fh)


def _unlock(fh: IO[str]) -> None:
    file_locker().unlock(fh)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def _open_sidecar(file: Path, mode: int = 0o600) -> IO[str]:
    """Open (or create, mode 0600) a lock file: never through a link, never truncated here."""
    fd = os.open(file, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _BINARY, mode)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            raise IsADirectoryError(f"{file.name} is not a lock file of its own")
        return os.fdopen(fd, "r+", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


def keyed_lock_folder() -> Path:
    return Path(tempfile.gettempdir())


KEYED_PATTERN = "floorman-*-*.lock"
_RETRIES = 20


def _names_it(fh: IO[str], path: Path) -> bool:
    """Does ``path`` still name the file open as ``fh`` (not removed, not replaced, not a link)?"""
    try:
        here, there = os.fstat(fh.fileno()), os.lstat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _remove_and_unlock(fh: IO[str], path: Path) -> None:
    """Let go of a held lock file: remove it while the lock is still held, then unlock and close."""
    try:
        if _names_it(fh, path):
            with contextlib.suppress(OSError):  # Windows keeps an open file; another user's /tmp entry stays
                os.unlink(path)
        with contextlib.suppress(OSError):  # the lock goes with the descriptor anyway
            _unlock(fh)
    finally:
        with contextlib.suppress(OSError):  # closing flushes what a full disk refused; the fd closes anyway
            fh.close()


def remove_stale_locks(folder: Path | None = None) -> int:
    """Remove the keyed lock files (``floorman-DEV-INODE.lock``) no live process holds; return how many.

    Each is locked first (non-blocking): one held by a running Floorman is left alone, and one taken
    meanwhile by another process is seen as removed by it (it opens the file again). Only this user's
    plain files are touched.
    """
    removed = 0
    for path in sorted((folder or keyed_lock_folder()).glob(KEYED_PATTERN)):
        try:
            fh = _open_sidecar(path, 0o644)
        except OSError:
            continue
        try:
            if os.fstat(fh.fileno()).st_uid != getattr(os, "getuid", lambda: -1)() or not _try_lock(fh):
                fh.close()
                continue
        except OSError:
            fh.close()
            continue
        if _names_it(fh, path):
            removed += 1
        _remove_and_unlock(fh, path)
    return removed


class FileLock:
    """An exclusive OS lock on the tournament file itself (its device and inode), not on its name.

    The lock is taken on ``floorman-DEV-INODE.lock`` in the temporary folder, never on the database
    file: closing any descriptor of the database file would drop SQLite's own ``fcntl`` locks on it.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fh: IO[str] | None = None
        self._keyed = Path()
        self.identity: tuple[int, int] | None = None

    def acquire(self) -> bool:
        """True when this process now holds the file's lock; False when another writer has it."""
        info = os.stat(self.path)
        identity = (info.st_dev, info.st_ino)
        keyed = keyed_lock_folder() / f"floorman-{identity[0]}-{identity[1]}.lock"
        for _attempt in range(_RETRIES):
            try:
                fh = _open_sidecar(keyed, 0o644)  # another user's Floorman must be able to see the lock
            except PermissionError:  # made by another user: a lock held through a read-only handle is as good
                try:
                    fd = os.open(keyed, os.O_RDONLY | _NOFOLLOW | _BINARY)
                except OSError:
                    return False  # cannot even look: never risk a second writer
                fh = os.fdopen(fd, "r", encoding="utf-8")
            if not _try_lock(fh):
                fh.close()
                return False
            if _names_it(fh, keyed):
                self._fh, self._keyed, self.identity = fh, keyed, identity
                return True
            _unlock(fh)  # removed by its last holder between our open and our lock: open it again
            fh.close()
        return False

    def release(self) -> None:
        if self._fh is not None:
            fh, self._fh = self._fh, None
            _remove_and_unlock(fh, self._keyed)


class WriterLock:
    """The exclusive right to write one tournament file, held until :meth:`release`.

    :meth:`acquire` takes the sidecar's lock (which also says who holds it) and, when the tournament
    file exists, the lock of the file itself (:meth:`lock_file`; :meth:`TournamentStore.create` calls it
    once the new file is in place).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = lock_path(path)
        self._fh: IO[str] | None = None
        self._file_lock: FileLock | None = None

    def acquire(self) -> None:
        for _attempt in range(_RETRIES):
            fh = self._open()
            if not _try_lock(fh):
                fh.seek(0)
                holder = fh.read().strip() or _("another copy of Floorman")
                fh.close()
                raise FileLocked(
                    _("{file} is already open in {holder}. Only one copy of Floorman may change a tournament; close "
                      "the other one, or open this one read-only.", file=self.path.name, holder=holder),
                    self.path,
                    holder,
                )
            if _names_it(fh, self.file):
                break
            _unlock(fh)  # removed by its last holder between our open and our lock: open it again
            fh.close()
        else:
            raise FileLocked(_("{file} is being opened and closed by another copy of Floorman; try again.",
                               file=self.path.name), self.path, _("another copy of Floorman"))
        self._fh = fh
        try:
            if os.path.exists(self.path):
                self.lock_file()
        except BaseException:
            self.release()
            raise
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime())
        try:
            fh.seek(0)
            fh.truncate()
            fh.write(f"Floorman on {socket.gethostname()} (process {os.getpid()}) since {stamp}\n")
            fh.flush()
        except OSError as exc:
            self.release()
            if is_disk_full(exc):
                raise DiskFull(self._disk_full(), self.path) from exc
            raise NotWritable(_("Floorman cannot write {lock} beside the tournament: {reason}.", lock=self.file.name,
                                reason=exc.strerror or exc), self.path) from exc

    def _open(self) -> IO[str]:
        try:
            return _open_sidecar(self.file)
        except OSError as exc:
            if is_disk_full(exc):
                raise DiskFull(self._disk_full(), self.path) from exc
            if os.path.islink(self.file) or isinstance(exc, IsADirectoryError) or os.path.exists(self.file):
                raise ReadOnlyPlace(
                    _("{lock} beside the tournament is not Floorman's lock file (it is a link or a folder), so "
                      "Floorman will not open {file} for writing. Remove it, or open the tournament read-only.",
                      lock=self.file.name, file=self.path.name),
                    self.path,
                ) from exc
            raise ReadOnlyPlace(
                _("Floorman cannot create {lock} beside the tournament, so it cannot open {file} for writing. The "
                  "folder may be read-only: copy the file to a folder you can write to, or open it read-only.",
                  lock=self.file.name, file=self.path.name),
                self.path,
            ) from exc

    def _disk_full(self) -> str:
        if os.path.exists(self.path):
            return disk_full_text(self.path)
        return _("The disk is full: free some space and try again; {file} was not created.", file=self.path.name)

    def lock_file(self) -> None:
        """Lock the tournament file itself; FileLocked when another writer holds it under any name."""
        lock = FileLock(self.path)
        try:
            got = lock.acquire()
        except OSError as exc:
            raise NotWritable(_("Floorman cannot open {path} for writing: {reason}.", path=self.path,
                                reason=exc.strerror or exc), self.path) from exc
        if not got:
            raise FileLocked(
                _("{file} is already open for writing in another copy of Floorman (perhaps under another name or "
                  "through a link). Only one copy of Floorman may change a tournament; close the other one, or open "
                  "this one read-only.", file=self.path.name),
                self.path,
                _("another copy of Floorman"),
            )
        if self._file_lock is not None:
            self._file_lock.release()
        self._file_lock = lock

    @property
    def identity(self) -> tuple[int, int] | None:
        """The locked file's (device, inode), as it was when locked."""
        return None if self._file_lock is None else self._file_lock.identity

    def release(self) -> None:
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None
        if self._fh is None:
            return
        fh, self._fh = self._fh, None
        with contextlib.suppress(OSError):  # a full disk cannot take even the emptied note
            fh.seek(0)
            fh.truncate()
        _remove_and_unlock(fh, self.file)

    @property
    def held(self) -> bool:
        return self._fh is not None
