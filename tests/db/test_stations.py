"""A store opened for a station: its role is checked where each command enters, and every action
records the station and the operator, in the file (schema 3), read back when the file opens again."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine

from app.errors import RuleError
from db.backups import list_backups
from db.fileformat import REVISIONS, SCHEMA_VERSION
from db.schema import migrations_folder
from db.store import Station, TournamentStore
from db.verify import verify_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _rows(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT seq, kind, label, station, operator FROM actions ORDER BY seq").fetchall()
    finally:
        conn.close()


def _seated(store: TournamentStore) -> None:
    for name in ("Ann Lee", "Bob Ray", "Cy Lo"):
        store.execute({"cmd": "register", "name": name})
    store.execute({"cmd": "seat_all"})
    store.execute({"cmd": "start_clock"})


def test_station_and_operator_are_stored_and_read_back(store, store_path, clock):
    _seated(store)
    store.close()
    with TournamentStore.open(store_path, time=clock, station=Station("floor", "Floor 2", "Lou O'Neil")) as floor:
        floor.execute({"cmd": "bust", "player": "Ann Lee"})
        assert floor.undo_station() == ("Floor 2", "Lou O'Neil")
    with TournamentStore.open(store_path, time=clock, station=Station("desk", "Desk 1", "Kim")) as desk:
        desk.execute({"cmd": "note", "text": "Cash box counted"})
    assert _rows(store_path)[-2:] == [
        (7, "do", "bust-out of Ann Lee", "Floor 2", "Lou O'Neil"),
        (8, "do", "note \u201cCash box counted\u201d", "Desk 1", "Kim"),
    ]
    with TournamentStore.open(store_path, read_only=True) as again:
        items = again.history()
        assert [(i.station, i.operator) for i in items[-2:]] == [("Floor 2", "Lou O'Neil"), ("Desk 1", "Kim")]
        assert all(i.station == "" and i.operator == "" for i in items[:-2])  # the single laptop's
    assert verify_file(store_path).ok


def test_a_desk_station_trying_a_directors_action_is_refused_in_words_and_nothing_changed(store, store_path, clock):
    _seated(store)
    store.close()
    before = hashlib.sha256(store_path.read_bytes()).hexdigest()
    with TournamentStore.open(store_path, time=clock, station=Station("desk", "Desk 1", "Kim")) as desk:
        rows, state = _rows(store_path), desk.tournament.snapshot()
        for cmd, words in (
            ({"cmd": "next_level"}, "A desk station cannot enter \u201cjump to the next level\u201d: that is for "
                                    "the director."),
            ({"cmd": "bust", "player": "Bob Ray"}, "A desk station cannot enter \u201cbust-out of Bob Ray\u201d: "
                                                  "that is for the floor or the director."),
        ):
            with pytest.raises(RuleError) as info:
                desk.execute(cmd)
            assert info.value.code == "ROLE_FORBIDDEN" and info.value.message == words
        with pytest.raises(RuleError) as info:
            desk.undo()  # the director's start of the clock
        assert info.value.code == "ROLE_FORBIDDEN" and "cannot undo" in info.value.message
        assert _rows(store_path) == rows and desk.tournament.state == state
        assert desk.undo_station() == ("", "")
    assert hashlib.sha256(store_path.read_bytes()).hexdigest() == before


def test_a_screen_station_writes_nothing(store, store_path, clock):
    store.close()
    with TournamentStore.open(store_path, time=clock, station=Station("screen", "Room 2")) as screen:
        with pytest.raises(RuleError) as info:
            screen.execute({"cmd": "note", "text": "hello"})
        assert info.value.code == "ROLE_FORBIDDEN"
    assert len(_rows(store_path)) == 1


def test_a_station_with_an_unknown_role_or_a_name_too_long_is_refused(store, store_path):
    store.close()
    for station in (Station("cashier"), Station("desk", "D" * 65)):
        with pytest.raises(RuleError) as info:
            TournamentStore.open(store_path, station=station)
        assert info.value.code == "INVALID_INPUT"
    TournamentStore.open(store_path).close()  # and the file was not left locked


def _downgrade(path: Path, revision: str) -> None:
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as conn:
            cfg = Config()
            cfg.set_main_option("script_location", str(migrations_folder()))
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, revision)
    finally:
        engine.dispose()


def test_a_schema2_file_gets_station_and_operator_after_a_backup(tmp_path, clock):
    path = tmp_path / "two.floorman"
    shutil.copyfile(FIXTURES / "schema2.floorman", path)  # written by the last release of schema 2
    conn = sqlite3.connect(path)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(actions)")]
    old = conn.execute("SELECT seq, kind, label FROM actions ORDER BY seq").fetchall()
    conn.close()
    assert "station" not in columns and "operator" not in columns
    with TournamentStore.open(path, time=clock, station=Station("floor", "Floor 1", "Lou")) as s:
        assert [(i.seq, i.kind, i.label, i.station) for i in s.history()] == [(*r, "") for r in old]
        assert s.tournament.state.name == "Schema two"
        s.execute({"cmd": "bust", "player": "Ann Lee"})
    assert [b.reason for b in list_backups(path)].count("before-upgrade-schema2") == 1
    rows = _rows(path)
    assert rows[:-1] == [(*r, "", "") for r in old] and rows[-1][3:] == ("Floor 1", "Lou")
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone()[0] == REVISIONS[-1] == "0003"
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == str(SCHEMA_VERSION)
    finally:
        conn.close()
    assert verify_file(path).ok


def test_schema3_goes_back_to_schema2_and_up_again(store, store_path, clock):
    _seated(store)
    store.close()
    _downgrade(store_path, "0002")
    conn = sqlite3.connect(store_path)
    try:
        assert "station" not in [r[1] for r in conn.execute("PRAGMA table_info(actions)")]
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == "2"
    finally:
        conn.close()
    with TournamentStore.open(store_path, time=clock) as s:
        assert len(s.history()) == 6
    assert {r[3:] for r in _rows(store_path)} == {("", "")}


def test_a_schema1_file_has_empty_stations_after_the_upgrade(tmp_path):
    copy = tmp_path / "old.floorman"
    shutil.copyfile(FIXTURES / "schema1.floorman", copy)
    with TournamentStore.open(copy) as s:
        assert {(i.station, i.operator) for i in s.history()} == {("", "")}
    assert {r[3:] for r in _rows(copy)} == {("", "")}
