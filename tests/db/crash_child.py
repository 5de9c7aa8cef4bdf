"""Child process for the crash test: plays a tournament through the store, printing each sequence number.

    python -m tests.db.crash_child FILE [--players N] [--seed S]

Creates FILE, or continues the tournament already in it. After every committed action (and every
undo or redo, taken now and then) it prints the action's sequence number and flushes, so a parent
that kills it knows every action the store promised to have kept.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from app.profiles.profile import load_profile
from db.store import TournamentStore
from tests.db.driver import next_command


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--players", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-actions", type=int, default=0)
    opts = p.parse_args(argv)
    path = Path(opts.file)

    def report(seq: int) -> None:
        print(seq, flush=True)

    if path.exists():
        store = TournamentStore.open(path, on_commit=report)
    else:
        store = TournamentStore.create(path, load_profile("tda"), "Crash test", seed=opts.seed, on_commit=report,
                                       snapshot_every=25)
    rng = random.Random(opts.seed * 7919 + store.last_seq)
    done = 0
    with store:
        while not opts.max_actions or done < opts.max_actions:
            roll = rng.random()
            if roll < 0.04 and store.undo_label():
                store.undo()
            elif roll < 0.06 and store.redo_label():
                store.redo()
            else:
                cmd = next_command(store.tournament.state, rng, opts.players)
                if cmd is None:
                    print("ended", flush=True)
                    return 0
                store.execute(cmd)
            done += 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
