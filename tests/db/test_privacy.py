"""Tournament files, their -wal and -shm, backups, the roster: owner-only (0600 files, 0700 folders).

The tests set a permissive umask (``000``) first: the modes must not depend on it. They run as root
in CI, so they check the mode bits, not whether another user is refused.
"""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.backups import restore
from db.private import private_dir, private_file
from db.roster import Roster
from db.store import TournamentStore

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
SCHEMA1 = Path(__file__).parent / "fixtures" / "schema1.floorman"


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def open_umask() -> Iterator[None]:
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def test_tournament_file_wal_shm_and_backups_are_private(tmp_path: Path) -> None:
    path = tmp_path / "friday.floorman"
    clock = FakeClock()
    with TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock) as store:
        store.execute({"cmd": "register", "name": "Ann Lee"})
        assert mode(path) == 0o600
        assert mode(Path(f"{path}-wal")) == 0o600
        assert mode(Path(f"{path}-shm")) == 0o600
        backup = store.backup_now()
        store.tick()
    assert mode(path) == 0o600
    assert mode(backup) == 0o600
    assert mode(backup.parent) == 0o700
    restore(backup, path)
    assert mode(path) == 0o600
    for f in backup.parent.iterdir():
        assert mode(f) == 0o600, f.name


def test_an_upgraded_file_and_its_backup_are_private(tmp_path: Path) -> None:
    path = tmp_path / "old.floorman"
    shutil.copyfile(SCHEMA1, path)
    os.chmod(path, 0o600)
    with TournamentStore.open(path) as store:
        store.execute({"cmd": "note", "text": "upgraded"})
        assert mode(Path(f"{path}-wal")) == 0o600
    folder = tmp_path / "old.floorman.backups"
    assert mode(folder) == 0o700
    assert [mode(f) for f in folder.iterdir()] == [0o600]


def test_the_roster_is_private(tmp_path: Path) -> None:
    path = tmp_path / "data" / "Floorman" / "players.sqlite"
    with Roster.open(path) as roster:
        roster.add("Ann Lee", contact="+1 555 0100")
        assert mode(path) == 0o600
        assert mode(Path(f"{path}-wal")) == 0o600
    assert mode(path.parent) == 0o700
    assert mode(path.parent.parent) == 0o700


def test_the_helpers(tmp_path: Path) -> None:
    f = private_file(tmp_path / "a.lock")
    assert mode(f) == 0o600 and f.read_bytes() == b""
    os.chmod(f, 0o644)
    private_file(f)
    assert mode(f) == 0o600
    with pytest.raises(FileExistsError):
        private_file(f, exclusive=True)
    d = private_dir(tmp_path / "x" / "y")
    assert mode(d) == 0o700 and mode(d.parent) == 0o700
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    private_dir(shared, tighten=False)
    assert mode(shared) == 0o755
    private_dir(shared)
    assert mode(shared) == 0o700
