"""The tournament's server itself refuses what a station's role does not allow (db.server_roles): a desk's
login connected by hand cannot record a bust-out, whatever program it uses; through Floorman the station
says so in words before anything is sent."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

import psycopg
import pytest

from app.commands.catalogue import by_name
from app.commands.roles import allowed
from app.core.timesource import FakeClock
from app.errors import RuleError
from app.log.history import replay_history
from app.profiles.profile import load_profile
from db.joincode import read_code
from db.server_roles import command_roles
from db.shared_store import SharedStore, create_shared, open_shared
from db.station_codes import issue_code
from db.store import TournamentStore

TRICKY = "Robert'); DROP TABLE actions;-- \"Bobby\" O'Neil"
ROW = "INSERT INTO actions (seq, kind, at, label, command, events, target, automatic, station, operator) " \
      "VALUES (%s, %s, 0, %s, %s, '[]', %s, %s, 'psql', '')"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def director(pg_database: str, tmp_path: Path, clock: FakeClock) -> Iterator[SharedStore]:
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=clock, seed=3) as store:
        for name in ("Ann Lee", "Bo Chen", "Cy Lo"):
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    station = create_shared(pg_database, from_file=path, station="Director", time=clock)
    yield station
    station.close()


def login(url: str, role: str) -> str:
    """The URL of a new join code's login of ``role`` (a login of its own on the server)."""
    return read_code(issue_code(url, role)).url()


def count(url: str) -> int:
    with psycopg.connect(url) as conn:
        row = conn.execute("SELECT count(*) FROM actions").fetchone()
    assert row is not None
    return int(row[0])


def insert_by_hand(url: str, seq: int, command: Mapping[str, object], *, kind: str = "do", target: int | None = None,
                   automatic: bool = False, set_role: str | None = None) -> None:
    with psycopg.connect(url) as conn:
        if set_role:
            conn.execute(f"SET ROLE {set_role}")
        label = f"{command.get('cmd', kind)} by hand"
        conn.execute(ROW, (seq, kind, label, json.dumps(dict(command)), target, automatic))


def test_the_servers_table_says_what_the_engine_says(director, pg_database):
    with psycopg.connect(pg_database) as conn:
        rows = set(conn.execute("SELECT command, role FROM command_roles").fetchall())
    assert rows == set(command_roles())
    for command, role in rows:
        decl = by_name(command)
        assert decl is not None
        assert decl.by_time if role == "by_time" else allowed(role, decl)
    assert ("bust", "floor") in rows and ("bust", "desk") not in rows and ("rebuy", "desk") in rows
    assert ("finish", "by_time") in rows


def test_a_desk_login_inserting_a_bust_by_hand_is_refused_by_the_server(director, pg_database):
    desk = login(pg_database, "desk")
    seq = count(pg_database) + 1
    bust = {"cmd": "bust", "player": "Ann Lee"}
    with pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
        insert_by_hand(desk, seq, bust)
    assert 'A desk station cannot record "bust by hand"' in str(refused.value)
    for tries in ({"set_role": "floorman_desk"}, {"automatic": True}):  # as its group, or as if time made it due
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            insert_by_hand(desk, seq, bust, **tries)
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        insert_by_hand(desk, seq, bust, set_role="floorman_director")  # not its group: refused outright
    assert count(pg_database) == seq - 1
    insert_by_hand(desk, seq, {"cmd": "note", "text": "the desk's own"})  # what the desk may enter goes in
    assert count(pg_database) == seq


def test_undo_and_redo_are_checked_against_their_targets_command(director, pg_database):
    director.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": False})
    bust = director.last_seq
    desk, floor = login(pg_database, "desk"), login(pg_database, "floor")
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        insert_by_hand(desk, bust + 1, {}, kind="undo", target=bust)
    insert_by_hand(floor, bust + 1, {}, kind="undo", target=bust)  # a bust-out is the floor's to undo
    assert count(pg_database) == bust + 1


def test_screen_and_floor_logins_record_only_what_their_role_may(director, pg_database):
    screen, floor = login(pg_database, "screen"), login(pg_database, "floor")
    seq = count(pg_database) + 1
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        insert_by_hand(screen, seq, {"cmd": "note", "text": "hello"})
    with pytest.raises(psycopg.errors.InsufficientPrivilege) as refused:
        insert_by_hand(floor, seq, {"cmd": "rebuy", "player": "Ann Lee"})
    assert "A floor station cannot record" in str(refused.value)
    with pytest.raises(psycopg.errors.InsufficientPrivilege):
        insert_by_hand(floor, seq, {"cmd": "finish"})  # what time makes due, but not marked automatic
    assert count(pg_database) == seq - 1


def test_a_desk_station_is_refused_a_bust_in_words_and_takes_a_buy_in(director, pg_database, clock):
    with open_shared(login(pg_database, "desk"), station=TRICKY, operator=TRICKY, time=clock) as desk:
        assert desk.role == "desk"
        before, seq = desk.tournament.snapshot(), desk.last_seq
        with pytest.raises(RuleError) as refused:
            desk.execute({"cmd": "bust", "player": "Ann Lee"})
        assert refused.value.code == "ROLE_FORBIDDEN"
        assert refused.value.message == ("A desk station cannot enter \u201cbust-out of Ann Lee\u201d: that is for "
                                         "the floor or the director.")
        assert desk.tournament.state == before and desk.last_seq == seq == count(pg_database)
        desk.execute({"cmd": "register", "name": TRICKY, "pay": False})
        desk.execute({"cmd": "buy_in", "player": TRICKY})
        assert count(pg_database) == seq + 2
        director.poll()
        assert [(h.label, h.station, h.operator) for h in director.history()[-2:]] == [
            (f"registration of {TRICKY}", TRICKY, TRICKY), (f"buy-in of {TRICKY}", TRICKY, TRICKY)]
        assert desk.tournament.state == director.tournament.state
        assert director.tournament.state == replay_history(director.actions(), time=clock).tournament.state


def test_elim_6_the_end_time_made_due_is_recorded_from_a_floor_station(pg_database, tmp_path, clock):
    """The engine records what time made due as an automatic action of whichever station enters the next
    command, with that station's name: the server lets a floor station record the end of the tournament so,
    and only so."""
    path = tmp_path / "late.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Late", time=clock, seed=7) as store:
        for name in ("Ann", "Bob"):
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
        store.execute({"cmd": "bust", "player": "Ann"})
    create_shared(pg_database, from_file=path, station="Director", time=clock).close()
    with open_shared(login(pg_database, "floor"), station="Floor 1", time=clock) as floor:
        clock.advance(4 * 3600)
        floor.execute({"cmd": "note", "text": "after the window"})
        assert [(h.label, h.automatic, h.station) for h in floor.history()[-2:]] == [
            ("end of the tournament", True, "Floor 1"), ("note \u201cafter the window\u201d", False, "Floor 1")]
        assert floor.tournament.state.ended and count(pg_database) == floor.last_seq
