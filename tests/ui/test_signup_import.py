"""A sign-up list imported from the window with its preview and questions; the pre-registered players
checked in at the door from the players tab (REG-10)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.api import NEW, views
from db.roster import Roster
from ui.roster_link import RosterLink

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")
SHOTS = os.environ.get("FLOORMAN_SHOTS")  # a folder: the tests save their screenshots there to look at


@pytest.fixture
def roster_window(qtbot, session, tmp_path):
    from ui.director import DirectorWindow

    path = tmp_path / "roster" / "players.sqlite"
    with Roster.open(path) as roster:
        for name in ("José Núñez", "Mia Park", "Zoë Müller"):
            roster.add(name)
    w = DirectorWindow(session, roster=RosterLink(path))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.roster.roster is not None)
    return w


def _signups(tmp_path: Path) -> Path:
    path = tmp_path / "signups.csv"
    path.write_bytes("Name;Paid\r\njose nunez;yes\r\nPark, Mia;\r\nRay Ochoa;x\r\n;\r\nray ochoa;\r\nann lee;\r\n"
                     "Dee\x07Fox;\r\nMüller Zoë;\r\n".encode("cp1252"))
    return path


def _shot(widget, name: str) -> None:
    if SHOTS:
        widget.grab().save(str(Path(SHOTS) / name))


def _menu_titles(window, menu: str) -> list[str]:
    return [a.text() for a in window._menus[menu].actions()]


def test_reg_10_import_a_sign_up_list_with_its_preview_and_questions(qtbot, roster_window, tmp_path) -> None:
    w = roster_window
    assert any(t.startswith("Import a sign-up list") for t in _menu_titles(w, "&Players"))
    before = w.session.state.seq
    dialog = w.players_ctl.import_signups_from(_signups(tmp_path))
    assert dialog is not None and w.session.state.seq == before  # nothing changes before Import
    qtbot.waitExposed(dialog)
    table = dialog.table
    outcomes = [table.item(i, 3).text() for i in range(table.rowCount())]
    assert outcomes == ["Matched", "Asked", "New player", "Duplicate", "Already in", "Skipped", "Asked"]
    assert table.item(0, 4).text() == "José Núñez" and table.item(0, 2).text() == "yes"
    assert "control or invisible" in table.item(5, 4).text()
    assert set(dialog.choices) == {3, 9}
    box = dialog.choices[3]
    assert [box.itemText(i) for i in range(box.count())] == [
        "— choose —", "Same player: Mia Park (in the roster, names in the other order)", "A new player: Park, Mia"]
    assert "Not answered, left out: line 3, line 9" in dialog.summary.text()
    dialog.answer(3, "Mia Park")
    dialog.answer(9, NEW)
    assert "pre-registers 4 players (2 paid ahead)" in dialog.summary.text()
    _shot(dialog, "signup-preview.png")
    dialog.import_button.click()
    assert not dialog.isVisible()
    listed = [(r.name, r.paid_ahead) for r in views.read(w.session.state).preregistered]
    assert listed == [("José Núñez", True), ("Mia Park", False), ("Ray Ochoa", True), ("Müller Zoë", False)]
    assert w.player_panel.preregistered.names() == [name for name, _paid in listed]
    assert len(w.session.state.players) == 12  # nobody is a player until he checks in


def test_reg_10_a_list_that_cannot_be_read_is_said_and_nothing_opens(qtbot, roster_window, tmp_path) -> None:
    bad = tmp_path / "old.xls"
    bad.write_bytes(b"\xd0\xcf\x11\xe0")
    assert roster_window.players_ctl.import_signups_from(bad) is None
    assert "save it as .xlsx or .csv" in roster_window.statusBar().currentMessage()


def test_reg_10_check_in_from_the_pre_registered_list_with_its_key(qtbot, window, clock) -> None:
    window.run({"cmd": "preregister", "names": ["Mia Park", "Ray Ochoa", "Cy Lo"], "paid_names": ["Ray Ochoa"]})
    window.run({"cmd": "seat_all"})
    window.run({"cmd": "start_clock"})
    listed = window.player_panel.preregistered
    assert listed.isVisible() and listed.names() == ["Mia Park", "Ray Ochoa", "Cy Lo"]
    assert "3 (1 paid ahead)" in listed.title.text()
    seated = sum(len(t.seats) for t in window.session.state.tables.values())
    assert seated == 12  # the draw seated the players, never the pre-registered
    listed.list.setCurrentRow(1)
    _shot(window, "preregistered-list.png")
    qtbot.keyClick(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    bar = window.player_panel.action_bar
    assert bar.isVisible() and bar.key == "check_in" and bar.edit.text() == "Ray Ochoa"
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert "Checked in Ray Ochoa — seated T" in bar.feedback.text()
    assert listed.names() == ["Mia Park", "Cy Lo"]
    p = window.session.state.players[window.session.state.by_name["ray ochoa"]]
    assert p.table is not None and p.entries == 1
    bar.edit.setText("Ray Ochoa")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert "already checked in" in bar.feedback.text()
    listed.list.setCurrentRow(0)
    listed.remove_button.click()
    assert listed.names() == ["Cy Lo"]
    [close] = [a for a in window._menus["&Tournament"].actions() if a.text() == "Close late registration"]
    close.trigger()
    assert "1 pre-registered player never checked in" in window.clock_tab.feedback.text()
