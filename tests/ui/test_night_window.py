"""The event night's window fixes: the selection an action uses, undecided rebuys, confirmations,
accent-folded names, one source for "short" tables, chip counts, chip leaders, hand for hand."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import make_session
from ui.director import DirectorWindow

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")


def _shown(qtbot, w):
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def _select(w, ids):
    view = w.player_panel.view
    view.clearSelection()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for pid in ids:
        row = w.player_panel.proxy.mapFromSource(w.players.index(w.players.row_of(pid), 0))
        view.selectionModel().select(row, flags)


def test_a_finished_same_hand_dialog_clears_the_selection_and_f8_then_opens_the_bar(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    state = w.session.state
    a, b = list(state.tables[1].seats.values())[:2]
    _select(w, [a, b])
    qtbot.keyClick(w, Qt.Key.Key_F8)
    dialog = w.bust_dialog
    assert dialog is not None and dialog.isVisible() and sorted(dialog.player_ids) == sorted([a, b])
    dialog._ok()
    q = w.runner.question_dialog
    if q is not None:
        for spin, chips in zip(q.spins.values(), (2000, 6000)):
            spin.setValue(chips)
        q._ok()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert not state.players[a].live and not state.players[b].live
    assert w.player_panel.selected_ids() == []  # the selection was for that dialog
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    qtbot.keyClick(w, Qt.Key.Key_F8)  # the next bust: the bar, empty, no dialog for the two already out
    assert w.bust_dialog is dialog and not dialog.isVisible()
    bar = w.player_panel.action_bar
    assert bar.isVisible() and bar.title.text() == "Bust-out:" and bar.edit.text() == ""
    qtbot.keyClick(w, Qt.Key.Key_F7)  # and the window's keys work
    assert w.tables_tab.feedback.isVisible() or w.pending == []


def test_out_players_are_never_offered_to_bust(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    state = w.session.state
    out, live = list(state.tables[1].seats.values())[:2]
    w.run({"cmd": "bust", "player": out})
    _select(w, [out, live])  # selected again by hand: only the one still in is offered
    qtbot.keyClick(w, Qt.Key.Key_F8)
    assert w.bust_dialog is None
    assert w.player_panel.action_bar.edit.text() == state.players[live].name
