"""A shared tournament keeps state snapshots in its database, as a file does: a station opens from the latest
one that still describes the log plus the actions after it, and passes over one it cannot trust."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.log import snapshots
from app.log.history import replay_history
from app.profiles.profile import load_profile
from db.joincode import read_code
from db.shared_store import SharedStore, create_shared, open_shared
from db.station_codes import issue_code
from db.store import TournamentStore, state_fingerprint
from db.writer import KEEP_SNAPSHOTS

EVERY = 5  # a snapshot every five actions done, so a short log has several
NAMES = tuple(f"Player {i:02d}" for i in range(12))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def director(pg_database: str, tmp_path: Path, clock: FakeClock) -> Iterator[SharedStore]:
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=clock, seed=3) as store:
        for name in NAMES:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    station = create_shared(pg_database, from_file=path, station="Director", time=clock, snapshot_every=EVERY)
    yield station
    station.close()


def play(station: SharedStore, rounds: int) -> None:
    for i in range(rounds):
        name = NAMES[i % len(NAMES)]
        station.execute({"cmd": "bust", "player": name})
        station.execute({"cmd": "rebuy", "player": name})
        station.execute({"cmd": "note", "text": f"round {i}"})


def snapshot_seqs(url: str) -> list[int]:
    with psycopg.connect(url) as conn:
        return [row[0] for row in conn.execute("SELECT action_seq FROM snapshots ORDER BY action_seq")]


def opened_from(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The actions whose snapshots a station reads while opening, in the order it reads them."""
    read: list[int] = []
    real = snapshots.state_limit

    def spy(seq: int) -> Any:
        read.append(seq)
        return real(seq)

    monkeypatch.setattr("db.shared_store.state_limit", spy)
    return read


def full_replay(station: SharedStore) -> Any:
    return replay_history(station.actions(), time=station.tournament.time).tournament


def test_a_station_opens_a_long_shared_log_from_its_latest_snapshot(director, pg_database, clock, monkeypatch):
    play(director, 10)
    seqs = snapshot_seqs(pg_database)
    assert len(seqs) == KEEP_SNAPSHOTS  # the oldest are dropped, as in a file
    assert seqs[-1] > director.last_seq - 3 * EVERY
    read = opened_from(monkeypatch)
    with open_shared(pg_database, station="Floor 2", time=clock, snapshot_every=EVERY) as floor:
        assert read == [seqs[-1]]  # the latest snapshot, read once; only the actions after it replayed
        assert floor._history._snaps  # and kept, so an undo rebuilds from it
        assert floor.tournament.state == full_replay(floor).state == director.tournament.state
        assert floor.tournament.view() == director.tournament.view()
        floor.execute({"cmd": "bust", "player": NAMES[0]})
        director.poll()
        assert director.undo() == f"bust-out of {NAMES[0]}"
        floor.poll()
        assert floor.tournament.state == director.tournament.state == full_replay(floor).state


def test_a_damaged_snapshot_is_passed_over_for_an_earlier_one(director, pg_database, clock, monkeypatch):
    play(director, 10)
    seqs = snapshot_seqs(pg_database)
    with psycopg.connect(pg_database) as conn:
        conn.execute("UPDATE snapshots SET state = %s WHERE action_seq = %s", (b"FMSNAP\x01 not a state", seqs[-1]))
    read = opened_from(monkeypatch)
    with open_shared(pg_database, station="Floor 2", time=clock, snapshot_every=EVERY) as floor:
        assert read == [seqs[-1], seqs[-2]]  # the latest would not read: the one before it was used
        assert floor.tournament.state == full_replay(floor).state == director.tournament.state


def test_a_snapshot_of_another_version_or_undone_since_is_not_used(director, pg_database, clock, monkeypatch):
    play(director, 6)
    with psycopg.connect(pg_database) as conn:
        conn.execute("UPDATE snapshots SET fingerprint = 'another version of Floorman'")
    read = opened_from(monkeypatch)
    with open_shared(pg_database, station="Floor 2", time=clock, snapshot_every=EVERY) as floor:
        assert read == []  # the whole log replayed
        assert floor.tournament.state == full_replay(floor).state == director.tournament.state
    with psycopg.connect(pg_database) as conn:
        conn.execute("UPDATE snapshots SET fingerprint = %s", (state_fingerprint(),))
    seqs = snapshot_seqs(pg_database)
    while True:  # undone back to before the latest snapshot: it no longer describes the state
        target = director._history.undo_target()
        assert target is not None
        director.undo()
        if target.seq <= seqs[-1]:
            break
    with open_shared(pg_database, station="Floor 3", time=clock, snapshot_every=EVERY) as floor:
        assert seqs[-1] not in read and read and read[0] in seqs
        assert floor.tournament.state == full_replay(floor).state == director.tournament.state


def test_only_the_directors_stations_write_snapshots_and_a_race_leaves_one(director, pg_database, clock):
    desk_url = read_code(issue_code(pg_database, "desk")).url()
    with psycopg.connect(desk_url) as conn, pytest.raises(psycopg.errors.InsufficientPrivilege):
        conn.execute("INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (1, 'x', 'y')")
    before = snapshot_seqs(pg_database)
    with open_shared(desk_url, station="Desk", time=clock, snapshot_every=EVERY) as desk:
        assert desk.role == "desk"
        for i in range(2 * EVERY):  # past a snapshot point, recorded at the desk
            desk.execute({"cmd": "register", "name": f"Late {i}"})
        assert snapshot_seqs(pg_database) == before  # the desk may not write them
        other = open_shared(pg_database, station="Director 2", time=clock, snapshot_every=EVERY)
        try:
            director.poll()  # the director's station writes the point the desk reached
            written = snapshot_seqs(pg_database)
            assert written and written[-1] > max(before, default=0)
            other.poll()  # a second director's station reaching the same point: nothing twice, no error
            assert snapshot_seqs(pg_database) == written
            assert other.tournament.state == director.tournament.state == desk.tournament.state
        finally:
            other.close()
