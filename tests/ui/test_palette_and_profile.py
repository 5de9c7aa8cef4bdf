"""The command palette reads what the director types; the new-tournament summary is checked as typed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.profiles.profile import load_profile
from tests.ui.conftest import make_session, open_window
from ui.dialogs.new_tournament import NewTournamentDialog
from ui.palette import CommandPalette, suggestions


def test_palette_understands_bust_rebuy_and_move(qtbot, window, clock):
    window.tables_ctl.act_seat_draw()
    labels = [s.label for s in suggestions(window.palette_parts, "bust ann")]
    assert labels[0].startswith("Bust-out: Ann Lee")
    ann = window.session.state.by_name["ann lee"]
    rebuys = open_window(qtbot, make_session(clock, "home-rebuy"))  # the tda profile offers no rebuy
    assert [s.label for s in suggestions(rebuys.palette_parts, f"rebuy {ann}")][0] == f"Rebuy: Ann Lee (#{ann})"
    assert any("Make the pending move" in s.label for s in suggestions(window.palette_parts, "move"))


def test_ctrl_k_then_enter_runs_the_top_line(qtbot, window):
    window.tables_ctl.act_seat_draw()
    window.run({"cmd": "start_clock"})  # play begins: nobody busts before (ELIM-6)
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    palette = window.findChild(CommandPalette)
    assert palette is not None and palette.isVisible()
    qtbot.keyClicks(palette.edit, "bust carla")
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)
    carla = window.session.state.players[window.session.state.by_name["carla novak"]]
    assert carla.status == "out"


def test_new_tournament_settings_are_validated_as_typed(qtbot, tmp_path):
    dialog = NewTournamentDialog(load_profile("home-nl"), tmp_path)
    qtbot.addWidget(dialog)
    row = dialog.rows["payout.percents"]
    row.editor.setText("50 / 30 / 10")
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    assert not row.feedback.isHidden()
    assert row.feedback.text() == "Percent per place: percentages must add up to 100, not 90."
    row.editor.setText("50 / 30 / 20")
    assert dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    dialog.rows["money.buy_in_cents"].editor.edit.setText("$50")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert dialog.result_profile is not None
    assert dialog.result_profile["money.buy_in_cents"] == 5000
    assert dialog.result_profile["payout.percents"] == [50, 30, 20]
