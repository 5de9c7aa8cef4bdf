"""Child process for the rename tests: plays a tournament, and its file is renamed under it.

    python -m tests.db.rename_child FILE execute|tick|close|checkpoint

Creates FILE and commits 60 actions, printing each sequence number after its commit. Then:

- ``checkpoint``: ticks as the director's window does until the file itself holds every action (the
  WAL folded in), says "checkpointed" and waits to be killed;
- the others say "ready" and wait for a line on stdin (the parent renames the file meanwhile); then
  ``execute`` tries one more action, ``tick`` ticks until the rename is noticed, ``close`` tries one more
  action and closes the store without Save as… (the window closed). Each says "moved"; ``close`` then
  ends, the others wait to be killed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from app.profiles.profile import load_profile
from db.errors import FileMoved
from db.store import TournamentStore


def main(argv: list[str]) -> int:
    path, after = Path(argv[0]), argv[1]
    store = TournamentStore.create(path, load_profile("tda"), "Renamed", seed=1,
                                   on_commit=lambda seq: print(seq, flush=True))
    for i in range(60):
        store.execute({"cmd": "register", "name": f"Player {i:03d}"})
    if after == "checkpoint":
        while not store.checkpointed:
            store.tick()
            time.sleep(0.05)
        print("checkpointed", flush=True)
        sys.stdin.readline()  # killed here
        return 0
    print("ready", flush=True)
    sys.stdin.readline()
    if after == "tick":
        while store.file_moved() is None:
            store.tick()
            time.sleep(0.01)
    else:
        try:
            store.execute({"cmd": "register", "name": "Too late"})
        except FileMoved:
            pass
    print("moved", flush=True)
    if after == "close":
        store.close()
        return 0
    sys.stdin.readline()  # killed here
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
