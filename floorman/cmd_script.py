"""``floorman script FILE.json [FILE ...]``: run scenario files, stop at the first mismatch."""

from __future__ import annotations

import sys

from app.api import ScenarioFailure, load_scenario, run_scenario
from floorman.args import Parser


def main(argv: list[str]) -> int:
    parser = Parser(prog="floorman script", description="Run scenario files against the engine.")
    parser.add_argument("files", nargs="+", help="scenario JSON files")
    parser.add_argument("--quiet", action="store_true", help="print only failures")
    args = parser.parse_args(argv)
    failures = 0
    for path in args.files:
        try:
            result = run_scenario(load_scenario(path))
        except ScenarioFailure as fail:
            print(f"FAIL {path}: {fail}", file=sys.stderr)
            failures += 1
            continue
        except (OSError, ValueError) as exc:
            print(f"FAIL {path}: {exc}", file=sys.stderr)
            failures += 1
            continue
        if not args.quiet:
            print(f"ok   {path}: {result.steps} steps")
    return 1 if failures else 0
