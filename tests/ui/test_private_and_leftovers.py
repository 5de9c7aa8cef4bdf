"""The window's own files are the owner's only, and a new file's leftovers are reported in words."""

from __future__ import annotations

import os
import stat
import sys

import pytest

from app.profiles.profile import load_profile
from tests.ui.conftest import open_window
from ui.errors import log_unexpected
from ui.start import store_session

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")


@posix_only
def test_the_error_log_is_created_owner_only(tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    old = os.umask(0o022)  # an ordinary umask would leave a new file readable by everyone
    try:
        path = log_unexpected(ValueError("Ann Lee's stack"), "a test")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "Ann Lee" in path.read_text()


def test_a_new_tournament_over_a_stale_wal_says_it_was_moved_aside(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "Friday.floorman"
    (tmp_path / "Friday.floorman-wal").write_bytes(b"an earlier tournament's last actions")
    session = store_session(path, load_profile("tda"), "Friday")
    try:
        window = open_window(qtbot, session)
        text = window.store.banner.text()
        assert "Friday.floorman-wal" in text and "moved aside" in text
        stale = [p for p in tmp_path.iterdir() if p.name.startswith("Friday.floorman-wal.stale-")]
        assert len(stale) == 1 and stale[0].read_bytes() == b"an earlier tournament's last actions"
        window.close()
    finally:
        session.close()


@posix_only
def test_the_recent_files_list_is_owner_only(tmp_path, monkeypatch):
    from ui.recent import recent_files, remember

    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    old = os.umask(0o022)
    try:
        remember(tmp_path / "Friday.floorman")
        remember(tmp_path / "Saturday.floorman")
    finally:
        os.umask(old)
    recent = tmp_path / "data" / "recent.json"
    assert stat.S_IMODE(recent.stat().st_mode) == 0o600
    assert [p.name for p in recent_files()] == ["Saturday.floorman", "Friday.floorman"]
    assert sorted(p.name for p in recent.parent.iterdir()) == ["recent.json"]


def test_a_template_renamed_by_hand_is_listed_once_and_loads(tmp_path, monkeypatch):
    from ui import templates

    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    structure = {"levels": [{"small_blind": 100, "big_blind": 200, "ante": 0, "minutes": 20}], "breaks": []}
    saved = templates.save_structure("Friday deep", structure)
    saved.rename(saved.with_name("Saturday turbo.json"))  # the director renamed the file in the file manager
    assert templates.names(templates.STRUCTURES) == ["Friday deep"]
    assert templates.load_structure("Friday deep")["levels"] == structure["levels"]
    event = templates.save_event("Sunday", load_profile("tda").to_dict(), None, "Club")
    event.rename(event.with_name("copy.json"))
    assert templates.names(templates.EVENTS) == ["Sunday"]
    assert templates.load_event("Sunday").venue == "Club"
    templates.delete(templates.STRUCTURES, "Friday deep")
    assert templates.names(templates.STRUCTURES) == []


def test_a_template_half_saved_by_a_killed_window_is_cleaned_later(tmp_path, monkeypatch):
    from ui import templates

    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    folder = templates.folder(templates.STRUCTURES)
    stale, fresh = folder / "Friday.json.saving", folder / "Saturday.json.saving"
    stale.write_text("{", encoding="utf-8")
    fresh.write_text("{", encoding="utf-8")  # another window may be saving it right now
    old = stale.stat().st_mtime - templates.STALE_SAVING - 60
    os.utime(stale, (old, old))
    assert templates.names(templates.STRUCTURES) == []
    assert sorted(p.name for p in folder.iterdir()) == ["Saturday.json.saving"]
