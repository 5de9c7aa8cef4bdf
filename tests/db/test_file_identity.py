"""The store writes only to the file it opened, and only one writer holds a file, whatever its name.

Renaming, moving or deleting the open file stops writing with one sentence and ``save_as`` keeps
everything; hard links, symlinks and relative paths reach the same file lock; the sidecar lock file
never follows a link nor truncates another file.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from app.profiles.profile import load_profile
from db.errors import FileAlreadyExists, FileLocked, FileMoved, NotWritable
from db.lock import lock_path
from db.store import TournamentStore


def _register(store: TournamentStore, *names: str) -> None:
    for name in names:
        store.execute({"cmd": "register", "name": name})


@pytest.mark.parametrize("how", ["rename", "delete", "replace"])
def test_moved_file_stops_writing_and_save_as_keeps_everything(store, store_path, tmp_path, how):
    _register(store, "Ann Lee", "Bo Chen")
    if how == "rename":
        store_path.rename(tmp_path / "renamed.floorman")
    elif how == "delete":
        store_path.unlink()
    else:
        store_path.rename(tmp_path / "old.floorman")
        store_path.write_bytes(b"another file now has this name")
    with pytest.raises(FileMoved) as err:
        _register(store, "Carla Okafor")
    message = err.value.message
    assert "renamed, moved or deleted" in message and "Save as" in message
    assert message.count(". ") == 0  # one sentence
    assert "Carla Okafor" not in store.tournament.state.by_name.get("carla okafor", "")
    with pytest.raises(FileMoved):  # and it stays stopped
        store.undo()
    saved = store.save_as(tmp_path / "saved.floorman")
    assert store.path == saved
    _register(store, "Carla Okafor")  # carries on in the new file
    store.close()
    with TournamentStore.open(saved, read_only=True) as again:
        names = {p.name for p in again.tournament.state.players.values()}
    assert names == {"Ann Lee", "Bo Chen", "Carla Okafor"}


def test_renamed_file_cannot_be_opened_for_writing_by_a_second_copy(store, store_path, tmp_path):
    _register(store, "Ann Lee")
    renamed = tmp_path / "renamed.floorman"
    store_path.rename(renamed)
    with pytest.raises(FileLocked):
        TournamentStore.open(renamed)


def test_save_as_refuses_an_existing_file(store, tmp_path):
    other = tmp_path / "taken.floorman"
    other.write_bytes(b"keep me")
    with pytest.raises(FileAlreadyExists):
        store.save_as(other)
    assert other.read_bytes() == b"keep me"


def test_identity_check_costs_little(store):
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        store._check_file()
    per = (time.perf_counter() - start) / n
    assert per < 0.0005  # measured about 2 µs; a durable commit takes milliseconds


@pytest.mark.parametrize("kind", ["hardlink", "symlink", "relative"])
def test_one_writer_per_file_whatever_the_path(store, store_path, tmp_path, monkeypatch, kind):
    _register(store, "Ann Lee")
    if kind == "hardlink":
        other: Path = tmp_path / "linked.floorman"
        os.link(store_path, other)
    elif kind == "symlink":
        other = tmp_path / "pointer.floorman"
        other.symlink_to(store_path)
    else:
        monkeypatch.chdir(tmp_path)
        other = Path(store_path.name)
    with pytest.raises(FileLocked) as err:
        TournamentStore.open(other)
    assert "read-only" in err.value.message
    if kind != "hardlink":  # through a hard link SQLite cannot find the writer's -wal: refused above is all
        with TournamentStore.open(other, read_only=True) as viewer:  # the second copy may still look
            assert "ann lee" in viewer.tournament.state.by_name
    _register(store, "Bo Chen")  # the first writer is untouched
    store.close()
    with TournamentStore.open(other) as second:  # once the first one closed, the second may write
        _register(second, "Carla Okafor")


def test_lock_file_symlink_is_refused_and_its_target_untouched(tmp_path):
    path = tmp_path / "friday.floorman"
    TournamentStore.create(path, load_profile("home-nl"), "Friday").close()
    victim = tmp_path / "precious.txt"
    victim.write_text("do not truncate")
    lock_path(path).unlink(missing_ok=True)
    lock_path(path).symlink_to(victim)
    with pytest.raises(NotWritable) as err:
        TournamentStore.open(path)
    assert "not Floorman's lock file" in err.value.message
    assert victim.read_text() == "do not truncate"


def test_lock_file_hard_link_is_refused_and_its_target_untouched(tmp_path):
    path = tmp_path / "friday.floorman"
    TournamentStore.create(path, load_profile("home-nl"), "Friday").close()
    victim = tmp_path / "precious.txt"
    victim.write_text("do not truncate")
    lock_path(path).unlink(missing_ok=True)
    os.link(victim, lock_path(path))
    with pytest.raises(NotWritable):
        TournamentStore.open(path)
    assert victim.read_text() == "do not truncate"


def test_lock_file_is_private(tmp_path):
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-nl"), "Friday"):
        mode = stat.S_IMODE(os.stat(lock_path(path)).st_mode)
    assert mode & 0o077 == 0


def test_a_second_process_through_a_hard_link_is_refused(store, store_path, tmp_path):
    import subprocess
    import sys

    _register(store, "Ann Lee")
    linked = tmp_path / "linked.floorman"
    os.link(store_path, linked)
    code = (
        "import sys\n"
        "from db.errors import FileLocked\n"
        "from db.store import TournamentStore\n"
        "try:\n"
        "    TournamentStore.open(sys.argv[1]).close()\n"
        "except FileLocked:\n"
        "    sys.exit(3)\n"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, str(linked)], cwd=root, timeout=60)
    assert done.returncode == 3
