"""The open path through plain sqlite3: same tables as the models, no SQLAlchemy unless a file must change.

The typed models (db/models.py) define the schema and the Alembic migrations are made from them; the
open path and the writer read and write the column names of db/fileformat.py. These tests tie the
two together, and check in fresh processes which opens import SQLAlchemy and Alembic.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import loading, writer
from db.checks import connect
from db.fileformat import ACTION_COLUMNS, SNAPSHOT_COLUMNS, TABLES
from db.models import Base
from db.store import TournamentStore

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"

OPEN = """
import json, sys
from db.store import TournamentStore
from db.errors import StoreError
path, read_only = sys.argv[1], sys.argv[2] == "ro"
out = {}
try:
    with TournamentStore.open(path, read_only=read_only) as store:
        out["players"] = len(store.tournament.state.players)
        out["last_seq"] = store.last_seq
        if not read_only:
            store.execute({"cmd": "note", "text": "written without SQLAlchemy"})
            store.undo()
            store.redo()
            out["undo"] = store.undo_label()
except StoreError as exc:
    out["error"] = type(exc).__name__
out["sqlalchemy"] = "sqlalchemy" in sys.modules
out["alembic"] = "alembic" in sys.modules
print(json.dumps(out))
"""


def open_in_fresh_process(path: Path, read_only: bool = False) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-c", OPEN, str(path), "ro" if read_only else "rw"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    result: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def table_info(path: Path) -> dict[str, set[str]]:
    """The columns of each table of the file (a migration adds columns at the end, so no order)."""
    conn = sqlite3.connect(path)
    try:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: {r[1] for r in conn.execute(f"PRAGMA table_info({n})")} for n in names
                if n != "alembic_version"}
    finally:
        conn.close()


def test_the_raw_column_lists_are_the_models_columns():
    models = {name: tuple(c.name for c in table.columns) for name, table in Base.metadata.tables.items()}
    assert models == TABLES
    assert loading._SELECT_ACTIONS.startswith(f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions")
    assert loading._SELECT_ALL_SNAPSHOTS.startswith(f"SELECT {', '.join(SNAPSHOT_COLUMNS)} FROM snapshots")
    assert f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)})" in writer._INSERT_ACTION


def test_a_created_file_and_an_upgraded_one_hold_exactly_the_models_columns(store, store_path, tmp_path):
    store.close()
    wanted = {name: set(columns) for name, columns in TABLES.items()}
    assert table_info(store_path) == wanted
    old = tmp_path / "old.floorman"
    shutil.copyfile(FIXTURES / "schema1.floorman", old)
    TournamentStore.open(old).close()
    assert table_info(old) == wanted


def test_every_statement_of_the_open_path_runs_on_a_created_file(store, store_path):
    store.execute({"cmd": "note", "text": "one"})
    db = connect(store_path, read_only=True)
    try:
        actions = loading.read_actions(db, store_path)
        assert [a.seq for a in actions] == [1, 2]
        assert tuple(writer.action_row(store._history.actions[-1])) == ACTION_COLUMNS
        db.execute(loading._SELECT_SNAPSHOTS).fetchall()
        assert loading.snapshot_rows(db) == []
    finally:
        db.close()


def test_a_file_made_by_the_sqlalchemy_path_opens_without_sqlalchemy(store, store_path, clock):
    for i in range(3):
        clock.advance(5)
        store.execute({"cmd": "note", "text": f"note {i}"})
    store.close()
    out = open_in_fresh_process(store_path)
    assert out == {"players": 0, "last_seq": 4, "undo": "Undo: note \u201cwritten without SQLAlchemy\u201d",
                   "sqlalchemy": False, "alembic": False}
    out = open_in_fresh_process(store_path, read_only=True)
    assert out["last_seq"] == 7 and out["sqlalchemy"] is False
    with TournamentStore.open(store_path) as again:  # what the plain path wrote reads back
        assert [h.kind for h in again.history()][-3:] == ["do", "undo", "redo"]


def test_a_newer_file_is_refused_without_sqlalchemy(store, store_path):
    store.close()
    conn = sqlite3.connect(store_path)
    with conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
        conn.execute("UPDATE meta SET value = '9' WHERE key = 'schema'")
    conn.close()
    before = store_path.read_bytes()
    for read_only in (False, True):
        out = open_in_fresh_process(store_path, read_only)
        assert out == {"error": "NewerFileVersion", "sqlalchemy": False, "alembic": False}
    assert store_path.read_bytes() == before


@pytest.mark.parametrize("read_only", [False, True])
def test_a_schema1_file_falls_back_to_the_upgrade_path(tmp_path, read_only):
    old = tmp_path / "old.floorman"
    shutil.copyfile(FIXTURES / "schema1.floorman", old)
    out = open_in_fresh_process(old, read_only)
    assert out["players"] == 5 and out["alembic"] is True and "error" not in out
    out = open_in_fresh_process(old, read_only)  # upgraded in place only when opened for writing
    assert out["alembic"] is read_only


def _master(path: Path) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name").fetchall()
        return rows + conn.execute("SELECT 'alembic', version_num, '', '' FROM alembic_version").fetchall()
    finally:
        conn.close()


def test_a_created_file_has_exactly_the_schema_the_migrations_build(store, store_path, tmp_path):
    """Creating writes db.fileformat.SCHEMA_SQL with plain sqlite3: the same schema, text for text."""
    from sqlalchemy import create_engine

    from db.schema import migrate

    store.close()
    migrated = tmp_path / "migrated.sqlite"
    engine = create_engine(f"sqlite:///{migrated}")
    with engine.begin() as conn:
        migrate(conn)
    engine.dispose()
    assert _master(store_path) == _master(migrated)


CREATE = """
import json, sys
from app.profiles.profile import load_profile
from db.store import TournamentStore
with TournamentStore.create(sys.argv[1], load_profile("tda"), "Fresh") as store:
    store.execute({"cmd": "register", "name": "Ann Lee"})
print(json.dumps({"sqlalchemy": "sqlalchemy" in sys.modules, "alembic": "alembic" in sys.modules}))
"""


def test_creating_a_file_imports_no_sqlalchemy(tmp_path):
    path = tmp_path / "fresh.floorman"
    run = subprocess.run([sys.executable, "-c", CREATE, str(path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout.strip().splitlines()[-1]) == {"sqlalchemy": False, "alembic": False}
    assert open_in_fresh_process(path)["players"] == 1
