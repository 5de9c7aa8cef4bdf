"""On a full disk the window says so in the store's sentence, never "Something went wrong (OSError)"."""

from __future__ import annotations

import errno
from typing import Any

from PySide6.QtWidgets import QApplication

from app.profiles.profile import load_profile
from db import lock
from db.store import TournamentStore


class _FullDiskFile:
    def __init__(self, fh: Any) -> None:
        self._fh = fh

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)


def test_opening_on_a_full_disk_says_the_disk_is_full(qtbot, tmp_path, monkeypatch):
    from ui.start import Starter

    path = tmp_path / "friday.floorman"
    TournamentStore.create(path, load_profile("tda"), "Friday").close()
    real = lock._open_sidecar
    monkeypatch.setattr(lock, "_open_sidecar", lambda file, mode=0o600: _FullDiskFile(real(file, mode)))
    shown: list[str] = []
    starter = Starter(QApplication.instance())
    monkeypatch.setattr(starter, "show_error", shown.append)
    monkeypatch.setattr(starter, "show_welcome", lambda: None)
    starter.open_file(str(path))
    assert shown == ["The disk is full: free some space and try again; the tournament file friday.floorman is intact."]
    assert not starter.windows
