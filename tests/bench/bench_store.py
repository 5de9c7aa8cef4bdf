"""Store benchmark (a script, not a test): python -m tests.bench.bench_store [--players 10000] [--json]

Measures, on this machine:
1. a bare durable SQLite commit (WAL, synchronous=FULL, one small row per transaction);
2. one store action (a note through the engine, the log row and the commit);
3. the same tournament through the engine alone (no store), for comparison;
4. a whole simulated tournament of ``--players`` entrants persisted action by action with
   ``floorman simulate``'s driver: total time and per-action p50/p99, commit included;
5. opening the finished file to a ready engine state (checks, lock, snapshot + tail replay).
With ``--cost [--runs N]``: only the store's own cost (the stored run minus the run in memory)
against a bare durable loop of as many commits, N rounds in turns; the median ratio and its spread;
beside it the same ratio for no store at all, only the bare loop's commit after each action (the floor).
Targets (PRODUCT.md): 10,000 players under 30 s, p99 under 5 ms, open under 1 s.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from app.core.events import Event
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from app.tools.simulate import Simulation, percentile, run_simulation, simulation_profile
from db.fileformat import ACTION_COLUMNS, SCHEMA_SQL
from db.store import SNAPSHOT_EVERY, TournamentStore
from floorman.simulate_db import run_persisted


def bare_commits(folder: Path, n: int = 1000) -> dict[str, float]:
    conn = sqlite3.connect(folder / "bare.sqlite", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
    ms = []
    for i in range(n):
        start = time.perf_counter()
        conn.execute("BEGIN")
        conn.execute("INSERT INTO t (payload) VALUES (?)", (f'{{"type":"note","n":{i}}}',))
        conn.execute("COMMIT")
        ms.append((time.perf_counter() - start) * 1000)
    conn.close()
    return {"p50_ms": round(percentile(ms, 50), 3), "p99_ms": round(percentile(ms, 99), 3)}


def _fresh_durable_table(path: Path) -> sqlite3.Connection:
    """A new database at ``path`` (leftovers removed) with one small table, WAL, synchronous=FULL, autocommit."""
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        leftover.unlink(missing_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload TEXT)")
    return conn


def bare_loop(folder: Path, n: int) -> float:
    """Seconds to commit ``n`` small rows one transaction each (WAL, synchronous=FULL), plain sqlite3."""
    conn = _fresh_durable_table(folder / "bare-loop.sqlite")
    start = time.perf_counter()
    for i in range(n):
        conn.execute("BEGIN")
        conn.execute("INSERT INTO t (payload) VALUES (?)", (f'{{"type":"note","n":{i}}}',))
        conn.execute("COMMIT")
    elapsed = time.perf_counter() - start
    conn.close()
    return elapsed


def engine_with_bare_commits(folder: Path, players: int, seed: int) -> float:
    """Seconds of the in-memory simulation with the bare loop's own commit after every action.

    No store at all: each action runs in memory, then one 30-byte row is committed durably, as in
    :func:`bare_loop`. Less this run's time in memory, it is the least any store that commits every
    action durably could cost on this machine: the commits, and the engine's own work slowed by
    waiting on the disk between its actions (caches gone cold while the process slept).
    """
    conn = _fresh_durable_table(folder / "floor.sqlite")
    sim = Simulation(players=players, seed=seed, check_every=0)
    clock = FakeClock()
    tournament = Tournament.create(simulation_profile(sim.profile, players), name=f"Simulation {seed}", time=clock,
                                   seed=seed)
    done = 0

    def execute(command: dict[str, Any]) -> list[Event]:
        nonlocal done
        events = tournament.execute(command)
        done += 1
        conn.execute("BEGIN")
        conn.execute("INSERT INTO t (payload) VALUES (?)", (f'{{"type":"note","n":{done}}}',))
        conn.execute("COMMIT")
        return events

    start = time.perf_counter()
    run_simulation(sim, tournament=tournament, clock=clock, execute=execute)
    elapsed = time.perf_counter() - start
    conn.close()
    return elapsed


def same_rows_loop(folder: Path, stored: Path, snapshot_every: int = SNAPSHOT_EVERY) -> float:
    """Seconds to commit the stored file's own rows again with plain sqlite3, one transaction each.

    The rows of ``actions`` as the store wrote them (its commands and events, so as many bytes per
    commit), and at every ``snapshot_every``-th action a snapshot row of the size the store writes (the
    file keeps only its latest snapshots; their largest stands in for the others), pruned as the store
    prunes. WAL and synchronous=FULL, like the store. What the store costs beyond this is its own.
    """
    src = sqlite3.connect(f"file:{stored}?mode=ro", uri=True)
    rows = src.execute(f"SELECT {', '.join(ACTION_COLUMNS)} FROM actions ORDER BY seq").fetchall()
    blob = src.execute("SELECT state FROM snapshots ORDER BY length(state) DESC LIMIT 1").fetchone()
    src.close()
    snapshot = blob[0] if blob else b""
    path = folder / "same-rows.sqlite"
    for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        leftover.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    for statement in SCHEMA_SQL:
        if statement.startswith(("CREATE TABLE actions", "CREATE TABLE snapshots", "CREATE INDEX ix_snapshots")):
            conn.execute(statement)
    conn.commit()
    insert = f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) VALUES ({', '.join('?' for _ in ACTION_COLUMNS)})"
    start = time.perf_counter()
    for row in rows:
        conn.execute(insert, row)
        if snapshot and row[0] % snapshot_every == 0:
            conn.execute("INSERT INTO snapshots (action_seq, fingerprint, state) VALUES (?, '', ?)", (row[0], snapshot))
            conn.execute("DELETE FROM snapshots WHERE id NOT IN (SELECT id FROM snapshots ORDER BY id DESC LIMIT 3)")
        conn.commit()
    elapsed = time.perf_counter() - start
    conn.close()
    return elapsed


def store_cost(folder: Path, players: int, seed: int, runs: int = 1) -> dict[str, Any]:
    """The stored run minus the run in memory, against the bare durable loop of as many commits.

    Each round runs the three in turn (in memory, stored, bare loop) so that the three figures of a
    round meet the same load on the machine and the disk; a round's ratio is its store cost over its
    bare loop. The median round ratio is the figure, with the lowest and highest beside it, and the
    ratio of the best times of each part over all rounds (``best_ratio``).
    """
    stored, memory, bare, ratios = [], [], [], []
    same, same_ratios, floors = [], [], []
    stored_cpu, memory_cpu = [], []
    actions = 0
    for run in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        result = run_simulation(Simulation(players=players, seed=seed, check_every=0))
        memory.append(time.perf_counter() - start)
        memory_cpu.append(time.process_time() - cpu)
        path = folder / f"cost-{run}.floorman"
        start, cpu = time.perf_counter(), time.process_time()
        result = run_persisted(Simulation(players=players, seed=seed, check_every=0), str(path))
        stored.append(time.perf_counter() - start)
        stored_cpu.append(time.process_time() - cpu)
        actions = int(result["actions"])
        bare.append(bare_loop(folder, actions))
        ratios.append((stored[-1] - memory[-1]) / bare[-1])
        same.append(same_rows_loop(folder, path))
        same_ratios.append((stored[-1] - memory[-1]) / same[-1])
        floors.append((engine_with_bare_commits(folder, players, seed) - memory[-1]) / bare[-1])
        print(f"  round {run + 1}: stored {stored[-1]:.2f} s, in memory {memory[-1]:.2f} s, store cost "
              f"{stored[-1] - memory[-1]:.2f} s ({stored_cpu[-1] - memory_cpu[-1]:.2f} s of it CPU), bare loop "
              f"{bare[-1]:.2f} s ({bare[-1] / actions * 1000:.3f} ms a commit), ratio {ratios[-1]:.2f}; "
              f"the same rows {same[-1]:.2f} s, ratio {same_ratios[-1]:.2f}; no store, the bare commit after each "
              f"action: ratio {floors[-1]:.2f}",
              file=sys.stderr, flush=True)
        path.unlink(missing_ok=True)
    store_s = min(stored) - min(memory)
    return {"actions": actions, "rounds": runs, "stored_s": round(statistics.median(stored), 2),
            "memory_s": round(statistics.median(memory), 2),
            "store_cost_s": round(statistics.median([s - m for s, m in zip(stored, memory)]), 2),
            "store_cpu_s": round(statistics.median([s - m for s, m in zip(stored_cpu, memory_cpu)]), 2),
            "bare_loop_s": round(statistics.median(bare), 2),
            "ratio": round(statistics.median(ratios), 2), "ratio_low": round(min(ratios), 2),
            "ratio_high": round(max(ratios), 2), "best_ratio": round(store_s / min(bare), 2),
            "same_rows_s": round(statistics.median(same), 2),
            "same_rows_ratio": round(statistics.median(same_ratios), 2),
            "same_rows_ratio_low": round(min(same_ratios), 2), "same_rows_ratio_high": round(max(same_ratios), 2),
            "floor_ratio": round(statistics.median(floors), 2), "floor_ratio_low": round(min(floors), 2),
            "floor_ratio_high": round(max(floors), 2)}


def store_notes(folder: Path, n: int = 1000) -> dict[str, float]:
    clock = FakeClock()
    ms = []
    with TournamentStore.create(folder / "notes.floorman", load_profile("tda"), "Notes", time=clock) as store:
        for i in range(n):
            clock.advance(1)
            start = time.perf_counter()
            store.execute({"cmd": "note", "text": f"note {i}"})
            ms.append((time.perf_counter() - start) * 1000)
    return {"p50_ms": round(percentile(ms, 50), 3), "p99_ms": round(percentile(ms, 99), 3)}


def engine_only(players: int, seed: int) -> dict[str, Any]:
    """The same tournament without the store, to tell the store's share from the engine's."""
    sim = Simulation(players=players, seed=seed, check_every=0)
    result = run_simulation(sim)
    return {k: result[k] for k in ("actions", "elapsed_s", "action_ms_p50", "action_ms_p99", "action_ms_max")}


def tournament(folder: Path, players: int, seed: int) -> dict[str, Any]:
    path = folder / "big.floorman"
    sim = Simulation(players=players, seed=seed, check_every=0)
    start = time.perf_counter()
    result = run_persisted(sim, str(path))
    elapsed = time.perf_counter() - start
    out = {k: result[k] for k in ("actions", "events", "action_ms_p50", "action_ms_p99", "action_ms_max")}
    out["elapsed_s"] = round(elapsed, 2)
    out["file_mb"] = round(path.stat().st_size / 1e6, 2)
    opens = []
    for _ in range(3):
        start = time.perf_counter()
        with TournamentStore.open(path) as store:
            assert store.tournament.state.ended
            opens.append(time.perf_counter() - start)
    out["open_s"] = round(min(opens), 3)
    out["open_s_max"] = round(max(opens), 3)
    code = ("import time; s = time.perf_counter(); import db.store; "
            "print(round(time.perf_counter() - s, 3))")
    out["import_db_store_s"] = float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                                    text=True, check=True).stdout)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.add_argument("--cost", action="store_true", help="measure only the store's cost against the bare loop")
    p.add_argument("--runs", type=int, default=5, help="--cost: rounds (in memory, stored, bare loop each)")
    opts = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="floorman-bench-") as tmp:
        folder = Path(tmp)
        if opts.cost:
            figures = {"store_cost": store_cost(folder, opts.players, opts.seed, opts.runs)}
            if opts.json:
                print(json.dumps(figures, indent=2))
            else:
                print("store_cost: " + ", ".join(f"{k}={v}" for k, v in figures["store_cost"].items()))
            return 0
        figures = {
            "bare_sqlite_commit": bare_commits(folder),
            "store_note_action": store_notes(folder),
            "engine_only": engine_only(opts.players, opts.seed),
            "tournament": tournament(folder, opts.players, opts.seed),
            "store_cost": store_cost(folder, opts.players, opts.seed),
        }
    if opts.json:
        print(json.dumps(figures, indent=2))
    else:
        for name, values in figures.items():
            print(f"{name}: " + ", ".join(f"{k}={v}" for k, v in values.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
