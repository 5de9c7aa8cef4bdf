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
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, start=True)))
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
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, start=True)))
    state = w.session.state
    out, live = list(state.tables[1].seats.values())[:2]
    w.run({"cmd": "bust", "player": out})
    _select(w, [out, live])  # selected again by hand: only the one still in is offered
    qtbot.keyClick(w, Qt.Key.Key_F8)
    assert w.bust_dialog is None
    assert w.player_panel.action_bar.edit.text() == state.players[live].name


def _deciding_window(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, "home-rebuy", players=12, seat=True)))
    w.run({"cmd": "start_clock"})
    state = w.session.state
    pid = next(iter(state.tables[1].seats.values()))
    w.run({"cmd": "bust", "player": pid})
    assert state.players[pid].deciding
    return w, state.players[pid]


def test_a_player_deciding_on_a_rebuy_is_shown_in_the_list_on_the_table_and_in_the_strip(qtbot, clock):
    w, p = _deciding_window(qtbot, clock)
    row = w.players.row_of(p.id)
    assert w.players.index(row, 2).data() == "deciding: rebuy or out"
    assert "F4" in w.players.index(row, 2).data(Qt.ItemDataRole.ToolTipRole)
    seat = w.tables_tab.grid.table_widgets()[p.table].snapshot.seats[p.seat - 1]
    assert seat.deciding and seat.player_id == p.id
    assert w.strip.pending.text().startswith(f"{p.name}: rebuy or out?")
    menu = w.players_ctl.row_menu(p.id)
    assert [a.text().split(":")[0] for a in menu.actions()] == ["Rebuy", "Declines the rebuy"]
    qtbot.keyClick(w, Qt.Key.Key_F4)  # one key away: the player deciding is filled in
    bar = w.player_panel.action_bar
    assert bar.title.text() == "Rebuy:" and bar.edit.text() == p.name
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert not p.deciding and p.stack > 0 and bar.feedback.property("kind") == "done"
    assert w.players.index(row, 2).data().startswith("seated")
    assert not w.strip.pending.text().startswith(p.name)


def test_a_player_deciding_declines_from_the_rows_menu(qtbot, clock):
    w, p = _deciding_window(qtbot, clock)
    decline = w.players_ctl.row_menu(p.id).actions()[1]
    decline.trigger()
    assert not p.live and p.place is not None
    assert w.players.index(w.players.row_of(p.id), 2).data().startswith("out")


def test_the_history_column_takes_the_width_and_a_long_entry_has_its_tooltip(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    w.run({"cmd": "register", "name": "Maximiliano Alejandro de la Santísima Trinidad Fernández-García"})
    w.tabs.setCurrentWidget(w.history_tab)
    view = w.history_tab.view
    qtbot.waitUntil(lambda: w.history_tab.model.rowCount() > 0)
    assert view.columnWidth(1) > view.viewport().width() // 2  # not ~95 px
    top = w.history_tab.model.index(0, 1)
    assert "Trinidad" in top.data(Qt.ItemDataRole.ToolTipRole)


def test_the_same_hand_dialog_keeps_its_size_when_it_shows_a_refusal(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    state = w.session.state
    ids = [next(iter(state.tables[1].seats.values())), next(iter(state.tables[2].seats.values()))]
    w.players_ctl.open_bust_dialog(ids)
    dialog = w.bust_dialog
    qtbot.waitExposed(dialog)
    before = dialog.size()
    dialog._ok()  # two tables: not one hand, refused in the dialog
    qtbot.wait(50)
    assert dialog.isVisible() and dialog.feedback.property("kind") == "refused"
    assert dialog.width() >= before.width() and dialog.height() >= before.height()
    assert dialog.feedback.isVisible() and dialog.feedback.height() > 0


def test_ctrl_z_right_after_a_wrong_bust_undoes_it(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, start=True)))
    state = w.session.state
    qtbot.keyClick(w, Qt.Key.Key_F8)
    bar = w.player_panel.action_bar
    bar.edit.setText("Ann Lee")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    ann = state.by_name["ann lee"]
    assert not state.players[ann].live and bar.edit.hasFocus() and bar.edit.text() == ""
    qtbot.keyClick(bar.edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # at once, no Esc first
    assert w.session.state.players[ann].live
    qtbot.keyClick(bar.edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert not w.session.state.players[ann].live


def test_the_redraw_button_asks_first_enter_redraws_esc_does_not(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    state = w.session.state
    before = {p.id: (p.table, p.seat) for p in state.players.values()}
    qtbot.mouseClick(w.tables_tab.redraw_button, Qt.MouseButton.LeftButton)
    box = w.tables_ctl.redraw_box
    assert box is not None and box.isVisible()
    assert box.text() == "Redraw all 12 players at 2 tables? Every seat changes."
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert not box.isVisible() and {p.id: (p.table, p.seat) for p in state.players.values()} == before
    qtbot.keyClick(w, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    box = w.tables_ctl.redraw_box
    assert box.isVisible()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: w.tables_tab.feedback.text() == "All seats redrawn.")
    assert {p.id: (p.table, p.seat) for p in w.session.state.players.values()} != before


def test_names_with_letters_that_have_no_accent_to_drop_are_found_from_plain_letters(qtbot, clock):
    """The window's lookups and the player list's search: "soren" finds Søren, "lukasz" Łukasz."""
    from ui.lookup import one_player

    w = _shown(qtbot, DirectorWindow(make_session(clock, players=3)))
    w.run({"cmd": "register", "name": "Søren Ørsted"})
    w.run({"cmd": "register", "name": "Łukasz Żak"})
    state = w.session.state
    assert one_player(state, "soren")[0].name == "Søren Ørsted"
    assert one_player(state, "lukasz zak")[0].name == "Łukasz Żak"
    w.player_panel.search.setText("soren ors")
    assert w.player_panel.proxy.rowCount() == 1
    w.player_panel.search.setText("lukasz")
    assert w.player_panel.proxy.rowCount() == 1
    w.player_panel.search.setText("")


def test_names_are_found_without_their_accents_and_a_folded_duplicate_is_asked_about(qtbot, clock):
    from app.names import fold_key
    from ui.lookup import one_player

    assert fold_key("José  Núñez") == fold_key("jose nunez") == "jose nunez"
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=3)))
    w.run({"cmd": "register", "name": "José Núñez"})
    state = w.session.state
    assert one_player(state, "jose")[0].name == "José Núñez"
    assert one_player(state, "NUNEZ")[0].name == "José Núñez"
    w.player_panel.search.setText("jose nu")
    assert w.player_panel.proxy.rowCount() == 1
    w.player_panel.search.setText("")
    bar = w.player_panel.action_bar
    qtbot.keyClick(w, Qt.Key.Key_F2)
    bar.edit.setText("jose nunez")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    box = w.runner.question_dialog  # the engine's question (REG-9), asked in the window
    assert box is not None and box.isVisible()
    assert box.question.text == "José Núñez is already registered; register another jose nunez?"
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert len(state.players) == 4 and bar.feedback.property("kind") == "refused"
    bar.edit.setText("Jose Nunez")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    box = w.runner.question_dialog
    qtbot.keyClick(box.list, Qt.Key.Key_2)  # "No: José Núñez is already in"
    assert len(w.session.state.players) == 4 and "already in" in bar.feedback.text()
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    box = w.runner.question_dialog
    qtbot.keyClick(box.list, Qt.Key.Key_1)  # "Register another Jose Nunez"
    assert len(w.session.state.players) == 5 and bar.feedback.text() == "Registered Jose Nunez."


def test_a_table_is_outlined_short_only_when_the_balancing_panel_has_a_move_for_it(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, start=True)))
    state = w.session.state

    def shorts():
        return {n for n, t in w.tables_tab.grid.table_widgets().items() if t.snapshot.short}

    for pid in list(state.tables[1].seats.values())[:2]:
        w.run({"cmd": "bust", "player": pid})
        moves = {m.to_table for m in w.pending if m.kind == "move"}
        assert shorts() == moves
        if not w.pending:
            assert not shorts() and w.tables_tab.cards == []
    assert w.pending and shorts()


def test_the_windows_messages_count_and_name_commands_in_words_with_no_his(qtbot, clock):
    from ui.command_map import in_words

    assert in_words("The draw is done; seat late entrants with seat_player.") == (
        "The draw is done; seat late entrants with Seat a waiting player (Ctrl+T).")
    assert "“hand for hand” (Ctrl+K)" in in_words("start it with hand_for_hand on.")
    w = _shown(qtbot, DirectorWindow(make_session(clock, "home-rebuy", players=12, seat=True)))
    w.run({"cmd": "start_clock"})
    pid = next(iter(w.session.state.tables[1].seats.values()))
    w.run({"cmd": "bust", "player": pid})
    w.run({"cmd": "seat_all"}, w.tables_tab.feedback)
    said = w.tables_tab.feedback.text()
    assert "seat_player" not in said and "table(s)" not in said
    w.run({"cmd": "topup", "player": pid})
    said = w.player_panel.action_bar.feedback.text()
    assert said and " his " not in f" {said} " and "their" in said


def test_long_names_are_elided_with_a_tooltip_and_every_prize_is_written_the_same_way(qtbot, clock):
    import re

    long_name = "Maximiliano Alejandro de la Santísima Trinidad Fernández-García Ruiz"
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=11, seat=False)))
    w.run({"cmd": "register", "name": long_name})
    w.run({"cmd": "seat_all"})
    view = w.player_panel.view
    assert not view.wordWrap() and view.textElideMode() == Qt.TextElideMode.ElideRight
    pid = w.session.state.by_name[long_name.lower()]
    assert long_name in w.players.index(w.players.row_of(pid), 1).data(Qt.ItemDataRole.ToolTipRole)
    assert w.players.index(0, 2).data(Qt.ItemDataRole.ToolTipRole)
    w.run({"cmd": "bust", "player": pid})
    w.tabs.setCurrentWidget(w.payouts_tab)
    model, pview = w.payouts_tab.model, w.payouts_tab.view
    assert not pview.wordWrap()
    prizes = [model.index(r, 1).data() for r in range(model.rowCount())]
    assert prizes and all(re.fullmatch(r"\$\d{1,3}(,\d{3})*\.\d\d", p) for p in prizes)
    named = [r for r in range(model.rowCount()) if model.index(r, 2).data() == long_name]
    assert not named or model.index(named[0], 2).data(Qt.ItemDataRole.ToolTipRole) == long_name
    assert pview.columnWidth(2) > pview.columnWidth(0)


def test_a_chip_count_per_table_and_a_count_that_does_not_add_up(qtbot, clock):
    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    state = w.session.state
    qtbot.mouseClick(w.tables_tab.count_button, Qt.MouseButton.LeftButton)
    dialog = w.tables_ctl.chip_count_dialog
    assert dialog is not None and dialog.isVisible() and dialog.current_table() == 1
    assert set(dialog.spins) == set(state.tables[1].seats.values())
    first, second = list(dialog.spins)[:2]
    before = {pid: state.players[pid].stack for pid in (first, second)}
    dialog.spins[first].setValue(state.players[first].stack + 1000)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    # Section 20.9: more chips than were issued is refused in words, naming the difference.
    assert dialog.isVisible() and "1,000 too many" in dialog.feedback.text()
    assert not dialog.accept_button.isVisible() and state.players[first].stack == before[first]
    dialog.spins[first].setValue(before[first] - 1000)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.isVisible() and "does not add up" in dialog.feedback.text() and dialog.accept_button.isVisible()
    dialog.spins[second].setValue(before[second] + 1000)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()  # counted again: it adds up now
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert w.session.state.players[first].stack == before[first] - 1000
    assert w.session.state.players[second].stack == before[second] + 1000
    assert w.tables_tab.feedback.text() == "Chip count of table 1 entered."


def test_chip_count_and_hand_for_hand_are_in_the_palette_and_the_menu(qtbot, clock):
    from ui.palette import CommandPalette

    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    titles = [a.text() for a in w.actions()]
    assert "Chip count for a table…" in titles and "Hand for hand on or off" in titles
    assert not w.strip.hand_for_hand.isVisible()
    next(a for a in w.actions() if a.text() == "Hand for hand on or off").trigger()
    assert w.session.state.hand_for_hand and w.strip.hand_for_hand.isVisible()
    assert w.strip.hand_for_hand.text() == "Hand for hand"
    from ui.palette import suggestions

    assert CommandPalette(w.palette_parts, w) is not None
    found = suggestions(w.palette_parts, "chip count")
    assert found and found[0].label == "Chip count for a table…"
    found[0].run()
    assert w.tables_ctl.chip_count_dialog.isVisible()
    w.tables_ctl.chip_count_dialog.reject()
    assert suggestions(w.palette_parts, "hand for hand")[0].label == "Hand for hand on or off"


def test_the_chip_leaders_are_the_views_top_ten_stacks(qtbot, clock):
    from app import views

    w = _shown(qtbot, DirectorWindow(make_session(clock, players=12, seat=True)))
    state = w.session.state
    a, b = list(state.tables[1].seats.values())[:2]
    w.run({"cmd": "bust", "player": a})
    counts = {str(pid): state.players[pid].stack for pid in state.tables[1].seats.values()}
    counts[str(b)] += 5000
    other = next(pid for pid in state.tables[1].seats.values() if pid != b)
    counts[str(other)] -= 5000
    w.run({"cmd": "chip_count", "counts": counts, "accept": True})
    leaders = views.chip_leaders(views.read(w.session.state), 10)  # the room display's ranking
    table = w.tables_tab.leaders
    assert len(leaders) == 10 and table.rowCount() == 10
    assert table.item(0, 1).text() == state.players[b].name and leaders[0].player_id == b
    assert [table.item(r, 1).text() for r in range(10)] == [p.name for p in leaders]
    assert state.players[a].name not in [table.item(r, 1).text() for r in range(10)] or state.players[a].live
