"""Schema versions: every released schema still opens (after a backup), a newer one is refused untouched."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from db.backups import list_backups
from db.errors import NewerFileVersion
from db.models import REVISIONS, SCHEMA_VERSION, Base
from db.schema import alembic_head, migrate, migrations_folder
from db.store import TournamentStore
from db.verify import verify_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def schema1(tmp_path: Path) -> Path:
    copy = tmp_path / "old.floorman"
    shutil.copyfile(FIXTURES / "schema1.floorman", copy)
    return copy


def test_the_shipped_revisions_are_the_known_ones():
    assert alembic_head() == REVISIONS[-1]
    assert SCHEMA_VERSION == len(REVISIONS)
    names = sorted(p.name for p in (migrations_folder() / "versions").glob("0*.py"))
    assert [n[:4] for n in names] == list(REVISIONS)
    assert (migrations_folder() / "env.py").is_file()


def test_migrations_build_exactly_the_models(tmp_path):
    engine = create_engine(f"sqlite:///{tmp_path / 'm.sqlite'}")
    with engine.begin() as conn:
        migrate(conn)
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []


def _dump(path: Path) -> list:
    conn = sqlite3.connect(path)
    try:
        tables = ("alembic_version", "meta", "actions")
        return [conn.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables]
    finally:
        conn.close()


def test_schema1_file_opens_after_a_backup(schema1, tmp_path):
    before = _dump(schema1)
    with TournamentStore.open(schema1) as store:
        state = store.tournament.state
        assert state.name == "Schema one"
        assert len(state.players) == 5
        cy = next(p for p in state.players.values() if p.name == "Cy Diaz")
        assert cy.status == "seated"  # the bust was undone in the old file
        items = store.history()
        assert [i.kind for i in items][-1] == "undo"
        assert items[8].undone and items[8].label == "bust Cy Diaz"
        assert store.redo_label() == "Redo: bust Cy Diaz"
        store.redo()
        store.execute({"cmd": "note", "text": "after the upgrade"})
    kept = [b for b in list_backups(schema1) if b.reason == "before-upgrade-schema1"]
    assert len(kept) == 1 and _dump(kept[0].path) == before
    assert before[0] == [("0001",)]
    conn = sqlite3.connect(schema1)
    try:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == REVISIONS[-1]
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(SCHEMA_VERSION)
    finally:
        conn.close()
    assert verify_file(schema1).ok


def test_schema1_file_opens_read_only_without_change(schema1):
    before = _digest(schema1)
    with TournamentStore.open(schema1, read_only=True) as store:
        assert len(store.tournament.state.players) == 5
    assert _digest(schema1) == before
    assert verify_file(schema1).ok
    assert _digest(schema1) == before


def test_a_newer_file_is_refused_and_left_untouched(store, store_path):
    store.close()
    conn = sqlite3.connect(store_path)
    with conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
        conn.execute("UPDATE meta SET value = '9' WHERE key = 'schema'")
        conn.execute("UPDATE meta SET value = '3.0.0' WHERE key = 'app_version'")
    conn.close()
    before = _digest(store_path)
    for read_only in (False, True):
        with pytest.raises(NewerFileVersion) as err:
            TournamentStore.open(store_path, read_only=read_only)
        assert "newer version of Floorman" in err.value.message and "3.0.0" in err.value.message
    assert _digest(store_path) == before
    assert list_backups(store_path) == []
