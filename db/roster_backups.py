"""Backups of the player roster (``players.sqlite``), and restoring one.

The roster holds every player's name and contact and every league's results, across all events, so it is
backed up as the tournaments are: with SQLite's online backup API (a consistent copy even while another
copy of Floorman uses it), written under a temporary name and renamed into place, owner-only. They live in
``players.sqlite.backups/`` beside it, named ``<stem>-<YYYYmmdd-HHMMSSmmm>-<reason>.sqlite``.

- :func:`backup_if_due` runs each time the roster is opened: one backup when the newest is older than
  :data:`BACKUP_EVERY` (an hour), and always before an upgrade of its schema. The newest :data:`KEEP`
  are kept; copies made before an upgrade or a restore are never pruned.
- :func:`restore_roster` puts a backup back (``floorman restore players.sqlite --list`` / ``N``): the
  backup is checked, the current roster is first kept as a ``before-restore`` backup (its very bytes when
  it is damaged), then the backup takes its place through a temporary file.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from app.i18n import _
from db.backups import copy_backup
from db.checks import SIDE_FILES, check_header, is_disk_full, readable, sqlite_backup, sqlite_uri
from db.errors import BackupError, DamagedFile, DiskFull, NotATournamentFile, StoreError
from db.private import private_dir, private_file
from oskit.names import portable_name

ROSTER_FORMAT = "floorman-roster"
BACKUP_EVERY = 3600.0  # seconds: at most one backup an hour, made when the roster is opened
KEEP = 20
SUFFIX = ".sqlite"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<when>\d{8}-\d{9})-(?P<reason>[a-z0-9-]+)\.sqlite$")
_PROTECTED = ("before-upgrade", "before-restore")


@dataclass(frozen=True)
class RosterBackup:
    path: Path
    when: str  # "20261122-201500123": local date, time and milliseconds
    reason: str  # "open", "before-upgrade", "before-restore", "before-restore-damaged"
    size: int


def backup_folder(path: Path) -> Path:
    return path.with_name(path.name + ".backups")


def _stem(path: Path) -> str:
    return portable_name(path.stem).name


def list_roster_backups(path: Path) -> list[RosterBackup]:
    """The backups of the roster ``path``, oldest first."""
    folder = backup_folder(path)
    if not folder.is_dir():
        return []
    found = []
    for entry in folder.iterdir():
        m = _NAME.match(entry.name)
        if m and m["stem"] == _stem(path) and entry.is_file():
            found.append(RosterBackup(entry, m["when"], m["reason"], entry.stat().st_size))
    return sorted(found, key=lambda b: (b.when, b.path.name))


def looks_like_roster(path: Path) -> bool:
    """Is ``path`` a player roster (read-only look; False for anything unreadable)?"""
    try:
        check_header(path)
        with readable(path) as where, contextlib.closing(sqlite3.connect(sqlite_uri(where, mode="ro"),
                                                                         uri=True)) as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except (StoreError, sqlite3.Error, OSError):
        return False
    return row is not None and row[0] == ROSTER_FORMAT


def backup_roster(path: Path, reason: str) -> Path:
    """Copy the roster into its backup folder now; prune the oldest regular backups."""
    folder = backup_folder(path)
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"{int(now * 1000) % 1000:03d}"
    dest = folder / f"{_stem(path)}-{stamp}-{reason}{SUFFIX}"
    copy_backup(path, dest, _failed)
    _prune(path)
    return dest


def backup_if_due(path: Path, *, upgrading: bool = False) -> Path | None:
    """A backup of the roster when the newest is older than :data:`BACKUP_EVERY`, or before an upgrade."""
    if upgrading:
        return backup_roster(path, "before-upgrade")
    newest = [b for b in list_roster_backups(path) if not b.reason.startswith("before-restore")]
    if newest and time.time() - newest[-1].path.stat().st_mtime < BACKUP_EVERY:
        return None
    return backup_roster(path, "open")


def _prune(path: Path, keep: int = KEEP) -> None:
    regular = [b for b in list_roster_backups(path) if not b.reason.startswith(_PROTECTED)]
    for old in regular[:-keep] if len(regular) > keep else []:
        with contextlib.suppress(OSError):
            old.path.unlink()


def _failed(exc: OSError | sqlite3.Error, folder: Path) -> StoreError:
    if is_disk_full(exc, folder if folder.is_dir() else folder.parent):
        return DiskFull(f"The disk is full: free some space and try again; the roster's backup in {folder} could "
                        "not be written, and the roster is intact.", folder)
    return BackupError(_("The roster's backup in {folder} could not be written: {reason}.", folder=folder,
                         reason=exc), folder)


def check_roster_backup(backup: Path) -> None:
    """Refuse anything but a sound player roster (read-only; the backup is never changed)."""
    check_header(backup)
    try:
        with readable(backup) as where, contextlib.closing(sqlite3.connect(sqlite_uri(where, mode="ro"),
                                                                           uri=True)) as conn:
            rows = conn.execute("PRAGMA quick_check").fetchall()
            if [r[0] for r in rows] != ["ok"]:
                raise DamagedFile(f"The backup {backup} is damaged ({rows[0][0]}); choose another one.", backup)
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            fmt = None
            if "meta" in tables:
                row = conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
                fmt = None if row is None else row[0]
    except sqlite3.Error as exc:
        raise DamagedFile(f"The backup {backup} cannot be read ({exc}); choose another one.", backup) from exc
    if fmt != ROSTER_FORMAT or "players" not in tables:
        raise NotATournamentFile(f"{backup} is not a backup of a player roster.", backup)


def restore_roster(backup: Path, target: Path) -> Path | None:
    """Put the roster ``backup`` in place of ``target``. Returns the copy kept of the replaced roster.

    Close Floorman first: the roster has no writer lock (several copies may use it at once)."""
    backup, target = Path(backup), Path(target)
    check_roster_backup(backup)
    if (target.exists() or target.is_symlink()) and not target.is_file():
        raise BackupError(_("{path} is not a plain file, so a backup cannot be restored over it.", path=target), target)
    kept = _keep_before_restore(target) if target.exists() else None
    part = target.with_name(target.name + ".restoring")
    try:
        sqlite_backup(backup, part)
        for side in SIDE_FILES:
            Path(f"{target}{side}").unlink(missing_ok=True)
        os.replace(part, target)
    except (OSError, sqlite3.Error) as exc:
        part.unlink(missing_ok=True)
        if is_disk_full(exc, target.parent):
            raise DiskFull("The disk is full: free some space and try again; the roster was not restored and is "
                           "as it was.", target) from exc
        raise BackupError(_("The backup could not be restored to {file}: {reason}.", file=target, reason=exc),
                          target) from exc
    return kept


def _keep_before_restore(target: Path) -> Path:
    """The roster a restore replaces: a checked copy when it can be read, else its very bytes (with its -wal)."""
    try:
        check_roster_backup(target)
        readable = True
    except StoreError:
        readable = False
    if readable:
        return backup_roster(target, "before-restore")
    folder = backup_folder(target)
    now = time.time()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"{int(now * 1000) % 1000:03d}"
    dest = folder / f"{_stem(target)}-{stamp}-before-restore-damaged{SUFFIX}"
    try:
        private_dir(folder)
        for side in ("", "-wal"):
            source = Path(f"{target}{side}")
            if source.is_file():
                part = Path(f"{dest}{side}.part")
                part.unlink(missing_ok=True)
                private_file(part, exclusive=True)  # owner-only before a byte of it is written
                shutil.copyfile(source, part)
                os.replace(part, Path(f"{dest}{side}"))
    except OSError as exc:
        raise _failed(exc, folder) from exc
    return dest
