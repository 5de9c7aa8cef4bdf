"""Benchmark: whole tournaments simulated in memory (run: python tests/bench/bench_simulate.py [N ...])."""

from __future__ import annotations

import json
import subprocess
import sys


def main(sizes: list[int]) -> None:
    for n in sizes:
        out = subprocess.run(
            [sys.executable, "-m", "floorman", "simulate", "--players", str(n), "--seed", "1", "--json",
             "--check-every", "0"],
            capture_output=True, text=True, check=True,
        ).stdout
        r = json.loads(out)
        print(
            f"{n:>6} players: {r['elapsed_s']:.2f} s, {r['actions']} actions, p50 {r['action_ms_p50']:.3f} ms, "
            f"p99 {r['action_ms_p99']:.3f} ms, max {r['action_ms_max']:.1f} ms, peak RSS {r['peak_rss_mb']} MB"
        )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 3000, 10000, 30000])
