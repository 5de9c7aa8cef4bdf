"""The window hands the engine declarations (app.commands), never command dicts it made by hand."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.commands import Command
from app.commands.balancing import Redraw
from app.commands.clock import AddTime, StartClock
from app.commands.eliminations import Bust, HandForHand, LockPayouts
from app.commands.entries import Register
from app.commands.seating import SeatAll

UI = Path(__file__).resolve().parents[2] / "ui"
GENERATED_FORM = UI / "dialogs" / "command_form.py"  # builds any declared command from its fields


def test_no_module_of_the_window_writes_a_command_dict():
    made = []
    for path in sorted(UI.rglob("*.py")):
        if path == GENERATED_FORM:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""\{\s*["']cmd["']\s*:""", line):
                made.append(f"{path.relative_to(UI.parent)}:{number}: {line.strip()}")
    assert made == []


def test_the_windows_actions_run_declarations(qtbot, window, monkeypatch):
    ran: list[object] = []
    execute = window.session.execute

    def spy(cmd):
        ran.append(cmd)
        return execute(cmd)

    monkeypatch.setattr(window.session, "execute", spy)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    bar = window.player_panel.action_bar
    qtbot.keyClick(window, Qt.Key.Key_F2)
    bar.edit.setText("Mara Quinn")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    window.tables_ctl.act_seat_draw()
    qtbot.keyClick(window, Qt.Key.Key_F5)
    window.clock_ctl.button("add")
    window.tables_ctl.act_hand_for_hand()
    window.tables_ctl.act_redraw()
    window.controls.money.run(LockPayouts())
    mara = window.session.state.by_name["mara quinn"]
    qtbot.keyClick(window, Qt.Key.Key_F8)
    bar.edit.setText(f"#{mara}")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert all(isinstance(c, Command) for c in ran), ran
    assert [type(c) for c in ran] == [Register, SeatAll, StartClock, AddTime, HandForHand, Redraw, LockPayouts, Bust]
    assert ran[-1] == Bust(player=mara)
    assert not window.session.state.players[mara].live
