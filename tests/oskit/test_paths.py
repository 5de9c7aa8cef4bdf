"""Paths every system writes differently: a Windows drive, a Windows share (UNC), POSIX's leading ``//``.

SQLite is opened through a ``file:`` URI (``db.checks.sqlite_uri``). A tournament on a venue's network
share (``\\\\nas\\events\\friday.floorman``) becomes ``//nas/events/...`` in that URI's path, which
SQLite read as a host name and refused ("invalid uri authority"). The same form exists on Linux
(``//tmp/...``), so the whole store is tested with it here.
"""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

import pytest

from app.profiles.profile import load_profile
from db.backups import list_backups
from db.checks import sqlite_uri, uri_path
from db.store import TournamentStore
from db.verify import verify_file
from floorman.cli import main as floorman


@pytest.mark.parametrize(("windows_path", "uri"), [
    (r"C:\Users\Ann\Friday #3.floorman", "/C:/Users/Ann/Friday%20%233.floorman"),
    (r"D:\events\what%20.floorman", "/D:/events/what%2520.floorman"),
    (r"\\nas\events\Friday #3.floorman", "////nas/events/Friday%20%233.floorman"),
    (r"\\?\C:\long\x.floorman", "////%3F/C:/long/x.floorman"),
])
def test_windows_paths_make_uris_sqlite_reads(windows_path: str, uri: str) -> None:
    assert uri_path(PureWindowsPath(windows_path).as_posix()) == uri


def test_posix_paths_are_unchanged() -> None:
    assert uri_path("/home/ann/friday.floorman") == "/home/ann/friday.floorman"
    assert sqlite_uri("/home/ann/a?b.floorman", mode="ro") == "file:/home/ann/a%3Fb.floorman?mode=ro"


def test_a_tournament_under_a_double_slash_path_is_stored_backed_up_and_verified(tmp_path: Path, clock) -> None:
    path = Path("//" + str(tmp_path).lstrip("/")) / "share.floorman"  # the URI form of a Windows share
    assert str(path).startswith("//")
    with TournamentStore.create(path, load_profile("home-nl"), "Share", time=clock) as store:
        store.execute({"cmd": "register", "name": "Ann Lee"})
        store.backup_now()
    with TournamentStore.open(path, read_only=True) as store:
        assert [p.name for p in store.tournament.state.players.values()] == ["Ann Lee"]
    assert len(list_backups(path)) == 1 and verify_file(path).ok
    assert floorman(["verify", str(path)]) == 0
    assert (tmp_path / "share.floorman").is_file()
