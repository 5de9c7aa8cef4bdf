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
REVISIONS: tuple[str, ...] = ("0001", "0002", "0003")
SCHEMA_VERSION = len(REVISIONS)

KIND_CREATE = "create"
KIND_DO = "do"
KIND_UNDO = "undo"
KIND_REDO = "redo"

# The columns of each table, in the order the models declare them.
META_COLUMNS: tuple[str, ...] = ("key", "value")
ACTION_COLUMNS: tuple[str, ...] = ("seq", "kind", "at", "label", "command", "events", "target", "automatic",
                                   "station", "operator")
SNAPSHOT_COLUMNS: tuple[str, ...] = ("id", "action_seq", "fingerprint", "state")
# The schema of a new file, statement by statement, exactly as the Alembic migrations up to the last
# revision leave it (the text SQLite keeps in ``sqlite_master``). A new file is built from these with
# plain sqlite3, so creating a tournament imports neither SQLAlchemy nor Alembic;
# ``tests/db/test_raw_open.py`` checks that a created file and an empty file upgraded by Alembic have
# the very same ``sqlite_master``.
SCHEMA_SQL: tuple[str, ...] = (
    "CREATE TABLE alembic_version (\n\tversion_num VARCHAR(32) NOT NULL, \n\t"
    "CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)\n)",
    'CREATE TABLE meta (\n\t"key" VARCHAR(64) NOT NULL, \n\tvalue TEXT NOT NULL, \n\tPRIMARY KEY ("key")\n)',
    "CREATE TABLE actions (\n\tseq INTEGER NOT NULL, \n\tkind VARCHAR(16) NOT NULL, \n\tat FLOAT NOT NULL, "
    "\n\tlabel TEXT NOT NULL, \n\tcommand TEXT NOT NULL, \n\tevents TEXT NOT NULL, \n\ttarget INTEGER, "
    "automatic BOOLEAN DEFAULT '0' NOT NULL, station VARCHAR(64) DEFAULT '' NOT NULL, "
    "operator VARCHAR(64) DEFAULT '' NOT NULL, \n\tPRIMARY KEY (seq), \n\t"
    "FOREIGN KEY(target) REFERENCES actions (seq)\n)",
    "CREATE TABLE snapshots (\n\tid INTEGER NOT NULL, \n\taction_seq INTEGER NOT NULL, \n\tstate BLOB NOT NULL, "
    "fingerprint VARCHAR(64) DEFAULT '' NOT NULL, \n\tPRIMARY KEY (id), \n\t"
    "FOREIGN KEY(action_seq) REFERENCES actions (seq)\n)",
    "CREATE INDEX ix_snapshots_action_seq ON snapshots (action_seq)",
)

TABLES: dict[str, tuple[str, ...]] = {
    "meta": META_COLUMNS,
    "actions": ACTION_COLUMNS,
    "snapshots": SNAPSHOT_COLUMNS,
}
