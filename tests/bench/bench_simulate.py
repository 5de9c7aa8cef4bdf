"""Benchmark: whole tournaments simulated in memory (run: python tests/bench/bench_simulate.py [N ...]).

Each size runs in a fresh process (``--one N``), without invariant checks. It reports the CPU time of
the whole run and of each action (p50, p99, max; CPU time, so a busy machine does not blur the
figures: the run's wall-clock time is printed beside), the command of the slowest action, how many
actions took over 100 ms of CPU, and the slowest run of the four slowest commands. The goal: CPU time
linear in the field (30,000 players within 3.5 times the 10,000-player run), p99 flat, no action
over 100 ms of CPU.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time


def one(n: int, seed: int = 1) -> dict[str, object]:
    from app.tools.simulate import Simulation, run_simulation
    from oskit.memory import peak_rss_mb

    sim = Simulation(players=n, seed=seed, check_every=0, timer=time.process_time)
    cpu = time.process_time()
    result = run_simulation(sim)
    result["cpu_s"] = round(time.process_time() - cpu, 3)
    worst = max(sim.slowest, key=lambda k: sim.slowest[k]) if sim.slowest else ""
    result["slowest_cmd"] = worst
    result["over_100ms"] = sum(1 for t in sim.timings if t > 0.1)
    ranked = sorted(sim.slowest.items(), key=lambda kv: -kv[1])
    result["slowest"] = [[name, round(took * 1000, 1)] for name, took in ranked[:4]]
    result["peak_rss_mb"] = peak_rss_mb()  # oskit.memory: every system's own figure
    return result


def main(sizes: list[int]) -> None:
    for n in sizes:
        out = subprocess.run(
            [sys.executable, "-m", "tests.bench.bench_simulate", "--one", str(n)],
            capture_output=True, text=True, check=True,
        ).stdout
        r = json.loads(out)
        print(
            f"{n:>6} players: {r['cpu_s']:6.2f} s CPU ({r['elapsed_s']:.2f} s wall), {r['actions']} actions, "
            f"p50 {r['action_ms_p50']:.3f} ms, p99 {r['action_ms_p99']:.3f} ms, max {r['action_ms_max']:.1f} ms "
            f"({r['slowest_cmd']}), peak RSS {r['peak_rss_mb']} MB",
            flush=True,
        )
        slowest = ", ".join(f"{name} {ms:.1f}" for name, ms in r["slowest"])
        print(
            f"{'':>6}   slowest single action: {r['action_ms_max']:.1f} ms CPU ({r['slowest_cmd']}); "
            f"actions over 100 ms CPU: {r['over_100ms']}; slowest by command (ms CPU): {slowest}",
            flush=True,
        )


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--one"]:
        print(json.dumps(one(int(args[1]))))
    else:
        main([int(a) for a in args] or [1000, 3000, 10000, 30000])
