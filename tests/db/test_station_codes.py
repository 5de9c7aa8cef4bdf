"""Revocable join codes, each a login of its own whose role the server enforces (db.station_codes)."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.errors import RuleError
from app.profiles.profile import load_profile
from db.errors import StoreError
from db.joincode import make_code, read_code
from db.shared_store import NotLetIn, create_shared, open_shared
from db.station_codes import CodeError, codes, issue_code, revoke_code
from db.store import TournamentStore
from floorman.cli import main

TRICKY = "Robert'); DROP TABLE actions;--"


def count_actions(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM actions").fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture
def shared(pg_database: str, tmp_path: Path) -> str:
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=FakeClock(), seed=5) as store:
        for name in ("Ann Lee", TRICKY):
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    create_shared(pg_database, from_file=path, station="Director").close()
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
