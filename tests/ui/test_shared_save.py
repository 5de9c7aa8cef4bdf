"""Tournament > "Save as a normal file…" on a station of a shared tournament (a real PostgreSQL server): from
the server while it answers, from what the station holds once it is gone, and the banner says which."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db import pgserver
from db.joincode import info_from_url, make_code
from db.shared_store import create_shared, open_shared
from db.store import TournamentStore
from db.verify import verify_file
from tests.support.pg import create_database
from tests.ui.conftest import open_window
from ui.director import DirectorWindow
from ui.session import Session

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")


def action(window, text: str):
    return next(a for a in window.actions() if a.text() == text)


def test_save_as_a_normal_file_uses_the_server_then_the_stations_own_copy(qtbot, monkeypatch, pg_folder, tmp_path):
    from ui.start import Starter

    server = pgserver.start(pg_folder / "server")
    try:
        url = create_database(server.url())
        path = tmp_path / "friday.floorman"
        with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=FakeClock(), seed=5) as store:
            for name in ("Ann Lee", "Bo O'Neil"):
                store.execute({"cmd": "register", "name": name})
        create_shared(url, from_file=path, station="Director").close()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        starter = Starter(app)
        said: list[str] = []
        monkeypatch.setattr(starter, "show_error", said.append)
        assert starter.join(make_code(info_from_url(url, "director")), "Director", "Ann"), said
        window = starter.windows[-1]
        assert isinstance(window, DirectorWindow)
        qtbot.addWidget(window)
        with open_shared(url, station="Desk", operator="Kim") as desk:
            desk.execute({"cmd": "register", "name": "Cy Lo"})
        qtbot.waitUntil(lambda: window.players.rowCount() == 3, timeout=2000)
        first, second = tmp_path / "first.floorman", tmp_path / "second.floorman"
        targets = iter([str(first), str(second)])
        window.store.path_chooser = lambda parent, suggested: next(targets)
        action(window, "Save as a normal file…").trigger()
        done = window.store.banner.text()
        assert done.startswith("Saved first.floorman from the tournament's server: actions 1\u20134")
        server.stop()
        qtbot.waitUntil(lambda: "cannot reach" in window.store.banner.text(), timeout=3000)
        action(window, "Save as a normal file…").trigger()
        text = window.store.banner.text()
        assert text.startswith("The tournament's server cannot be reached, so second.floorman was saved from this "
                               "station's own copy: actions 1\u20134, the last at ")
        assert "by Desk (Kim); actions other stations committed after that are not in it." in text
        assert verify_file(second).ok
        with TournamentStore.open(second, read_only=True) as file:
            assert file.tournament.state == window.session.state
        window.session.close()
        window.close()
    finally:
        server.stop()


def test_on_a_normal_file_it_says_to_use_save_as(qtbot, tmp_path, clock):
    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock)
    w = open_window(qtbot, Session(store, str(path)))
    w.store.path_chooser = lambda parent, suggested: pytest.fail("nothing to ask")
    action(w, "Save as a normal file…").trigger()
    assert w.store.banner.text() == ("This tournament is kept in a normal file already: use Save as… to keep a "
                                     "copy of it.")
    w.close()
