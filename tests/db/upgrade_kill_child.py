"""Child process for the upgrade test: upgrades copies of an older file, killed before each statement in turn.

    python -m tests.db.upgrade_kill_child OLD_FILE FOLDER

Upgrades one copy of OLD_FILE (``FOLDER/counted.floorman``) counting the SQL statements of the upgrade's
own connections, and says "statements N". Then, for each n from 1 to N, copies OLD_FILE to
``FOLDER/kill-NN.floorman`` and opens it in a forked process that SIGKILLs itself just before statement n,
saying "killed n" (or "survived n"). This process is fresh and runs no other thread, so forking it is
safe; the test process then checks every file.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

from db import schema
from db.store import TournamentStore

_ORIGINAL = schema.set_pragmas


def traced(on_statement: Callable[[int], object]) -> None:
    """Call ``on_statement(n)`` before each statement of the upgrade's own connections."""
    count = [0]

    def set_pragmas(conn: sqlite3.Connection, read_only: bool) -> None:
        _ORIGINAL(conn, read_only)

        def trace(_sql: str) -> None:
            count[0] += 1
            on_statement(count[0])

        conn.set_trace_callback(trace)

    schema.set_pragmas = set_pragmas


def _kill_at(n: int) -> Callable[[int], None]:
    def before(k: int) -> None:
        if k == n:
            os.kill(os.getpid(), signal.SIGKILL)

    return before


def main(argv: list[str]) -> int:
    old, folder = Path(argv[0]), Path(argv[1])
    counted = folder / "counted.floorman"
    shutil.copyfile(old, counted)
    seen: list[int] = []
    traced(seen.append)
    TournamentStore.open(counted).close()
    print("statements", len(seen), flush=True)
    for n in range(1, len(seen) + 1):
        path = folder / f"kill-{n:02d}.floorman"
        shutil.copyfile(old, path)
        pid = os.fork()
        if pid == 0:
            try:
                traced(_kill_at(n))
                TournamentStore.open(path).close()
            finally:
                os._exit(0)
        _, status = os.waitpid(pid, 0)
        print("killed" if os.WIFSIGNALED(status) else "survived", n, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
