"""Backups of a tournament file, and restoring one.

Backups are made with SQLite's online backup API (a consistent copy even while the tournament is
open), written under a temporary name and renamed into place, so a backup folder never holds half a
copy. They live in ``<file>.backups/`` beside the tournament, named
``<stem>-<YYYYmmdd-HHMMSSmmm>-<seq>-<reason>.floorman`` (the stem made portable: :func:`backup_stem`),
and the newest :data:`KEEP` regular backups are kept. Copies made before a schema upgrade or a restore are never pruned.

:func:`restore` checks the backup like any tournament file, refuses while the tournament is open in a
copy of Floorman, keeps the current file as a ``before-restore`` backup, then puts the backup in
place. Nothing is lost: the replaced file can itself be restored.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.i18n import _
from db.checks import (
    check_header,
    connect,
    inspect,
    is_disk_full,
    move_aside_leftovers,
    needs_upgrade,
    readable,
    sqlite_backup,
    sqlite_uri,
    translate_error,
)
from db.errors import BackupError, DiskFull, NotATournamentFile, StoreError
from db.fileformat import FORMAT
from db.lock import WriterLock
from db.private import private_dir
from oskit.names import portable_name

KEEP = 20
SUFFIX = ".floorman"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<when>\d{8}-\d{9})-(?P<seq>\d+)-(?P<reason>[a-z0-9-]+)\.floorman$")
_PROTECTED = ("before-upgrade", "before-restore")


def backup_folder(path: Path) -> Path:
    return path.with_name(path.name + ".backups")


@dataclass(frozen=True)
class BackupInfo:
    path: Path
    when: str  # "20261122-201500123": local date, time and milliseconds
    seq: int  # the last action in the backup
    reason: str  # "level-5", "break", "timer", "manual", "before-upgrade-schema1", ...
    size: int


def backup_stem(path: Path) -> str:
    """The start of a backup's name: the tournament's own, made portable (``oskit.names``), so a backup folder
    copied to a USB stick opens on Windows too ("what?.floorman" -> "what--2026…")."""
    return portable_name(path.stem).name


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "manual"


def _space_error(exc: OSError | sqlite3.Error, where: Path, restored_to: str = "") -> StoreError:
    """A backup (or a restore to the file named ``restored_to``) that failed: a full disk (told from the error's
    code, never its words) or else."""
    full = is_disk_full(exc, where if where.is_dir() else where.parent)
    if restored_to and full:
        return DiskFull(_("The disk is full: free some space and try again; the backup could not be restored to "
                          "{file}, and the tournament file is intact.", file=restored_to), where)
    if restored_to:
        return BackupError(_("The backup could not be restored to {file}: {reason}.", file=restored_to, reason=exc),
                           where)
    if full:
        return DiskFull(_("The disk is full: free some space and try again; the backup in {folder} could not be "
                          "written, and the tournament file is intact.", folder=where), where)
    return BackupError(_("The backup in {folder} could not be written: {reason}.", folder=where, reason=exc), where)


def make_backup(source: Path, folder: Path, *, seq: int, reason: str, keep: int = KEEP) -> Path:
    """Copy the tournament file ``source`` into ``folder`` and prune old backups."""
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"{int(now * 1000) % 1000:03d}"
    dest = folder / f"{backup_stem(source)}-{stamp}-{seq:06d}-{_slug(reason)}{SUFFIX}"
    copy_backup(source, dest, _space_error)
    prune(source, folder, keep)
    return dest


def copy_backup(source: Path, dest: Path, failed: Callable[[OSError | sqlite3.Error, Path], StoreError]) -> None:
    """Copy the SQLite file ``source`` to ``dest`` whole (SQLite's online backup into ``dest.part``, then
    renamed into place) in its owner-only folder; what went wrong is said by ``failed`` (for that folder)."""
    folder = dest.parent
    part = dest.with_name(dest.name + ".part")
    try:
        private_dir(folder)
        sqlite_backup(source, part)
        os.replace(part, dest)
    except (OSError, sqlite3.Error) as exc:
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
        raise failed(exc, folder) from exc


class BackupWorker:
    """Writes the automatic backups on a thread of its own, one after another, so no action waits.

    SQLite's backup API reads through its own connection; in WAL mode the store keeps committing while
    a backup is copied. :meth:`wait` blocks until every backup asked for is written; :meth:`stop`
    finishes them and ends the thread (the store calls it on close).
    """

    def __init__(self, source: Path, folder: Path) -> None:
        self.source, self.folder = source, folder
        self.errors: list[str] = []
        self.written: list[Path] = []
        self._queue: queue.Queue[tuple[int, str] | None] = queue.Queue()
        self._thread: threading.Thread | None = None

    def submit(self, seq: int, reason: str) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="floorman-backups", daemon=True)
            self._thread.start()
        self._queue.put((seq, reason))

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if item is None:
                    return
                self.written.append(make_backup(self.source, self.folder, seq=item[0], reason=item[1]))
            except StoreError as err:  # shown by the window; a failed backup never stops the tournament
                self.errors.append(err.message)
            except Exception as exc:  # noqa: BLE001 - nothing may end the backup thread
                self.errors.append(f"A backup in {self.folder} failed: {exc}.")
            finally:
                self._queue.task_done()

    def wait(self) -> None:
        self._queue.join()

    def stop(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None


HALF_WRITTEN = (".creating", ".saving", ".restoring")  # a new file, Save as…, a restore: renamed into place when done


def remove_half_written(path: Path, folder: Path | None = None) -> list[Path]:
    """Remove what an interrupted create, Save as…, restore or backup of ``path`` left behind.

    Call it holding the writer lock of ``path``: only its holder writes ``NAME.creating``,
    ``NAME.saving``, ``NAME.restoring`` and the ``.part`` files of its backups, so any found then were
    left by a process that was killed or failed. Returns the files removed.
    """
    folder = folder or backup_folder(path)
    found: list[Path] = []
    for suffix in HALF_WRITTEN:
        temp = path.with_name(path.name + suffix)
        found += [Path(f"{temp}{side}") for side in ("", "-wal", "-shm", "-journal")]
    if folder.is_dir():
        stems = {path.stem, backup_stem(path)}
        for part in folder.glob("*.part"):  # a backup, or the -wal of a damaged file kept before a restore
            m = _NAME.match(part.name.removesuffix(".part").removesuffix("-wal"))
            if m and m["stem"] in stems:
                found.append(part)
    removed = []
    for leftover in found:
        with contextlib.suppress(OSError):
            if leftover.is_file() and not leftover.is_symlink():
                leftover.unlink()
                removed.append(leftover)
    return removed


def sweep_folder(folder: Path) -> list[Path]:
    """Remove the half-written files (``X.creating``, ``X.saving``, ``X.restoring``) that processes killed
    while writing them left in ``folder``; return them. Each is removed only under the writer lock of
    its tournament ``X``: one still being written (its writer holds the lock) is left alone."""
    removed: list[Path] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        suffix = next((s for s in HALF_WRITTEN if entry.name.endswith(s)), None)
        if suffix is None or not entry.is_file():
            continue
        base = entry.with_name(entry.name.removesuffix(suffix))
        lock = WriterLock(base)
        try:
            lock.acquire()
        except StoreError:
            continue  # being written right now, or its lock cannot be taken: left as it is
        try:
            removed += remove_half_written(base)
        finally:
            lock.release()
    return removed


def list_backups(path: Path, folder: Path | None = None) -> list[BackupInfo]:
    """Backups of the tournament ``path``, oldest first."""
    folder = folder or backup_folder(path)
    out: list[BackupInfo] = []
    if not folder.is_dir():
        return out
    stems = {path.stem, backup_stem(path)}  # backups written before names were made portable keep the raw stem
    for f in folder.iterdir():
        m = _NAME.match(f.name)
        if m and m["stem"] in stems:
            out.append(BackupInfo(f, m["when"], int(m["seq"]), m["reason"], f.stat().st_size))
    out.sort(key=lambda b: (b.when, b.seq, b.path.name))
    return out


def prune(path: Path, folder: Path, keep: int = KEEP) -> None:
    regular = [b for b in list_backups(path, folder) if not b.reason.startswith(_PROTECTED)]
    for b in regular[: max(0, len(regular) - keep)]:
        b.path.unlink(missing_ok=True)


def check_backup(backup: Path) -> int:
    """Check a backup like any tournament file, and that its whole log replays; return its number of actions.

    A backup that is not a tournament file, or holds no log that starts with the tournament's creation,
    runs without gaps and replays from the start (every event known and whole), is refused
    (``BackupError`` or another ``StoreError``): a restored file always opens. A backup of an older
    schema (the copy made before an upgrade) is checked on an upgraded temporary copy; it is restored as
    it is, and upgraded, after its own backup, when the tournament is next opened.
    """
    check_header(backup)
    with readable(backup) as where:  # a backup on a write-protected stick is read from a private copy
        return _check_backup(where, backup)


def _check_backup(where: Path, backup: Path) -> int:
    from db.loading import check_log  # db.loading imports this module

    try:
        conn = connect(where, read_only=True)
    except sqlite3.Error as exc:
        raise translate_error(exc, backup) from exc
    try:
        info = inspect(conn, backup)
        if not conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0]:
            raise BackupError(_("{backup} holds no tournament log (no actions): it cannot be restored.",
                                backup=backup), backup)
        if needs_upgrade(info):
            conn.close()
            return _check_older(where, backup)
        return check_log(conn, backup)
    except StoreError:
        raise
    except Exception as exc:
        raise translate_error(exc, backup) from exc
    finally:
        conn.close()


def _check_older(where: Path, backup: Path) -> int:
    """Check a backup of an older schema (read at ``where``): upgrade a temporary copy of it and check that
    (never the backup)."""
    from db import schema  # SQLAlchemy and Alembic: only for an older file
    from db.loading import check_log

    folder = Path(tempfile.mkdtemp(prefix="floorman-check-"))
    try:
        copy = folder / "backup.floorman"
        sqlite_backup(where, copy)
        schema.upgrade(copy, backup)
        with contextlib.closing(connect(copy, read_only=True)) as conn:
            return check_log(conn, backup)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def restore(backup: Path, target: Path, folder: Path | None = None) -> Path | None:
    """Put ``backup`` in place of ``target``. Returns the copy kept of the replaced file (if any)."""
    backup, target = Path(backup), Path(target)
    check_backup(backup)
    folder = folder or backup_folder(target)
    if (target.exists() or target.is_symlink()) and not target.is_file():
        raise BackupError(_("{path} is not a plain file, so a backup cannot be restored over it; choose another "
                            "name for the restored tournament.", path=target), target)
    if target.is_file() and _another_applications(target):
        raise NotATournamentFile(_("{path} belongs to another application: it is not a Floorman tournament file, so "
                                   "a backup is not restored over it. Choose another name for the restored "
                                   "tournament.", path=target), target)
    lock = WriterLock(target)
    lock.acquire()
    try:
        remove_half_written(target, folder)
        kept: Path | None = None
        if target.exists():
            kept = _keep_before_restore(target, folder)
        else:
            move_aside_leftovers(target)  # an earlier file's -wal must not be replayed into the restored one
        part = target.with_name(target.name + ".restoring")
        try:
            sqlite_backup(backup, part)
            for side in ("-wal", "-shm"):
                Path(str(target) + side).unlink(missing_ok=True)
            os.replace(part, target)
        except (OSError, sqlite3.Error) as exc:
            part.unlink(missing_ok=True)
            raise _space_error(exc, target.parent, target.name) from exc
        return kept
    finally:
        lock.release()


def _another_applications(path: Path) -> bool:
    """Is ``path`` a sound SQLite database that is not a Floorman tournament (another application's)?

    A file SQLite cannot read, or reads as damaged, may be a damaged tournament: a restore is what a
    director does about that, so it is not refused here (:func:`_keep_before_restore` keeps its bytes).
    """
    try:
        check_header(path)
        with contextlib.closing(sqlite3.connect(sqlite_uri(path, mode="ro"), uri=True)) as conn:
            if [r[0] for r in conn.execute("PRAGMA quick_check").fetchall()] != ["ok"]:
                return False
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "meta" not in tables:
                return True
            row = conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except (StoreError, sqlite3.Error, OSError):
        return False
    return row is None or row[0] != FORMAT


def _keep_before_restore(target: Path, folder: Path) -> Path:
    """Keep the file a restore replaces: a checked copy when SQLite can read it, else its very bytes.

    Restoring a backup is what a director does about a damaged file, so a file SQLite cannot read (a
    scribbled page, a cut-short copy, a header that is not SQLite's) is kept as it is, with its -wal,
    and the restore goes on.
    """
    try:
        check_backup(target)  # read-only: a damaged file is never written to, not even a checkpoint
        readable = True
    except StoreError:
        readable = False
    if readable:
        with contextlib.closing(sqlite3.connect(target)) as conn:  # fold the old WAL in: no stale -wal survives
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return make_backup(target, folder, seq=_last_seq(target), reason="before-restore")
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"{int(now * 1000) % 1000:03d}"
    dest = folder / f"{backup_stem(target)}-{stamp}-{0:06d}-before-restore-damaged{SUFFIX}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for side in ("", "-wal"):
            source = Path(f"{target}{side}")
            if source.is_file():
                part = Path(f"{dest}{side}.part")
                shutil.copyfile(source, part)
                os.replace(part, Path(f"{dest}{side}"))
    except OSError as exc:
        raise _space_error(exc, folder) from exc
    return dest


def _last_seq(path: Path) -> int:
    try:
        with sqlite3.connect(sqlite_uri(path, mode="ro"), uri=True) as conn:
            row = conn.execute("SELECT MAX(seq) FROM actions").fetchone()
        conn.close()
        return int(row[0] or 0)
    except sqlite3.Error:
        return 0
