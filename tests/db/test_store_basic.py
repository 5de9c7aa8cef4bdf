"""Creating, writing, reopening: every committed action comes back, in order, with its label."""

from __future__ import annotations

import sqlite3

import pytest

from app.commands.roles import DIRECTOR
from app.errors import RuleError
from app.profiles.profile import load_profile
from db.errors import FileAlreadyExists, ReadOnlyStore
from db.store import Station, TournamentStore


def test_actions_survive_reopen_in_order(store, store_path, clock):
    for i in range(5):
        clock.advance(10)
        store.execute({"cmd": "note", "text": f"note {i}"})
    store.execute({"cmd": "change_settings", "settings": {"table.max_seats": 9}})
    view_before = store.tournament.view()
    store.close()
    with TournamentStore.open(store_path, time=clock) as again:
        assert again.tournament.view() == view_before
        labels = [h.label for h in again.history()]
        assert labels[0] == "creation of the tournament"
        assert labels[1:6] == [f"note \u201cnote {i}\u201d" for i in range(5)]
        assert labels[6] == "settings change (table.max_seats)"
        assert again.last_seq == 7


def test_pragmas_are_durable(store, store_path):
    conn = sqlite3.connect(store_path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.close()
    db = store._db  # the store's own connection
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 5000


def test_refused_command_writes_nothing(store):
    seq = store.last_seq
    with pytest.raises(RuleError):
        store.execute({"cmd": "note", "text": "   "})
    assert store.last_seq == seq
    assert [h.seq for h in store.history()] == list(range(1, seq + 1))


def test_create_refuses_to_overwrite(store_path, tmp_path):
    store_path.write_bytes(b"precious")
    with pytest.raises(FileAlreadyExists):
        TournamentStore.create(store_path, load_profile("tda"), "X")
    assert store_path.read_bytes() == b"precious"


def test_read_only_store_refuses_changes(store, store_path):
    store.execute({"cmd": "note", "text": "one"})
    with TournamentStore.open(store_path, read_only=True) as ro:
        assert ro.last_seq == store.last_seq
        with pytest.raises(ReadOnlyStore):
            ro.execute({"cmd": "note", "text": "two"})
        assert ro.undo_label() is None


def test_on_commit_reports_sequence_numbers(store_path, clock):
    seen: list[int] = []
    with TournamentStore.create(store_path, load_profile("tda"), "X", time=clock, on_commit=seen.append) as s:
        s.execute({"cmd": "note", "text": "a"})
        s.execute({"cmd": "note", "text": "b"})
        s.undo()
    assert seen == [2, 3, 4]


def test_elim_6_the_end_made_due_by_time_is_saved_as_an_automatic_action(tmp_path, clock):
    """Recorded as the automatic action of the station whose command found it due (its name and operator),
    so the history says where the tournament ended."""
    path = tmp_path / "late.floorman"
    desk = Station(DIRECTOR, "Main desk", "Rita")
    with TournamentStore.create(path, load_profile("tda"), "Late", time=clock, seed=7, station=desk) as s:
        for name in ("Ann", "Bob"):
            s.execute({"cmd": "register", "name": name})
        s.execute({"cmd": "seat_all"})
        s.execute({"cmd": "start_clock"})
        s.execute({"cmd": "bust", "player": "Ann"})
        assert not s.tournament.state.ended  # late registration is open: entries can still arrive
        clock.advance(4 * 3600)
        s.execute({"cmd": "note", "text": "after the window"})
        items = s.history()
        assert [(h.label, h.automatic, h.station, h.operator) for h in items[-2:]] == [
            ("end of the tournament", True, "Main desk", "Rita"),
            ("note \u201cafter the window\u201d", False, "Main desk", "Rita")]
        view = s.tournament.view()
    with TournamentStore.open(path, time=clock) as again:
        assert again.tournament.state.ended and again.tournament.view() == view
