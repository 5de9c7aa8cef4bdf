"""Bad files get a message in plain words, and nothing on disk is overwritten or lost."""

from __future__ import annotations

import copy
import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from app.profiles.profile import load_profile
from db import checks
from db.errors import DamagedFile, DiskFull, FileMissing, NotATournamentFile, NotWritable, StoreError
from db.store import TournamentStore


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _refused(path: Path, error: type[StoreError], *words: str) -> StoreError:
    before = _digest(path)
    for read_only in (False, True):
        with pytest.raises(error) as err:
            TournamentStore.open(path, read_only=read_only)
        for word in words:
            assert word in err.value.message
        assert str(path) in err.value.message
    assert _digest(path) == before
    return err.value


@pytest.fixture
def big_file(store, store_path, clock) -> Path:
    for i in range(300):
        clock.advance(1)
        store.execute({"cmd": "note", "text": f"note number {i} " + "x" * 200})
    store.close()
    return store_path


def test_missing_file(tmp_path):
    with pytest.raises(FileMissing) as err:
        TournamentStore.open(tmp_path / "nope.floorman")
    assert "There is no tournament file" in err.value.message


def test_not_a_sqlite_file(tmp_path):
    path = tmp_path / "notes.floorman"
    path.write_text("Friday night results: Ann 1st, Bo 2nd\n" * 20)
    _refused(path, NotATournamentFile, "not a Floorman tournament file", "not a SQLite database")


def test_empty_file(tmp_path):
    path = tmp_path / "empty.floorman"
    path.write_bytes(b"")
    _refused(path, NotATournamentFile, "empty")


def test_another_applications_database(tmp_path):
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO photos (name) VALUES ('beach.jpg')")
    conn.commit()
    conn.close()
    _refused(path, NotATournamentFile, "belongs to another application")


def test_a_meta_table_of_another_format(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('format', 'someone-else')")
    conn.commit()
    conn.close()
    _refused(path, NotATournamentFile, "another application")


def test_truncated_file(big_file):
    data = big_file.read_bytes()
    big_file.write_bytes(data[: len(data) // 2])
    _refused(big_file, DamagedFile, "damaged", "cut short", "backup")


def test_corrupted_page(big_file):
    data = bytearray(big_file.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for k in range(3 * page, 4 * page):  # scribble over a page of the log
        data[k] = (k * 31) % 251
    big_file.write_bytes(bytes(data))
    _refused(big_file, DamagedFile, "damaged")


def test_folder_without_write_permission(store, store_path, monkeypatch):
    store.execute({"cmd": "note", "text": "kept"})
    store.close()
    monkeypatch.setattr(checks, "can_write", lambda folder: False)
    with pytest.raises(NotWritable) as err:
        TournamentStore.open(store_path)
    assert "read-only" in err.value.message
    with TournamentStore.open(store_path, read_only=True) as ro:  # reading is still possible
        assert ro.last_seq == 2
    with pytest.raises(NotWritable):
        TournamentStore.create(store_path.with_name("new.floorman"), load_profile("tda"), "New")
    assert not store_path.with_name("new.floorman").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores file permissions")
def test_really_read_only_folder(store, store_path):
    store.close()
    os.chmod(store_path.parent, 0o555)
    try:
        with pytest.raises(NotWritable):
            TournamentStore.open(store_path)
    finally:
        os.chmod(store_path.parent, 0o755)


def test_full_disk_loses_nothing(store, store_path, clock):
    store.execute({"cmd": "note", "text": "before the disk filled up"})
    seq, view = store.last_seq, copy.deepcopy(store.tournament.view())
    conn = store._db  # the store's own connection: the limit is per connection
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(DiskFull) as err:
        store.execute({"cmd": "note", "text": "y" * 200_000})
    assert "disk" in err.value.message and "full" in err.value.message
    assert store.last_seq == seq and store.tournament.view() == view  # the engine is back as it was
    conn.execute("PRAGMA max_page_count = 1073741823")
    store.execute({"cmd": "note", "text": "after freeing space"})
    store.close()
    with TournamentStore.open(store_path) as again:
        notes = [n["text"] for n in again.tournament.state.extra["notes"]]
        assert notes == ["before the disk filled up", "after freeing space"]
        assert again.last_seq == seq + 1
