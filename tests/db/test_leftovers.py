"""A new tournament never adopts the -wal, -shm or -journal an earlier file left under its name.

SQLite replays any valid WAL it finds beside a database, whatever file wrote it: a stale
``friday.floorman-wal`` turned a brand-new tournament into the old one, silently. Creating a file
now moves such leftovers aside (renamed with a timestamp) and says so in ``store.notices``.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db import backups, lock
from db.backups import restore
from db.errors import FileLocked
from db.store import TournamentStore
from db.verify import verify_file


def _stale_wal(path: Path, tmp_path: Path) -> Path:
    """Leave beside ``path`` the -wal of another tournament that had actions not checkpointed."""
    clock = FakeClock()
    saved = tmp_path / "saved-wal"
    with TournamentStore.create(path, load_profile("home-nl"), "Old one", time=clock) as store:
        for i in range(5):
            clock.advance(5)
            store.execute({"cmd": "register", "name": f"Old Player {i}"})
        shutil.copyfile(f"{path}-wal", saved)
    for leftover in path.parent.glob(path.name + "*"):
        shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
    shutil.copyfile(saved, f"{path}-wal")
    assert saved.stat().st_size > 0
    return saved


@pytest.mark.parametrize("sides", [("-wal",), ("-wal", "-shm"), ("-journal",)])
def test_a_new_file_moves_leftovers_aside(tmp_path: Path, sides: tuple[str, ...]) -> None:
    path = tmp_path / "friday.floorman"
    saved = _stale_wal(path, tmp_path)
    Path(f"{path}-wal").unlink()
    for side in sides:
        shutil.copyfile(saved, f"{path}{side}")
    with TournamentStore.create(path, load_profile("home-nl"), "New one", time=FakeClock()) as store:
        assert store.tournament.state.name == "New one"
        assert store.last_seq == 1
        assert len(store.notices) == len(sides)
        for side in sides:
            assert any(f"friday.floorman{side}" in n and "moved aside" in n for n in store.notices)
    with TournamentStore.open(path) as store:
        assert store.tournament.state.name == "New one" and store.last_seq == 1
        assert store.tournament.state.players == {}
    assert verify_file(path).ok
    moved = sorted(p.name for p in tmp_path.iterdir() if ".stale-" in p.name)
    assert len(moved) == len(sides)
    for side in sides:
        assert any(name.startswith(f"friday.floorman{side}.stale-") for name in moved)


def test_the_stale_wal_is_never_adopted(tmp_path: Path) -> None:
    path = tmp_path / "friday.floorman"
    _stale_wal(path, tmp_path)
    with TournamentStore.create(path, load_profile("home-nl"), "New one", time=FakeClock()) as store:
        store.execute({"cmd": "note", "text": "new"})
    with TournamentStore.open(path) as store:
        assert store.tournament.state.name == "New one"
        assert store.last_seq == 2


def test_restore_into_a_missing_file_moves_leftovers_aside(tmp_path: Path) -> None:
    path = tmp_path / "friday.floorman"
    clock = FakeClock()
    with TournamentStore.create(path, load_profile("home-nl"), "Kept", time=clock) as store:
        store.execute({"cmd": "note", "text": "in the backup"})
        backup = store.backup_now()
    target = tmp_path / "other.floorman"
    shutil.copyfile(f"{path}", f"{target}-wal")  # garbage beside a missing target
    restore(backup, target)
    with TournamentStore.open(target) as store:
        assert store.tournament.state.name == "Kept" and store.last_seq == 2
    assert any(p.name.startswith("other.floorman-wal.stale-") for p in tmp_path.iterdir())



ROOT = Path(__file__).resolve().parents[2]


def _killed_while(keyed: Path, *argv: str) -> None:
    """Run :mod:`tests.db.leftover_child` in a fresh process, its temporary folder ``keyed``, and check that
    it was killed where it meant to be (a real SIGKILL: no clean-up of Floorman's own runs)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(keyed), "FLOORMAN_NO_SOUND": "1"}
    done = subprocess.run([sys.executable, "-m", "tests.db.leftover_child", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr


@pytest.mark.skipif(os.name != "posix", reason="kills its child with SIGKILL (POSIX)")
def test_what_killed_processes_leave_is_cleaned_and_live_locks_are_kept(tmp_path: Path, monkeypatch) -> None:
    """Killed during a backup, a Save as… and a restore, Floorman left ``.part``, ``.saving`` and
    ``.restoring`` files, ``NAME.lock`` and ``floorman-DEV-INODE.lock`` in the temporary folder. The
    next writer removes them all, and never a lock a live process holds."""
    keyed = tmp_path / "tmp"
    keyed.mkdir()
    monkeypatch.setattr(lock, "keyed_lock_folder", lambda: keyed)
    folder = tmp_path / "club"
    folder.mkdir()
    path, saved = folder / "friday.floorman", folder / "saturday.floorman"
    with TournamentStore.create(path, load_profile("home-nl"), "Friday") as first:
        first.execute({"cmd": "register", "name": "Ann Lee"})
        good = first.backup_now()

    def left() -> set[str]:
        return {p.name for p in folder.iterdir()} | {p.name for p in backups.backup_folder(path).iterdir()}

    _killed_while(keyed, "backup", str(path))
    assert "friday.floorman.lock" in left() and any(n.endswith(".floorman.part") for n in left())
    assert list(keyed.glob("floorman-*.lock"))
    _killed_while(keyed, "save_as", str(path), str(saved))  # its open removed the backup's .part
    assert {"saturday.floorman.saving", "saturday.floorman.lock"} <= left()
    assert not any(n.endswith(".part") for n in left())
    _killed_while(keyed, "restore", str(path), str(good))
    assert "friday.floorman.restoring" in left()
    assert list(keyed.glob("floorman-*.lock"))

    other = tmp_path / "elsewhere" / "sunday.floorman"
    other.parent.mkdir()
    held = TournamentStore.create(other, load_profile("home-nl"), "Sunday")  # a live writer elsewhere
    held_lock = keyed / f"floorman-{os.stat(other).st_dev}-{os.stat(other).st_ino}.lock"
    try:
        with TournamentStore.open(path) as again:
            assert again.last_seq == 3  # the create, Ann Lee, Bo Chen: the restore never happened
        assert sorted(p.name for p in folder.iterdir()) == ["friday.floorman", "friday.floorman.backups"]
        assert not [p for p in backups.backup_folder(path).iterdir() if not p.name.endswith(".floorman")]
        assert [p.name for p in keyed.iterdir()] == [held_lock.name]  # the live writer's lock stays
        with pytest.raises(FileLocked):
            TournamentStore.open(other)
    finally:
        held.close()
    assert not list(keyed.iterdir())
    assert sorted(p.name for p in other.parent.iterdir()) == ["sunday.floorman"]
    assert verify_file(path).ok


def test_opening_removes_the_half_written_copies_of_its_own_backups_only(tmp_path: Path) -> None:
    """The ``.part`` of a backup and of the -wal of a damaged file kept before a restore go; another
    tournament's, and a finished backup, stay."""
    path = tmp_path / "friday.floorman"
    TournamentStore.create(path, load_profile("home-nl"), "Friday").close()
    folder = backups.backup_folder(path)
    folder.mkdir()
    ours = ["friday-20261127-081409933-000002-manual.floorman.part",
            "friday-20261127-081409933-000000-before-restore-damaged.floorman-wal.part"]
    theirs = ["saturday-20261127-081409933-000002-manual.floorman.part",
              "friday-20261127-081409933-000002-manual.floorman"]
    for name in ours + theirs:
        (folder / name).write_bytes(b"x")
    TournamentStore.open(path, read_only=True).close()  # a reader removes nothing
    assert sorted(p.name for p in folder.iterdir()) == sorted(ours + theirs)
    TournamentStore.open(path).close()
    assert sorted(p.name for p in folder.iterdir()) == sorted(theirs)
