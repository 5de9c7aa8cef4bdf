"""The store's hot path: one durable transaction per action, written through plain ``sqlite3``.

Every director action is one INSERT into ``actions`` (and, now and then, one snapshot row) committed
with ``synchronous=FULL`` before the action shows on screen. SQLAlchemy's Core costs about 0.1-0.2 ms
per statement on top of SQLite's own work (compiling the cached statement, building the result), as
much as the durable commit itself. So the hot path talks to the store's plain ``sqlite3`` connection
(opened by ``db/checks.py`` with the store's pragmas), constant SQL strings (the driver caches their
compiled statements) and the driver's own ``commit``. Only creating and upgrading a file go through
SQLAlchemy and Alembic (``db/schema.py``).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import suppress
from typing import Any

from app.history import Action
from db.fileformat import ACTION_COLUMNS

KEEP_SNAPSHOTS = 3

_INSERT_ACTION = (
    f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) VALUES ({', '.join(':' + c for c in ACTION_COLUMNS)})"
)
_INSERT_SNAPSHOT = "INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (?, ?, ?)"
_HAS_ACTION = "SELECT 1 FROM actions WHERE seq = ?"
_PRUNE_SNAPSHOTS = "DELETE FROM snapshots WHERE id NOT IN (SELECT id FROM snapshots ORDER BY id DESC LIMIT ?)"


def action_row(action: Action) -> dict[str, Any]:
    """The ``actions`` row of one action (named like the table's columns)."""
    return {
        "seq": action.seq,
        "kind": action.kind,
        "at": action.at,
        "label": action.label,
        "command": json.dumps(action.command, separators=(",", ":")),
        "events": json.dumps([e.to_dict() for e in action.events], separators=(",", ":")),
        "target": action.target,
        "automatic": action.automatic,
    }


class LogWriter:
    """Appends actions to the log of an open tournament file, one durable transaction each."""

    def __init__(self, db: sqlite3.Connection, fingerprint: str) -> None:
        self._db = db
        self._fingerprint = fingerprint

    def write(self, action: Action, snapshot: bytes | None = None) -> None:
        """Insert ``action`` (and ``snapshot``, the state right after it) and commit; all or nothing.

        Raises ``sqlite3.Error`` after rolling back if any step fails (the file is then as before).
        """
        db = self._db
        try:
            db.execute(_INSERT_ACTION, action_row(action))  # the driver opens the transaction here
            if snapshot is not None:
                db.execute(_INSERT_SNAPSHOT, (action.seq, self._fingerprint, snapshot))
                db.execute(_PRUNE_SNAPSHOTS, (KEEP_SNAPSHOTS,))
            db.commit()
        except BaseException:
            with suppress(sqlite3.Error):
                db.rollback()
            raise

    def has(self, seq: int) -> bool:
        """Is action ``seq`` committed in the file? (False if the file cannot even be read.)"""
        db = self._db
        try:
            if db.in_transaction:  # never count a row of a transaction that was not committed
                db.rollback()
            return db.execute(_HAS_ACTION, (seq,)).fetchone() is not None
        except sqlite3.Error:
            return False
