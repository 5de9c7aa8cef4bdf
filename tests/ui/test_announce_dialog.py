"""Tournament > Announce on the room's screens…: the words now or at a time, for how long; the engine's
refusal in the dialog's own line with nothing changed; the announcements set, one taken off; undo."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QTime
from PySide6.QtWidgets import QDialogButtonBox

from app.api import views
from ui.dialogs.announce import AnnounceDialog, start_of


def _menu_action(window, title: str):
    [action] = [a for a in window._menus["&Tournament"].actions() if a.text() == title]
    return action


def _set(window):
    return views.read(window.session.state, window.session.now()).announcements


def test_announce_now_and_at_a_time_from_the_tournament_menu(qtbot, window, clock) -> None:
    _menu_action(window, "Announce on the room's screens…").trigger()
    dialog = window.announce_dialog
    assert isinstance(dialog, AnnounceDialog) and dialog.isVisible()
    dialog.text.setText("Dinner is served in the bar")
    dialog.seconds.setValue(45)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    [said] = _set(window)
    assert (said.text, said.seconds, said.shows_from) == ("Dinner is served in the bar", 45, clock.now())
    assert "Announced" in dialog.feedback.text() and dialog.list.count() == 1 and dialog.text.text() == ""
    dialog.at_time.setChecked(True)
    ahead = datetime.fromtimestamp(clock.now() + 7200)
    dialog.time.setTime(QTime(ahead.hour, ahead.minute))
    dialog.text.setText("Last call for the bar")
    assert dialog.announce()
    assert [a.text for a in _set(window)] == ["Dinner is served in the bar", "Last call for the bar"]
    assert _set(window)[1].starts_at == start_of(QTime(ahead.hour, ahead.minute), clock.now())
    assert dialog.list.count() == 2
    window.session.undo()
    assert [a.text for a in _set(window)] == ["Dinner is served in the bar"]


def test_a_refused_announcement_says_why_and_changes_nothing(qtbot, window) -> None:
    window.act_announce()
    dialog = window.announce_dialog
    seq = window.session.state.seq
    dialog.text.setText("   ")
    assert not dialog.announce()
    assert "needs some words" in dialog.feedback.text() and window.session.state.seq == seq
    dialog.text.setText("x" * 250)
    assert not dialog.announce()
    assert "at most 200 characters" in dialog.feedback.text() and window.session.state.seq == seq
    assert dialog.text.text() == "x" * 250  # left to fix


def test_take_an_announcement_off_the_screens(qtbot, window) -> None:
    window.act_announce()
    dialog = window.announce_dialog
    dialog.text.setText("Seat open on table 2")
    assert dialog.announce()
    assert not dialog.cancel_selected()  # nothing picked: said so
    assert "Pick the announcement" in dialog.feedback.text()
    dialog.list.setCurrentRow(0)
    assert dialog.cancel_selected()
    assert _set(window) == () and dialog.list.count() == 0


def test_a_time_of_day_long_gone_today_means_tomorrow() -> None:
    now = datetime(2027, 3, 5, 23, 50).timestamp()
    assert start_of(QTime(0, 30), now) == datetime(2027, 3, 6, 0, 30).timestamp()
    assert start_of(QTime(23, 45), now) == datetime(2027, 3, 5, 23, 45).timestamp()  # just gone: the engine says so
    assert start_of(QTime(23, 55), now) == datetime(2027, 3, 5, 23, 55).timestamp()
