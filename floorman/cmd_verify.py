"""``floorman verify FILE|URL|CODE [--json]``: replay a tournament file, or a shared tournament, from scratch
and check it.

A ``postgresql://`` URL or a join code (``floorman:…``) names a shared tournament (db.shared_verify): its
log is read from the server and checked as a file's is, with its actions numbered without a gap.

Prints a summary (actions, events, players, places paid, prize pool) and exits 0 when the file is
sound, 1 naming the first problem found, 2 when the file cannot be opened at all (and why).
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from floorman.args import Parser

if TYPE_CHECKING:
    from db.verify import Report


def main(argv: list[str]) -> int:
    p = Parser(prog="floorman verify", description="Replay a tournament file and check it.")
    p.add_argument("file", metavar="FILE|URL|CODE",
                   help="the tournament file (.floorman), or a shared tournament's postgresql:// URL or join code")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    opts = p.parse_args(argv)

    from db.errors import StoreError
    from db.verify import verify_file

    shown = _shown(opts.file) if _shared(opts.file) else opts.file  # never a URL's password
    try:
        report = _verify(opts.file) if _shared(opts.file) else verify_file(opts.file)
    except StoreError as err:
        if opts.json:
            print(json.dumps({"ok": False, "file": shown, "error": err.message}))
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


def _shared(target: str) -> bool:
    from db.joincode import is_code

    return target.startswith(("postgresql://", "postgres://")) or is_code(target)


def _shown(target: str) -> str:
    """A shared tournament's server and database in words, without its password."""
    from db.joincode import JoinCodeError, is_code, read_code
    from db.server_address import where

    try:
        return where(read_code(target).url() if is_code(target) else target)
    except JoinCodeError:
        return "the shared tournament named"


def _verify(target: str) -> Report:
    """The report of the shared tournament a URL or a join code names (a damaged code: StoreError in words)."""
    from db.errors import StoreError
    from db.joincode import JoinCodeError, is_code, read_code
    from db.shared_verify import verify_shared

    try:
        url = read_code(target).url() if is_code(target) else target
    except JoinCodeError as err:
        raise StoreError(err.message) from err
    return verify_shared(url)
