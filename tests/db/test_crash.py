"""Kill -9 at random moments: every action printed as committed is in the file, verify passes, play goes on.

The child is a real process, started fresh (never forked from the test process, whose other threads
could hold a lock across the fork), that runs ``floorman simulate --db FILE --print-seq``, which prints
each action's sequence number after its commit. The test kills it with SIGKILL after a random delay,
reopens the file, checks that every printed action is there, and starts a new child on the same file:
21 kills in all. A second, shorter run does the same with :mod:`tests.db.crash_child`, which also undoes
and redoes actions. A third kills ``restore`` 12 times at random moments: the file is then the old one
or the restored one, opens and verifies, and the newer of the two is always kept (the file or a
before-restore backup). Every wait is for something the child says, with a deadline generous enough for
a machine busy with other work, never for a fixed time.
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from db.store import TournamentStore
from db.verify import verify_file

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the crash test kills its child with SIGKILL (POSIX)")

ROOT = Path(__file__).resolve().parents[2]
PATIENCE = 120.0  # seconds a child may take to say its next line on a loaded machine

RESTORE = ("import sys\nfrom db.backups import restore\nprint('start', flush=True)\n"
           "restore(sys.argv[1], sys.argv[2])\nprint('done', flush=True)")


def floorman(*argv: str) -> list[str]:
    return [sys.executable, "-m", "floorman", *argv]


class Child:
    """A fresh Python process whose output the test reads line by line."""

    def __init__(self, argv: list[str], *, stdin: bool = False) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1", "FLOORMAN_NO_SOUND": "1"}
        self.proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     stdin=subprocess.PIPE if stdin else None)
        self.pid = self.proc.pid
        self._buffer = b""

    def send(self, line: str) -> None:
        """Write one line to the child's stdin (started with ``stdin=True``)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def readline(self, patience: float = PATIENCE) -> str:
        """The child's next line ("" once it has ended), waiting up to ``patience`` seconds for it."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + patience
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.proc.kill()
                raise AssertionError(f"the child said nothing for {patience:.0f} s")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    line, self._buffer = self._buffer, b""
                    return line.decode()
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode() + "\n"

    def kill_after(self, delay: float, min_seq: int = 0) -> list[str]:
        """Wait for a committed action numbered at least ``min_seq``, then SIGKILL after ``delay``."""
        lines: list[str] = []
        while True:
            line = self.readline()
            assert line, "the child stopped before it was killed: " + self._errors()
            lines.append(line.strip())
            if max(_seqs(lines), default=0) >= min_seq:
                break
        time.sleep(delay)
        os.kill(self.pid, signal.SIGKILL)
        lines += self.finish()
        assert self.status == -signal.SIGKILL, "the child ended before it was killed: " + self._errors()
        return lines

    def finish(self, patience: float = PATIENCE) -> list[str]:
        """The rest of the child's lines once it has ended."""
        rest = []
        while line := self.readline(patience):
            rest.append(line.strip())
        self.status = self.proc.wait(timeout=patience)
        return [s for s in rest if s]

    def _errors(self) -> str:
        assert self.proc.stderr is not None
        try:
            self.proc.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        return self.proc.stderr.read().decode(errors="replace")[-2000:]


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
            "--check-every", "1"]  # checking every action keeps the run long enough for 21 kills
    # The first kill comes during registration, the others at any moment: a run resumes from any point.
    _crash_loop(path, lambda kill: Child(floorman(*argv)), 21, random.Random(20261122), warm_up=players // 3)
    before = verify_file(path).actions
    # The simulation goes on from the file it crashed in.
    child = Child(floorman(*argv))
    seqs = sorted(_seqs(child.kill_after(0.5)))
    assert seqs and seqs[0] == before + 1 and seqs == list(range(before + 1, seqs[-1] + 1))
    assert verify_file(path).ok


def test_sigkill_during_undo_and_redo(tmp_path):
    path = tmp_path / "undo.floorman"

    def start(kill: int) -> Child:
        return Child([sys.executable, "-m", "tests.db.crash_child", str(path), "--players", "2000",
                      "--seed", str(kill + 1)])

    # The first kill comes after 120 actions, however busy the machine.
    _crash_loop(path, start, 5, random.Random(7), warm_up=120)
    with TournamentStore.open(path) as store:
        assert any(item.kind == "undo" for item in store.history())
    child = Child([sys.executable, "-m", "tests.db.crash_child", str(path), "--max-actions", "20", "--seed", "99"])
    last = verify_file(path).actions
    seqs = sorted(_seqs(child.finish()))
    assert child.status == 0
    assert seqs == list(range(last + 1, last + 21))


def _restore_child(backup: Path, path: Path) -> Child:
    return Child([sys.executable, "-c", RESTORE, str(backup), str(path)])


def test_sigkill_during_restore(tmp_path):
    """Killed at any moment of a restore: the file is the old one or the restored one, and nothing is lost."""
    from app.core.timesource import FakeClock
    from app.profiles.profile import load_profile
    from db.backups import check_backup, list_backups

    path = tmp_path / "restore #1.floorman"
    clock = FakeClock()
    with TournamentStore.create(path, load_profile("tda"), "Restore", time=clock, seed=3) as store:
        for i in range(1200):
            clock.advance(1)
            store.execute({"cmd": "register", "name": f"Player {i:05d}"})
            if i == 700:
                early = store.backup_now()
        full_seq = store.last_seq
    early_seq = check_backup(early)
    assert 1 < early_seq < full_seq
    child = _restore_child(early, path)
    assert child.readline().strip() == "start"
    start = time.perf_counter()  # the restore itself, without the interpreter's start
    assert child.finish() == ["done"]
    took = time.perf_counter() - start
    latest = [b.path for b in list_backups(path) if b.reason == "before-restore"][-1]
    rng = random.Random(11)
    outcomes = set()
    for _kill in range(12):
        with TournamentStore.open(path, read_only=True) as store:
            current = store.last_seq
        source = latest if current == early_seq else early
        child = _restore_child(source, path)
        line = child.readline()
        assert line.strip() == "start"
        time.sleep(rng.uniform(0.0, took))
        os.kill(child.pid, signal.SIGKILL)
        lines = child.finish()
        with TournamentStore.open(path) as store:
            now = store.last_seq
        assert now in (early_seq, full_seq)
        outcomes.add((now != current, "done" in lines))
        if "done" in lines:
            assert now != current
        report = verify_file(path)
        assert report.ok, report.problems
        # Nothing lost: the full tournament is the file itself or a before-restore backup of it.
        kept = [b.path for b in list_backups(path) if b.reason == "before-restore"]
        assert now == full_seq or any(check_backup(k) == full_seq for k in kept)
        if now == full_seq:
            latest = path
        else:
            latest = next(k for k in reversed(kept) if check_backup(k) == full_seq)
    assert (False, False) in outcomes or (True, False) in outcomes, outcomes



def _rename_child(path: Path, after: str) -> Child:
    return Child([sys.executable, "-m", "tests.db.rename_child", str(path), after], stdin=True)


def _until(child: Child, word: str) -> list[str]:
    lines: list[str] = []
    while word not in lines:
        line = child.readline()
        assert line, f"the child stopped before it said {word!r}: " + child._errors()
        lines.append(line.strip())
    return lines


@pytest.mark.parametrize("after", ["execute", "tick", "close"])
def test_a_renamed_file_holds_every_action_after_a_kill_or_a_close(tmp_path, after):
    """The file is renamed while open; the store notices (an action, the window's tick, or closing) and is
    then killed or closed without Save as…: the renamed file holds every action committed, and verifies."""
    path, renamed = tmp_path / "friday.floorman", tmp_path / "friday-final.floorman"
    child = _rename_child(path, after)
    lines = _until(child, "ready")
    os.rename(path, renamed)
    child.send("go")
    lines += _until(child, "moved")
    if after == "close":
        lines += child.finish()
        assert child.status == 0, child._errors()
    else:
        os.kill(child.pid, signal.SIGKILL)
        lines += child.finish()
    promised = _seqs(lines)
    assert max(promised) == 61
    report = verify_file(renamed)
    assert report.ok, report.problems
    assert report.actions == 61
    with TournamentStore.open(renamed) as store:
        assert {item.seq for item in store.history()} >= promised


def test_a_crash_right_after_a_rename_loses_nothing_checkpointed(tmp_path):
    """The WAL is folded into the file a couple of seconds after the actions (the window's tick): a file
    renamed after a crash, before the store could notice anything, still holds them all."""
    path, renamed = tmp_path / "friday.floorman", tmp_path / "friday-final.floorman"
    child = _rename_child(path, "checkpoint")
    lines = _until(child, "checkpointed")
    os.kill(child.pid, signal.SIGKILL)
    lines += child.finish()
    os.rename(path, renamed)  # the -wal stays under the old name, as after a rename and then a crash
    report = verify_file(renamed)
    assert report.ok, report.problems
    assert report.actions == max(_seqs(lines)) == 61
