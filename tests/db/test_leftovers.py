"""A new tournament never adopts the -wal, -shm or -journal an earlier file left under its name.

SQLite replays any valid WAL it finds beside a database, whatever file wrote it: a stale
``friday.floorman-wal`` turned a brand-new tournament into the old one, silently. Creating a file
now moves such leftovers aside (renamed with a timestamp) and says so in ``store.notices``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.backups import restore
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
