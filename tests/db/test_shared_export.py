"""A shared tournament brought back into a normal file: from the server while it answers, and from what the
station holds when the server is gone, saying which actions that copy holds."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db import pgserver
from db.errors import FileAlreadyExists
from db.shared_store import ServerUnreachable, SharedStore, create_shared, open_shared
from db.store import TournamentStore
from db.verify import verify_file
from tests.support.pg import create_database


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(pg_folder: Path) -> Iterator[pgserver.PgServer]:
    """A server of the test's own, which the test may stop."""
    s = pgserver.start(pg_folder / "server")
    try:
        yield s
    finally:
        s.stop()


def shared(url: str, folder: Path, clock: FakeClock) -> tuple[SharedStore, SharedStore]:
    path = folder / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=clock, seed=5) as store:
        for name in ("Ann Lee", "Bo Chen", "Cy Lo"):
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    director = create_shared(url, from_file=path, station="Director", time=clock)
    return director, open_shared(url, station="Floor 2", operator="Bob", time=clock)


def test_with_the_server_gone_the_station_saves_what_it_holds_as_a_normal_file(server, tmp_path, clock):
    director, floor = shared(create_database(server.url()), tmp_path, clock)
    try:
        floor.execute({"cmd": "bust", "player": "Ann Lee"})
        director.poll()
        director.execute({"cmd": "rebuy", "player": "Ann Lee"})
        floor.poll()
        floor.undo()  # the floor undoes the director's rebuy: the copy holds undo and all
        director.poll()
        floor.execute({"cmd": "note", "text": "the director has not seen this one"})
        server.stop()
        with pytest.raises(ServerUnreachable):
            director.export(tmp_path / "server.floorman")
        assert not (tmp_path / "server.floorman").exists()
        out = tmp_path / "held.floorman"
        saved = director.save_as_file(out)
        assert (saved.from_server, saved.actions, saved.last_seq) == (False, director.last_seq, director.last_seq)
        words = saved.words()
        assert re.fullmatch(
            rf"The tournament's server cannot be reached, so held\.floorman was saved from this station's own copy: "
            rf"actions 1\u2013{director.last_seq}, the last at \d\d:\d\d by Floor 2 \(Bob\); actions other stations "
            r"committed after that are not in it\.", words), words
        report = verify_file(out)
        assert report.ok, report.problems
        assert report.actions == director.last_seq == floor.last_seq - 1
        with TournamentStore.open(out, time=clock) as file:
            assert file.tournament.state == director.tournament.state
            assert file.history() == director.history()
            assert [(h.station, h.operator) for h in file.history()[-3:]] == [
                ("Floor 2", "Bob"), ("Director", ""), ("Floor 2", "Bob")]
            file.execute({"cmd": "note", "text": "carried on in the file"})  # a normal file, carried on
        with pytest.raises(FileAlreadyExists):
            director.export_held(out)  # never over a file
    finally:
        director.close()
        floor.close()


def test_while_the_server_answers_the_whole_log_is_saved_from_it(pg_database, tmp_path, clock):
    director, floor = shared(pg_database, tmp_path, clock)
    try:
        floor.execute({"cmd": "bust", "player": "Bo Chen"})  # the director has not looked yet
        out = tmp_path / "from-server.floorman"
        saved = director.save_as_file(out)
        assert saved.from_server and saved.last_seq == floor.last_seq == director.last_seq
        assert saved.words().startswith(f"Saved from-server.floorman from the tournament's server: actions "
                                        f"1\u2013{floor.last_seq}, the last at ")
        assert saved.words().endswith("by Floor 2 (Bob), the whole tournament.")
        with TournamentStore.open(out, read_only=True) as file:
            assert file.tournament.state == floor.tournament.state
        assert verify_file(out).ok
    finally:
        director.close()
        floor.close()
