"""Long random runs of the all-commands director through a real tournament file.

``python -m tests.db.fuzz_store [FIRST] [COUNT] [--show] [--players=N] [--steps=N]`` plays COUNT
cases numbered from FIRST: the cases of ``tests.app.fuzz_deep`` (a shipped profile, a field of up to
60, 50 to 400 commands; larger with the flags). Every command goes through
:class:`db.store.TournamentStore` on a file in a temporary folder, with a snapshot every few actions.
Now and then the director undoes or redoes; the file is closed and opened again, backed up, restored
from one of its backups or saved under a new name; the disk fails as the next command is committed
(refused in words, nothing changed); or the file is opened read-only beside the writer (it must show
the same tournament). After each reopening or restore the engine must be exactly where it was
(state, history, what can be undone and redone); at the end the file is opened once more, its state
compared with a replay of its whole log, and ``floorman verify`` must pass on it. States are compared
as values (``==``), not as snapshot bytes: equal sets can list their members in another order. A
failing case prints its number. Not part of the test suite (it runs for minutes); what it finds
becomes a test of its own.
"""

from __future__ import annotations

import random
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.tools.simulate import simulation_profile
from db.backups import restore
from db.errors import StoreError
from db.store import TournamentStore
from db.verify import invariant_problems, verify_file
from tests.app import fuzz_field as ff
from tests.app.fuzz_deep import case, failed_case, run_cases
from tests.app.fuzz_run import Director

SNAPSHOT_EVERY = 5


class StoredDirector(Director):
    """The fuzz director, every command committed to a file (what time made due, too, by the store)."""

    def __init__(self, path: Path, profile: str, players: int, seed: int, features: list[int]) -> None:
        self.clock = FakeClock()
        self.path = path
        self.store = TournamentStore.create(path, simulation_profile(profile, players), "Fuzz", time=self.clock,
                                            seed=seed, snapshot_every=SNAPSHOT_EVERY)
        self.t = self.store.tournament
        self.numbers = 0
        self.steps = 0
        self.backups: list[tuple[Path, Any, Any, Any]] = []
        self.enter_field(players, features)

    def run(self, cmd: ff.Cmd, r: random.Random | None = None, depth: int = 0) -> RuleError | None:
        self.t = self.store.tournament
        before, seq_before = self.t.snapshot(), self.store.last_seq
        if self.fail_next:
            self.fail_next = False
            self._failing_commit(cmd, before)
        try:
            self.store.execute(cmd)
        except RuleError as err:
            self.t = self.store.tournament
            if self.store.last_seq == seq_before:  # else what time made due ran first, committed on its own
                assert self.t.state == before, f"refused {cmd} changed the state: {err}"
            if r is not None and depth < 3 and err.code == "NEEDS_INPUT":
                answer = self.answer(cmd, err, r)
                if answer is not None:
                    return self.run(answer, r, depth + 1)
            return err
        self.t = self.store.tournament
        return None

    def reopen(self) -> None:
        """Close the file and open it again: the engine must be exactly where it was."""
        state = self.store.tournament.snapshot()
        items = self.store.history()
        labels = (self.store.undo_label(), self.store.redo_label())
        self.store.close()
        self.store = TournamentStore.open(self.path, time=self.clock, snapshot_every=SNAPSHOT_EVERY)
        self.t = self.store.tournament
        assert self.t.state == state, "reopened, the state is not the one left"
        assert self.store.history() == items, "reopened, the history is not the one left"
        assert (self.store.undo_label(), self.store.redo_label()) == labels, "reopened, undo/redo differ"

    fail_next = False
    copies = 0

    def _failing_commit(self, cmd: ff.Cmd, before: Any) -> None:
        """The disk fails as ``cmd`` is committed: refused in words, the engine and file as before."""
        items = self.store.history()
        writer = self.store._writer

        def failing(action: Any, snapshot: bytes | None = None) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        writer.write = failing  # type: ignore[method-assign]
        try:
            self.store.execute(cmd)
        except (RuleError, StoreError):
            pass
        finally:
            del writer.write
        assert self.store.tournament.state == before, f"a failed commit of {cmd} changed the state"
        assert self.store.history() == items, f"a failed commit of {cmd} changed the history"

    def peek(self) -> None:
        """Open the file read-only while it is open for writing (printing a sheet from the command line
        during play): it shows every committed action, and the writer carries on."""
        with TournamentStore.open(self.path, read_only=True) as reader:
            assert reader.tournament.state == self.store.tournament.state, "read-only, the state differs"
            assert reader.history() == self.store.history(), "read-only, the history differs"

    def backup(self) -> None:
        """A backup now; what it holds is remembered, to compare with when it is restored."""
        made = self.store.backup_now("fuzz")
        self.backups.append((made, self.store.tournament.snapshot(), self.store.history(),
                             (self.store.undo_label(), self.store.redo_label())))

    def restore(self, r: random.Random) -> None:
        """Close, put an earlier backup in place of the file, open it: the tournament is where it was then."""
        if not self.backups:
            return
        made, state, items, labels = r.choice(self.backups)
        self.store.close()
        restore(made, self.path)
        self.store = TournamentStore.open(self.path, time=self.clock, snapshot_every=SNAPSHOT_EVERY)
        self.t = self.store.tournament
        assert self.t.state == state, "restored, the state is not the backup's"
        assert self.store.history() == items, "restored, the history is not the backup's"
        assert (self.store.undo_label(), self.store.redo_label()) == labels, "restored, undo/redo differ"

    def save_as(self) -> None:
        """Save the whole tournament under a new name and carry on there."""
        state, items = self.store.tournament.snapshot(), self.store.history()
        self.copies += 1
        self.path = self.store.save_as(self.path.with_name(f"copy-{self.copies}.floorman"))
        assert self.store.tournament.state == state and self.store.history() == items
        self.reopen()

    def undo_or_redo(self, which: str) -> None:
        before = self.store.tournament.snapshot()
        try:
            self.store.undo() if which == "undo" else self.store.redo()
        except RuleError:
            assert self.store.tournament.state == before, f"a refused {which} changed the state"
            return
        self.t = self.store.tournament
        self.check()


def play(number: int, show: bool = False, verify: bool = False) -> str | None:
    """Play case ``number``; None when every check held, else what broke. At the end the file is checked
    by verify's invariants; with ``verify`` (the command line's runs) by the whole of ``floorman verify``,
    which replays the log up to each snapshot kept (too slow for the suite's cases)."""
    profile, players, seed, features, begin, steps = case(number)
    r = random.Random(number * 11 + 5)
    with tempfile.TemporaryDirectory(prefix="floorman-fuzz-") as tmp:
        path = Path(tmp) / "fuzz.floorman"
        d: StoredDirector | None = None
        done: list[str] = []
        try:
            d = StoredDirector(path, profile, players, seed, features)
            if begin:
                d.run({"cmd": "seat_all"})
                d.run({"cmd": "start_clock"})
            d.check()
            for op, entropy in steps:
                roll = r.random()
                if roll < 0.08:
                    done.append("undo")
                    d.undo_or_redo("undo")
                elif roll < 0.11:
                    done.append("redo")
                    d.undo_or_redo("redo")
                elif roll < 0.14:
                    done.append("reopen")
                    d.reopen()
                elif roll < 0.16:
                    done.append("backup")
                    d.backup()
                elif roll < 0.17:
                    done.append("restore")
                    d.restore(r)
                elif roll < 0.175:
                    done.append("save as")
                    d.save_as()
                elif roll < 0.19:
                    done.append("the disk fails")
                    d.fail_next = True
                elif roll < 0.20:
                    done.append("peek")
                    d.peek()
                else:
                    done.append(op)
                    d.step(op, entropy)
            state = d.store.tournament.snapshot()
            d.store.close()
            with TournamentStore.open(d.path, read_only=True) as again:
                assert again.tournament.state == state, "opened at the end, the state differs"
                replayed = Tournament.replay(again._history.effective_events())
                assert replayed.state == again.tournament.state, "the log replayed from scratch gives another state"
                problems = invariant_problems(again.tournament.state)  # verify's checks of the state it loads
                assert not problems, f"floorman verify would say: {problems[0]}"
            if verify:  # the whole of `floorman verify` on the file left: every snapshot replayed too
                report = verify_file(d.path)
                assert report.ok, f"floorman verify: {report.problems[0]}"
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none stops the run
            if show:
                print("   last steps:", done[-15:])
            return failed_case(number, exc)
        finally:
            if d is not None:
                d.store.close()
    return None


def main(argv: list[str]) -> int:
    return run_cases(argv, lambda number: play(number, show="--show" in argv, verify=True), count=50)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
