"""``floorman simulate --db FILE``: the same simulated tournament, every action committed to a file.

If FILE already holds a simulation (for instance one killed mid-run), it is opened and play goes on
from its last committed action; the fake clock resumes from the time of the last event.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from app.simulate import Simulation, run_simulation, simulation_profile
from app.timesource import FakeClock
from db.store import TournamentStore


def run_persisted(sim: Simulation, path: str, *, print_seq: bool = False) -> dict[str, Any]:
    def announce(seq: int) -> None:
        if print_seq:
            sys.stdout.write(f"seq {seq}\n")
            sys.stdout.flush()

    file = Path(path)
    clock = FakeClock()
    if file.exists():
        store = TournamentStore.open(file, time=clock, on_commit=announce)
        log = store.tournament.log
        if log:
            clock.set(max(ev.at for ev in log[-50:]))
    else:
        profile = simulation_profile(sim.profile, sim.players)
        store = TournamentStore.create(file, profile, f"Simulation {sim.seed}", time=clock, seed=sim.seed,
                                       on_commit=announce)
        for notice in store.notices:
            print(notice, file=sys.stderr)
    try:
        result = run_simulation(sim, tournament=store.tournament, clock=clock, execute=store.execute)
    finally:
        store.close()
    result["db"] = str(file)
    return result
