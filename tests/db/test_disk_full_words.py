"""A full disk is said as a full disk, from the error's code (ENOSPC, SQLITE_FULL), never from its words:
an intact file is never called damaged, an open or a creation never ends in "Something went wrong", and a
folder whose name holds "full" does not make every backup error a full disk."""

from __future__ import annotations

import errno
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.profiles.profile import load_profile
from db import backups, checks, lock
from db.errors import BackupError, DiskFull
from db.store import TournamentStore
from floorman import cmd_print, cmd_verify

SENTENCE = "The disk is full: free some space and try again; the tournament file friday.floorman is intact."


def _no_space() -> OSError:
    return OSError(errno.ENOSPC, "No space left on device")


def _sqlite_error(text: str, code: int) -> sqlite3.OperationalError:
    exc = sqlite3.OperationalError(text)
    exc.sqlite_errorcode = code  # what the sqlite3 module sets from SQLite's extended result code
    return exc


@pytest.fixture
def closed_file(store, store_path) -> Path:
    store.execute({"cmd": "register", "name": "Ann Lee"})
    store.close()
    return store_path


@pytest.mark.parametrize("code, free", [(10 | (19 << 8), 10**9), (10 | (3 << 8), 0)],
                         ids=["shm-cannot-grow", "write-failed-no-space-left"])
def test_verify_and_print_on_a_full_disk_say_so_not_damaged(closed_file, tmp_path, monkeypatch, capsys, code, free):
    """SQLite reads a WAL file through a -shm it must make and grow; on a full disk that is an I/O error."""

    def full(conn: sqlite3.Connection, path: Path) -> Any:
        raise _sqlite_error("disk I/O error", code)

    monkeypatch.setattr(checks, "inspect", full)
    monkeypatch.setattr(checks, "free_bytes", lambda folder: free, raising=False)
    assert cmd_verify.main([str(closed_file)]) == 2
    said = capsys.readouterr().err
    assert said.strip() == f"Cannot verify: {SENTENCE}"
    assert cmd_print.main(["results", str(closed_file), "--out", str(tmp_path / "r.pdf")]) != 0
    said = capsys.readouterr().err
    assert SENTENCE in said and "damaged" not in said and "restore" not in said.lower()
    assert not (tmp_path / "r.pdf").exists()


def test_an_io_error_with_space_left_is_still_damage(closed_file, monkeypatch):
    def broken(conn: sqlite3.Connection, path: Path) -> Any:
        raise _sqlite_error("disk I/O error", 10 | (3 << 8))

    monkeypatch.setattr(checks, "inspect", broken)
    monkeypatch.setattr(checks, "free_bytes", lambda folder: 10**9, raising=False)
    with pytest.raises(Exception) as err:
        TournamentStore.open(closed_file, read_only=True)
    assert not isinstance(err.value, DiskFull) and "damaged" in str(err.value)


class _FullDiskFile:
    """A lock file on a full disk: it opens, but nothing can be written to it."""

    def __init__(self, fh: Any) -> None:
        self._fh = fh

    def write(self, text: str) -> int:
        raise _no_space()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)


def _full_disk_lock_file(monkeypatch) -> None:
    real = lock._open_sidecar
    monkeypatch.setattr(lock, "_open_sidecar", lambda file, mode=0o600: _FullDiskFile(real(file, mode)))


def test_opening_on_a_full_disk_says_so_and_holds_nothing(closed_file, monkeypatch):
    with monkeypatch.context() as m:
        _full_disk_lock_file(m)
        with pytest.raises(DiskFull) as err:
            TournamentStore.open(closed_file)
    assert err.value.message == SENTENCE
    with TournamentStore.open(closed_file) as again:  # the lock was let go: space freed, it opens
        assert [p.name for p in again.tournament.state.players.values()] == ["Ann Lee"]


@pytest.mark.parametrize("where", ["lock", "file"])
def test_creating_on_a_full_disk_says_so_and_leaves_nothing(tmp_path, monkeypatch, where):
    path = tmp_path / "new.floorman"
    with monkeypatch.context() as m:
        if where == "lock":
            _full_disk_lock_file(m)
        else:
            def full(db: sqlite3.Connection, facts: Any, first: Any) -> None:
                raise _sqlite_error("database or disk is full", sqlite3.SQLITE_FULL)

            m.setattr("db.writer.build_file", full)
        with pytest.raises(DiskFull) as err:
            TournamentStore.create(path, load_profile("tda"), "New")
    assert err.value.message == "The disk is full: free some space and try again; new.floorman was not created."
    assert not path.exists() and not path.with_name("new.floorman.creating").exists()
    TournamentStore.create(path, load_profile("tda"), "New").close()  # no lock left behind


def test_a_backup_error_in_a_folder_named_full_is_not_a_full_disk(closed_file, tmp_path):
    folder = tmp_path / "full house"
    folder.write_text("a file where the backup folder should be")
    with pytest.raises(BackupError) as err:
        backups.make_backup(closed_file, folder, seq=2, reason="manual")
    assert not isinstance(err.value, DiskFull) and "disk is full" not in err.value.message.lower()
    assert err.value.message.startswith(f"The backup in {folder} could not be written:")


def test_a_backup_on_a_full_disk_says_so(closed_file, tmp_path, monkeypatch):
    def full(source: Any, dest: Path) -> None:
        raise _no_space()

    monkeypatch.setattr(backups, "sqlite_backup", full)
    folder = tmp_path / "backups"
    with pytest.raises(DiskFull) as err:
        backups.make_backup(closed_file, folder, seq=2, reason="manual")
    assert err.value.message == (f"The disk is full: free some space and try again; the backup in {folder} could "
                                 "not be written, and the tournament file is intact.")
