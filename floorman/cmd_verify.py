"""``floorman verify FILE [--json]``: replay a tournament file from scratch and check it.

Prints a summary (actions, events, players, places paid, prize pool) and exits 0 when the file is
sound, 1 naming the first problem found, 2 when the file cannot be opened at all (and why).
"""

from __future__ import annotations

import json
import sys

from floorman.args import Parser


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman verify", description="Replay a tournament file and check it.")
    p.add_argument("file", help="the tournament file (.floorman)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    opts = p.parse_args(argv)

    from db.errors import StoreError
    from db.verify import verify_file

    try:
        report = verify_file(opts.file)
    except StoreError as err:
        if opts.json:
            print(json.dumps({"ok": False, "file": opts.file, "error": err.message}))
        else:
            print(f"Cannot verify: {err.message}", file=sys.stderr)
        return 2
    if opts.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        pool = report.prize_pool_cents
        print(f"{report.path}: {report.actions} actions, {report.events} events, {report.players} players, "
              f"{report.places_paid} places paid, prize pool {pool // 100}.{pool % 100:02d}")
        print(f"snapshots checked: {report.snapshots_checked}")
        for note in report.notes:
            print(f"NOTE: {note}")
        if report.ok:
            print("OK: the log replays to the saved state and every invariant holds.")
        else:
            print(f"PROBLEM: {report.problems[0]}", file=sys.stderr)
            for extra in report.problems[1:]:
                print(f"  also: {extra}", file=sys.stderr)
    return 0 if report.ok else 1
