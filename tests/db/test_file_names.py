"""A tournament file may have any name: ``#``, ``?``, ``%``, ``%20``, ``%41``, spaces, accents, quotes.

Every SQLite URI is built from the quoted absolute path (``db.checks.sqlite_uri``) and SQLAlchemy
gets the path as a URL object, never as text it would parse: with ``Friday #3.floorman`` every
backup used to be an empty database (SQLite read ``#3.floorman?mode=ro`` as a fragment and created
``Friday ``), and restoring one replaced the tournament with nothing while saying "Restored".
Each name goes through create, backup, restore (API and CLI), the schema upgrade and open, and
the folder holds no stray file afterwards.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.backups import check_backup, list_backups, make_backup, restore
from db.checks import sqlite_uri
from db.errors import BackupError, StoreError
from db.store import TournamentStore
from db.verify import verify_file
from floorman.cli import main as floorman

NAMES = ["Friday #3", "what?", "100%", "a%20b", "x%41y", "with  space", "Zoë Müller ♠", "it's \"quoted\"",
         "all #?%20%41 ' \" é"]
SCHEMA1 = Path(__file__).parent / "fixtures" / "schema1.floorman"


def _actions(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    finally:
        conn.close()


def _allowed(folder: Path, name: str) -> set[str]:
    """The file, its backups and lock, and SQLite's own -wal and -shm (left by read-only opens)."""
    return {name, name + ".backups", name + ".lock", name + "-wal", name + "-shm"}


@pytest.mark.parametrize("stem", NAMES)
def test_create_backup_restore_open(tmp_path: Path, stem: str, capsys: pytest.CaptureFixture[str]) -> None:
    name = stem + ".floorman"
    path = tmp_path / name
    clock = FakeClock()
    with TournamentStore.create(path, load_profile("home-nl"), stem, time=clock) as store:
        for who in ("Ann Lee", "Bo Chen"):
            clock.advance(5)
            store.execute({"cmd": "register", "name": who})
        first = store.backup_now()
        clock.advance(5)
        store.execute({"cmd": "note", "text": "after the backup"})
        second = store.backup_now()
    assert _actions(first) == 3 and _actions(second) == 4
    assert check_backup(first) == 3
    assert {p.name for p in tmp_path.iterdir()} <= _allowed(tmp_path, name)

    assert floorman(["restore", str(path), "1"]) == 0
    assert "Restored" in capsys.readouterr().out
    with TournamentStore.open(path) as store:
        assert store.last_seq == 3
        assert store.tournament.state.name == stem
    kept = [b for b in list_backups(path) if b.reason == "before-restore"]
    assert len(kept) == 1 and _actions(kept[0].path) == 4
    assert restore(kept[0].path, path) is not None
    with TournamentStore.open(path, read_only=True) as store:
        assert store.last_seq == 4
    assert verify_file(path).ok
    assert {p.name for p in tmp_path.iterdir()} <= _allowed(tmp_path, name)


@pytest.mark.parametrize("stem", NAMES)
def test_schema_upgrade(tmp_path: Path, stem: str) -> None:
    path = tmp_path / (stem + ".floorman")
    shutil.copyfile(SCHEMA1, path)
    with TournamentStore.open(path, read_only=True) as store:  # upgrades a temporary copy
        assert len(store.tournament.state.players) == 5
    with TournamentStore.open(path) as store:
        assert len(store.tournament.state.players) == 5
        store.execute({"cmd": "note", "text": "upgraded"})
    kept = [b for b in list_backups(path) if b.reason == "before-upgrade-schema1"]
    assert len(kept) == 1 and _actions(kept[0].path) == _actions(SCHEMA1)
    assert verify_file(path).ok
    assert {p.name for p in tmp_path.iterdir()} <= _allowed(tmp_path, path.name)


def test_uri_quotes_every_special_character(tmp_path: Path) -> None:
    uri = sqlite_uri(tmp_path / "a #?%20 b.floorman", mode="ro")
    assert uri.endswith("/a%20%23%3F%2520%20b.floorman?mode=ro")
    assert uri.startswith("file:/")


def test_restoring_an_empty_database_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "friday.floorman"
    clock = FakeClock()
    with TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock) as store:
        store.execute({"cmd": "register", "name": "Ann Lee"})
        good = store.backup_now()
    empty = good.with_name(good.name.replace("-manual", "-level-2"))
    shutil.copyfile(good, empty)
    conn = sqlite3.connect(empty)
    with conn:
        conn.execute("DELETE FROM actions")
    conn.close()
    with pytest.raises(BackupError, match="no tournament log"):
        restore(empty, path)
    assert floorman(["restore", str(path), str(empty)]) == 2
    assert "Not restored" in capsys.readouterr().err
    blank = tmp_path / "blank.floorman"
    sqlite3.connect(blank).close()  # a 0-byte file; then a 4 KB empty database
    with pytest.raises(StoreError):
        restore(blank, path)
    conn = sqlite3.connect(blank)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    with pytest.raises(StoreError):
        restore(blank, path)
    with TournamentStore.open(path) as store:
        assert store.last_seq == 2


def test_a_backup_is_never_made_of_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        make_backup(tmp_path / "Friday #3.floorman", tmp_path / "b", seq=1, reason="manual")
    assert not (tmp_path / "Friday ").exists()
