"""The player roster is backed up as the tournaments are, and ``floorman restore`` puts a backup back;
a damaged roster's message gives the advice that is true for it."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from db import roster_backups
from db.errors import DamagedFile
from db.roster import Roster
from floorman.cli import main

FIXTURE = Path(__file__).parent / "fixtures" / "roster-schema1.sqlite"


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    for k in range(page, 3 * page):  # scribble over the pages after the header's
        data[k] = (k * 31) % 251
    path.write_bytes(bytes(data))


def _age(backup: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(backup, (then, then))


def test_the_roster_is_backed_up_when_opened_at_most_once_an_hour(tmp_path):
    path = tmp_path / "players.sqlite"
    with Roster.open(path) as roster:  # a new roster: nothing to back up yet
        roster.add("Ann Lee")
    assert roster_backups.list_roster_backups(path) == []
    with Roster.open(path) as roster:
        assert roster.backup_errors == []
    first = roster_backups.list_roster_backups(path)
    assert [b.reason for b in first] == ["open"]
    assert oct(first[0].path.stat().st_mode & 0o777) == "0o600"
    with Roster.open(path) as roster:  # within the hour: no second copy
        roster.add("Bo Chen")
    assert roster_backups.list_roster_backups(path) == first
    _age(first[0].path, roster_backups.BACKUP_EVERY + 60)
    with Roster.open(path):
        pass
    backups = roster_backups.list_roster_backups(path)
    assert len(backups) == 2
    with Roster.open(backups[-1].path) as copy:  # the newest holds both players
        assert sorted(p.name for p in copy.search("")) == ["Ann Lee", "Bo Chen"]


def test_only_the_newest_backups_are_kept(tmp_path):
    path = tmp_path / "players.sqlite"
    Roster.open(path).close()
    for _ in range(roster_backups.KEEP + 3):
        roster_backups.backup_roster(path, "open")
    roster_backups.backup_roster(path, "before-restore")
    reasons = [b.reason for b in roster_backups.list_roster_backups(path)]
    assert reasons.count("open") == roster_backups.KEEP and reasons.count("before-restore") == 1


def test_an_older_roster_is_backed_up_before_its_upgrade(tmp_path):
    path = tmp_path / "players.sqlite"
    shutil.copyfile(FIXTURE, path)
    Roster.open(path).close()
    (kept,) = roster_backups.list_roster_backups(path)
    assert kept.reason == "before-upgrade"
    with contextlib.closing(sqlite3.connect(kept.path)) as conn:  # the roster as it was, before its migrations
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "players" in tables and "alembic_version" not in tables and "leagues" not in tables


def test_a_damaged_roster_without_backups_is_not_sent_to_restore(tmp_path):
    path = tmp_path / "players.sqlite"
    with Roster.open(path) as roster:
        for n in range(300):
            roster.add(f"Player {n}", contact=f"555-{n:04d}")
    _damage(path)
    with pytest.raises(DamagedFile) as err:
        Roster.open(path)
    assert err.value.message.startswith(f"The player roster {path} is damaged")
    assert "floorman restore" not in err.value.message and "no backup yet" in err.value.message


def test_a_damaged_roster_is_restored_from_its_backup(tmp_path, capsys):
    path = tmp_path / "players.sqlite"
    with Roster.open(path) as roster:
        for n in range(300):
            roster.add(f"Player {n}", contact=f"555-{n:04d}")
    Roster.open(path).close()  # the backup made when it is opened
    _damage(path)
    damaged = path.read_bytes()
    with pytest.raises(DamagedFile) as err:
        Roster.open(path)
    said = err.value.message
    assert said.startswith(f"The player roster {path} is damaged") and "tournament file" not in said
    assert f"floorman restore {path} --list" in said  # the advice works as written:
    assert main(["restore", str(path), "--list"]) == 0
    listing = capsys.readouterr().out
    assert "open" in listing and listing.lstrip().startswith("1 ")
    assert main(["restore", str(path), "1"]) == 0
    assert "Restored" in capsys.readouterr().out
    with Roster.open(path) as roster:
        assert roster.count() == 300 and roster.search("Player 299")[0].contact == "555-0299"
    kept = [b for b in roster_backups.list_roster_backups(path) if b.reason == "before-restore-damaged"]
    assert len(kept) == 1 and kept[0].path.read_bytes() == damaged  # the damaged one, byte for byte


def test_a_tournament_backup_is_not_restored_into_the_roster(tmp_path, capsys):
    from app.profiles.profile import load_profile
    from db.store import TournamentStore

    path = tmp_path / "players.sqlite"
    Roster.open(path).close()
    event = tmp_path / "friday.floorman"
    TournamentStore.create(event, load_profile("tda"), "Friday").close()
    before = path.read_bytes()
    assert main(["restore", str(path), str(event)]) == 2
    assert "not a backup of a player roster" in capsys.readouterr().err
    assert path.read_bytes() == before
