"""``floorman simulate --db FILE``: the same simulated tournament, every action committed to a file.

If FILE already holds a simulation (for instance one killed mid-run), it is opened and play goes on
from its last committed action; the fake clock resumes from the time of the last event. Any other
tournament file is refused untouched: a simulation never plays into a real tournament.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from app.api import FakeClock, Simulation, run_simulation, simulation_profile
from db.store import TournamentStore

SIMULATION_PREFIX = "Simulation "


def run_persisted(sim: Simulation, path: str, *, print_seq: bool = False) -> dict[str, Any]:
    def announce(seq: int) -> None:
        if print_seq:
            sys.stdout.write(f"seq {seq}\n")
            sys.stdout.flush()

    file = Path(path)
    clock = FakeClock()
    if file.exists():
        _check_is_simulation(file)
        store = TournamentStore.open(file, time=clock, on_commit=announce)
        log = store.tournament.log
        if log:
            clock.set(max(ev.at for ev in log[-50:]))
    else:
        profile = simulation_profile(sim.profile, sim.players)
        store = TournamentStore.create(file, profile, f"{SIMULATION_PREFIX}{sim.seed}", time=clock, seed=sim.seed,
                                       on_commit=announce)
        for notice in store.notices:
            print(notice, file=sys.stderr)
    try:
        result = run_simulation(sim, tournament=store.tournament, clock=clock, execute=store.execute)
    finally:
        store.close()
    result["db"] = str(file)
    return result


def _check_is_simulation(file: Path) -> None:
    """Refuse (ValueError, in words) an existing file that is not a simulation's, before opening it to write."""
    with TournamentStore.open(file, read_only=True) as peek:
        name = peek.tournament.state.name
    if not name.startswith(SIMULATION_PREFIX):
        raise ValueError(f"floorman simulate: {file} holds the tournament {name!r}, not a simulation; "
                         "give --db a new file name.")
