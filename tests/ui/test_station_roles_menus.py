"""The window of a station follows its role: what the role may not run is greyed in the menus, the palette
and a player's row menu, saying who may; its keys say so on the status bar instead of doing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.profiles.profile import load_profile
from db.joincode import info_from_url, make_code
from db.shared_store import create_shared
from db.store import Station, TournamentStore
from tests.ui.conftest import NAMES, open_window
from ui.control.history import SCREEN_UNDO
from ui.palette import CommandPalette, suggestions
from ui.session import Session
from ui.shared_link import shared_session

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support propagateSizeHints")

ONLY_DIRECTOR_STRUCTURE = "Only the director may use \u201cEdit structure\u2026\u201d; this is a {} station."


def _file(tmp_path: Path, clock) -> Path:
    path = tmp_path / "roles.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Roles", time=clock, seed=3) as store:
        for name in NAMES[:6]:
            store.execute({"cmd": "register", "name": name})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
    return path


def _station_window(qtbot, tmp_path: Path, clock, role: str):
    path = _file(tmp_path, clock)
    store = TournamentStore.open(path, time=clock, station=Station(role, role.title() + " 1", "Kim"))
    window = open_window(qtbot, Session(store, str(path)))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    return window


def _ann(window) -> int:
    return window.session.state.by_name["ann lee"]


def _row_menu(window) -> dict[str, tuple[bool, str]]:
    """A player's row menu: each entry's words -> (enabled, why not)."""
    menu = window.players_ctl.row_menu(_ann(window))
    return {a.text().split(":")[0]: (a.isEnabled(), a.statusTip()) for a in menu.actions() if a.text()}


def _palette(window, text: str) -> dict[str, str]:
    """The palette's lines for ``text``: words -> why this station may not ("" when it may)."""
    return {s.label: s.refused for s in suggestions(window.palette_parts, text)}


def test_a_desk_station_greys_the_floors_and_the_directors_actions_and_says_who_may(qtbot, tmp_path, clock):
    window = _station_window(qtbot, tmp_path, clock, "desk")
    acts = window.command_actions
    assert acts["register"].isEnabled() and acts["rebuy"].isEnabled() and acts["buy_in"].isEnabled()
    bust = "Only the floor or the director may use \u201cBust-out\u2026\u201d; this is a desk station."
    assert not acts["bust"].isEnabled() and acts["bust"].toolTip() == bust and acts["bust"].statusTip() == bust
    assert not acts["seat_all"].isEnabled()
    assert acts["seat_all"].toolTip() == "Only the director may use \u201cSeat draw\u201d; this is a desk station."
    assert not acts["start_clock"].isEnabled()  # F5: the director's
    # F8 says who may on the status bar, and nothing is done
    seq = window.session.state.seq
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert window.statusBar().currentMessage() == bust
    assert window.bust_dialog is None and not window.player_panel.action_bar.isVisible()
    assert window.session.state.seq == seq
    # the palette greys them (after the lines the desk may run), and says who may when one is chosen
    lines = _palette(window, "edit structure")
    assert lines["Edit structure…"] == ONLY_DIRECTOR_STRUCTURE.format("desk")
    busts = _palette(window, "bust ann")
    assert busts and all(why == bust for why in busts.values())
    assert not _palette(window, "rebuy ann")[next(iter(_palette(window, "rebuy ann")))]
    palette = CommandPalette(window.palette_parts, window)
    qtbot.addWidget(palette)
    palette.edit.setText("edit structure")
    assert not (palette.list.item(0).flags() & Qt.ItemFlag.ItemIsEnabled)
    palette.run_current()
    assert palette.feedback.text() == ONLY_DIRECTOR_STRUCTURE.format("desk") and window.session.state.seq == seq
    # the tabs' buttons
    draw = window.tables_tab.draw_button
    assert not draw.isEnabled() and draw.toolTip() == acts["seat_all"].toolTip()
    assert not window.clock_tab.buttons["next"].isEnabled() and not window.payouts_tab.edit_button.isEnabled()
    assert window.payouts_tab.deal_button.isEnabled()  # changes nothing
    # a player's row menu
    menu = _row_menu(window)
    assert menu["Rebuy"] == (True, "")
    assert menu["Bust-out"] == (False, bust)
    assert menu["Absent"][0] is False and "Only the floor or the director" in menu["Absent"][1]


def test_a_floor_station_enters_bust_outs_and_its_register_key_says_who_may(qtbot, tmp_path, clock):
    window = _station_window(qtbot, tmp_path, clock, "floor")
    acts = window.command_actions
    assert acts["bust"].isEnabled() and acts["move"].isEnabled() and acts["absent"].isEnabled()
    register = "Only the desk or the director may use \u201cRegister a player…\u201d; this is a floor station."
    assert not acts["register"].isEnabled() and acts["register"].toolTip() == register
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert window.statusBar().currentMessage() == register
    assert not window.player_panel.action_bar.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_F4)  # the desk's rebuy
    assert window.statusBar().currentMessage().startswith("Only the desk or the director may use \u201cRebuy")
    assert _palette(window, "edit structure")["Edit structure…"] == ONLY_DIRECTOR_STRUCTURE.format("floor")
    menu = _row_menu(window)
    assert menu["Bust-out"] == (True, "") and menu["Absent"] == (True, "")
    assert menu["Rebuy"][0] is False
    assert menu["Lock the seat"][0] is False
    assert menu["Lock the seat"][1] == ("Only the director may use \u201clock seat\u2026\u201d; this is a floor "
                                        "station.")
    assert window.tables_tab.count_button.isEnabled() and not window.tables_tab.redraw_button.isEnabled()
    assert not window.clock_tab.buttons["start"].isEnabled()
    assert window.clock_tab.buttons["structure"].isEnabled()  # printing the structure changes nothing
    # F8 still opens the bust-out, as the floor's own
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert window.player_panel.action_bar.isVisible() and window.player_panel.action_bar.key == "bust"


def test_a_screen_station_greys_everything_that_changes_the_tournament(qtbot, tmp_path, clock):
    window = _station_window(qtbot, tmp_path, clock, "screen")
    assert window.command_actions and not any(a.isEnabled() for a in window.command_actions.values())
    assert window.command_actions["bust"].isVisible()  # greyed, not hidden
    assert all("this is a screen station, which only shows the tournament" in a.toolTip()
               for a in window.command_actions.values())
    assert not window.undo_action.isEnabled() and window.undo_action.toolTip() == SCREEN_UNDO
    assert not window.history_tab.undo_button.isEnabled()
    assert all(s.refused for s in suggestions(window.palette_parts, "bust ann"))
    menu = _row_menu(window)
    assert menu and not any(enabled for enabled, _tip in menu.values())
    seq = window.session.state.seq
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.statusBar().currentMessage() == SCREEN_UNDO
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.statusBar().currentMessage().startswith("Only the director may use \u201cStart or pause the clock")
    assert window.session.state.seq == seq
    # the window's own actions that change nothing stay: find a player, print, the room display
    own = {a.text(): a.isEnabled() for a in window.actions()}
    assert own["Find a player"] and own["Room display"] and own["Command palette…"]


def test_the_director_and_a_single_laptop_have_every_action(qtbot, tmp_path, clock):
    window = _station_window(qtbot, tmp_path, clock, "director")
    assert all(a.isEnabled() for a in window.command_actions.values() if a.isVisible())  # hidden: not offered
    assert window.tables_tab.draw_button.isEnabled() and window.clock_tab.buttons["edit"].isEnabled()
    assert not any(a.statusTip() for a in window.command_actions.values())
    assert not any(key.isEnabled() for command, key in window._stand_ins.items()
                   if command not in window.not_offered)
    assert not any(s.refused for s in suggestions(window.palette_parts, "edit structure"))
    assert all(enabled for enabled, _tip in _row_menu(window).values())


def test_a_joined_desk_station_greys_what_the_desk_may_not_run(qtbot, tmp_path, clock, pg_database):
    create_shared(pg_database, from_file=_file(tmp_path, clock), station="Director").close()
    session = shared_session(make_code(info_from_url(pg_database, "desk")), "Desk", "Kim")
    window = open_window(qtbot, session)
    try:
        assert session.role == "desk"
        assert window.command_actions["register"].isEnabled() and not window.command_actions["bust"].isEnabled()
        assert _palette(window, "edit structure")["Edit structure…"] == ONLY_DIRECTOR_STRUCTURE.format("desk")
    finally:
        window.close()
