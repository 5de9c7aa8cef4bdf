"""A state loaded from a snapshot is exactly the state rebuilt from the log: same values, same types.

Plain ``==`` would let a tuple come back as a list inside an ``Any`` field only if they compare
unequal (they do), but it would also accept ``1.0`` for ``1`` or ``True`` for ``1``; :func:`exactly`
checks the type of every value, every key, every element, through dataclasses and containers.
The states come from every scenario file (after each step), from whole simulated tournaments of
every shipped profile (every few actions), and from stored tournaments reopened from their
snapshots.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

from app.commands import Command
from app.core.state import TournamentState
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.log.snapshots import dump_state, load_state
from app.tools.scenario import build_tournament, load_scenario
from app.tools.simulate import Simulation, run_simulation, simulation_profile
from db.store import TournamentStore
from db.verify import verify_file
from tests.db.driver import next_command

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.json"))


def exactly(a: Any, b: Any, path: str = "state") -> None:
    assert type(a) is type(b), f"{path}: {type(a).__name__} came back as {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            exactly(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{path}: keys differ or are in another order"
        for k in a:
            keys = [x for x in b if x == k]
            exactly(k, keys[0], f"{path} key {k!r}")
            exactly(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), f"{path}: {len(a)} items came back as {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            exactly(x, y, f"{path}[{i}]")
    elif isinstance(a, (set, frozenset)):
        assert a == b, f"{path}: the set differs"
        assert sorted(map(repr, a)) == sorted(map(repr, b)), f"{path}: the set's items changed type"
    else:
        assert a == b or (a != a and b != b), f"{path}: {a!r} came back as {b!r}"


def round_trip(state: TournamentState, where: str) -> None:
    loaded = load_state(dump_state(state))
    assert loaded == state, where
    exactly(state, loaded)
    # Not compared byte for byte: a set is written in its iteration order, which depends on the set's
    # history (the table index's sets), so an equal set read back may iterate differently.


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_state_round_trips(path: Path) -> None:
    spec = load_scenario(path)
    t, clock, rng = build_tournament(spec)
    round_trip(t.state, f"{path.stem} start")
    for number, step in enumerate(spec.get("steps", []), 1):
        if "advance" in step:
            clock.advance(float(step["advance"]))
        if "dictate" in step:
            rng.dictate(*step["dictate"])
        if "do" in step:
            try:
                t.execute(step["do"])
            except RuleError:
                pass
            round_trip(t.state, f"{path.stem} step {number}")


@pytest.mark.parametrize(("profile", "players"), [("tda", 300), ("hat", 120), ("casino-mixed", 120),
                                                   ("home-rebuy", 80), ("campus", 40), ("home-nl", 30)])
def test_simulated_tournament_states_round_trip(profile: str, players: int) -> None:
    clock = FakeClock()
    t = Tournament.create(simulation_profile(profile, players), name="Round trip", time=clock, seed=5)
    count = [0]

    def execute(cmd: Command) -> Any:
        events = t.execute(cmd)
        count[0] += 1
        if count[0] % 7 == 0:
            round_trip(t.state, f"{profile} after {count[0]} actions")
        return events

    run_simulation(Simulation(players=players, seed=5, profile=profile, check_every=0), tournament=t, clock=clock,
                   execute=execute)
    round_trip(t.state, f"{profile} at the end")
    assert t.state.ended


def test_a_stored_tournament_opened_from_its_snapshots_equals_its_replay(tmp_path: Path) -> None:
    path = tmp_path / "snaps.floorman"
    clock = FakeClock()
    rng = random.Random(4)
    store = TournamentStore.create(path, simulation_profile("tda", 60), "Snaps", time=clock, seed=4,
                                   snapshot_every=25)
    try:
        for _ in range(400):
            cmd = next_command(store.tournament.state, rng, 60)
            if cmd is None:
                break
            clock.advance(30)
            store.execute(cmd)
            if rng.random() < 0.05 and store.undo_label():
                store.undo()
    finally:
        store.close()
    report = verify_file(path)
    assert report.ok, report.problems
    assert report.snapshots_checked >= 1
    with TournamentStore.open(path, read_only=True, snapshot_every=25) as opened:
        state = opened.tournament.state
    from app.log.history import replay_history
    from db import checks
    from db.loading import read_actions

    conn = checks.connect(path, read_only=True)
    try:
        scratch = replay_history(read_actions(conn, path)).tournament.state
    finally:
        conn.close()
    exactly(scratch, state)


def test_sat_3_a_satellite_ended_at_its_seats_verifies_its_seat_winners_leave_holding_their_chips(
        tmp_path: Path) -> None:
    from app.profiles.profile import load_profile, profile_from_dict

    path = tmp_path / "satellite.floorman"
    profile = load_profile("satellite").to_dict()
    profile["settings"] = {**profile["settings"], "late.mode": "none"}
    store = TournamentStore.create(path, profile_from_dict(profile), "Sat", time=FakeClock(), seed=2)
    try:
        for i in range(20):  # $1,200: two seats and $100 to 3rd
            store.execute({"cmd": "register", "name": f"P{i:02d}"})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
        state = store.tournament.state
        while not state.ended:
            table = max(state.tables.values(), key=lambda tb: tb.population)
            store.execute({"cmd": "bust", "player": next(iter(table.seats.values()))})
            state = store.tournament.state
        winners = [p for p in state.players.values() if p.out_reason == "seat"]
        assert len(winners) == 2 and all(p.stack == 5000 for p in winners)  # they took their chips with them
    finally:
        store.close()
    report = verify_file(path)
    assert report.ok, report.problems
