"""``floorman verify`` of a shared tournament (db.shared_verify) and the host's backups of it (db.shared_backups)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.log.snapshots import dump_state
from app.profiles.profile import load_profile
from db.backups import list_backups
from db.joincode import info_from_url, make_code
from db.shared_backups import SharedBackups
from db.shared_store import SharedStore, create_shared, open_shared
from db.shared_verify import verify_shared
from db.store import TournamentStore
from db.verify import verify_file
from floorman.cli import main

NAMES = ("Ann Lee", "Bo Chen", "Cy Lo", "Di Ng")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def source(tmp_path: Path, clock: FakeClock) -> Path:
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=clock, seed=5) as store:
        for name in NAMES:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


@pytest.fixture
def director(pg_database: str, source: Path, clock: FakeClock) -> Iterator[SharedStore]:
    station = create_shared(pg_database, from_file=source, station="Director", time=clock, snapshot_every=4)
    yield station
    station.close()


def play(director: SharedStore, url: str, clock: FakeClock) -> None:
    with open_shared(url, station="Floor 2", operator="Bob", time=clock, snapshot_every=4) as floor:
        for name in NAMES[:3]:
            floor.execute({"cmd": "bust", "player": name})
            director.poll()
            director.execute({"cmd": "rebuy", "player": name})
            floor.poll()
        floor.undo()
    director.poll()


def test_a_sound_shared_tournament_verifies_by_url_and_by_code(director, pg_database, clock, capsys):
    play(director, pg_database, clock)
    report = verify_shared(pg_database)
    assert report.ok, report.problems
    assert report.actions == director.last_seq and report.snapshots_checked >= 2 and report.players == 4
    assert "@" not in report.path and "test_" in report.path  # the server and database, never the password
    assert main(["verify", pg_database]) == 0
    out = capsys.readouterr().out
    assert f"{director.last_seq} actions" in out and "OK: the log replays" in out
    password = info_from_url(pg_database).password
    assert password not in out
    assert main(["verify", make_code(info_from_url(pg_database, "screen")), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


def test_a_snapshot_that_differs_from_the_log_is_a_problem(director, pg_database, clock, capsys):
    play(director, pg_database, clock)
    first = replay_state_after(director, 6)
    with psycopg.connect(pg_database) as conn:
        row = conn.execute("SELECT max(action_seq) FROM snapshots").fetchone()
        assert row is not None
        seq = row[0]
        conn.execute("UPDATE snapshots SET state = %s WHERE action_seq = %s", (dump_state(first), seq))
    report = verify_shared(pg_database)
    assert f"the snapshot after action {seq} differs from replaying the log up to it" in report.problems
    assert main(["verify", pg_database]) == 1
    assert "PROBLEM:" in capsys.readouterr().err


def replay_state_after(station: SharedStore, seq: int):
    from app.log.history import replay_history

    return replay_history(station.actions()[:seq]).tournament.state


def test_a_gap_and_an_unknown_event_are_problems_said_in_words(director, pg_database, clock, capsys):
    director.execute({"cmd": "note", "text": "one"})
    director.execute({"cmd": "note", "text": "two"})
    last = director.last_seq
    with psycopg.connect(pg_database) as conn:
        conn.execute("UPDATE actions SET events = %s WHERE seq = %s", ('[{"type": "not_an_event"}]', last))
    report = verify_shared(pg_database)
    assert not report.ok and "cannot be read" in report.problems[0] and str(last) in report.problems[0]
    with psycopg.connect(pg_database) as conn:
        conn.execute("DELETE FROM actions WHERE seq = %s", (last - 1,))
    report = verify_shared(pg_database)
    assert report.problems == [f"the log has a gap: action {last} follows action {last - 2}"]
    assert main(["verify", pg_database, "--json"]) == 1
    said = json.loads(capsys.readouterr().out)
    assert said["ok"] is False and said["problems"] == report.problems


def test_an_unreachable_server_cannot_be_verified_and_says_so(tmp_path, capsys):
    url = f"postgresql://floorman:secret@/none?host={tmp_path}"
    assert main(["verify", url, "--json"]) == 2
    said = json.loads(capsys.readouterr().out)
    assert "cannot reach the tournament server" in said["error"] and "secret" not in json.dumps(said)


def test_the_host_backs_up_the_shared_tournament_as_normal_files(director, pg_database, source, clock, monkeypatch):
    kept = SharedBackups(director, source, every_seconds=3600, every_actions=5)
    assert kept.tick() is None  # nothing recorded since it was shared: the file itself is the backup
    play(director, pg_database, clock)  # nine actions recorded, the director's station caught up by tick
    made = kept.tick()
    assert made is not None and kept.tick() is None
    clock.advance(4 * 3600)  # levels later
    director.execute({"cmd": "note", "text": "after the levels"})
    assert kept.tick() is None  # a level change this soon after a backup waits
    kept.every_seconds = 0.0
    later = kept.tick()
    assert later is not None
    found = list_backups(source)
    assert [b.path for b in found] == [made, later]
    assert [b.reason for b in found] == ["shared-actions", "shared-timer"]  # the level change went with it
    assert found[-1].seq == director.last_seq
    for backup in found:
        assert verify_file(backup.path).ok
    with TournamentStore.open(found[-1].path, read_only=True) as file:
        assert file.tournament.state == director.tournament.state and file.history() == director.history()
    assert kept.close() is None and kept.errors == []  # nothing new since: nothing owed
    monkeypatch.setattr("db.shared_backups.BACKUP_SPACING", 0.0)
    kept.every_seconds = 3600
    clock.advance(30 * 60)  # the next level
    director.execute({"cmd": "note", "text": "a level later"})
    level = kept.tick()
    assert level is not None and list_backups(source)[-1].reason.startswith(("shared-level-", "shared-break"))
