"""Opening a tournament file: the checks, the writer lock, the upgrade, and loading the log.

An up-to-date file is opened, checked and loaded through plain ``sqlite3`` (``db/checks.py``);
SQLAlchemy and Alembic are imported only when the file's schema is older than the app's and must be
upgraded (``db/schema.py``), after a backup.

Loading reads every action (one query, the JSON parsed in one call per column), picks the newest
snapshot that still describes the state (same state layout and app version, and no later undo
reaching back before it), and replays only the events after it. With no usable snapshot the whole
log is replayed: slower, never wrong.
"""

from __future__ import annotations

import gc
import json
import os
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from app.core.registry import APPLIERS
from app.core.state import TournamentState
from app.core.timesource import TimeSource
from app.errors import RuleError
from app.i18n import _
from app.log.history import Action, History, replay_history
from app.log.snapshots import load_state, state_limit
from db import backups, checks
from db.errors import DamagedFile, ReadOnlyPlace
from db.fileformat import ACTION_COLUMNS, SNAPSHOT_COLUMNS
from db.lock import WriterLock, remove_stale_locks

_SELECT_ACTIONS = f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions ORDER BY seq"
_SELECT_SNAPSHOTS = "SELECT id, action_seq, fingerprint FROM snapshots ORDER BY id DESC"
_SELECT_SNAPSHOT_STATE = "SELECT state FROM snapshots WHERE id = ?"
_SELECT_ALL_SNAPSHOTS = f"SELECT {', '.join(SNAPSHOT_COLUMNS)} FROM snapshots ORDER BY id"


@dataclass
class OpenedFile:
    db: sqlite3.Connection
    lock: WriterLock | None
    temp_dir: Path | None = None

    def close(self) -> None:
        self.db.close()
        if self.lock is not None:
            self.lock.release()
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)


def open_file(path: Path, *, read_only: bool, backup_dir: Path) -> OpenedFile:
    """Check ``path``, take the writer lock, upgrade an older file (after a backup)."""
    checks.check_header(path)
    lock: WriterLock | None = None
    if not read_only:
        if not checks.can_write(path.parent) or not os.access(path, os.W_OK):
            raise ReadOnlyPlace(
                f"Floorman cannot write to {path} (the file or its folder is read-only). Open it read-only, "
                "or copy it to a folder you can write to.",
                path,
            )
        lock = WriterLock(path)
        lock.acquire()
    temp_dir: Path | None = None
    db: sqlite3.Connection | None = None
    try:
        if lock is not None:  # what killed copies of Floorman left: half-written files, lock files
            backups.remove_half_written(path, backup_dir)
            backups.sweep_folder(path.parent)
            remove_stale_locks()
        source = path
        if read_only and not checks.can_write(path.parent):
            # SQLite cannot read a WAL file in a folder it may not write (it needs a -shm beside it):
            # a private copy is read instead. Nobody can be writing there, so the copy is the file.
            temp_dir = Path(tempfile.mkdtemp(prefix="floorman-"))
            source = checks.copy_for_reading(path, temp_dir)
        # Identity and integrity are checked through a read-only connection first: switching a file to
        # WAL rewrites its header, which must never happen to another application's database.
        db = checks.connect(source, read_only=True)
        info = checks.inspect(db, path)
        if checks.needs_upgrade(info):
            db.close()
            db = None
            from db import schema  # SQLAlchemy and Alembic: only for an older file

            if read_only:  # an older file opened read-only: upgrade a copy, never the file
                temp_dir = temp_dir or Path(tempfile.mkdtemp(prefix="floorman-"))
                target = temp_dir / ("upgraded-" + path.name)
                checks.sqlite_backup(source, target)
            else:
                target = path
                seq = backups._last_seq(path)
                backups.make_backup(path, backup_dir, seq=seq, reason=f"before-upgrade-schema{info.schema}")
            schema.upgrade(target, path)
            db = checks.connect(target)
        elif not read_only:
            db.close()
            db = None
            db = checks.connect(path)
    except BaseException as exc:
        if db is not None:
            db.close()
        if lock is not None:
            lock.release()
        if temp_dir is not None:
            shutil.rmtree(temp_dir, ignore_errors=True)
        if isinstance(exc, sqlite3.Error):
            raise checks.translate_error(exc, path) from exc
        raise
    return OpenedFile(db, lock, temp_dir)


def read_actions(db: sqlite3.Connection, path: Path) -> list[Action]:
    rows = db.execute(_SELECT_ACTIONS).fetchall()  # plain tuples: the fastest way through 30,000 rows
    try:
        commands = json.loads("[" + ",".join(r[4] for r in rows) + "]")
    except (json.JSONDecodeError, TypeError, RecursionError) as exc:
        raise DamagedFile(checks.damaged_text(path, _("its log cannot be read ({reason})", reason=exc)), path) from exc
    # Events stay JSON text until needed: after a snapshot, only the tail is ever parsed.
    actions = [Action(seq, kind, at, label, c, None, target, bool(auto), raw_events=events, station=station,
                      operator=operator)
               for (seq, kind, at, label, _json, events, target, auto, station, operator), c in zip(rows, commands)]
    if not actions or actions[0].kind != "create" or any(a.seq != i for i, a in enumerate(actions, 1)):
        raise DamagedFile(_("The tournament file {path} is damaged: its log has gaps or no start.", path=path), path)
    return actions


def check_log(db: sqlite3.Connection, path: Path) -> int:
    """Read the whole log and replay it from the start, as opening the file would with no snapshot;
    return its number of actions. ``DamagedFile`` names what does not read or replay (an unknown or
    damaged event, a gap), so a file that would not open is never restored.

    The events of every action are decoded and must be of a known type, those of undone actions too.
    """
    try:
        actions = read_actions(db, path)
    except sqlite3.Error as exc:
        raise checks.translate_error(exc, path) from exc
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        replay_history(actions)
        for action in actions:  # the events of undone actions too: a redo would apply them
            unknown = [e.type for e in action.events if e.type not in APPLIERS]
            if unknown:
                raise ValueError(f"action {action.seq} holds an event this version does not know: {unknown[0]!r}")
    except (KeyError, ValueError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        raise DamagedFile(checks.damaged_text(path, _("its log cannot be replayed ({reason})", reason=exc)),
                          path) from exc
    except RuleError as exc:
        raise DamagedFile(checks.damaged_text(path, _("it holds a change this version refuses: {reason}",
                                                      reason=exc.message)),
                          path) from exc
    finally:
        if was_enabled:
            gc.enable()
    return len(actions)


def load_history(db: sqlite3.Connection, path: Path, time: TimeSource | None, snapshot_every: int, fp: str) -> History:
    # Loading creates hundreds of thousands of objects and no cycles to collect: pausing the cycle
    # collector meanwhile halves the time.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _load_history(db, path, time, snapshot_every, fp)
    finally:
        if was_enabled:
            gc.enable()


def _load_history(db: sqlite3.Connection, path: Path, time: TimeSource | None, snapshot_every: int,
                  fp: str) -> History:
    try:
        actions = read_actions(db, path)
        snaps = db.execute(_SELECT_SNAPSHOTS).fetchall()
    except sqlite3.Error as exc:
        raise checks.translate_error(exc, path) from exc
    chosen: dict[str, tuple[int, bytes]] = {}

    def choose(history: History) -> tuple[int, TournamentState] | None:
        for snap_id, action_seq, snap_fp in snaps:
            usable = snap_fp == fp and action_seq <= actions[-1].seq
            if not usable or not history.state_valid_at(action_seq):
                continue
            blob = db.execute(_SELECT_SNAPSHOT_STATE, (snap_id,)).fetchone()[0]
            try:
                state = load_state(blob, state_limit(action_seq))
            except Exception:  # an unreadable snapshot is skipped: the log is the truth
                continue
            chosen["blob"] = (action_seq, blob)
            return action_seq, state
        return None

    try:
        history = replay_history(actions, choose_snapshot=choose, time=time, snapshot_every=snapshot_every)
    except (KeyError, ValueError, TypeError, AttributeError, IndexError, RecursionError) as exc:
        raise DamagedFile(checks.damaged_text(path, _("its log cannot be replayed ({reason})", reason=exc)),
                          path) from exc
    except RuleError as exc:  # e.g. a payout table this version refuses (written before it was checked)
        raise DamagedFile(checks.damaged_text(path, _("it holds a change this version refuses: {reason}",
                                                      reason=exc.message)),
                          path) from exc
    except sqlite3.Error as exc:  # reading a snapshot
        raise checks.translate_error(exc, path) from exc
    if "blob" in chosen:
        seq, blob = chosen["blob"]
        history.remember(blob, last_do_at_or_before(history, seq))
    return history


def last_do_at_or_before(history: History, seq: int) -> int:
    """The last create or do action at or before action ``seq``: the one a snapshot taken after ``seq`` follows."""
    best = history.actions[0].seq
    for a in history.actions:
        if a.seq > seq:
            break
        if a.kind in ("create", "do"):
            best = a.seq
    return best


def snapshot_rows(db: sqlite3.Connection) -> list[tuple[int, int, str, bytes]]:
    """Every snapshot kept in the file: ``(id, action_seq, fingerprint, state)``, oldest first."""
    return [(int(i), int(seq), str(f), bytes(b)) for i, seq, f, b in db.execute(_SELECT_ALL_SNAPSHOTS)]
