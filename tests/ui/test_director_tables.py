"""Seat draw, balancing moves, drag-and-drop moves and the clock, clicked through on a real window."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import make_session, open_window
from ui.widgets.round_table import MIME


def _window(qtbot, session):
    return open_window(qtbot, session)


def test_seat_draw_button_draws_every_table(qtbot, window):
    qtbot.mouseClick(window.tables_tab.draw_button, Qt.MouseButton.LeftButton)
    state = window.session.state
    assert state.seated_count() == 12
    widgets = window.tables_tab.grid.table_widgets()
    assert sorted(widgets) == sorted(state.tables)
    drawn = sum(w.snapshot.population for w in widgets.values())
    assert drawn == 12
    assert window.tables_tab.feedback.text() == f"Seat draw done: 12 players at {len(state.tables)} tables."
    assert "seated T" in window.players.index(0, 2).data()


def test_pending_balance_move_is_offered_and_made_with_one_click(qtbot, clock):
    session = make_session(clock, players=12, start=True)
    state = session.state
    window = _window(qtbot, session)
    busiest = max(state.tables.values(), key=lambda t: t.population)
    while not window.pending:
        victim = next(iter(busiest.seats.values()))
        window.run({"cmd": "bust", "player": victim})
    move = window.pending[0]
    assert window.strip.pending.text() == move.text(state)
    assert window.tables_tab.cards and move.reason
    moves_before = state.moves
    button = window.tables_tab.cards[0].findChild(type(window.tables_tab.draw_button))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert session.state.moves == moves_before + 1
    assert window.tables_tab.feedback.text().startswith("Done: move")


def test_a_drop_on_a_seat_asks_the_engine_to_move(qtbot, clock):
    session = make_session(clock, players=12, seat=True)
    window = _window(qtbot, session)
    state = session.state
    source, target = state.tables[1], state.tables[2]
    pid = next(iter(source.seats.values()))
    seat = target.open_seats()[0]
    widget = window.tables_tab.grid.table_widgets()[2]
    mime = QMimeData()
    mime.setData(MIME, str(pid).encode())
    drop = QDropEvent(
        QPointF(widget.seat_centre(seat)),
        Qt.DropAction.MoveAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    widget.dropEvent(drop)
    feedback = window.tables_tab.feedback
    if state.players[pid].table == 2:
        assert state.players[pid].seat == seat
        assert feedback.property("kind") == "done"
    else:  # the engine may refuse a move the rules forbid; then its reason is shown
        assert feedback.property("kind") == "refused" and feedback.text()


def test_a_drop_on_a_taken_seat_is_refused_with_the_reason(qtbot, clock):
    session = make_session(clock, players=12, seat=True)
    window = _window(qtbot, session)
    state = session.state
    pid = next(iter(state.tables[1].seats.values()))
    taken = next(iter(state.tables[2].seats))
    window.tables_tab.grid.seat_dropped.emit(pid, 2, taken)
    assert state.players[pid].table == 1
    assert "is taken by" in window.tables_tab.feedback.text()


def test_clock_start_and_pause(qtbot, window, clock):
    tab = window.clock_tab
    window.tabs.setCurrentWidget(tab)
    qtbot.mouseClick(tab.buttons["start"], Qt.MouseButton.LeftButton)
    assert window.session.state.clock.get("started")
    clock.advance(65)
    window.tick()
    assert tab.time.text() == "18:55"
    assert "running" in window.strip.level.text()
    assert tab.buttons["pause"].isVisible()
    qtbot.mouseClick(tab.buttons["pause"], Qt.MouseButton.LeftButton)
    clock.advance(30)
    window.tick()
    assert tab.time.text() == "18:55"
    assert "paused" in window.strip.level.text()
    qtbot.keyClick(window, Qt.Key.Key_F5)  # F5 resumes
    clock.advance(5)
    window.tick()
    assert tab.time.text() == "18:50"


def test_reg_3_a_late_entrant_told_he_waits_and_f7_seats_him_when_a_seat_frees(qtbot, clock):
    from tests.app.money_kit import make
    from ui.session import Session

    t = make("tda")
    for i in range(18):
        t.execute({"cmd": "register", "name": f"P{i:02d}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    window = _window(qtbot, Session.in_memory(t))
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    bar = window.player_panel.action_bar
    qtbot.keyClick(window, Qt.Key.Key_F2)
    bar.edit.setText("Late Lou")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert bar.feedback.text() == ("Registered Late Lou — waiting: every seat is taken; F7 seats the entrant when "
                                   "one is free.")
    lou = window.session.state.players[window.session.state.by_name["late lou"]]
    assert lou.status == "waiting" and not window.pending
    window.run({"cmd": "bust", "player": "P00"})
    assert window.strip.pending.text() == "Seat Late Lou: waiting for a seat"
    card = window.tables_tab.cards[0].button
    assert (card.text(), card.toolTip()) == ("Seat", "Seat the waiting entrant at a free seat drawn at random (F7)")
    qtbot.keyClick(window, Qt.Key.Key_F7)
    assert lou.status == "seated" and lou.table is not None
    said = window.tables_tab.feedback.text()
    assert said == f"Done: Late Lou seated at T{lou.table} S{lou.seat}. Seating slip: Ctrl+P."
