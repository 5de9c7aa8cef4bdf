"""The event file (FLT): every action committed before it is shown, a refusal writes nothing, a reopen replays."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from app.api import FakeClock, RuleError, Tournament, flight_event, load_profile
from app.log.snapshots import dump_state, load_state
from db.errors import FileAlreadyExists, FileMissing, NotATournamentFile
from db.event_store import EventStore

EndDay = flight_event.EndDay


def _rows(path: Path) -> int:
    with sqlite3.connect(path) as conn:  # a second reader sees only what was committed
        return int(conn.execute("SELECT COUNT(*) FROM facts").fetchone()[0])


def test_flt_event_file_commits_each_action_and_reopens_the_same(tmp_path: Path) -> None:
    path = tmp_path / "main.floorman-event"
    with EventStore.create(path, load_profile("tda"), "Main Event", seed=9) as store:
        store.execute({"cmd": "add_flight", "flight": "Day 1A"})
        assert _rows(path) == 2
        store.execute(EndDay(flight="Day 1A", entries=3, pool_cents=30000, chips_in_play={1: 30000},
                             survivors={"Ann": 1, "Bob": 1}, finishers=[("Cy", 2)]))
        store.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
                       "bags": [{"player": "Ann", "bag": "1", "chips": 20000},
                                {"player": "Bob", "bag": "2", "chips": 10000}]})
        store.execute({"cmd": "make_day2"})
        seen = flight_event.view(store.event.state)
        before = _rows(path)
        with pytest.raises(RuleError) as info:
            store.execute({"cmd": "bust_day2", "players": ["Cy"], "won_by": "Ann"})
        assert info.value.code == "NOT_IN_DAY2"
        assert _rows(path) == before and flight_event.view(store.event.state) == seen
    with EventStore.open(path) as again:
        assert flight_event.view(again.event.state) == seen
        assert again.actions == 4 and again.event.state.title == "Main Event"
        again.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Ann"})
    with EventStore.open(path) as third:
        assert [r.player for r in flight_event.results(third.event.state)] == ["Ann", "Bob", "Cy"]


def test_flt_event_file_refuses_to_overwrite_and_says_what_is_wrong(tmp_path: Path) -> None:
    path = tmp_path / "e.floorman-event"
    EventStore.create(path, load_profile("tda"), "E").close()
    with pytest.raises(FileAlreadyExists):
        EventStore.create(path, load_profile("tda"), "E")
    with pytest.raises(FileMissing):
        EventStore.open(tmp_path / "none")
    junk = tmp_path / "junk"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(NotATournamentFile):
        EventStore.open(junk)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    with pytest.raises(NotATournamentFile):
        EventStore.open(other)
    with sqlite3.connect(other) as conn:  # left as it was: not switched to WAL
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_a_snapshot_written_before_the_flight_settings_loads_with_their_defaults() -> None:
    t = Tournament.create(load_profile("tda"), name="Old", time=FakeClock(), seed=1)
    t.execute({"cmd": "register", "name": "Ann"})
    older = t.snapshot()
    assert older.profile is not None
    settings = {k: v for k, v in older.profile.settings.items() if not k.startswith("flight.")}
    older.profile = type(older.profile)(older.profile.id, older.profile.name, older.profile.description, settings,
                                        older.profile.follows)
    loaded = load_state(dump_state(older))
    assert loaded == t.state  # as replaying the log gives it
    assert loaded.profile is not None and loaded.profile["flight.stack_forward"] == "biggest"


def test_flt_two_windows_on_one_event_file_each_decide_on_what_the_other_wrote(tmp_path: Path) -> None:
    path = tmp_path / "main.event"
    first = EventStore.create(path, load_profile("tda"), "Main", seed=3)
    second = EventStore.open(path)
    try:
        first.execute({"cmd": "add_flight", "flight": "Day 1A"})
        with pytest.raises(RuleError) as info:  # the other window's flight is seen before deciding
            second.execute({"cmd": "add_flight", "flight": "Day 1A"})
        assert info.value.code == "FLIGHT_EXISTS"
        second.execute({"cmd": "add_flight", "flight": "Day 1B"})
        first.reload()
        assert list(first.event.state.flights) == list(second.event.state.flights) == ["Day 1A", "Day 1B"]
    finally:
        first.close()
        second.close()
    with EventStore.open(path) as again:
        assert list(again.event.state.flights) == ["Day 1A", "Day 1B"] and again.seq == 3
