"""db.hosting: one way to host a tournament (``floorman host`` and the window's Share with other stations…),
on a real PostgreSQL server (tests/support/pg.py): a code per role, the codes of a venue's login that may
not make logins, and a refusal that leaves nothing behind; and, while it serves, the backups and a server
that stopped by itself."""

from __future__ import annotations

import os
import secrets
import signal
import time
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db import pgserver
from db.backups import list_backups
from db.errors import NotATournamentFile
from db.hosting import ROLE_ORDER, Serving, ServingThread, host
from db.joincode import read_code
from db.shared_store import open_shared
from db.station_codes import GROUPS, CodeError
from db.store import TournamentStore
from tests.support.pg import create_database, drop_database, with_database


def tournament_file(folder: Path, name: str = "friday.floorman") -> Path:
    path = folder / name
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=FakeClock(), seed=5) as store:
        for player in ("Ann Lee", "Bob Ray", "Cy Lo"):
            store.execute({"cmd": "register", "name": player})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


def _started(monkeypatch: pytest.MonkeyPatch) -> list[pgserver.PgServer]:
    """Every server pgserver.start makes from now on."""
    made: list[pgserver.PgServer] = []
    real = pgserver.start

    def start(*args, **kwargs):  # type: ignore[no-untyped-def]
        server = real(*args, **kwargs)
        made.append(server)
        return server

    monkeypatch.setattr(pgserver, "start", start)
    return made


def test_a_code_per_role_each_a_login_of_its_own_and_the_standby_code_the_servers_own(pg_folder, tmp_path):
    path = tournament_file(tmp_path)
    steps: list[str] = []
    hosted = host(path, address="127.0.0.1", station="Director", say=steps.append,
                  folder=lambda _file: pg_folder / "server")
    try:
        assert steps == ["Starting a PostgreSQL server on 127.0.0.1\u2026", "Copying the tournament in\u2026",
                         "Making the join codes\u2026"]
        assert hosted.server is not None and hosted.server.is_running() and hosted.revocable and not hosted.refused
        assert hosted.where == f"127.0.0.1:{hosted.server.port}" and hosted.shared_at == hosted.store.last_seq == 6
        logins = set()
        for role in ROLE_ORDER:
            info = read_code(hosted.shown(role) or "")
            assert info.role == role and info.user.startswith("station_")
            logins.add(info.user)
            with open_shared(info.url(), station=f"{role} station") as station:
                assert station.role == role and station.last_seq == 6  # the server gives the code's role
        assert len(logins) == 4
        standby = hosted.standby_code()
        assert standby is not None and read_code(standby).user == "floorman"
    finally:
        hosted.close()
    assert not hosted.server.is_running()
    assert (pg_folder / "server" / "data" / "PG_VERSION").is_file()  # stopped, its data kept


def test_a_refusal_after_the_server_started_stops_it_and_removes_its_folder(pg_folder, tmp_path, monkeypatch):
    made = _started(monkeypatch)
    not_a_tournament = tmp_path / "notes.floorman"
    not_a_tournament.write_text("shopping list", encoding="utf-8")
    with pytest.raises(NotATournamentFile):
        host(not_a_tournament, address="127.0.0.1", folder=lambda _file: pg_folder / "first")
    assert len(made) == 1 and not made[0].is_running()
    assert not (pg_folder / "first").exists()

    import db.station_codes

    def refused(url: str, role: str) -> str:
        raise CodeError(f"The server refused a login for the {role} (a test's refusal); no code was issued.")

    monkeypatch.setattr(db.station_codes, "issue_code", refused)
    with pytest.raises(CodeError) as err:  # this laptop's own server must make the codes: no fallback
        host(tournament_file(tmp_path), address="127.0.0.1", folder=lambda _file: pg_folder / "second")
    assert "a test's refusal" in err.value.message
    assert len(made) == 2 and not made[1].is_running()
    assert not (pg_folder / "second").exists()


def test_a_folder_that_was_there_before_is_never_removed(pg_folder, tmp_path):
    kept = pg_folder / "kept"
    kept.mkdir()
    (kept / "mine.txt").write_text("the director's", encoding="utf-8")
    with pytest.raises(pgserver.ServerError):  # not this computer's address: refused before anything starts
        host(tournament_file(tmp_path), address="203.0.113.9", folder=lambda _file: kept)
    assert (kept / "mine.txt").read_text(encoding="utf-8") == "the director's"


@pytest.fixture
def venue(pg_url: str):
    """A venue's database whose login owns it but may not create logins (no CREATEROLE); its URL."""
    login, password = "venue_" + secrets.token_hex(4), secrets.token_urlsafe(16)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (GROUPS["director"],)).fetchone() is None:
            conn.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(sql.Identifier(GROUPS["director"])))
        # in the director's group only so the test server's pg_hba.conf lets it in, as a venue's would
        conn.execute(sql.SQL("CREATE ROLE {} LOGIN NOCREATEROLE PASSWORD {} IN ROLE {}").format(
            sql.Identifier(login), sql.Literal(password), sql.Identifier(GROUPS["director"])))
    database = create_database(pg_url)
    name = database.rsplit("/", 1)[1]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(sql.Identifier(name), sql.Identifier(login)))
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(with_database(pg_url, name))
    host_part = parts.netloc.rsplit("@", 1)[-1]
    yield urlunsplit(parts._replace(netloc=f"{login}:{password}@{host_part}"))
    drop_database(pg_url, database)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(login)))


def test_a_venue_login_that_may_not_make_logins_gets_codes_holding_its_own(venue, tmp_path):
    steps: list[str] = []
    hosted = host(tournament_file(tmp_path), url=venue, station="Director", say=steps.append)
    try:
        assert hosted.server is None and not hosted.revocable and hosted.standby_code() is None
        assert "may not create the stations' logins" in hosted.refused
        assert steps[0].startswith("Copying the tournament to the venue's server at ")
        for role in ROLE_ORDER:
            info = read_code(hosted.shown(role) or "")
            assert info.role == role and info.user == read_code(hosted.shown("director") or "").user
            assert info.user.startswith("venue_")
        floor = read_code(hosted.shown("floor") or "")
        with open_shared(floor.url(), station="Floor 2", role=floor.role) as station:
            assert station.last_seq == 6 and station.name == "Friday"
    finally:
        hosted.close()


def test_a_url_that_is_not_one_is_refused_before_anything_is_tried(tmp_path):
    steps: list[str] = []
    with pytest.raises(Exception) as err:
        host(tournament_file(tmp_path), url="http://db.club/friday", say=steps.append)
    assert "postgresql://USER:PASSWORD@HOST:PORT/DATABASE" in err.value.message  # type: ignore[attr-defined]
    assert steps == []


def test_serving_backs_up_when_it_stops_and_says_a_server_that_stopped_by_itself(pg_folder, tmp_path):
    path = tournament_file(tmp_path)
    hosted = host(path, address="127.0.0.1", folder=lambda _file: pg_folder / "server")
    try:
        serving = Serving(hosted.store, path, hosted.server, since=hosted.shared_at)
        assert serving.tick() == [] and list_backups(path) == []  # nothing recorded: the file holds it all
        hosted.store.execute({"cmd": "bust", "player": "Ann Lee"})
        assert not serving.gone()
        assert serving.close() == []
        assert [(b.seq, b.reason) for b in list_backups(path)] == [(7, "shared-stop")]

        reported: list[str] = []
        gone: list[bool] = []
        window = hosted.store  # the caller's own station, maybe further along than the thread's
        thread = ServingThread(hosted, path, station="Director", time=None, report=reported.append,
                               gone=lambda: gone.append(True), every_s=0.1)
        window.execute({"cmd": "bust", "player": "Bob Ray"})
        assert hosted.server is not None and hosted.server.pid is not None
        os.kill(hosted.server.pid, signal.SIGKILL)  # the server dies
        deadline = time.monotonic() + 15
        while not gone and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone == [True]
        words = thread.server_gone(held=window)
        newest = list_backups(path)[-1]
        assert (newest.seq, newest.reason) == (8, "shared-stop")
        assert words.startswith(f"The server stopped by itself; see its log, {hosted.server.log_file}.")
        assert f"The newest backup of the tournament is {newest.path.name}, in {newest.path.parent}." in words
        with TournamentStore.open(newest.path, read_only=True) as backup:
            assert backup.history()[-1].label == "bust-out of Bob Ray"
        thread.stop()
    finally:
        hosted.close()
