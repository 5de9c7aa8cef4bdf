"""Tournament > Join a tournament…: a window on a shared tournament (a real PostgreSQL server) that shows
what the other stations enter, as they enter it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.joincode import JoinInfo, info_from_url, make_code
from db.shared_store import ServerUnreachable, create_shared, open_shared
from db.store import TournamentStore
from ui.shared_link import SharedFollower

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")


@pytest.fixture
def shared(pg_database: str, tmp_path: Path) -> str:
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=FakeClock(), seed=5) as store:
        for name in ("Ann Lee", "Bo O'Neil"):
            store.execute({"cmd": "register", "name": name})
    create_shared(pg_database, from_file=path, station="Director").close()
    return pg_database


def _starter(monkeypatch):
    from ui.start import Starter

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    starter = Starter(app)
    said: list[str] = []
    monkeypatch.setattr(starter, "show_error", said.append)
    return starter, said


def test_a_joined_window_shows_another_stations_registration_at_once(qtbot, monkeypatch, shared: str) -> None:
    starter, said = _starter(monkeypatch)
    assert starter.join(make_code(info_from_url(shared, "desk")), "Desk", "Kim"), said
    window = starter.windows[-1]
    qtbot.addWidget(window)
    assert "Join a tournament…" in [a.text() for a in window.actions()]
    assert window.players.rowCount() == 2
    with open_shared(shared, station="Director", operator="Ann") as director:
        director.execute({"cmd": "register", "name": "Cy \"Ace\" Lo'); DROP TABLE actions;--"})
    qtbot.waitUntil(lambda: window.players.rowCount() == 3, timeout=2000)
    names = {p.name for p in window.session.state.players.values()}
    assert "Cy \"Ace\" Lo'); DROP TABLE actions;--" in names
    # what this station enters is in the shared log, as the desk's
    window.session.execute({"cmd": "register", "name": "Dee"})
    with open_shared(shared, station="Check") as check:
        assert check.history()[-1].station == "Desk" and check.history()[-1].operator == "Kim"
    # the server out of reach: said at once above the tabs, and gone when it answers again
    follower = window.session.findChild(SharedFollower)
    real_poll = follower.store.poll

    def unreachable():
        raise ServerUnreachable("Floorman cannot reach the tournament server at 10.0.0.9:5432.")

    monkeypatch.setattr(follower.store, "poll", unreachable)
    qtbot.waitUntil(lambda: "cannot reach" in window.store.banner.text() and window.store.banner.isVisibleTo(window))
    monkeypatch.setattr(follower.store, "poll", real_poll)
    qtbot.waitUntil(lambda: not window.store.banner.isVisibleTo(window))
    window.session.close()  # a closed station stops looking (and never reconnects by itself)
    assert not follower.timer.isActive()


def test_a_wrong_password_and_a_damaged_code_open_no_window_and_say_why(qtbot, monkeypatch, shared: str) -> None:
    starter, said = _starter(monkeypatch)
    info = info_from_url(shared, "floor")
    wrong = JoinInfo(info.address, info.port, info.database, info.user, info.password + "x", "floor")
    assert not starter.join(make_code(wrong), "Floor 1")
    assert not starter.join(make_code(info)[:-2], "Floor 1")
    assert not starter.windows
    assert "password" in said[0] and "damaged" in said[1]
