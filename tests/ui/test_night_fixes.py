"""What a director ran into on event night: keys swallowed by text fields, answers shown nowhere,
a locked file that could not be looked at, refusals on a tab out of sight."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.profiles.profile import load_profile
from tests.ui.conftest import make_session
from ui import recent
from ui.director import DirectorWindow

# The offscreen platform cannot raise the completion popup or grab the keyboard for it.
pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard")


def _shown(qtbot, w):
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    return w


def test_the_user_data_folder_follows_floorman_data_dir(user_data, tmp_path):
    recent.remember(tmp_path / "a.floorman")
    assert (user_data / "recent.json").exists()
    assert recent.recent_files() == [(tmp_path / "a.floorman").resolve()]
    assert recent.tournaments_dir().parent == user_data


def test_window_shortcuts_win_in_a_text_field_but_undo_stays_the_fields(qtbot, window):
    search = window.player_panel.search
    search.setFocus()
    search.setText("ann")
    qtbot.keyClick(search, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # Absent, not select-all
    bar = window.player_panel.action_bar
    assert bar.isVisible() and bar.title.text() == "Absent:"
    window.run({"cmd": "register", "name": "Zoë Müller"})
    qtbot.keyClicks(bar.edit, "Ann")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "zoë müller" in window.session.state.by_name  # Ctrl+Z in a field never undoes the tournament


def test_several_names_typed_are_one_bust_and_the_engine_asks_their_stacks(qtbot, clock):
    session = make_session(clock, players=12, start=True)
    w = _shown(qtbot, DirectorWindow(session))
    state = session.state
    a, b = [state.players[pid] for pid in list(state.tables[1].seats.values())[:2]]
    qtbot.keyClick(w, Qt.Key.Key_F8)
    bar = w.player_panel.action_bar
    bar.edit.setText(f"{a.name}, {b.name}")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    dialog = w.runner.question_dialog
    assert dialog is not None, bar.feedback.text()  # the engine asks (ELIM-4), the window's dialog answers
    assert dialog.isVisible() and dialog.question.kind == "amounts"
    for spin, chips in zip(dialog.spins.values(), (2000, 6000)):
        spin.setValue(chips)
    dialog._ok()
    assert not dialog.isVisible()
    assert state.players[a.id].place == 12 and state.players[b.id].place == 11
    assert bar.feedback.text().startswith(f"{a.name} out 12th")
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)  # the keys work again after the dialog


def test_a_refused_same_hand_bust_stays_in_its_dialog_with_the_reason(qtbot, clock):
    session = make_session(clock, players=12, start=True)
    w = _shown(qtbot, DirectorWindow(session))
    state = session.state
    ids = [next(iter(state.tables[1].seats.values())), next(iter(state.tables[2].seats.values()))]
    w.players_ctl.open_bust_dialog(ids)
    w.bust_dialog._ok()
    assert w.bust_dialog.isVisible()
    assert w.bust_dialog.feedback.property("kind") == "refused" and "different hands" in w.bust_dialog.feedback.text()
    assert all(state.players[i].live for i in ids)


def test_an_action_run_from_the_palette_shows_its_answer(qtbot, window):
    bar = window.player_panel.action_bar
    assert not bar.isVisible()
    window.run({"cmd": "rebuy", "player": 1})
    assert bar.isVisible() and bar.title.text() == "Rebuy:" and bar.edit.text() == "Ann Lee"
    assert bar.feedback.property("kind") == "refused" and bar.feedback.text()


def test_a_refusal_naming_another_setting_is_also_shown_beside_ok(qtbot, tmp_path):
    from ui.dialogs.new_tournament import NewTournamentDialog

    dialog = NewTournamentDialog(load_profile("home-nl"), tmp_path)  # names its final table (9)
    qtbot.addWidget(dialog)
    dialog.rows["table.max_seats"].editor.spin.setValue(7)
    named = dialog.rows["final_table.size"].feedback
    assert named.property("kind") == "refused" and named.text().startswith("Final table seats:")
    assert dialog.feedback.text() == named.text() and not dialog.feedback.isHidden()
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    dialog.rows["final_table.size"].editor.spin.setValue(8)
    assert dialog.feedback.isHidden() and dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()


def test_a_file_open_elsewhere_opens_read_only_and_says_so(qtbot, tmp_path):
    from ui.start import store_session

    path = tmp_path / "locked.floorman"
    first = store_session(path, load_profile("tda"), "Locked")
    try:
        second = store_session(path)
        assert "Read-only: locked.floorman is open in Floorman on" in second.read_only_reason
        w = _shown(qtbot, DirectorWindow(second))
        assert "(read-only)" in w.windowTitle() and not w.read_only_banner.isHidden()
        assert not w.run({"cmd": "register", "name": "Ann Lee"})
        text = w.player_panel.action_bar.feedback.text()
        assert "read-only" in text and "Something went wrong" not in text
        w.close()
    finally:
        first.close()


def test_a_broken_table_disappears_at_once_and_one_table_is_singular(qtbot, clock):
    session = make_session(clock, players=12, start=True)
    w = _shown(qtbot, DirectorWindow(session))
    for pid in list(session.state.tables[2].seats.values())[:3]:
        assert w.run({"cmd": "bust", "player": pid})
    widget = w.tables_tab.grid.table_widgets()[2]
    assert w.run({"cmd": "break_table", "table": 2})
    assert widget.isHidden()
    assert w.tables_tab.summary.text().startswith("1 table ·")


def test_chips_a_refused_chip_count_is_marked_outdated_as_soon_as_a_figure_changes(qtbot, clock):
    from app.errors import RuleError

    session = make_session(clock, players=6, seat=True)  # one table of 6: its count is every chip in play
    session.execute({"cmd": "start_clock"})
    w = _shown(qtbot, DirectorWindow(session))
    state = session.state
    dialog = w.tables_ctl.act_chip_count(1)
    qtbot.waitExposed(dialog)
    spins = list(dialog.spins.values())
    stacks = [spin.value() for spin in spins]

    def type_in(spin, chips: int) -> None:
        qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(spin, str(chips))

    seq = state.seq
    type_in(spins[0], stacks[0] + 1000)  # 1,000 more than were issued
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    with pytest.raises(RuleError) as refused:
        session.execute(dialog.command())
    assert refused.value.code == "CHIPS_EXCEED_ISSUED" and state.seq == seq
    assert dialog.isVisible() and dialog.feedback.property("kind") == "refused"
    said = dialog.feedback.text()
    assert "1,000 too many" in said
    qtbot.keyClick(spins[0], Qt.Key.Key_Backspace)  # retyping: the refusal was about the figures before
    assert dialog.feedback.property("kind") == "outdated" and not dialog.feedback.isHidden()
    assert dialog.feedback.text() == f"Before the change: {said}"
    label = dialog.feedback
    assert label.height() >= label.heightForWidth(label.width())  # the longer message is whole, not cut off
    type_in(spins[0], stacks[0])
    assert dialog.feedback.text() == f"Before the change: {said}"  # said once, however many keys
    assert state.seq == seq and [state.players[pid].stack for pid in dialog.spins] == stacks

    type_in(spins[1], stacks[1] - 500)  # 500 short: flagged, "Accept as counted" offered
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.feedback.property("kind") == "refused" and dialog.accept_button.isVisible()
    qtbot.keyClick(spins[1], Qt.Key.Key_0)
    assert dialog.feedback.property("kind") == "outdated" and not dialog.accept_button.isVisible()
    type_in(spins[1], stacks[1])
    qtbot.keyClick(dialog, Qt.Key.Key_Return)  # counted again, every chip: entered
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=1000)
    assert [state.players[pid].stack for pid in dialog.spins] == stacks
