"""Kill -9 at random moments: every action printed as committed is in the file, verify passes, play goes on.

The child is a real process (forked, so it starts without paying the interpreter's import time again)
that runs ``floorman simulate --db FILE --print-seq``, which prints each action's sequence number
after its commit. The test kills it with SIGKILL after a random delay, reopens the file, checks that
every printed action is there, and starts a new child on the same file: 21 kills in all. A second,
shorter run does the same with :mod:`tests.db.crash_child`, which also undoes and redoes actions.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable

import pytest

from db.store import TournamentStore
from db.verify import verify_file
from floorman.cli import main as floorman
from tests.db import crash_child

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the crash test forks its child (POSIX)")


class Child:
    def __init__(self, run: Callable[[], int]) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: stdout goes to the pipe, line by line
            code = 1
            try:
                os.close(read)
                os.dup2(write, 1)
                sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
                code = run()
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(code)
        os.close(write)
        self.pid = pid
        self.out = os.fdopen(read, "r")

    def kill_after(self, delay: float, min_seq: int = 0) -> list[str]:
        """Wait for a committed action numbered at least ``min_seq``, then SIGKILL after ``delay``."""
        lines: list[str] = []
        while True:
            line = self.out.readline()
            assert line, "the child stopped before it was killed"
            lines.append(line.strip())
            if max(_seqs(lines), default=0) >= min_seq:
                break
        time.sleep(delay)
        os.kill(self.pid, signal.SIGKILL)
        lines += self.finish()
        assert os.WIFSIGNALED(self.status), "the child ended before it was killed"
        return lines

    def finish(self) -> list[str]:
        rest = self.out.read()
        self.out.close()
        _, status = os.waitpid(self.pid, 0)
        self.status = status
        return [s.strip() for s in rest.splitlines() if s.strip()]


def _seqs(lines: list[str]) -> set[int]:
    return {int(x.split()[-1]) for x in lines if x.split() and x.split()[-1].isdigit()}


def _crash_loop(path, start: Callable[[int], Child], kills: int, rng: random.Random, warm_up: int = 0) -> set[int]:
    promised: set[int] = set()
    for kill in range(kills):
        lines = start(kill).kill_after(rng.uniform(0.0, 0.3), min_seq=warm_up if kill == 0 else 0)
        assert "ended" not in lines, "the tournament should outlast the test"
        promised |= _seqs(lines)
        with TournamentStore.open(path) as store:
            kept = {item.seq for item in store.history()}
        assert promised <= kept, f"lost actions {sorted(promised - kept)[:5]} after kill {kill + 1}"
    report = verify_file(path)
    assert report.ok, report.problems
    assert report.actions >= max(promised) > 100
    return promised


def test_sigkill_during_floorman_simulate(tmp_path):
    path = tmp_path / "sim.floorman"
    players = 1000
    argv = ["simulate", "--players", str(players), "--seed", "5", "--db", str(path), "--print-seq",
            "--check-every", "1"]
    # The first kill comes during registration, the others at any moment: a run resumes from any point.
    _crash_loop(path, lambda kill: Child(lambda: floorman(argv)), 21, random.Random(20261122), warm_up=players // 3)
    before = verify_file(path).actions
    # The simulation goes on from the file it crashed in.
    child = Child(lambda: floorman(argv))
    seqs = sorted(_seqs(child.kill_after(0.5)))
    assert seqs and seqs[0] == before + 1 and seqs == list(range(before + 1, seqs[-1] + 1))
    assert verify_file(path).ok


def test_sigkill_during_undo_and_redo(tmp_path):
    path = tmp_path / "undo.floorman"

    def start(kill: int) -> Child:
        return Child(lambda: crash_child.main([str(path), "--players", "2000", "--seed", str(kill + 1)]))

    _crash_loop(path, start, 5, random.Random(7))
    with TournamentStore.open(path) as store:
        assert any(item.kind == "undo" for item in store.history())
    child = Child(lambda: crash_child.main([str(path), "--max-actions", "20", "--seed", "99"]))
    last = verify_file(path).actions
    seqs = sorted(_seqs(child.finish()))
    assert os.waitstatus_to_exitcode(child.status) == 0
    assert seqs == list(range(last + 1, last + 21))
