"""What a tournament file holds, in plain names: the format tag, the schema versions, the columns.

This module imports nothing but the standard library, so the open path (``db/checks.py``,
``db/loading.py``, ``db/writer.py``) can read and write a file through plain ``sqlite3`` without
importing SQLAlchemy. The typed models in ``db/models.py`` remain the definition of the schema (the
Alembic migrations are written against them); ``tests/db/test_raw_open.py`` checks that the column
lists below are exactly the models' columns, in the models' order, and exactly what a created or
upgraded file holds, so the two cannot drift apart.
"""

from __future__ import annotations

FORMAT = "floorman-tournament"
# Schema versions this build knows, oldest first; the last one is what it writes. Each is an Alembic
# revision under db/migrations/versions/ (tests check that the two lists agree).
REVISIONS: tuple[str, ...] = ("0001", "0002")
SCHEMA_VERSION = len(REVISIONS)

KIND_CREATE = "create"
KIND_DO = "do"
KIND_UNDO = "undo"
KIND_REDO = "redo"

# The columns of each table, in the order the models declare them.
META_COLUMNS: tuple[str, ...] = ("key", "value")
ACTION_COLUMNS: tuple[str, ...] = ("seq", "kind", "at", "label", "command", "events", "target", "automatic")
SNAPSHOT_COLUMNS: tuple[str, ...] = ("id", "action_seq", "fingerprint", "state")
TABLES: dict[str, tuple[str, ...]] = {
    "meta": META_COLUMNS,
    "actions": ACTION_COLUMNS,
    "snapshots": SNAPSHOT_COLUMNS,
}
