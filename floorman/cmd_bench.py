"""``floorman bench [NAME ...] [--quick] [--json]``: run the benchmarks that live beside the code they measure.

The benchmarks are scripts under tests/bench/ in a source checkout (they are not shipped in the
venue build). Each prints its own figures; this command runs the ones named, or all of them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from floorman.args import Parser

BENCHES = {
    "engine": ("bench_simulate", "whole tournaments simulated in memory, 1,000 to 30,000 players"),
    "balance": ("bench_balance", "moves per rebalance against the fewest possible; the plan in a 1,112-table field"),
    "store": ("bench_store", "durable commits, a stored 10,000-player tournament, opening it"),
    "ui": ("bench_ui", "opening a 10,000-player file in the window, filtering while typing, memory"),
    "bust-path": ("bench_bust_path", "the files one bust goes through, from the key to the log to the repaint"),
    "sheets": ("bench_sheets", "10,000 seating slips beside a bare canvas loop"),
    "league": ("bench_league", "a season of 52 events x 200 players: standings recomputed"),
    "serve": ("bench_serve", "300 live phones on 127.0.0.1: update latency, the director's bust, server CPU"),
    "exports": ("bench_exports", "a 10,000-entry bounty event: results, entries, money as CSV, XLSX, JSON, ranking"),
    "flights": ("bench_flights",
                "Day 2 from four flights of 2,500 entries: end of day, bags, draw, places, Day-2 file"),
    "display": ("bench_display", "three room displays in headless Chromium: a bust to the page, idle server CPU"),
    "stations": ("bench_stations", "three stations sharing one tournament: commits, propagation, a race, a take-over"),
    "screens": ("bench_screens", "the room display drawing a layout at 3840x2160: a clock tick's repaint, idle CPU"),
    "judge": ("bench_judge", "the floor's judge: the slowest game's showdown, nine players, three side pots"),
}
# The benchmarks that take ``--quick`` (the same checks, smaller) and ``--json`` (the figures as JSON).
TAKES_QUICK = {"stations"}
TAKES_JSON = {"store", "stations", "screens", "judge"}


def source_root() -> Path | None:
    root = Path(__file__).resolve().parents[1]
    return root if (root / "tests" / "bench").is_dir() else None


def main(argv: list[str]) -> int:
    parser = Parser(
        prog="floorman bench",
        description="Run benchmarks: " + "; ".join(f"{k}: {v[1]}" for k, v in BENCHES.items()),
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help="one of " + ", ".join(BENCHES) + " (default: all)")
    parser.add_argument("--quick", action="store_true",
                        help="the same checks, smaller (" + ", ".join(sorted(TAKES_QUICK)) + ")")
    parser.add_argument("--json", action="store_true",
                        help="the figures as JSON (" + ", ".join(sorted(TAKES_JSON)) + ")")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in BENCHES]
    if unknown:
        parser.error(f"no benchmark called {unknown[0]!r}; choose from {', '.join(BENCHES)}")
    root = source_root()
    if root is None:
        print("The benchmarks run from a source checkout (tests/bench/ is not part of this build).", file=sys.stderr)
        return 2
    failed = 0
    for name in args.names or list(BENCHES):
        module, what = BENCHES[name]
        print(f"== {name}: {what}", flush=True, file=sys.stderr if args.json else sys.stdout)  # --json: stdout is JSON
        flags = ["--quick"] * (args.quick and name in TAKES_QUICK) + ["--json"] * (args.json and name in TAKES_JSON)
        done = subprocess.run([sys.executable, "-m", f"tests.bench.{module}", *flags], cwd=root)
        failed += done.returncode != 0
    return 1 if failed else 0
