"""Undoing another station's action asks first, naming who entered it; the station's own does not."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.api import load_profile
from db.store import Station, TournamentStore
from tests.ui.conftest import NAMES, open_window
from ui.session import Session


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
        assert box.text() == "Undo \u201cbust-out of Ann Lee\u201d? Floor 2 (Lou) entered it."
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
