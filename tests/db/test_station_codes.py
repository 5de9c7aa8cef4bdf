"""Revocable join codes, each a login of its own whose role the server enforces (db.station_codes)."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.errors import RuleError
from app.profiles.profile import load_profile
from db.errors import StoreError
from db.joincode import JoinInfo, make_code, read_code
from db.shared_store import NotLetIn, create_shared, open_shared
from db.station_codes import CodeError, codes, issue_code, revoke_code
from db.store import TournamentStore
from floorman.cli import main

ROOT = Path(__file__).resolve().parents[2]
TRICKY = "Robert'); DROP TABLE actions;--"


def count_actions(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM actions").fetchone()
    assert row is not None
    return int(row[0])


def tournament_file(folder: Path) -> Path:
    path = folder / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=FakeClock(), seed=5) as store:
        for name in ("Ann Lee", TRICKY):
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


@pytest.fixture
def shared(pg_database: str, tmp_path: Path) -> str:
    create_shared(pg_database, from_file=tournament_file(tmp_path), station="Director").close()
    return pg_database


def test_each_code_is_a_login_of_its_own_in_its_roles_group(shared: str) -> None:
    desk, floor = issue_code(shared, "desk"), issue_code(shared, "floor")
    a, b = read_code(desk), read_code(floor)
    assert a.user != b.user and a.password != b.password and a.user.startswith("station_")
    assert (a.user, "desk") in codes(shared) and (b.user, "floor") in codes(shared)
    with open_shared(a.url(), station="Desk", role="desk") as station:
        assert station.role == "desk" and station.last_seq == 5


def test_a_revoked_code_cannot_connect_any_more(shared: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = issue_code(shared, "floor")
    assert main(["join", code, "--station", "Floor 1"]) == 0
    capsys.readouterr()
    revoke_code(shared, code)
    assert read_code(code).user not in [login for login, _ in codes(shared)]
    assert main(["join", code, "--station", "Floor 1"]) == 2
    err = capsys.readouterr().err
    assert "refused the password" in err and "revoked by the director" in err and "Traceback" not in err
    with pytest.raises(NotLetIn) as refused:
        open_shared(read_code(code).url(), station="Floor 1", role="floor")
    assert "revoked by the director" in refused.value.message
    with pytest.raises(CodeError) as again:
        revoke_code(shared, code)
    assert "revoked already?" in again.value.message


def test_a_connected_station_whose_code_is_revoked_is_cut_off_and_says_so(shared: str) -> None:
    code = issue_code(shared, "floor")
    other = issue_code(shared, "desk")
    station = open_shared(read_code(code).url(), station="Floor 1", role="floor")
    desk = open_shared(read_code(other).url(), station="Desk", role="desk")
    try:
        assert station.poll() == []
        assert revoke_code(shared, read_code(code).user) >= 2  # its connection and its listener
        player = next(iter(station.tournament.state.players))
        with pytest.raises(StoreError) as cut:
            station.execute({"cmd": "bust", "players": [player]})
        with pytest.raises(NotLetIn) as said:
            station.poll()
        assert "its join code was revoked by the director" in said.value.message
        assert "Nothing was changed" in cut.value.message
        assert count_actions(shared) == 5 and station.last_seq == 5
        assert desk.poll() == []  # another station's code still works
        assert desk.last_seq == 5
    finally:
        station.close()
        desk.close()


def test_a_screen_code_edited_to_a_directors_is_refused_by_the_server(shared: str) -> None:
    screen = read_code(issue_code(shared, "screen"))
    edited = read_code(make_code(screen.with_role("director")))
    assert edited.role == "director"
    with open_shared(edited.url(), station="Screen", role=edited.role) as station:
        assert station.role == "screen"  # the server's word, not the code's text
        player = next(iter(station.tournament.state.players))
        with pytest.raises(RuleError) as err:
            station.execute({"cmd": "bust", "players": [player]})
        assert err.value.code == "ROLE_FORBIDDEN"
        station.role = "director"  # a station's own program changed to skip its check: the server still refuses
        with pytest.raises(StoreError) as refused:
            station.execute({"cmd": "bust", "players": [player]})
        assert "does not let this station record actions" in refused.value.message
        assert "permission denied for table actions" in refused.value.message
        assert station.last_seq == 5
    with psycopg.connect(edited.url()) as raw, pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw.execute("DELETE FROM actions")
    assert count_actions(shared) == 5


def test_a_station_named_with_quotes_and_sql_and_a_login_given_as_sql(shared: str) -> None:
    name = "Floor \"2\"'; DROP ROLE floorman;--"
    code = issue_code(shared, "floor")
    with open_shared(read_code(code).url(), station=name, operator=TRICKY, role="floor") as floor:
        player = next(p.id for p in floor.tournament.state.players.values() if p.name == TRICKY)
        floor.execute({"cmd": "bust", "players": [player]})
        assert floor.author(6).station == name and floor.author(6).operator == TRICKY
    with pytest.raises(CodeError) as err:
        revoke_code(shared, "station_0'; DROP ROLE floorman;--")
    assert "is not a station's join code or login" in err.value.message
    assert count_actions(shared) == 6
    revoke_code(shared, code)


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True)


@pytest.fixture
def two_hosts() -> Iterator[tuple[str, str, str]]:
    """Two network namespaces joined by a veth pair, names unique to this run: (server's namespace, the
    station's namespace, the server's address); removed afterwards."""
    tag = secrets.token_hex(3)
    net = 1 + secrets.randbelow(254)
    server_ns, station_ns = f"fm{tag}s", f"fm{tag}c"
    made: list[str] = []
    try:
        for ns in (server_ns, station_ns):
            _ip("netns", "add", ns)
            made.append(ns)
            _ip("-n", ns, "link", "set", "lo", "up")
        _ip("-n", server_ns, "link", "add", f"v{tag}s", "type", "veth", "peer", "name", f"v{tag}c",
            "netns", station_ns)
        _ip("-n", server_ns, "addr", "add", f"10.200.{net}.1/24", "dev", f"v{tag}s")
        _ip("-n", station_ns, "addr", "add", f"10.200.{net}.2/24", "dev", f"v{tag}c")
        _ip("-n", server_ns, "link", "set", f"v{tag}s", "up")
        _ip("-n", station_ns, "link", "set", f"v{tag}c", "up")
        yield server_ns, station_ns, f"10.200.{net}.1"
    finally:
        for ns in made:
            subprocess.run(["ip", "netns", "del", ns], check=False, capture_output=True)


def test_a_station_on_another_host_joins_with_its_code_and_not_with_a_wrong_password(
        two_hosts: tuple[str, str, str], pg_folder: Path, tmp_path: Path) -> None:
    server_ns, station_ns, address = two_hosts
    path = tournament_file(tmp_path)
    host = subprocess.Popen(["ip", "netns", "exec", server_ns, sys.executable, "-m", "tests.db.netns_host",
                             str(pg_folder), str(path), address], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        code = host.stdout.readline().strip()
        assert code.startswith("floorman:"), host.stderr.read() if host.stderr else ""
        info = read_code(code)
        assert info.address == address and info.user.startswith("station_")

        def join(text: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run(["ip", "netns", "exec", station_ns, sys.executable, "-m", "floorman", "join",
                                   text, "--station", "Floor 2"], cwd=ROOT, capture_output=True, text=True,
                                  timeout=60)

        joined = join(code)
        assert joined.returncode == 0, joined.stderr
        assert joined.stdout.startswith("Friday (shared; this station: Floor 2, floor): 2 players left")
        wrong = join(make_code(JoinInfo(info.address, info.port, info.database, info.user,
                                        info.password + "x", "floor")))
        assert wrong.returncode == 2
        assert "refused the password" in wrong.stderr and "Nothing was opened" in wrong.stderr
        assert "Traceback" not in wrong.stderr
    finally:
        if host.stdin is not None:
            host.stdin.close()
        host.wait(timeout=60)
