"""The tournament store: one SQLite file per tournament, every action durable, undoable, replayable.

API (what the director's window, printing and ``floorman simulate`` call)::

    store = TournamentStore.create(path, profile, "Friday", time=None, seed=0)  # new file; refuses to overwrite
    store = TournamentStore.open(path, read_only=False)   # checks, upgrades (after a backup), loads
    events = store.execute({"cmd": "bust", "player": "Ann Lee"})  # run + commit durably, then return
    store.undo_label()   # "Undo: bust-out of Ann Lee" (None when nothing to undo); redo_label() alike
    store.undo()         # "bust-out of Ann Lee": the label of the action undone; redo() alike
    store.tournament     # the engine object (app.engine.Tournament): .state, .view(), .log
    store.history()      # [HistoryItem(seq, at, label, kind, undone, automatic, station, operator)], oldest first
    TournamentStore.open(path, station=Station("floor", "Floor 2", "Ann"))  # a floor station: it enters
                         # only the floor's commands (RuleError ROLE_FORBIDDEN otherwise), recorded as its own
    store.notices        # messages to show: leftovers of an earlier file moved aside when creating
    store.tick()         # call about once a second: backs up at level changes, breaks, every 5 min
                         # (in the background; store.backup_errors lists any that failed)
    store.backup_now()   # -> Path of the new backup
    store.save_as(path)  # the whole tournament into a new file, which the store then writes to
    store.close()        # also: ``with TournamentStore.open(p) as store: ...``

Every failure raises a :class:`db.errors.StoreError` subclass whose message can be shown as is; a
refused command raises the engine's ``RuleError`` and changes nothing. ``execute``/``undo``/``redo``
write exactly one row to the ``actions`` table in one transaction (plus a state snapshot every
``snapshot_every`` actions) and return only after it is committed with ``synchronous=FULL``; if the
commit fails (disk full, file gone), the engine state is put back and nothing is half-recorded.

Before each action the store checks (one ``os.stat``) that its path still names the file it opened
(same device and inode). If the file was renamed, moved, replaced or deleted while open, nothing more
is written and :class:`db.errors.FileMoved` says so; :meth:`TournamentStore.save_as` then saves the
whole tournament to a new file (SQLite's online backup from the open connection), so nothing is lost.
When it first notices, it also checkpoints the WAL into the file through the open connection, which
still holds the renamed file: SQLite leaves the ``-wal`` under the old name and skips its checkpoint
on close once the file has moved, so without this the renamed file would lack every action since the
last checkpoint. The WAL is also checkpointed a few seconds after each burst of actions (``tick``) and
on close, so even a crash right after a rename, before the store could notice, loses at most the
actions of the last :data:`CHECKPOINT_EVERY` seconds from the renamed file.

``on_commit(seq)`` (optional) is called after each commit with the action's sequence number.

Opening an up-to-date file, and every action after that, goes through plain ``sqlite3``
(``db/checks.py``, ``db/loading.py``, ``db/writer.py``), and so does creating a file (the schema the
Alembic migrations build, ``db.fileformat.SCHEMA_SQL``). SQLAlchemy and Alembic (about 0.5 s to
import) are imported only to upgrade an older file.
"""

from __future__ import annotations

import math
import os
import sqlite3
import time as _time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import TracebackType
from typing import Any

import msgspec

from app.commands import Command, declaration
from app.commands.roles import DIRECTOR, known_role
from app.core.events import Event
from app.core.timesource import TimeSource
from app.engine import Tournament
from app.errors import RuleError
from app.i18n import _
from app.levels.timeline import current_level, in_break
from app.log.history import Action, History, HistoryItem
from app.log.snapshots import fingerprint
from app.profiles.profile import Profile
from db import backups, checks, loading, writer
from db.errors import DiskFull, FileAlreadyExists, FileMoved, NotWritable, ReadOnlyStore, StoreError
from db.fileformat import FORMAT, SCHEMA_VERSION
from db.lock import WriterLock, remove_stale_locks
from db.private import private_file
from db.store_api import FoldsHistory

BACKUP_EVERY_SECONDS = 300.0
BACKUP_SPACING = 30.0  # seconds of wall time: a level change this soon after a backup waits for the next
CHECK_CLOCK_EVERY = 1.0  # seconds of wall time between two looks at the clock from execute()
SNAPSHOT_EVERY = 2000
CHECKPOINT_EVERY = 2.0  # seconds of wall time: the WAL is folded into the file this soon after an action


def app_version() -> str:
    """The installed version, from the package metadata (the store does not import the CLI)."""
    try:
        return version("floorman")
    except PackageNotFoundError:
        return "0+unknown"


def state_fingerprint() -> str:
    return fingerprint(app_version())


class TournamentStore(FoldsHistory):
    """An open tournament file and its engine. Create with :meth:`create` or :meth:`open`."""

    def __init__(self, path: Path, opened: loading.OpenedFile, history: History, *, read_only: bool,
                 backup_dir: Path | None = None, on_commit: Callable[[int], None] | None = None,
                 station: Station | None = None) -> None:
        self.path = path
        self.read_only = read_only
        # Who enters the actions: the station's role (what it may enter), its name and its operator,
        # recorded with every action. The single laptop is the director's, with no name.
        self.station = station or Station()
        self.backup_dir = backup_dir or backups.backup_folder(path)
        self.on_commit = on_commit
        self._opened = opened
        # One plain sqlite3 connection for the store's life; each action is one transaction on it
        # (db/writer.py). SQLAlchemy is not imported to open an up-to-date file.
        self._db = opened.db
        self._history = history
        self._last_backup = self._last_check = _time.monotonic()
        self._clock_mark = self._clock_position()
        self._backup_due: str | None = None  # a level change or break not backed up yet (see tick)
        self._backups = backups.BackupWorker(path, self.backup_dir)
        self._writer = writer.LogWriter(self._db, state_fingerprint())
        # Which file the store holds: its (device, inode) when opened, looked up by absolute path
        # before every action (a relative path would follow the working folder).
        self._abs_path = Path(os.path.abspath(path))
        self._identity = opened.lock.identity if opened.lock is not None else None
        self._moved: str | None = None
        self._checkpointed_seq = -1  # the WAL has been folded into the file up to here (-1: not yet)
        self._checkpointed_at = _time.monotonic()
        # Things the director should read (stale -wal files moved aside when the file was created).
        self.notices: list[str] = []

    # -- opening ------------------------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, profile: Profile, name: str, time: TimeSource | None = None, seed: int = 0,
               *, backup_dir: Path | None = None, snapshot_every: int = SNAPSHOT_EVERY,
               on_commit: Callable[[int], None] | None = None, station: Station | None = None) -> TournamentStore:
        path = Path(path)
        storable_text(name, "The tournament's name")
        station = checked_station(station)
        if path.exists():
            raise FileAlreadyExists(_("{path} already exists; Floorman will not overwrite it. Choose another name.",
                                      path=path))
        if not path.parent.is_dir():
            raise NotWritable(_("The folder {folder} does not exist.", folder=path.parent), path)
        if not checks.can_write(path.parent):
            raise NotWritable(_("Floorman cannot write in the folder {folder}. Choose another folder.",
                                folder=path.parent), path)
        lock = WriterLock(path)
        lock.acquire()
        try:
            notices = checks.move_aside_leftovers(path)
            backups.sweep_folder(path.parent)  # what a killed Save as…, create or restore left in the folder
            remove_stale_locks()  # and the lock files killed copies of Floorman left in the temporary folder
        except OSError as exc:
            lock.release()
            raise NotWritable(_("Floorman could not move aside the files left beside {path}: {reason}.", path=path,
                                reason=exc.strerror or exc), path) from exc
        tournament = Tournament.create(profile, name=name, time=time, seed=seed)
        history = History(tournament, snapshot_every=snapshot_every)
        first = history.actions[0]
        # Built complete under a temporary name, then moved into place: a crash while creating never
        # leaves a half-made tournament file behind. The schema is the Alembic migrations' own
        # (db.fileformat.SCHEMA_SQL, checked by the tests), written through plain sqlite3.
        temp = path.with_name(path.name + ".creating")
        facts = {"format": FORMAT, "schema": str(SCHEMA_VERSION), "app_version": app_version(),
                 "name": name, "created_at": repr(first.at)}
        try:
            _remove_database(temp)
            private_file(temp, exclusive=True)  # owner-only from the start; SQLite's -wal and -shm follow
            build = checks.connect(temp)
            try:
                writer.build_file(build, facts, first)
            finally:
                build.close()
            _publish(temp, path)
            lock.lock_file()
            db = checks.connect(path)
        except BaseException as exc:
            said = _drop_half_made(exc, lock, temp, path, "create")
            if said is None:
                raise
            raise said from exc
        store = cls(path, loading.OpenedFile(db, lock), history, read_only=False, backup_dir=backup_dir,
                    on_commit=on_commit, station=station)
        store.notices += notices
        return store

    @classmethod
    def open(cls, path: Path | str, read_only: bool = False, *, time: TimeSource | None = None,
             backup_dir: Path | None = None, snapshot_every: int = SNAPSHOT_EVERY,
             on_commit: Callable[[int], None] | None = None, station: Station | None = None) -> TournamentStore:
        path = Path(path)
        station = checked_station(station)
        try:
            opened = loading.open_file(path, read_only=read_only,
                                       backup_dir=backup_dir or backups.backup_folder(path))
        except OSError as exc:  # the lock, a copy, an upgrade's backup: a full disk is said as such
            if checks.is_disk_full(exc, path.parent):
                raise DiskFull(checks.disk_full_text(path), path) from exc
            raise
        try:
            history = loading.load_history(opened.db, path, time, snapshot_every, state_fingerprint())
        except BaseException:
            opened.close()
            raise
        return cls(path, opened, history, read_only=read_only, backup_dir=backup_dir, on_commit=on_commit,
                   station=station)

    # -- the engine and its history -----------------------------------------------------------
    def history(self) -> list[HistoryItem]:
        return self._history.items()

    def undo_label(self) -> str | None:
        return None if self.read_only else self._history.undo_label()

    def redo_label(self) -> str | None:
        return None if self.read_only else self._history.redo_label()

    def undo_station(self) -> tuple[str, str] | None:
        """The station and operator of the action Undo would undo (``("", "")`` for one entered on a
        single laptop; None when there is nothing to undo): the window asks before undoing another
        station's action."""
        target = None if self.read_only else self._history.undo_target()
        return (target.station, target.operator) if target is not None else None

    def redo_station(self) -> tuple[str, str] | None:
        """The station and operator of the action Redo would put back (see :meth:`undo_station`)."""
        target = None if self.read_only else self._history.redo_target()
        return (target.station, target.operator) if target is not None else None

    # -- changing the tournament --------------------------------------------------------------
    def execute(self, command: Command | dict[str, Any], *, automatic: bool = False,
                label: str | None = None) -> list[Event]:
        """Run one engine command and commit it. RuleError or StoreError: nothing changed."""
        self._writable()
        self._check_file()
        storable_text(command if isinstance(command, dict) else command.to_dict(), "The command")
        command = declaration(command)
        if label is not None:
            storable_text(label, "The label")
        me = self.station
        self._history.permit(command, me.role)  # a station's role: refused before anything, even what is due
        # what time made due (ELIM-6): an automatic action of its own, recorded as this station's
        due = self._history.run_due(command, station=me.name, operator=me.operator)
        if due is not None:
            self._commit(due)
        action = self._history.run(command, automatic=automatic, label=label, nothing_due=due is None,
                                   role=me.role, station=me.name, operator=me.operator)
        self._commit(action)
        if _time.monotonic() - self._last_check >= CHECK_CLOCK_EVERY:
            self.tick()  # between the window's own ticks, at most once a second
        return action.events

    def undo(self) -> str:
        self._writable()
        self._check_file()
        me = self.station
        action = self._history.undo(role=me.role, station=me.name, operator=me.operator)
        self._commit(action)
        return self._history.target_label(action)

    def redo(self) -> str:
        self._writable()
        self._check_file()
        me = self.station
        action = self._history.redo(role=me.role, station=me.name, operator=me.operator)
        self._commit(action)
        return self._history.target_label(action)

    def _writable(self) -> None:
        if self.read_only:
            raise ReadOnlyStore(_("{file} is open read-only; nothing can be changed.", file=self.path.name), self.path)

    def file_moved(self) -> str | None:
        """Why the store stopped writing (its file was renamed, moved or deleted), else None. One os.stat."""
        if self._moved is None and self._identity is not None:
            try:
                info = os.stat(self._abs_path)
                same = (info.st_dev, info.st_ino) == self._identity
            except OSError:
                same = False
            if not same:
                # The connection still holds the file it opened, wherever it now is: fold the WAL into
                # it there, so the moved file holds every action (SQLite will not do it on close).
                self.checkpoint()
                self._moved = _(
                    "{file} was renamed, moved or deleted while it was open, so Floorman has stopped saving to it; "
                    "choose Save as… to keep the whole tournament in a new file.", file=self.path.name)
        return self._moved

    def checkpoint(self, mode: str = "PASSIVE") -> bool:
        """Fold the WAL into the file (``PRAGMA wal_checkpoint``) through the open connection.

        ``PASSIVE`` never waits; ``TRUNCATE`` (on close) waits for readers, at most the busy timeout.
        Returns False when a reader (a read-only copy of Floorman, the phone server) kept it from going all
        the way; the rest is folded in at the next one. Never raises: the actions are safe in the WAL.
        """
        if self.read_only:
            return True
        try:
            busy, frames, copied = self._db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error:
            return False
        complete = not busy and frames == copied
        if complete:
            self._checkpointed_seq = self.last_seq
        self._checkpointed_at = _time.monotonic()
        return complete

    @property
    def checkpointed(self) -> bool:
        """Does the file itself (not only its WAL) hold every action so far?"""
        return self.read_only or self._checkpointed_seq == self.last_seq

    def _check_file(self) -> None:
        moved = self.file_moved()
        if moved is not None:
            raise FileMoved(moved, self.path)

    def save_as(self, new_path: Path | str) -> Path:
        """Save the whole tournament (every action, undo and redo) to a new file and carry on there.

        Copied with SQLite's online backup API from the open connection, so it works even when the
        file on disk was renamed or deleted. The new file is written under a temporary name and moved
        into place, never over an existing file. A writable store then writes to the new file (its
        lock, its backups); a read-only one only writes the copy.
        """
        new = Path(new_path)
        if new.exists() or new.is_symlink():
            raise FileAlreadyExists(_("{path} already exists; Floorman will not overwrite it. Choose another name.",
                                      path=new), new)
        if not new.parent.is_dir() or not checks.can_write(new.parent):
            raise NotWritable(_("Floorman cannot write in the folder {folder}. Choose another folder.",
                                folder=new.parent), new)
        lock = WriterLock(new)
        lock.acquire()
        temp = new.with_name(new.name + ".saving")
        try:
            _remove_database(temp)
            checks.sqlite_backup(self._db, temp)
            _publish(temp, new)
            if self.read_only:
                lock.release()
                return new
            lock.lock_file()
            db = checks.connect(new)
        except BaseException as exc:
            said = _drop_half_made(exc, lock, temp, new, "save")
            if said is None:
                raise
            raise said from exc
        self._backups.stop()
        old, self._opened = self._opened, loading.OpenedFile(db, lock)
        old.close()
        self.path, self._abs_path = new, Path(os.path.abspath(new))
        self._identity, self._moved = lock.identity, None
        self._checkpointed_seq, self._checkpointed_at = self.last_seq, _time.monotonic()
        self.backup_dir = backups.backup_folder(new)
        errors, self._backups = self._backups.errors, backups.BackupWorker(new, self.backup_dir)
        self._backups.errors.extend(errors)
        self._db = db
        self._writer = writer.LogWriter(db, state_fingerprint())
        return new

    def _commit(self, action: Action) -> None:
        """Write ``action`` durably; if anything at all fails, the engine ends where the file is.

        The writer rolls its transaction back on any failure, so the file has the action only if the
        commit itself went through (an interruption right after it, say). The engine keeps the action
        exactly when the file has it.
        """
        try:
            self._writer.write(action, self._history.due_snapshot())
        except BaseException as exc:
            if self._writer.has(action.seq):
                if not isinstance(exc, Exception):
                    raise  # an interruption after the commit: the action stands, in the file and the engine
            else:
                self._history.discard(action)
                if isinstance(exc, sqlite3.Error):
                    raise checks.translate_error(exc, self.path, recording=True) from exc
                if isinstance(exc, Exception) and not isinstance(exc, StoreError):
                    raise StoreError(_("Floorman could not record this action in {path} ({reason}). Nothing was "
                                       "changed; the tournament is as it was before it.", path=self.path, reason=exc),
                                     self.path) from exc
                raise
        if self.on_commit is not None:
            self.on_commit(action.seq)

    # -- backups ------------------------------------------------------------------------------
    def _clock_position(self) -> tuple[int, bool]:
        state = self.tournament.state
        now = self.tournament.time.now()
        return current_level(state, now), in_break(state, now)

    def tick(self) -> str | None:
        """Start a backup if the level or break changed since last asked, or 5 minutes passed.

        A level change or break less than :data:`BACKUP_SPACING` seconds (wall time) after the previous
        backup waits until that much time has passed (or the store closes): a fast clock, or a director
        skipping through levels, never queues one full copy of the file per level.
        Returns the reason ("level-5", "break", "timer") of the backup started, written in the background.
        """
        if self.read_only:
            return None
        clock = self._last_check = _time.monotonic()
        if self.last_seq != self._checkpointed_seq and clock - self._checkpointed_at >= CHECKPOINT_EVERY:
            self.checkpoint()  # a rename followed by a crash then loses at most these few seconds
        if self.file_moved() is not None:
            return None  # a moved file is not backed up: its path may name another file now
        now = self._clock_position()
        if now != self._clock_mark:
            self._backup_due = "break" if now[1] else f"level-{now[0]}"
        elif self._backup_due is None and clock - self._last_backup >= BACKUP_EVERY_SECONDS:
            self._backup_due = "timer"
        self._clock_mark = now
        reason = self._backup_due
        if reason is None or clock - self._last_backup < BACKUP_SPACING:
            return None
        self._backup_due = None
        self._last_backup = clock
        self._backups.submit(self.last_seq, reason)
        return reason

    def backup_now(self, reason: str = "manual") -> Path:
        """Write a backup now and return its path (waits for it, unlike the automatic ones)."""
        self._backups.wait()
        self._last_backup, self._backup_due = _time.monotonic(), None
        return backups.make_backup(self.path, self.backup_dir, seq=self.last_seq, reason=reason)

    def wait_for_backups(self) -> None:
        self._backups.wait()

    @property
    def backup_errors(self) -> list[str]:
        """Messages of automatic backups that failed (the tournament goes on; show them)."""
        return self._backups.errors

    # -- closing ------------------------------------------------------------------------------
    def close(self) -> None:
        due, self._backup_due = self._backup_due, None
        if due is not None and not self.read_only and self.file_moved() is None:
            self._backups.submit(self.last_seq, due)  # the level change or break it still owes
        self._backups.stop()
        if not self.read_only:
            self.file_moved()  # a file moved since the last action is checkpointed where it now is
            self.checkpoint("TRUNCATE")  # the WAL folded in: the file alone holds the tournament, whatever its name
        self._opened.close()
        if self._moved is not None:
            _drop_empty_wal(self._abs_path)

    def __enter__(self) -> TournamentStore:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


_JSON = msgspec.json.Encoder()


@dataclass(frozen=True)
class Station:
    """The station a store writes for: its ``role`` (director, desk, floor or screen: what it may
    enter, app.commands.roles), its ``name`` ("Desk 1", "Floor 2") and its ``operator`` (who is at it),
    both recorded with every action it enters. The default is the single laptop: the director's."""

    role: str = DIRECTOR
    name: str = ""
    operator: str = ""


STATION_TEXT_MAX = 64  # characters of a station's or operator's name


def checked_station(station: Station | None) -> Station:
    """``station`` (the director's when None) if its role is known and its names can be stored."""
    station = station or Station()
    known_role(station.role)
    for text, what in ((station.name, "The station's name"), (station.operator, "The operator's name")):
        storable_text(text, what)
        if len(text) > STATION_TEXT_MAX:
            raise RuleError("INVALID_INPUT", f"{what} is longer than {STATION_TEXT_MAX} characters.")
    return station


def storable_text(value: Any, what: str) -> None:
    """Refuse what cannot be stored: text not encodable as UTF-8 (such as a lone surrogate ``"\\udcff"``),
    numbers that are not finite (JSON has no NaN or infinity), values JSON cannot hold.

    Raises the engine's ``RuleError`` (``INVALID_INPUT``) before anything runs, so nothing changes.
    One encoding pass in C does the check; only a value holding ``null`` is looked at number by number.
    """
    try:
        encoded = _JSON.encode(value)
    except UnicodeEncodeError:
        raise RuleError("INVALID_INPUT", f"{what} holds characters that cannot be saved ({_shown(value)}): "
                        "retype the text.") from None
    except (TypeError, msgspec.EncodeError) as exc:
        raise RuleError("INVALID_INPUT", f"{what} holds a value that cannot be saved ({exc}).") from None
    if b"null" in encoded:  # NaN and infinity encode as null
        _finite(value, what)


def _shown(value: Any) -> str:
    return repr(value).encode("utf-8", "backslashreplace").decode("utf-8")


def _finite(value: Any, what: str) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise RuleError("INVALID_INPUT", f"{what} holds a number that cannot be saved ({value}).")
    if isinstance(value, dict):
        for v in value.values():
            _finite(v, what)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _finite(v, what)


def _drop_half_made(exc: BaseException, lock: WriterLock, temp: Path, path: Path, doing: str) -> StoreError | None:
    """A file being written under ``temp`` failed: release the lock, remove it, and say why in words
    (None for an error that is not the disk's or SQLite's, a bug: the caller raises it as it is)."""
    lock.release()
    _remove_database(temp)
    if isinstance(exc, (OSError, sqlite3.Error)) and checks.is_disk_full(exc, path.parent):
        if doing == "create":
            said = _("The disk is full: free some space and try again; {file} was not created.", file=path.name)
        else:
            said = _("The disk is full: free some space and try again; {file} was not saved there; the tournament is "
                     "safe as it was.", file=path.name)
        return DiskFull(said, path)
    if isinstance(exc, sqlite3.Error):
        return checks.translate_error(exc, path)
    if isinstance(exc, OSError):
        reason = exc.strerror or exc
        if doing == "create":
            return NotWritable(_("Floorman could not create {path}: {reason}.", path=path, reason=reason), path)
        return NotWritable(_("Floorman could not save {path}: {reason}.", path=path, reason=reason), path)
    return None


def _drop_empty_wal(old: Path) -> None:
    """After a moved file was checkpointed and closed: remove the empty ``-wal`` and the ``-shm`` SQLite left
    under its old name, unless a file of that name is there again (they may be its own)."""
    if os.path.lexists(old):
        return
    wal, shm = Path(f"{old}-wal"), Path(f"{old}-shm")
    try:
        if wal.is_file() and not wal.is_symlink() and wal.stat().st_size == 0:
            wal.unlink()
        if not os.path.lexists(wal) and shm.is_file() and not shm.is_symlink():
            shm.unlink()
    except OSError:
        pass  # they hold nothing: left there, they are never used


def _remove_database(path: Path) -> None:
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        leftover.unlink(missing_ok=True)


def _publish(temp: Path, path: Path) -> None:
    """Move the finished new file into place, never over an existing file."""
    try:
        os.link(temp, path)  # fails if path exists
    except FileExistsError:
        raise FileAlreadyExists(f"{path} already exists; Floorman will not overwrite it.", path) from None
    except OSError:  # a file system without hard links (FAT, some network drives)
        if path.exists():
            raise FileAlreadyExists(f"{path} already exists; Floorman will not overwrite it.", path) from None
        os.replace(temp, path)
        return
    temp.unlink()
