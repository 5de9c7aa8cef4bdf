"""One writer per file; backups at level changes, breaks and every 5 minutes; restoring one."""

from __future__ import annotations

import os
import signal
import sqlite3
import time

import pytest

from db import backups
from db import store as store_module
from db.backups import KEEP, list_backups, restore
from db.errors import DamagedFile, FileLocked, NotATournamentFile
from db.store import TournamentStore
from floorman.cli import main as cli


def test_second_writer_is_told_and_may_read(store, store_path):
    store.execute({"cmd": "note", "text": "first"})
    with pytest.raises(FileLocked) as err:
        TournamentStore.open(store_path)
    assert f"process {os.getpid()}" in err.value.message and "read-only" in err.value.message
    with TournamentStore.open(store_path, read_only=True) as reader:
        assert reader.last_seq == store.last_seq
    store.execute({"cmd": "note", "text": "second"})  # the writer is undisturbed
    store.close()
    with TournamentStore.open(store_path) as again:
        assert again.last_seq == 3


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_lock_of_a_killed_process_is_released(store, store_path):
    store.close()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            holder = TournamentStore.open(store_path)
            os.write(write, b"open")
            time.sleep(60)
            holder.close()
        finally:
            os._exit(0)
    os.close(write)
    assert os.read(read, 4) == b"open"
    with pytest.raises(FileLocked) as err:
        TournamentStore.open(store_path)
    assert f"process {pid}" in err.value.message
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    with TournamentStore.open(store_path) as s:  # no stale lock to clear by hand
        assert s.last_seq == 1


def test_backups_at_level_change_break_and_timer(store, store_path, monkeypatch):
    assert store.tick() is None
    store._last_backup -= store_module.BACKUP_EVERY_SECONDS + 1
    assert store.tick() == "timer"
    monkeypatch.setattr(store_module, "current_level", lambda state, now: 2)
    store._last_backup -= store_module.BACKUP_SPACING
    assert store.tick() == "level-2"
    assert store.tick() is None
    monkeypatch.setattr(store_module, "in_break", lambda state, now: True)
    store._last_check -= store_module.CHECK_CLOCK_EVERY
    store._last_backup -= store_module.BACKUP_SPACING
    store.execute({"cmd": "note", "text": "break time"})  # an action a second later notices the break
    store.wait_for_backups()
    reasons = [b.reason for b in list_backups(store_path)]
    assert reasons == ["timer", "level-2", "break"]
    with sqlite3.connect(list_backups(store_path)[-1].path) as conn:
        assert conn.execute("SELECT MAX(seq) FROM actions").fetchone()[0] == 2
    assert store.backup_errors == []


def test_a_level_change_right_after_a_backup_waits_for_the_spacing(store, store_path, monkeypatch):
    store._last_backup -= store_module.BACKUP_EVERY_SECONDS + 1
    assert store.tick() == "timer"
    monkeypatch.setattr(store_module, "current_level", lambda state, now: 2)
    assert store.tick() is None  # seconds after the timer backup: the level change waits
    monkeypatch.setattr(store_module, "current_level", lambda state, now: 3)
    assert store.tick() is None
    store.execute({"cmd": "note", "text": "during level 3"})
    store._last_backup -= store_module.BACKUP_SPACING
    assert store.tick() == "level-3"  # one backup covers both changes, taken after them
    store.wait_for_backups()
    assert [(b.reason, b.seq) for b in list_backups(store_path)] == [("timer", 1), ("level-3", 2)]


def test_a_level_change_still_owed_is_backed_up_on_close(store, store_path, monkeypatch):
    store._last_backup -= store_module.BACKUP_EVERY_SECONDS + 1
    assert store.tick() == "timer"
    monkeypatch.setattr(store_module, "current_level", lambda state, now: 2)
    assert store.tick() is None
    store.execute({"cmd": "note", "text": "last action"})
    store.close()
    assert [(b.reason, b.seq) for b in list_backups(store_path)] == [("timer", 1), ("level-2", 2)]


def test_a_failed_backup_does_not_stop_the_tournament(store, store_path, monkeypatch):
    blocker = store_path.with_name("friday.floorman.backups")
    blocker.write_text("a file where the backup folder should be")
    store._last_backup -= store_module.BACKUP_EVERY_SECONDS + 1
    assert store.tick() == "timer"
    store.execute({"cmd": "note", "text": "still playing"})
    store.wait_for_backups()
    assert len(store.backup_errors) == 1 and "backup" in store.backup_errors[0]
    assert store.last_seq == 2


def test_only_the_last_backups_are_kept(store, store_path):
    for i in range(KEEP + 5):
        store.execute({"cmd": "note", "text": f"n{i}"})
        store.backup_now()
    kept = list_backups(store_path)
    assert len(kept) == KEEP
    assert [b.seq for b in kept] == list(range(7, KEEP + 7))


def test_restore_puts_a_backup_back_and_keeps_the_replaced_file(store, store_path, capsys):
    store.execute({"cmd": "note", "text": "kept"})
    backup = store.backup_now()
    store.execute({"cmd": "note", "text": "lost by the restore, kept in before-restore"})
    with pytest.raises(FileLocked):
        restore(backup, store_path)  # not while the tournament is open
    store.close()
    assert cli(["restore", str(store_path), "--list"]) == 0
    assert "manual" in capsys.readouterr().out
    assert cli(["restore", str(store_path), "1"]) == 0
    with TournamentStore.open(store_path) as s:
        assert s.last_seq == 2
        assert [n["text"] for n in s.tournament.state.extra["notes"]] == ["kept"]
    before = [b for b in list_backups(store_path) if b.reason == "before-restore"]
    assert len(before) == 1 and before[0].seq == 3
    with TournamentStore.open(before[0].path, read_only=True) as old:
        assert old.last_seq == 3


def test_restore_refuses_a_bad_backup(store, store_path, tmp_path):
    store.close()
    bad = tmp_path / "bad.floorman"
    bad.write_text("not a backup")
    before = store_path.read_bytes()
    with pytest.raises(NotATournamentFile):
        restore(bad, store_path)
    assert store_path.read_bytes() == before
    assert cli(["restore", str(store_path), str(bad)]) == 2


def test_verify_command(store, store_path, capsys):
    store.execute({"cmd": "note", "text": "one"})
    store.close()
    assert cli(["verify", str(store_path)]) == 0
    assert "OK" in capsys.readouterr().out
    assert cli(["verify", str(store_path), "--json"]) == 0
    assert '"ok": true' in capsys.readouterr().out
    assert cli(["verify", str(store_path.with_name("missing.floorman"))]) == 2
    assert backups.backup_folder(store_path).name == "friday.floorman.backups"


def _tampered_backup(store, store_path, sql: str):
    """A backup of the tournament whose log was then changed by ``sql`` (the file itself stays good)."""
    for name in ("Ann Lee", "Bo Chen", "Cy Diaz"):
        store.execute({"cmd": "register", "name": name})
    store.undo()  # the events of an undone action are checked too: a redo would apply them
    made = store.backup_now()
    store.close()
    conn = sqlite3.connect(made)
    with conn:
        conn.execute(sql)
    conn.close()
    return made


@pytest.mark.parametrize("sql", [
    "UPDATE actions SET events = replace(events, '\"player_registered\"', '\"player_teleported\"') WHERE seq = 3",
    "UPDATE actions SET events = '[{\"type\": \"player_registered\", \"data\": {}}]' WHERE seq = 2",
    "UPDATE actions SET events = '[{\"type\": \"player_registered\", \"data\": ' WHERE seq = 3",
    "UPDATE actions SET events = replace(events, '\"player_registered\"', '\"player_teleported\"') WHERE seq = 4",
], ids=["unknown-event", "event-missing-its-data", "cut-short-json", "unknown-event-of-an-undone-action"])
def test_restore_checks_the_whole_log_first(store, store_path, tmp_path, sql, capsys):
    """A backup with an unknown or damaged event is refused (the restored file would not open), in one
    sentence, and the tournament is left exactly as it was."""
    bad = _tampered_backup(store, store_path, sql)
    before = store_path.read_bytes()
    with pytest.raises(DamagedFile) as err:
        restore(bad, store_path)
    assert "log" in err.value.message
    assert store_path.read_bytes() == before
    assert cli(["restore", str(store_path), str(bad)]) == 2
    assert capsys.readouterr().err.startswith("Not restored:")
    assert store_path.read_bytes() == before
    assert not [b for b in list_backups(store_path) if b.reason == "before-restore"]
    with TournamentStore.open(store_path) as again:
        assert again.last_seq == 5


def test_restore_refuses_to_replace_another_applications_database(store, store_path, tmp_path, capsys):
    """A restore aimed at another application's database (a typo, a wrong folder) leaves it alone."""
    store.execute({"cmd": "note", "text": "one"})
    good = store.backup_now()
    store.close()
    other = tmp_path / "accounts.floorman"
    conn = sqlite3.connect(other)
    with conn:
        conn.execute("CREATE TABLE ledger (day TEXT, amount INTEGER)")
        conn.execute("INSERT INTO ledger VALUES ('monday', 120)")
    conn.close()
    before = other.read_bytes()
    with pytest.raises(NotATournamentFile) as err:
        restore(good, other)
    assert "another application" in err.value.message
    assert cli(["restore", str(other), str(good)]) == 2
    assert "another application" in capsys.readouterr().err
    assert other.read_bytes() == before
    assert not backups.backup_folder(other).exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("accounts")) == ["accounts.floorman"]
