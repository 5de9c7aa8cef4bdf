"""Kill -9 at random moments: every action printed as committed is in the file, verify passes, play goes on.

The child is a real process (forked, so it starts without paying the interpreter's import time again)
that runs :mod:`tests.db.crash_child` on a tournament file and prints each sequence number after its
commit. The test kills it with SIGKILL after a random delay, reopens the file, checks that every
printed action is there, and starts a new child on the same file: at least 20 kills in all.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback

import pytest

from db.store import TournamentStore
from db.verify import verify_file
from tests.db import crash_child

KILLS = 21

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the crash test forks its child (POSIX)")


class Child:
    def __init__(self, argv: list[str]) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: stdout goes to the pipe, line by line
            code = 1
            try:
                os.close(read)
                os.dup2(write, 1)
                sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
                code = crash_child.main(argv)
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        os.close(write)
        self.pid = pid
        self.out = os.fdopen(read, "r")

    def kill_after(self, delay: float) -> list[str]:
        first = self.out.readline()  # the child is committing actions
        time.sleep(delay)
        os.kill(self.pid, signal.SIGKILL)
        return [first.strip()] + self.finish()

    def finish(self) -> list[str]:
        rest = self.out.read()
        self.out.close()
        _, status = os.waitpid(self.pid, 0)
        self.status = status
        return [s.strip() for s in rest.splitlines() if s.strip()]


def test_sigkill_loses_no_committed_action(tmp_path):
    rng = random.Random(20261122)
    path = tmp_path / "crash.floorman"
    promised: set[int] = set()
    for kill in range(KILLS):
        lines = Child([str(path), "--players", "2000", "--seed", str(kill + 1)]).kill_after(rng.uniform(0.0, 0.3))
        assert "ended" not in lines, "the tournament should outlast the test"
        promised |= {int(x) for x in lines if x.isdigit()}
        with TournamentStore.open(path) as store:
            kept = {item.seq for item in store.history()}
        assert promised <= kept, f"lost actions {sorted(promised - kept)[:5]} after kill {kill + 1}"
    report = verify_file(path)
    assert report.ok, report.problems
    assert report.actions >= max(promised) > 100
    # The simulation goes on from the file it crashed in.
    child = Child([str(path), "--max-actions", "20", "--seed", "99"])
    seqs = [int(s) for s in child.finish() if s.isdigit()]
    assert os.waitstatus_to_exitcode(child.status) == 0
    assert seqs == list(range(report.actions + 1, report.actions + 21))
    assert verify_file(path).ok
