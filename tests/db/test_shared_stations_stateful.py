"""Two or three stations driven at random on one shared tournament (a real PostgreSQL server).

Each step one station registers, buys in, seats, busts, rebuys, undoes, redoes or catches up, on the
state it last saw (so stations race on purpose). After every step: the log has no gap; every station's
state equals a fresh replay of the log up to the last action it holds; and every action a station was
told it recorded is in the log exactly once (none lost, none applied twice). At the end every station
catches up and equals the replay of the whole log.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from app.core.timesource import FakeClock
from app.errors import RuleError
from app.log.history import Action, replay_history
from app.profiles.profile import load_profile
from db.shared_store import SharedStore, create_shared, open_shared
from db.store import TournamentStore
from tests.support.pg import create_database, drop_database

NAMES = ("Ann Lee", "Bo Chen", "Cy O'Neil", "Dee'); DROP TABLE actions;--")
STATION_NAMES = ("Director", "Desk", "Floor 2")


class Stations(RuleBasedStateMachine):
    server_url: str

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory(prefix="floorman-stations-")
        self.url = create_database(self.server_url)
        self.clock = FakeClock()
        self.stations: list[SharedStore] = []
        self.recorded: list[tuple[str, int]] = []  # (station, seq) of every action a station said it recorded

    @initialize(count=st.integers(min_value=2, max_value=3))
    def open_stations(self, count: int) -> None:
        path = Path(self.folder.name) / "friday.floorman"
        with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=self.clock, seed=3) as store:
            for name in NAMES[:2]:
                store.execute({"cmd": "register", "name": name})
            store.execute({"cmd": "seat_all"})
            store.execute({"cmd": "start_clock"})
        self.stations.append(create_shared(self.url, from_file=path, station=STATION_NAMES[0], time=self.clock))
        for name in STATION_NAMES[1:count]:
            self.stations.append(open_shared(self.url, station=name, time=self.clock))
        self.start = self.stations[0].last_seq

    def _run(self, index: int, command: dict[str, object]) -> None:
        self._act(self.stations[index % len(self.stations)], command)

    @rule(index=st.integers(0, 2), name=st.sampled_from(NAMES), pay=st.booleans())
    def register(self, index: int, name: str, pay: bool) -> None:
        self._run(index, {"cmd": "register", "name": name, "pay": pay})

    @rule(index=st.integers(0, 2), name=st.sampled_from(NAMES))
    def buy_in(self, index: int, name: str) -> None:
        self._run(index, {"cmd": "buy_in", "player": name})

    @rule(index=st.integers(0, 2), name=st.sampled_from(NAMES))
    def seat(self, index: int, name: str) -> None:
        self._run(index, {"cmd": "seat_player", "player": name})

    @rule(index=st.integers(0, 2), name=st.sampled_from(NAMES), rebuy=st.sampled_from([None, False]))
    def bust(self, index: int, name: str, rebuy: bool | None) -> None:
        self._run(index, {"cmd": "bust", "player": name} if rebuy is None
                  else {"cmd": "bust", "player": name, "rebuy": rebuy})

    @rule(index=st.integers(0, 2), name=st.sampled_from(NAMES))
    def rebuy(self, index: int, name: str) -> None:
        self._run(index, {"cmd": "rebuy", "player": name})

    @rule(index=st.integers(0, 2), undo=st.booleans())
    def undo_or_redo(self, index: int, undo: bool) -> None:
        station = self.stations[index % len(self.stations)]
        try:
            station.undo() if undo else station.redo()
        except RuleError:
            return
        self.recorded.append((station.station, station.last_seq))

    @rule(first=st.integers(0, 2), second=st.integers(1, 2), name=st.sampled_from(NAMES),
          command=st.sampled_from(["bust", "rebuy", "buy_in", "undo"]))
    def race(self, first: int, second: int, name: str, command: str) -> None:
        """Two stations act at the same moment: the second commits between the first's catching up and its
        insert, so the first's row is refused by the primary key and it decides again."""
        a = self.stations[first % len(self.stations)]
        b = self.stations[(first + second) % len(self.stations)]
        if a is b:
            return
        real = a._catch_up
        cmd: dict[str, object] = {"cmd": command, "player": name}

        def then_the_other() -> list[Action]:
            got = real()
            a._catch_up = real  # type: ignore[method-assign]
            self._act(b, cmd)
            return got

        a._catch_up = then_the_other  # type: ignore[method-assign]
        try:
            self._act(a, cmd)
        finally:
            a._catch_up = real  # type: ignore[method-assign]

    def _act(self, station: SharedStore, command: dict[str, object]) -> None:
        try:
            station.undo() if command["cmd"] == "undo" else station.execute(command)
        except RuleError:
            return
        self.recorded.append((station.station, station.last_seq))

    @rule(index=st.integers(0, 2))
    def poll(self, index: int) -> None:
        self.stations[index % len(self.stations)].poll()

    @rule(seconds=st.sampled_from([30, 600]))
    def time_passes(self, seconds: int) -> None:
        self.clock.advance(seconds)

    @precondition(lambda self: bool(self.stations))
    @invariant()
    def every_station_is_a_replay_of_the_log(self) -> None:
        with open_shared(self.url, station="Checker", time=self.clock) as reader:
            log = reader.actions()
            authors = {a.seq: reader.author(a.seq).station for a in log}
        assert [a.seq for a in log] == list(range(1, len(log) + 1))
        # Every recorded action is in the log once, where and by whom the station was told; nothing else is
        # but what time made due (ELIM-6), recorded as an automatic action of its own before a command.
        assert sorted(seq for _, seq in self.recorded) == [a.seq for a in log[self.start:] if not a.automatic]
        assert all(authors[seq] == who for who, seq in self.recorded)
        for station in self.stations:
            upto = replay_history(log[: station.last_seq], time=self.clock).tournament
            assert station.tournament.state == upto.state, station.station

    def teardown(self) -> None:
        try:
            if self.stations:
                with open_shared(self.url, station="Checker", time=self.clock) as reader:
                    log = reader.actions()
                whole = replay_history(log, time=self.clock).tournament
                for station in self.stations:
                    station.poll()
                    assert station.last_seq == len(log)
                    assert station.tournament.state == whole.state, station.station
                    assert station.tournament.view() == whole.view()
                    assert station.history() == self.stations[0].history()
        finally:
            for station in self.stations:
                station.close()
            drop_database(self.server_url, self.url)
            self.folder.cleanup()


def test_stations_at_random_each_equal_a_replay_of_the_log(pg_url: str) -> None:
    Stations.server_url = pg_url
    run_state_machine_as_test(Stations, settings=settings(
        max_examples=12, stateful_step_count=25, deadline=None, derandomize=True,
        suppress_health_check=[HealthCheck.too_slow]))
