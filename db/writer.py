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

import sqlite3
from contextlib import suppress
from typing import Any

import msgspec

from app.core.events import to_wire
from app.log.history import Action
from db.fileformat import ACTION_COLUMNS, REVISIONS, SCHEMA_SQL

KEEP_SNAPSHOTS = 3

_INSERT_ACTION = f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) VALUES ({', '.join('?' for _ in ACTION_COLUMNS)})"
# The command and the events as compact JSON, read back with the standard ``json`` module: msgspec is
# about four times faster than json.dumps over the dicts; text stays UTF-8 rather than \u escapes.
_JSON = msgspec.json.Encoder()
_INSERT_SNAPSHOT = "INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (?, ?, ?)"
_HAS_ACTION = "SELECT 1 FROM actions WHERE seq = ?"
_PRUNE_SNAPSHOTS = "DELETE FROM snapshots WHERE id NOT IN (SELECT id FROM snapshots ORDER BY id DESC LIMIT ?)"


def action_values(action: Action) -> tuple[Any, ...]:
    """The ``actions`` row of one action, in the order of ``ACTION_COLUMNS``."""
    return (action.seq, action.kind, action.at, action.label, _JSON.encode(action.command).decode(),
            _JSON.encode([to_wire(e) for e in action.events]).decode(), action.target, action.automatic,
            action.station, action.operator)


def action_row(action: Action) -> dict[str, Any]:
    """The ``actions`` row of one action (named like the table's columns)."""
    return dict(zip(ACTION_COLUMNS, action_values(action)))


def build_file(db: sqlite3.Connection, facts: dict[str, str], first: Action) -> None:
    """Give the empty database ``db`` the schema, its ``meta`` facts and the first action; one transaction."""
    db.execute("BEGIN")
    try:
        for statement in SCHEMA_SQL:
            db.execute(statement)
        db.execute("INSERT INTO alembic_version (version_num) VALUES (?)", (REVISIONS[-1],))
        db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", list(facts.items()))
        db.execute(_INSERT_ACTION, action_values(first))
        db.commit()
    except BaseException:
        with suppress(sqlite3.Error):
            db.rollback()
        raise


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
            db.execute(_INSERT_ACTION, action_values(action))  # the driver opens the transaction here
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
