"""Registering from the shared roster: a few letters, Enter; new names join the roster."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from db.roster import Roster
from ui.roster_link import RosterLink

# The offscreen platform cannot raise a popup or grab the keyboard for it; that is all these say.
pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")


@pytest.fixture
def roster_path(tmp_path):
    path = tmp_path / "roster" / "players.sqlite"
    with Roster.open(path) as roster:
        for name in ("Mara Quinn", "Marek Nowak", "Zoë Müller", "Ann Lee"):
            roster.add(name)
    return path


@pytest.fixture
def roster_window(qtbot, session, roster_path):
    from ui.director import DirectorWindow

    w = DirectorWindow(session, roster=RosterLink(roster_path))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.roster.roster is not None)  # opened after the first paint
    return w


def test_the_roster_opens_after_the_window_shows(qtbot, session, roster_path):
    from ui.director import DirectorWindow

    w = DirectorWindow(session, roster=RosterLink(roster_path))
    qtbot.addWidget(w)
    assert w.roster.roster is None
    w.show()
    qtbot.waitUntil(lambda: w.roster.roster is not None)
    assert w.roster.count() == 4


def test_a_known_player_is_registered_with_a_few_letters_and_enter(qtbot, roster_window):
    w = roster_window
    qtbot.keyClick(w, Qt.Key.Key_F2)
    bar = w.player_panel.action_bar
    qtbot.keyClicks(bar.edit, "quin")
    popup = w.roster_completion.completer.popup()
    assert popup.isVisible() and popup.currentIndex().data() == "Mara Quinn"
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    assert "mara quinn" in w.session.state.by_name
    assert bar.feedback.text().startswith("Registered Mara Quinn")
    assert bar.edit.text() == "" and not popup.isVisible()
    assert w.roster.count() == 4  # known already: not added twice


def test_accents_do_not_matter_and_registered_players_are_not_offered(qtbot, roster_window):
    w = roster_window
    w.players_ctl.act_register()
    bar = w.player_panel.action_bar
    qtbot.keyClicks(bar.edit, "zoe")
    assert w.roster_completion.model.stringList() == ["Zoë Müller"]
    bar.edit.clear()
    qtbot.keyClicks(bar.edit, "ann")
    assert "Ann Lee" not in w.roster_completion.model.stringList()  # Ann Lee plays already


def test_a_new_name_is_registered_as_typed_and_joins_the_roster(qtbot, roster_window, roster_path):
    w = roster_window
    qtbot.keyClick(w, Qt.Key.Key_F2)
    bar = w.player_panel.action_bar
    qtbot.keyClicks(bar.edit, "Olu Adeyemi")
    assert not w.roster_completion.completer.popup().isVisible()
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert "olu adeyemi" in w.session.state.by_name
    assert w.roster.count() == 5
    w.close()
    with Roster.open(roster_path) as roster:  # another tournament sees the new name
        assert [p.name for p in roster.search("adeyemi")] == ["Olu Adeyemi"]


def test_escape_keeps_the_name_as_typed(qtbot, roster_window):
    w = roster_window
    w.players_ctl.act_register()
    bar = w.player_panel.action_bar
    qtbot.keyClicks(bar.edit, "Mara")
    popup = w.roster_completion.completer.popup()
    assert popup.isVisible()
    qtbot.keyClick(popup, Qt.Key.Key_Escape)
    assert not popup.isVisible() and bar.isVisible()
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert "mara" in w.session.state.by_name and "mara quinn" not in w.session.state.by_name


def test_a_roster_folder_that_cannot_be_made_says_so_once_and_registration_goes_on(qtbot, session, tmp_path):
    from ui.director import DirectorWindow

    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    link = RosterLink(blocker / "players.sqlite")
    said: list[str] = []
    link.unavailable.connect(said.append)
    w = DirectorWindow(session, roster=link)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: link.broken)
    assert "player roster is not available" in w.statusBar().currentMessage()
    w.players_ctl.act_register()
    bar = w.player_panel.action_bar
    qtbot.keyClicks(bar.edit, "Mara Quinn")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert "mara quinn" in w.session.state.by_name
    assert bar.feedback.property("kind") == "done"
    assert len(said) == 1 and "cannot create the folder" in said[0]


def test_a_roster_file_that_is_not_a_roster_is_left_alone(qtbot, session, tmp_path):
    from ui.director import DirectorWindow

    bogus = tmp_path / "players.sqlite"
    bogus.write_bytes(b"not a database at all, just some text" * 10)
    w = DirectorWindow(session, roster=RosterLink(bogus))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitUntil(lambda: w.roster.broken)
    assert "player roster is not available" in w.statusBar().currentMessage()
    w.players_ctl.act_register()
    bar = w.player_panel.action_bar
    qtbot.keyClicks(bar.edit, "Mara Quinn")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert "mara quinn" in w.session.state.by_name
    assert bogus.read_bytes().startswith(b"not a database")
