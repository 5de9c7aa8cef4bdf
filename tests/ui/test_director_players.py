"""Clicking and typing through the player workflows on a real director's window."""

from __future__ import annotations

import copy

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QSpinBox

from app.core.registry import COMMANDS
from app.events.tournament import NoteWritten
from tests.ui.conftest import make_session, open_window
from ui.dialogs.bust import BustDialog


def _active(qtbot, window):
    """The window the keys go to (a window opened in the test is not made active by itself offscreen)."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    return window


def _type_action(qtbot, window, key, text):
    qtbot.keyClick(window, key)
    bar = window.player_panel.action_bar
    assert bar.isVisible() and bar.edit.hasFocus()
    bar.edit.setText(text)
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    return bar


def test_register_with_f2_and_a_name(qtbot, window):
    before = window.players.rowCount()
    bar = _type_action(qtbot, window, Qt.Key.Key_F2, "Mara Quinn")
    assert window.players.rowCount() == before + 1
    assert "mara quinn" in window.session.state.by_name
    assert bar.feedback.text().startswith("Registered Mara Quinn")
    assert bar.edit.text() == ""


def test_the_list_filters_as_you_type(qtbot, window):
    search = window.player_panel.search
    qtbot.keyClicks(search, "carla")
    assert window.player_panel.proxy.rowCount() == 1
    assert window.player_panel.count.text() == "1 of 12"
    for _ in "arla":
        qtbot.keyClick(search, Qt.Key.Key_Backspace)
    assert window.player_panel.proxy.rowCount() == 3  # "c": Bo Chen, Carla Novak, Lena Fischer
    search.clear()
    window.tables_ctl.act_seat_draw()
    qtbot.keyClicks(search, "t1 ")
    shown = {window.player_panel.proxy.index(r, 2).data() for r in range(window.player_panel.proxy.rowCount())}
    assert shown and all(s.startswith("seated T1 ") for s in shown)


def test_a_refused_rebuy_shows_the_engines_reason_where_the_director_typed(qtbot, clock):
    window = _active(qtbot, open_window(qtbot, make_session(clock, "home-rebuy")))  # rebuys; Ann has chips
    probe = copy.deepcopy(window.session.tournament)
    _events, expected = probe.try_execute({"cmd": "rebuy", "player": probe.state.by_name["ann lee"]})
    assert expected is not None
    log_before = len(window.session.tournament.log)
    bar = _type_action(qtbot, window, Qt.Key.Key_F4, "Ann Lee")
    assert bar.feedback.isVisible()
    assert bar.feedback.property("kind") == "refused"
    assert bar.feedback.text() == expected.message
    assert len(window.session.tournament.log) == log_before


def test_bust_one_player_shows_the_place_at_once(qtbot, window):
    window.tables_ctl.act_seat_draw()
    window.run({"cmd": "start_clock"})  # play begins: nobody busts before (ELIM-6)
    bar = _type_action(qtbot, window, Qt.Key.Key_F8, "Bo Chen")
    bo = window.session.state.players[window.session.state.by_name["bo chen"]]
    assert bo.status == "out" and bo.place == 12
    assert bar.feedback.text().startswith("Bo Chen out 12th")
    row = window.players.row_of(bo.id)
    assert window.players.index(row, 2).data() == "out 12th"


def test_bust_several_in_one_hand_asks_starting_stacks_only_when_the_engine_asks(qtbot, window):
    """The dialog lists the players and sends the bust; the stacks are asked by the engine (ELIM-4)."""
    window.tables_ctl.act_seat_draw()
    window.run({"cmd": "start_clock"})  # play has begun: busts are taken (ELIM-6)
    state = window.session.state
    table = state.tables[1]
    a, b = (state.players[pid] for pid in list(table.seats.values())[:2])
    view = window.player_panel.view
    for p in (a, b):
        proxy_row = window.player_panel.proxy.mapFromSource(window.players.index(window.players.row_of(p.id), 0))
        view.selectionModel().select(
            proxy_row, view.selectionModel().SelectionFlag.Select | view.selectionModel().SelectionFlag.Rows
        )
    view.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F8)
    dialog = window.findChild(BustDialog)
    assert dialog is not None and dialog.isVisible()
    assert "smaller stack" not in " ".join(w.text() for w in dialog.findChildren(QLabel))
    assert not dialog.findChildren(QSpinBox)  # the window never asks the stacks on its own
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    question = window.runner.question_dialog
    assert question is not None, dialog.feedback.text()  # the engine's question, answered in its dialog
    assert question.question.kind == "amounts"
    spins = question.spins
    assert set(spins) == {a.name, b.name}
    spins[a.name].setValue(5_000)
    spins[b.name].setValue(8_000)
    qtbot.mouseClick(question.buttons.button(question.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert state.players[a.id].place == 12 and state.players[b.id].place == 11


def test_ctrl_z_undoes_the_last_action_but_not_while_typing(qtbot, window):
    _type_action(qtbot, window, Qt.Key.Key_F2, "Undo Me")
    assert "undo me" in window.session.state.by_name
    window.player_panel.search.setFocus()
    qtbot.keyClick(window.player_panel.search, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "undo me" in window.session.state.by_name
    window.player_panel.view.setFocus()
    qtbot.keyClick(window.player_panel.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "undo me" not in window.session.state.by_name
    assert window.history_tab.redo_button.text().startswith("Redo: registration of Undo Me")
    qtbot.keyClick(
        window.player_panel.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert "undo me" in window.session.state.by_name


def test_an_unexpected_error_is_logged_and_leaves_the_tournament_as_it_was(qtbot, clock, monkeypatch, user_data):
    window = _active(qtbot, open_window(qtbot, make_session(clock, "home-rebuy")))
    def broken(ctx, cmd):
        ctx.emit(NoteWritten(text="half done"))
        raise ZeroDivisionError("bug")

    monkeypatch.setitem(COMMANDS, "rebuy", broken)
    log_before = len(window.session.tournament.log)
    bar = _type_action(qtbot, window, Qt.Key.Key_F4, "Ann Lee")
    assert bar.feedback.text().startswith("Something went wrong (ZeroDivisionError)")
    assert "Traceback" not in bar.feedback.text()
    assert len(window.session.tournament.log) == log_before
    assert "notes" not in window.session.state.extra
    assert "ZeroDivisionError: bug" in (user_data / "errors.log").read_text(encoding="utf-8")



def _top_up_window(qtbot, clock):
    """Home rebuy game, seated, the clock 45 seconds into level 2: the top-up window is open until each
    table's first level-2 hand; the events the window runs are kept."""
    from tests.ui.conftest import make_session, open_window

    session = make_session(clock, "home-rebuy", players=8, seat=True)
    window = open_window(qtbot, session)
    window.run({"cmd": "start_clock"})
    clock.advance(20 * 60 + 45)
    events: list = []
    session.changed.connect(events.extend)
    return window, session, events


def _answer(qtbot, window, first_line: str, *, yes: bool | None = None, number: int | None = None) -> None:
    dialog = window.runner.question_dialog
    assert dialog is not None and dialog.isVisible(), first_line
    assert dialog.question.text.startswith(first_line), dialog.question.text
    if number is not None:
        next(iter(dialog.spins.values())).setValue(number)
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    else:
        qtbot.keyClick(dialog.list, Qt.Key.Key_1 if yes else Qt.Key.Key_2)


def test_ent_6_top_up_typed_with_the_counted_stack_in_the_action_bar(qtbot, clock):
    window, session, events = _top_up_window(qtbot, clock)
    window.players_ctl.begin("topup")
    bar = window.player_panel.action_bar
    assert bar.title.text() == "Top-up:" and "Ana 700" in bar.edit.placeholderText()
    bar.edit.setText("Ann Lee 700")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    _answer(qtbot, window, "Had the hand being played", yes=True)  # the level change, asked as before
    assert window.runner.question_dialog is None  # the stack was typed: nothing more is asked
    ann = session.state.players[session.state.by_name["ann lee"]]
    assert bar.feedback.property("kind") == "done", bar.feedback.text()
    assert (ann.stack, ann.topups) == (2000, 1)
    assert [e.data["stack_before"] for e in events if e.type == "chips_bought"] == [700]


def test_ent_6_top_up_without_a_stack_asks_for_it_in_the_window(qtbot, clock):
    window, session, events = _top_up_window(qtbot, clock)
    window.players_ctl.begin("topup")
    bar = window.player_panel.action_bar
    bar.edit.setText("Bo Chen")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    # The stack first: it alone may refuse the top-up, whatever the hand's level (section 19).
    _answer(qtbot, window, "How many chips does Bo Chen have now?", number=1200)
    _answer(qtbot, window, "Had the hand being played", yes=True)
    assert window.runner.question_dialog is None
    bo = session.state.players[session.state.by_name["bo chen"]]
    assert bar.feedback.property("kind") == "done", bar.feedback.text()
    assert (bo.stack, bo.topups) == (2000, 1)
    assert [e.data["stack_before"] for e in events if e.type == "chips_bought"] == [1200]
