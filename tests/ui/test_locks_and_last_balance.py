"""Locked seats (LOCK-5), the last balance (BAL-6) and satellite seats (SAT-4) in the director's window."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt

from app.api import Tournament
from tests.ui.conftest import make_session, open_window
from ui.dialogs.last_balance import LastBalanceDialog
from ui.printing.jobs import SheetJob

SHOTS = Path(os.environ.get("FLOORMAN_SHOTS", "")) if os.environ.get("FLOORMAN_SHOTS") else None


def _shot(widget, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(SHOTS / f"{name}.png"))


def test_lock_5_a_locked_seat_is_marked_and_unlocked_from_the_row_menu(qtbot, clock):
    session = make_session(clock, players=12, seat=True)
    window = open_window(qtbot, session)
    state = session.state
    pid = state.tables[1].seats[min(state.tables[1].seats)]
    name = state.players[pid].name
    menu = window.players_ctl.row_menu(pid)
    lock = next(a for a in menu.actions() if a.text().startswith("Lock the seat"))
    lock.trigger()
    form = window.command_form
    assert form.command()["player"] == name
    form.set_value("reason", "player-dealer")
    _shot(form, "lock-seat-form")
    form._ok()
    assert state.extra["seat_locks"][str(pid)] == "player-dealer"
    window.tables_tab.grid.refresh(state)
    seat = next(s for s in window.tables_tab.grid.table_widgets()[1].snapshot.seats if s.player_id == pid)
    assert seat.locked == "player-dealer"
    row = window.players.row_of(pid)
    assert window.players.index(row, 2).data(Qt.ItemDataRole.DecorationRole) is not None
    assert "Seat locked: player-dealer" in window.players.index(row, 2).data(Qt.ItemDataRole.ToolTipRole)
    window.tabs.setCurrentWidget(window.tables_tab)
    _shot(window, "lock-marker-window")
    _shot(window.tables_tab.grid.table_widgets()[1], "lock-marker-table")
    menu = window.players_ctl.row_menu(pid)
    unlock = next(a for a in menu.actions() if a.text().startswith("Unlock the seat"))
    assert "player-dealer" in unlock.text() and name in unlock.text()
    unlock.trigger()
    assert not state.extra.get("seat_locks")


def test_bal_6_show_the_last_balance_and_print_its_slips_again(qtbot, clock):
    session = make_session(clock, players=20, start=True)
    window = open_window(qtbot, session)
    state = session.state
    busiest = max(state.tables.values(), key=lambda t: t.population)
    other = next(n for n in state.tables if n != busiest.number)
    while not window.pending:
        window.run({"cmd": "bust", "player": next(iter(state.tables[other].seats.values()))})
    window.run({"cmd": "balance"})
    printed: list[SheetJob] = []
    window.printing.print_sheet = printed.append  # type: ignore[method-assign]
    dialog = window.tables_ctl.act_last_balance()
    assert isinstance(dialog, LastBalanceDialog)
    assert dialog.heading.text().startswith("Moves: ")
    assert dialog.table.rowCount() == len(dialog.view["moves"]) >= 1
    _shot(dialog, "last-balance-dialog")
    qtbot.mouseClick(dialog.print_button, Qt.MouseButton.LeftButton)
    assert printed and printed[0].sheet == "moves"
    assert [m["player"] for m in printed[0].options["moves"]] == [m["player"] for m in dialog.view["moves"]]
    dialog.reject()


def test_bal_6_the_last_balance_before_any_move_says_so(qtbot, clock):
    window = open_window(qtbot, make_session(clock, players=12, seat=True))
    dialog = window.tables_ctl.act_last_balance()
    assert "no balance to show yet" in dialog.heading.text()
    assert not dialog.print_button.isEnabled()
    dialog.reject()


def test_sat_4_the_payouts_say_seat_in_the_event(qtbot, clock):
    from app.profiles.profile import load_profile, profile_from_dict
    from ui.session import Session

    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "satellite.seat_value_cents": 25000, "late.mode": "none"}
    t = Tournament.create(profile_from_dict(data), name="Satellite", time=clock, seed=3)
    for i in range(10):
        t.execute({"cmd": "register", "name": f"Player {i}"})
    t.execute({"cmd": "seat_all"})
    window = open_window(qtbot, Session.in_memory(t))
    window.tabs.setCurrentWidget(window.payouts_tab)
    model = window.payouts_tab.model
    rows = [model.index(r, 1).data() for r in range(model.rowCount())]
    assert rows == ["Seat in Main Event", "Seat in Main Event", "$100.00"]
    assert "2 seats in Main Event" in window.strip.pool.text()
    _shot(window, "satellite-window")


def test_sat_3_the_seats_won_show_in_the_window_and_offer_the_results(qtbot, clock):
    from app.profiles.profile import load_profile, profile_from_dict
    from ui.session import Session

    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "satellite.seat_value_cents": 25000, "late.mode": "none"}
    t = Tournament.create(profile_from_dict(data), name="Satellite", time=clock, seed=3)
    for i in range(10):
        t.execute({"cmd": "register", "name": f"Player {i}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    window = open_window(qtbot, Session.in_memory(t))
    state = t.state
    while not state.ended:
        table = max(state.tables.values(), key=lambda tb: tb.population)
        window.run({"cmd": "bust", "player": next(iter(table.seats.values()))})
    assert sorted(j.sheet for j in window.offer_bar.jobs()) == ["payouts", "receipts", "results"]
    statuses = [window.players.index(r, 2).data() for r in range(window.players.rowCount())]
    assert statuses.count("won a seat") == 2
    window.tabs.setCurrentWidget(window.payouts_tab)
    model = window.payouts_tab.model
    assert [model.index(r, 1).data() for r in range(model.rowCount())] == [
        "Seat in Main Event", "Seat in Main Event", "$100.00"]
    _shot(window, "satellite-ended-window")


def test_sat_4_the_room_display_says_seat_in_the_event(qtbot, clock):
    from app.profiles.profile import load_profile, profile_from_dict
    from ui.display import RoomDisplay
    from ui.session import Session

    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "satellite.seat_value_cents": 25000, "late.mode": "none"}
    t = Tournament.create(profile_from_dict(data), name="Thursday Satellite", time=clock, seed=3)
    for i in range(10):
        t.execute({"cmd": "register", "name": f"Player {i}"})
    t.execute({"cmd": "seat_all"})
    display = RoomDisplay(Session.in_memory(t))
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.show()
    display.refresh()
    shown = [a.text() for a in display.panel.payout_amounts if a.text()]
    assert shown[:3] == ["Seat", "Seat", "$100.00"]
    assert "2 seats in Main Event" in display.panel.payout_caption.text()
    _shot(display, "satellite-room-display")
