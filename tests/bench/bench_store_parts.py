"""What each part of the store costs on the disk (a script, not a test).

``python -m tests.bench.bench_store_parts [--players 10000] [--runs 3] [--json]``

The figure of ``bench_store --cost`` (the stored run minus the run in memory, over a bare durable loop)
says how much the store costs, not where. This plays the same simulation, in turns and each in a
fresh process, as:

- ``memory``: the engine alone (the figure's baseline);
- ``floor``: the engine with the bare loop's own 30-byte durable commit after each action, no store;
- ``lean``: the store with four of its parts switched off: the snapshots, the history's labels, the
  check that the path still names the open file, the check that the command's text can be stored;
- ``store``: the whole store, as ``floorman simulate --db`` runs it;
- ``store_nosync``: the whole store with ``synchronous=OFF``: every step but the wait for the disk.

Each round also times the bare loop (as many 30-byte rows, one durable transaction each), and each
run's ratio is its time less the run in memory, over that bare loop. Switching parts off is done by
replacing them in the child process only; nothing here changes how Floorman stores a tournament.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

VARIANTS = ("memory", "floor", "lean", "store", "store_nosync")


def _switch_off_parts() -> None:
    """``lean``: no snapshots, a label that is the command's name, no identity or storable-text check."""
    import app.log.history as history
    import db.store as store

    history.History.due_snapshot = lambda self: None  # type: ignore[method-assign]
    history.label_for = lambda command, state: str(command.get("cmd", ""))  # type: ignore[assignment]
    store.TournamentStore.file_moved = lambda self: None  # type: ignore[method-assign]
    store.storable_text = lambda value, what: None  # type: ignore[assignment]


def _no_sync() -> None:
    import db.checks as checks

    set_pragmas = checks.set_pragmas

    def without_sync(conn: Any, read_only: bool) -> None:
        set_pragmas(conn, read_only)
        if not read_only:
            conn.execute("PRAGMA synchronous=OFF")

    checks.set_pragmas = without_sync


def run_variant(variant: str, folder: Path, players: int, seed: int) -> dict[str, float]:
    """Play the simulation as ``variant`` in this process: wall, user and system seconds."""
    from app.tools.simulate import Simulation, run_simulation

    if variant == "lean":
        _switch_off_parts()
    elif variant == "store_nosync":
        _no_sync()
    sim = Simulation(players=players, seed=seed, check_every=0)
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    actions = 0
    if variant == "memory":
        actions = int(run_simulation(sim)["actions"])
    elif variant == "floor":
        from tests.bench.bench_store import engine_with_bare_commits

        engine_with_bare_commits(folder, players, seed)
    else:
        from floorman.simulate_db import run_persisted

        run_persisted(sim, str(folder / f"{variant}.floorman"))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    return {"wall_s": wall, "user_s": after.ru_utime - before.ru_utime, "sys_s": after.ru_stime - before.ru_stime,
            "actions": actions}


def _child(variant: str, players: int, seed: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="floorman-parts-") as tmp:
        out = subprocess.run(
            [sys.executable, "-m", "tests.bench.bench_store_parts", "--variant", variant, "--folder", tmp,
             "--players", str(players), "--seed", str(seed)],
            capture_output=True, text=True, check=True,
        ).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def parts(players: int, seed: int, runs: int) -> dict[str, Any]:
    from tests.bench.bench_store import bare_loop

    walls: dict[str, list[float]] = {v: [] for v in VARIANTS}
    ratios: dict[str, list[float]] = {v: [] for v in VARIANTS if v != "memory"}
    bares: list[float] = []
    for round_no in range(runs):
        actions = 0
        for variant in VARIANTS:  # "memory" first: it says how many actions the bare loop commits
            result = _child(variant, players, seed)
            walls[variant].append(result["wall_s"])
            actions = actions or int(result["actions"])
        with tempfile.TemporaryDirectory(prefix="floorman-parts-") as tmp:
            bares.append(bare_loop(Path(tmp), actions))
        memory = walls["memory"][-1]
        for variant in ratios:
            ratios[variant].append((walls[variant][-1] - memory) / bares[-1])
        print(f"  round {round_no + 1}: bare loop {bares[-1]:.2f} s; "
              + ", ".join(f"{v} {walls[v][-1]:.2f} s" + (f" (ratio {ratios[v][-1]:.2f})" if v in ratios else "")
                          for v in VARIANTS), file=sys.stderr, flush=True)
    return {"rounds": runs, "bare_loop_s": round(statistics.median(bares), 2),
            **{f"{v}_s": round(statistics.median(walls[v]), 2) for v in VARIANTS},
            **{f"{v}_ratio": round(statistics.median(r), 2) for v, r in ratios.items()},
            **{f"{v}_ratio_range": [round(min(r), 2), round(max(r), 2)] for v, r in ratios.items()}}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--json", action="store_true")
    p.add_argument("--variant", choices=VARIANTS, help=argparse.SUPPRESS)
    p.add_argument("--folder", help=argparse.SUPPRESS)
    opts = p.parse_args()
    if opts.variant:
        print(json.dumps(run_variant(opts.variant, Path(opts.folder), opts.players, opts.seed)))
        return 0
    figures = parts(opts.players, opts.seed, opts.runs)
    if opts.json:
        print(json.dumps(figures, indent=2))
    else:
        print("store_parts: " + ", ".join(f"{k}={v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
