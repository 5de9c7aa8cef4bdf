"""``floorman last-balance FILE [--json]``: the last balance of a tournament (BAL-6), read-only.

Prints every move and break of the latest action that changed seats: who went from which table and seat
to which, and why. ``floorman print moves FILE --out slips.pdf`` prints their move slips again.
"""

from __future__ import annotations

import json
import sys

from floorman.args import Parser


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman last-balance", description="Show the last balance of a tournament file.")
    p.add_argument("file", help="the tournament file (opened read-only)")
    p.add_argument("--json", action="store_true", help="print it as JSON")
    opts = p.parse_args(argv)

    from app.api import last_balance_view
    from db.errors import StoreError
    from db.store import TournamentStore

    try:
        store = TournamentStore.open(opts.file, read_only=True)
    except StoreError as err:
        print(f"floorman last-balance: {err.message}", file=sys.stderr)
        return 2
    try:
        view = last_balance_view(store.tournament.state)
    finally:
        store.close()
    if opts.json:
        print(json.dumps(view, indent=2))
        return 0
    if view is None:
        print("No seat has changed since the draw.")
        return 0
    broken = view["tables_broken"]
    head = {"moves": "Moves", "break": "Table " + ", ".join(map(str, broken)) + " broken",
            "redraw": "Redraw", "stage": "Winners' table"}[view["what"]]
    print(f"{head}: {len(view['moves'])} seat change{'s' if len(view['moves']) != 1 else ''}")
    for m in view["moves"]:
        src = f"table {m['from_table']} seat {m['from_seat']}" if m["from_table"] is not None else "no seat"
        lock = f" [locked: {m['locked']}]" if m["locked"] else ""
        print(f"  {m['player']}: {src} -> table {m['to_table']} seat {m['to_seat']} ({m['reason']}){lock}")
    return 0
