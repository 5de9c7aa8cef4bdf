"""Undoing another station's action asks first, naming who entered it; the station's own does not."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from app.api import load_profile
from db.shared_store import create_shared, open_shared
from db.store import Station, TournamentStore
from tests.ui.conftest import NAMES, open_window
from ui.session import Session
from ui.shared_link import shared_session


def _file(tmp_path, clock):
    path = tmp_path / "shared.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Shared", time=clock, seed=3) as store:
        for name in NAMES[:6]:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    with TournamentStore.open(path, time=clock, station=Station("floor", "Floor 2", "Lou")) as floor:
        floor.execute({"cmd": "bust", "player": "Ann Lee"})
    return path


def _ann_out(session: Session) -> bool:
    return not session.state.players[session.state.by_name["ann lee"]].live


def test_undoing_another_stations_action_asks_first_and_keeps_it_on_enter(qtbot, tmp_path, clock):
    path = _file(tmp_path, clock)
    store = TournamentStore.open(path, time=clock, station=Station("director", "Main desk", "Dee"))
    session = Session(store, str(path))
    window = open_window(qtbot, session)
    try:
        assert session.entered_elsewhere(undo=True) == "Floor 2 (Lou)"
        window.history_ctl.act_undo()
        box = window.history_ctl.ask_box
        assert box is not None and box.isVisible()
        at = time.strftime("%H:%M", time.localtime(clock.now()))
        assert box.text() == f"Undo \u201cBust-out of Ann Lee\u201d entered by Floor 2 (Lou) at {at}?"
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter keeps it
        assert _ann_out(session) and session.undo_label() == "bust-out of Ann Lee"
        window.history_ctl.act_undo()
        box = window.history_ctl.ask_box
        undo = next(b for b in box.buttons() if b.text() == "Undo it")
        qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
        assert not _ann_out(session)
        assert session.history()[-1].station == "Main desk" and session.history()[-1].operator == "Dee"
        # putting back what another station entered asks too; the start of the clock (one laptop's) does not
        assert session.entered_elsewhere(undo=False) == "Floor 2 (Lou)"
        assert session.entered_elsewhere(undo=True) is None
    finally:
        window.close()
        store.close()


def test_a_stations_own_action_is_undone_without_asking(qtbot, tmp_path, clock):
    path = _file(tmp_path, clock)
    store = TournamentStore.open(path, time=clock, station=Station("floor", "Floor 2", "Sam"))
    session = Session(store, str(path))
    window = open_window(qtbot, session)
    try:
        window.history_ctl.act_undo()
        assert window.history_ctl.ask_box is None and not _ann_out(session)
    finally:
        window.close()
        store.close()


def test_undoing_another_stations_action_on_a_shared_tournament_asks_first(qtbot, tmp_path, clock, pg_database):
    """On a shared tournament, the director's Undo of Floor 2's bust-out names the floor and its time and undoes
    only on yes; the director's own registration is undone at once, as on one laptop."""
    path = tmp_path / "seated.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Shared", time=clock, seed=3) as store:
        for name in NAMES[:6]:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    create_shared(pg_database, from_file=path, station="Director", time=clock).close()
    session = shared_session(pg_database, "Director", "Dee")
    window = open_window(qtbot, session)
    floor = open_shared(pg_database, station="Floor 2", operator="Bob", role="floor", time=clock)
    try:
        clock.advance(60)
        floor.execute({"cmd": "bust", "player": "Ann Lee"})
        qtbot.waitUntil(lambda: _ann_out(session), timeout=3000)
        assert session.undo_label() == "bust-out of Ann Lee"
        window.history_ctl.act_undo()
        box = window.history_ctl.ask_box
        assert box is not None and box.isVisible()
        at = time.strftime("%H:%M", time.localtime(floor.history()[-1].at))
        assert box.text() == f"Undo \u201cBust-out of Ann Lee\u201d entered by Floor 2 (Bob) at {at}?"
        qtbot.keyClick(box, Qt.Key.Key_Escape)  # Esc keeps it
        assert _ann_out(session) and window.history_ctl.ask_box is None
        window.history_ctl.act_undo()
        box = window.history_ctl.ask_box
        qtbot.mouseClick(next(b for b in box.buttons() if b.text() == "Undo it"), Qt.MouseButton.LeftButton)
        assert not _ann_out(session)
        floor.wait(2.0)
        assert floor.tournament.state.players[floor.tournament.state.by_name["ann lee"]].live
        assert floor.history()[-1].station == "Director" and floor.history()[-1].operator == "Dee"
        # the director's own action: undone at once
        assert window.run({"cmd": "register", "name": "Zoe Park"})
        window.history_ctl.act_undo()
        assert window.history_ctl.ask_box is None and "zoe park" not in session.state.by_name
    finally:
        floor.close()
        window.close()
