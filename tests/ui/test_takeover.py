"""Tournament > Take over… in the window: asks first, promotes this laptop's standby copy, says what it did."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from app.core.timesource import FakeClock
from db import pgserver
from db.joincode import read_code
from db.shared_store import SharedStore, create_shared
from db.standby import Standby, start_standby
from tests.db.test_shared_store import tournament_file
from tests.ui.conftest import make_session
from ui.command_map import ACTIONS
from ui.director import DirectorWindow
from ui.takeover import TakeOverOffer


@pytest.fixture
def kept(pg_folder: Path, tmp_path: Path) -> Iterator[tuple[pgserver.PgServer, SharedStore, Standby]]:
    host = pgserver.start(pg_folder / "host")
    station = create_shared(host.url(), from_file=tournament_file(tmp_path, FakeClock()), station="Floor 2")
    standby = start_standby(host.url(), pg_folder / "standbys" / "friday")
    yield host, station, standby
    station.close()
    standby.server.stop()
    host.stop()


def in_recovery(standby: Standby) -> bool:
    with psycopg.connect(standby.url(), autocommit=True) as conn:
        row = conn.execute("SELECT pg_is_in_recovery()").fetchone()
    return bool(row and row[0])


def test_take_over_asks_first_then_promotes_the_standby_and_the_station_follows(qtbot, kept, pg_folder):
    host, station, standby = kept
    parent = QWidget()
    qtbot.addWidget(parent)
    station.wait(0.5)  # the station has heard of the standby
    os.kill(host.pid, signal.SIGKILL)  # the host laptop dies
    offer = TakeOverOffer(parent, pg_folder / "standbys")
    box = offer.offer()
    assert box.isVisible() and f"{standby.address}:{standby.port}" in box.text()
    qtbot.keyClick(box, Qt.Key.Key_Escape)  # Esc: nothing changes
    assert not box.isVisible() and in_recovery(standby) and offer.done is None
    box = offer.offer()
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter is Cancel: a mistaken key changes nothing
    assert in_recovery(standby) and offer.done is None
    box = offer.offer()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    said = offer.box
    assert said is not None and said is not box and said.isVisible()
    assert "now the tournament's server" in said.text() and f":{standby.port}" in said.text()
    assert not in_recovery(standby)
    station.execute({"cmd": "note", "text": "after the take-over"})  # reconnected to it by itself
    with psycopg.connect(standby.url(), autocommit=True) as conn:
        assert conn.execute("SELECT max(seq) FROM actions").fetchone() == (station.last_seq,)


def test_take_over_while_the_host_answers_is_refused_in_words(qtbot, kept, pg_folder):
    _host, _station, standby = kept
    parent = QWidget()
    qtbot.addWidget(parent)
    offer = TakeOverOffer(parent, pg_folder / "standbys")
    box = offer.offer()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert offer.refused is not None and offer.refused.code == "HOST_ALIVE"
    assert offer.box is not None and "still answers" in offer.box.text()
    assert offer.box.icon() == QMessageBox.Icon.Warning
    assert in_recovery(standby)


def test_the_windows_take_over_says_when_this_laptop_keeps_no_standby(qtbot, clock):
    row = next(b for b in ACTIONS if b.command == "take_over")
    assert row.own and row.menu == "&Tournament"
    w = DirectorWindow(make_session(clock, players=4))
    qtbot.addWidget(w)
    offer = w.act_take_over()
    assert offer.box is not None and offer.box.isVisible()
    assert "keeps no standby copy" in offer.box.text() and offer.standby is None
    titles = [a.text() for a in w.menuBar().actions()[0].menu().actions()]
    assert "Take over…" in titles


def test_without_the_postgresql_client_take_over_says_so_in_words(qtbot, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_client(name, *args, **kwargs):
        if name == "db.standby" or name.startswith("psycopg"):
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "db.standby", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_client)
    parent = QWidget()
    qtbot.addWidget(parent)
    offer = TakeOverOffer(parent)
    box = offer.offer()
    assert box.isVisible() and "no PostgreSQL client" in box.text() and offer.standby is None


@pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")
def test_the_window_sharing_the_tournament_says_when_its_standby_is_gone_and_its_own_action_goes_on(
        qtbot, tmp_path, clock, pg_folder):
    import threading

    from tests.ui.test_share_stations import _said, _share, _window

    _path, session, window = _window(qtbot, tmp_path, clock)
    window.stations.folder = lambda _file: pg_folder / "server"
    _share(qtbot, window)
    qtbot.waitUntil(lambda: window.stations.hosted is not None, timeout=60_000)
    panel = window.stations.panel
    assert panel is not None and panel.standby.isVisible()
    qtbot.mouseClick(panel.standby, Qt.MouseButton.LeftButton)
    code = QApplication.clipboard().text()
    assert read_code(code).user == "floorman"  # the server's own login, to copy it from a second laptop
    assert "standby code is copied" in panel.said.text() and "give it to no station" in panel.said.text()
    standby = start_standby(code, pg_folder / "standby")
    try:
        heard: list[tuple[str, bool]] = []
        window.stations.standby_watcher.said.connect(
            lambda text, _lost: heard.append((text, threading.current_thread() is threading.main_thread())))
        before = session.backend.last_seq
        os.kill(standby.server.pid, signal.SIGKILL)  # the second laptop is gone
        window.run({"cmd": "note", "text": "held, then recorded"})  # the server waits a moment, then goes on
        assert session.backend.last_seq == before + 1
        qtbot.waitUntil(lambda: "stopped answering" in _said(window), timeout=15_000)
        assert "on this laptop only" in _said(window)
        assert heard and heard[0][1]  # said on the window's own thread
    finally:
        standby.server.stop()
