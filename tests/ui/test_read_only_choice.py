"""A tournament Floorman cannot write (its folder is read-only) is offered read-only, as the message says."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from app.profiles.profile import load_profile
from db import checks
from db.store import TournamentStore

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")


def _make_file(tmp_path):
    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("tda"), "Friday")
    store.execute({"cmd": "register", "name": "Ann Lee"})
    store.close()
    return path


def test_open_it_read_only_is_offered_and_opens_the_file_read_only(qtbot, tmp_path, monkeypatch):
    from ui.start import READ_ONLY_CHOICE, Starter

    path = _make_file(tmp_path)
    monkeypatch.setattr(checks, "can_write", lambda folder: False)  # the folder is read-only
    asked: list[tuple[str, list[str]]] = []

    def choose_read_only(box: QMessageBox) -> int:
        asked.append((box.text(), [b.text() for b in box.buttons()]))
        next(b for b in box.buttons() if b.text() == READ_ONLY_CHOICE).click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", choose_read_only)
    starter = Starter(QApplication.instance())
    starter.open_file(str(path))
    assert len(asked) == 1
    text, buttons = asked[0]
    assert "Open it read-only" in text and READ_ONLY_CHOICE in buttons  # the words and the button agree
    window = starter.windows[-1]
    qtbot.addWidget(window)
    assert window.session.backend.read_only
    assert window.session.read_only_reason.startswith("Read-only: Floorman cannot write to friday.floorman")
    assert [p.name for p in window.session.state.players.values()] == ["Ann Lee"]
    assert "(read-only)" in window.windowTitle()
    window.close()


def test_cancel_opens_nothing(qtbot, tmp_path, monkeypatch):
    from ui.start import Starter

    path = _make_file(tmp_path)
    monkeypatch.setattr(checks, "can_write", lambda folder: False)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: 0)  # closed without choosing
    shown: list[str] = []
    starter = Starter(QApplication.instance())
    monkeypatch.setattr(starter, "show_error", shown.append)
    monkeypatch.setattr(starter, "show_welcome", lambda: None)
    starter.open_file(str(path))
    assert not starter.windows
    assert len(shown) == 1 and "read-only" in shown[0]
