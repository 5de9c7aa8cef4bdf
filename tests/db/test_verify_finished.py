"""`floorman verify` passes on every tournament `floorman simulate --db FILE` plays to its end, whatever the
shipped profile: the file it checks is the one the simulation wrote, action by action, through the store."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.core.state import OUT
from app.core.timesource import FakeClock
from app.profiles.profile import SHIPPED, load_profile
from app.tools.simulate import Simulation
from db.store import TournamentStore
from db.verify import verify_file
from floorman.simulate_db import run_persisted


def _finished_file(tmp_path: Path, profile: str, players: int, seed: int) -> Path:
    path = tmp_path / f"{profile}.floorman"
    run_persisted(Simulation(players=players, seed=seed, profile=profile, check_every=0), str(path))
    with TournamentStore.open(path, read_only=True) as store:
        assert store.tournament.state.ended, f"the {profile} simulation did not play to its end"
    return path


@pytest.mark.parametrize("profile", SHIPPED)
def test_verify_passes_on_every_shipped_profile_simulated_to_the_end(tmp_path: Path, profile: str) -> None:
    path = _finished_file(tmp_path, profile, players=14, seed=3)
    report = verify_file(path)
    assert report.ok, report.problems
    assert report.players >= 14 and report.actions > 14


def test_sat_3_a_satellite_finished_normally_verifies(tmp_path: Path) -> None:
    """SAT-3: the players left win their seats and leave play holding their chips; those chips are still
    counted, so the file verifies (it was refused as "chips are not conserved")."""
    path = _finished_file(tmp_path, "satellite", players=30, seed=1)
    with TournamentStore.open(path, read_only=True) as store:
        state = store.tournament.state
        seated_out = [p for p in state.players.values() if p.status == OUT and p.out_reason == "seat"]
        assert len(seated_out) >= 2 and all(p.stack > 0 for p in seated_out)
    report = verify_file(path)
    assert report.ok, report.problems
    assert report.places_paid >= len(seated_out)


def _play_into(path: Path, profile: str, commands: list[dict[str, Any]], seed: int = 1) -> None:
    store = TournamentStore.create(path, load_profile(profile), "Club night", time=FakeClock(), seed=seed)
    try:
        for cmd in commands:
            store.execute(cmd)
    finally:
        store.close()


def _students(n: int) -> list[dict[str, Any]]:
    return [{"cmd": "register", "name": f"N{i:02d}",
             "identity": {"first_name": f"N{i:02d}", "last_name": "Student", "student_id": f"SN{i:02d}"}}
            for i in range(1, n + 1)]


def test_elim_8_a_campus_event_ended_at_the_winners_table_verifies(tmp_path: Path) -> None:
    """ELIM-8: the players out in stage 1 take no place, so the places between the winners' table and the
    busts of the first stage are nobody's. That is no gap in the ranking: the file verifies."""
    path = tmp_path / "campus.floorman"
    _play_into(path, "campus", [*_students(12), {"cmd": "seat_all"}, {"cmd": "start_clock"},
                                {"cmd": "bust", "player": "N03"}, {"cmd": "advance_winners", "end": True},
                                {"cmd": "bust", "player": "N09"}, {"cmd": "bust", "player": "N10"}])
    with TournamentStore.open(path, read_only=True) as store:
        state = store.tournament.state
        assert state.ended
        assert sorted(p.place for p in state.players.values() if p.place) == [1, 2, 3, 12]
        assert sum(1 for p in state.players.values() if p.out_reason == "out in stage 1") == 8
    report = verify_file(path)
    assert report.ok, report.problems


def test_pay_6_a_directors_payout_table_that_misses_the_pool_is_a_note_not_a_failure(tmp_path: Path) -> None:
    """PAY-6 flags a table of amounts the director typed that does not add up to the prize pool, and lets
    it stand: verify says so in a note and passes; every other check still runs."""
    path = tmp_path / "typed.floorman"
    names = [{"cmd": "register", "name": name} for name in ("Ann", "Bob", "Cat", "Dan", "Eve")]
    _play_into(path, "tda", [*names, {"cmd": "set_payouts", "amounts_cents": [30000, 10000]}])
    report = verify_file(path)
    assert report.ok, report.problems
    assert report.notes == ["the director's payout table adds up to $400.00, $100.00 short of the prize pool of "
                            "$500.00; it is flagged for him to correct (PAY-6)"]
    assert report.to_dict()["notes"] == report.notes
