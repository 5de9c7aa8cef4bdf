"""Opening a tournament file: the checks, the writer lock, the upgrade, and loading the log.

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
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from app.history import Action, History, replay_history
from app.snapshots import load_state
from app.state import TournamentState
from app.timesource import TimeSource
from db import backups, schema
from db.errors import DamagedFile, NotWritable, StoreError
from db.lock import WriterLock
from db.models import ActionRow, SnapshotRow


@dataclass
class OpenedFile:
    engine: Engine
    lock: WriterLock | None
    temp_dir: Path | None = None

    def close(self) -> None:
        self.engine.dispose()
        if self.lock is not None:
            self.lock.release()
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)


def open_file(path: Path, *, read_only: bool, backup_dir: Path) -> OpenedFile:
    """Check ``path``, take the writer lock, upgrade an older file (after a backup)."""
    schema.check_header(path)
    lock: WriterLock | None = None
    if not read_only:
        if not schema.can_write(path.parent) or not os.access(path, os.W_OK):
            raise NotWritable(
                f"Floorman cannot write to {path} (the file or its folder is read-only). Open it read-only, "
                "or copy it to a folder you can write to.",
                path,
            )
        lock = WriterLock(path)
        lock.acquire()
    # Identity and integrity are checked through a read-only connection first: switching a file to WAL
    # rewrites its header, which must never happen to another application's database.
    opened = OpenedFile(schema.make_engine(path, read_only=True), lock)
    try:
        with opened.engine.connect() as conn:
            info = schema.inspect_file(conn, path)
        if not read_only:
            opened.engine.dispose()
            opened.engine = schema.make_engine(path)
        if schema.needs_upgrade(info):
            if read_only:
                opened.engine.dispose()
                opened.temp_dir = Path(tempfile.mkdtemp(prefix="floorman-"))
                copy = opened.temp_dir / path.name
                schema.sqlite_backup(path, copy)
                opened.engine = schema.make_engine(copy)
            else:
                seq = backups._last_seq(path)
                backups.make_backup(path, backup_dir, seq=seq, reason=f"before-upgrade-schema{info.schema}")
            with opened.engine.begin() as conn:
                schema.migrate(conn)
    except StoreError:
        opened.close()
        raise
    except SQLAlchemyError as exc:
        opened.close()
        raise schema.translate_error(exc, path) from exc
    except BaseException:
        opened.close()
        raise
    return opened


def read_actions(engine: Engine, path: Path) -> list[Action]:
    cols = (ActionRow.seq, ActionRow.kind, ActionRow.at, ActionRow.label, ActionRow.command, ActionRow.events,
            ActionRow.target, ActionRow.automatic)
    with engine.connect() as conn:  # plain tuples: the fastest way through 30,000 rows
        rows = conn.execute(select(*cols).order_by(ActionRow.seq)).all()
    try:
        commands = json.loads("[" + ",".join(r[4] for r in rows) + "]")
    except (json.JSONDecodeError, TypeError) as exc:
        raise DamagedFile(f"The tournament file {path} is damaged: its log cannot be read ({exc}).", path) from exc
    # Events stay JSON text until needed: after a snapshot, only the tail is ever parsed.
    actions = [Action(seq, kind, at, label, c, None, target, bool(auto), raw_events=events)
               for (seq, kind, at, label, _, events, target, auto), c in zip(rows, commands)]
    if not actions or actions[0].kind != "create" or any(a.seq != i for i, a in enumerate(actions, 1)):
        raise DamagedFile(f"The tournament file {path} is damaged: its log has gaps or no start.", path)
    return actions


def load_history(engine: Engine, path: Path, time: TimeSource | None, snapshot_every: int, fp: str) -> History:
    # Loading creates hundreds of thousands of objects and no cycles to collect: pausing the cycle
    # collector meanwhile halves the time.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _load_history(engine, path, time, snapshot_every, fp)
    finally:
        if was_enabled:
            gc.enable()


def _load_history(engine: Engine, path: Path, time: TimeSource | None, snapshot_every: int, fp: str) -> History:
    actions = read_actions(engine, path)
    with Session(engine) as session:
        snaps = session.execute(
            select(SnapshotRow.id, SnapshotRow.action_seq, SnapshotRow.fingerprint).order_by(SnapshotRow.id.desc())
        ).all()
    chosen: dict[str, tuple[int, bytes]] = {}

    def choose(history: History) -> tuple[int, TournamentState] | None:
        for snap in snaps:
            usable = snap.fingerprint == fp and snap.action_seq <= actions[-1].seq
            if not usable or not history.state_valid_at(snap.action_seq):
                continue
            with Session(engine) as session:
                blob = session.execute(select(SnapshotRow.state).where(SnapshotRow.id == snap.id)).scalar_one()
            try:
                state = load_state(blob)
            except Exception:  # an unreadable snapshot is skipped: the log is the truth
                continue
            chosen["blob"] = (snap.action_seq, blob)
            return snap.action_seq, state
        return None

    try:
        history = replay_history(actions, choose_snapshot=choose, time=time, snapshot_every=snapshot_every)
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as exc:
        raise DamagedFile(f"The tournament file {path} is damaged: its log cannot be replayed ({exc}).", path) from exc
    if "blob" in chosen:
        seq, blob = chosen["blob"]
        history.remember(blob, _last_do_at_or_before(history, seq))
    return history


def _last_do_at_or_before(history: History, seq: int) -> int:
    best = history.actions[0].seq
    for a in history.actions:
        if a.seq > seq:
            break
        if a.kind in ("create", "do"):
            best = a.seq
    return best
