"""The end of an event in the window and on the room display: the strip's last step, the winner named."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app import format as fmt
from app import views
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict
from tests.ui.conftest import make_session, open_window
from ui.session import Session


def _bust_to(session: Session, left: int) -> None:
    t = session.tournament
    while t.state.in_field > left:
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        session.execute({"cmd": "bust", "player": next(iter(table.seats.values()))})


def _one_left(clock: Any) -> Session:
    session = make_session(clock, players=3, seat=True)
    session.execute({"cmd": "start_clock"})
    _bust_to(session, 1)
    return session


def _satellite(clock: Any, players: int = 10, left: int = 3) -> Session:
    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "satellite.seat_value_cents": 20000}
    t = Tournament.create(profile_from_dict(data), name="Thursday satellite", time=clock, seed=1)
    for i in range(players):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    session = Session.in_memory(t)
    _bust_to(session, left)  # 3 seats for the $600 pool
    return session


def _bust_in_window(qtbot, w: Any, name: str) -> str:
    """F8, the name, Enter: the action bar's answer."""
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=2000)
    qtbot.keyClick(w, Qt.Key.Key_F8)
    bar = w.player_panel.action_bar
    bar.edit.setText(name)
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    return str(bar.feedback.text())


def test_elim_6_one_player_left_while_late_registration_is_open_the_strip_says_close_and_finish(qtbot, clock):
    session = _one_left(clock)
    w = open_window(qtbot, session)
    assert not session.state.ended
    text = w.strip.pending.text()
    assert "Nothing pending" not in text and text.startswith("Close registration and finish")
    button = w.strip.pending_button
    assert button.isVisible() and button.text() == "Close registration and finish"
    button.click()
    assert session.state.ended
    winner = next(p.name for p in session.state.players.values() if p.status == "winner")
    assert w.tabs.currentWidget() is w.payouts_tab and winner in w.payouts_tab.feedback.text()
    assert w.strip.pending.text() == "Nothing pending" and not button.isVisible()


def test_elim_6_late_registration_closed_by_the_clock_the_strip_says_finish(qtbot, clock):
    session = _one_left(clock)
    w = open_window(qtbot, session)
    clock.advance(4 * 3600)  # past the end of late registration (level 3)
    w.tick()
    assert w.strip.pending.text().startswith("Finish:")
    assert w.strip.pending_button.text() == "Finish"
    w.strip.pending_button.click()
    assert session.state.ended


def test_sat_3_seat_winners_left_while_late_registration_is_open_the_strip_says_award_the_seats(qtbot, clock):
    session = _satellite(clock)
    w = open_window(qtbot, session)
    assert not session.state.ended and session.state.in_field == 3
    assert "award the seats" in w.strip.pending.text()
    assert w.strip.pending_button.text() == "Close registration and award the seats"
    w.strip.pending_button.click()
    assert session.state.ended
    assert sum(1 for p in session.state.players.values() if p.out_reason == "seat") == 3


def test_sat_3_the_bust_that_awards_the_seats_says_so_and_the_strip_reads_over(qtbot, clock):
    session = _satellite(clock, left=4)  # one bust from the 3 seats
    clock.advance(5 * 3600)  # late registration closed: the next bust ends the satellite
    w = open_window(qtbot, session)
    w.tick()
    assert not session.state.ended and w.strip.level.text() != "Tournament over"
    state = session.state
    fourth = next(p for p in state.players.values() if p.live)
    said = _bust_in_window(qtbot, w, fourth.name)
    assert state.ended and fourth.place == 4
    winners = sorted((p.name for p in state.players.values() if p.out_reason == "seat"), key=str.lower)
    assert len(winners) == 3
    assert said.startswith(f"{fourth.name} out 4th")
    assert said.endswith(f" — the seats are awarded: {', '.join(winners)}.")
    w.tick()
    assert w.strip.level.text() == "Tournament over"  # not the level or the break the clock stopped in
    assert w.strip.field.text() == "3 / 10  · seats awarded"  # the seat winners, not "0 / 10"
    assert "(tournament over)" in w.clock_tab.level.text()


def test_elim_6_the_bust_that_leaves_the_winner_names_him_and_the_strip_reads_over(qtbot, clock):
    session = make_session(clock, players=3, seat=True)
    session.execute({"cmd": "start_clock"})
    _bust_to(session, 2)
    clock.advance(5 * 3600)  # late registration closed: the next bust ends the tournament
    w = open_window(qtbot, session)
    state = session.state
    second, winner = (p for p in state.players.values() if p.live)
    said = _bust_in_window(qtbot, w, second.name)
    prize = fmt.money(views.summary(state).prize_of(second.id))
    assert state.ended and said == f"{second.name} out 2nd, wins {prize} — the tournament is over: {winner.name} wins."
    w.tick()
    assert w.strip.level.text() == "Tournament over"
    assert w.strip.clock.text() == "00:00"  # as the room display and the phones: no time left to play
    assert w.strip.field.text() == "1 / 3"


def _finished_display(qtbot, clock: Any, session: Session):
    from ui.display import RoomDisplay
    from ui.display.sound import SILENT, ChimePlayer

    clock.advance(5 * 3600)  # late registration closed: the finish (or the award) is due
    session.execute({"cmd": "note", "text": "late registration is over"})
    assert session.state.ended
    display = RoomDisplay(session.tournament, clock, player=ChimePlayer(backend=SILENT))
    qtbot.addWidget(display)
    display.resize(1920, 1080)
    display.show()
    qtbot.waitExposed(display)
    display.refresh()
    return display


def test_elim_6_the_finished_display_names_the_winner_and_drops_next_level_and_break(qtbot, clock):
    session = _one_left(clock)
    winner = next(p.name for p in session.state.players.values() if p.live)
    display = _finished_display(qtbot, clock, session)
    panel = display.panel
    assert panel.level.text() == f"Winner: {winner}"
    for cell in ("next", "break"):
        assert panel.captions[cell].text() == panel.values[cell].text() == panel.details[cell].text() == ""
    assert panel.bets.text() == ""  # no more blinds to play
    assert panel.captions["pool"].text() == "PRIZE POOL"


def test_sat_3_the_finished_display_names_the_seat_winners(qtbot, clock):
    session = _satellite(clock)
    seated = sorted(p.name for p in session.state.players.values() if p.live)
    display = _finished_display(qtbot, clock, session)
    panel = display.panel
    assert panel.level.text() == "3 seats in Main Event won by"
    assert sorted(panel.bets.text().split("  ·  ")) == seated
    assert panel.values["players"].text() == "3 / 10"  # the seat winners won: they are not "0 / 10"
    assert panel.captions["next"].text() == panel.captions["break"].text() == ""


def test_payout_places_never_touch_their_amounts_on_the_display(qtbot):
    from screens.format import ordinal
    from screens.frame import RoomFacts, build_frame
    from ui.display.panel import DisplayPanel

    panel = DisplayPanel()
    qtbot.addWidget(panel)
    facts = RoomFacts(name="Friday", players_left=40, entries=120, pool_cents=1_200_000,
                      payouts=tuple((ordinal(n), 39_825 + 100 * (10 - n)) for n in range(1, 11)), places_paid=10)
    clock = {"started": True, "running": True, "level": 3, "ms_left": 600_000, "time_left": "10:00"}
    for width, height in ((1920, 1080), (1280, 720), (3840, 2160)):
        panel.resize(width, height)
        panel.place_labels()
        panel.show_frame(build_frame(clock, facts))
        panel.grab()
        for place, amount in zip(panel.payout_places, panel.payout_amounts):
            place_end = place.x() + place.fontMetrics().horizontalAdvance(place.text())
            amount_start = amount.x() + amount.width() - amount.fontMetrics().horizontalAdvance(amount.text())
            space = amount.fontMetrics().horizontalAdvance(" ")
            assert amount_start - place_end >= space, (width, place.text(), amount.text())


def test_ctrl_t_proposes_the_player_on_the_waiting_list(qtbot, clock):
    from PySide6.QtCore import Qt

    session = make_session(clock, players=9, seat=True)  # one table of 9: every seat taken
    session.execute({"cmd": "start_clock"})
    session.execute({"cmd": "register", "name": "Zed Late"})
    assert session.state.players[session.state.waiting[0]].name == "Zed Late"
    w = open_window(qtbot, session)
    ctrl_t = next(a for a in w.actions() if a.shortcut().toString() == "Ctrl+T")
    ctrl_t.trigger()
    bar = w.player_panel.action_bar
    assert bar.isVisible() and bar.key == "seat_player" and bar.edit.text() == "Zed Late"
    w.player_panel.view.selectRow(0)  # a seated player selected: the waiting one is still proposed
    assert w.players_ctl.selected_name() not in ("", "Zed Late")
    ctrl_t.trigger()
    assert bar.edit.text() == "Zed Late"
    session.execute({"cmd": "bust", "player": next(iter(session.state.tables[1].seats.values()))})
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    late = next(p for p in session.state.players.values() if p.name == "Zed Late")
    assert late.table == 1 and not session.state.waiting


def test_the_strip_button_says_break_for_a_table_to_break(qtbot, clock):
    session = make_session(clock, players=12, seat=True)  # two tables of 6
    session.execute({"cmd": "start_clock"})
    w = open_window(qtbot, session)
    _bust_to(session, 9)  # 9 left: they fit at one table
    assert w.pending and w.pending[0].kind == "break"
    assert w.strip.pending.text().startswith("Break table")
    assert w.strip.pending_button.text() == "Break" and w.strip.pending_button.isVisible()
    table = w.pending[0].from_table
    w.strip.pending_button.click()
    assert table not in session.state.tables or not session.state.tables[table].seats


def test_chip_leaders_wait_for_the_first_chip_count_in_the_window_the_display_and_the_phones(qtbot, clock):
    from ui.display import RoomDisplay
    from ui.display.sound import SILENT, ChimePlayer
    from web.page import PAGE
    from web.snapshot import state_json

    session = make_session(clock, players=12, seat=True)
    session.execute({"cmd": "start_clock"})
    w = open_window(qtbot, session)
    display = RoomDisplay(session.tournament, clock, player=ChimePlayer(backend=SILENT))
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.set_chip_leaders(True)
    display.show()
    display.refresh()
    # Twelve players at the starting stack: nobody leads, so no list of ten tied players anywhere.
    assert w.tables_tab.leaders.rowCount() == 0 and w.tables_tab.leaders_note.isVisible()
    assert [n.text() for n in display.panel.leader_names if n.text()] == ["After the first chip count"]
    assert state_json(views.read(session.tournament))["leaders"] == []
    assert 'id="lcard" hidden' in PAGE and '$("lcard").hidden=!(s.leaders||[]).length' in PAGE
    state = session.state
    counts = {str(pid): state.players[pid].stack for pid in state.tables[1].seats.values()}
    first, second = list(state.tables[1].seats.values())[:2]
    counts[str(first)] += 500
    counts[str(second)] -= 500
    w.run({"cmd": "chip_count", "counts": counts, "accept": True})
    display.refresh()
    leader = state.players[first].name
    assert w.tables_tab.leaders.rowCount() == 10 and not w.tables_tab.leaders_note.isVisible()
    assert w.tables_tab.leaders.item(0, 1).text() == leader
    assert display.panel.leader_names[0].text() == f"1. {leader}"
    assert state_json(views.read(session.tournament))["leaders"][0]["name"] == leader


def _pko_session(clock: Any) -> Session:
    t = Tournament.create(load_profile("tda-pko"), name="Friday PKO", time=clock, seed=3)
    for name in ["Maximilian Alexander", "Bo Chen", "Carla Novak", "Dev Patel", "Elif Kaya", "Femi Okafor"]:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return Session.in_memory(t)


def test_ko_1_the_player_list_shows_each_bounty_and_the_knockouts_in_a_bounty_event(qtbot, clock):
    from PySide6.QtCore import Qt

    session = _pko_session(clock)
    state = session.state
    victim = state.players[2]
    hunter = next(pid for pid in state.tables[victim.table].seats.values() if pid != victim.id)
    session.execute({"cmd": "bust", "player": victim.id, "eliminated_by": hunter})
    w = open_window(qtbot, session)
    model = w.players
    heads = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert heads[-2:] == ["Bounty", "KOs"]
    row = model.row_of(hunter)
    hunter_p = state.players[hunter]
    assert hunter_p.knockouts == 1 and hunter_p.bounty_cents > 0
    assert model.cell(row, 6, Qt.ItemDataRole.DisplayRole) == f"${hunter_p.bounty_cents / 100:,.2f}"
    assert model.cell(row, 7, Qt.ItemDataRole.DisplayRole) == "1"
    out_row = model.row_of(victim.id)
    assert model.cell(out_row, 6, Qt.ItemDataRole.DisplayRole) == ""  # no bounty rides on a player who is out
    plain = open_window(qtbot, make_session(clock, players=3, seat=True))
    assert plain.players.columnCount() == 6  # no bounties: no bounty columns


def test_names_and_every_column_are_whole_in_the_player_list_at_1920(qtbot, clock):
    session = _pko_session(clock)
    w = open_window(qtbot, session)
    w.resize(1920, 1080)
    qtbot.wait(10)
    view = w.player_panel.view
    name_width = view.fontMetrics().horizontalAdvance("Maximilian Alexander")
    assert view.columnWidth(1) >= name_width + 6
    shown = sum(view.columnWidth(c) for c in range(w.players.columnCount()))
    assert shown <= view.viewport().width()  # no column cut at the right edge


def test_ko_1_history_names_who_knocked_the_player_out(qtbot, clock):
    from PySide6.QtCore import Qt

    session = _pko_session(clock)
    state = session.state
    victim = state.players[2]
    hunters = [pid for pid in state.tables[victim.table].seats.values() if pid != victim.id][:2]
    session.execute({"cmd": "bust", "player": victim.id, "eliminated_by": hunters})
    w = open_window(qtbot, session)
    w.tabs.setCurrentWidget(w.history_tab)
    model = w.history_tab.model
    texts = [model.data(model.index(r, 1), Qt.ItemDataRole.DisplayRole) for r in range(model.rowCount())]
    a, b = (state.players[pid].name for pid in hunters)
    assert f"Bust-out of {victim.name}, knocked out by {a} and {b}" in texts


@pytest.mark.qt_log_ignore("does not support raise")
def test_ctrl_w_closes_the_tournament_and_returns_to_the_welcome_screen(qtbot):
    from PySide6.QtWidgets import QApplication

    from ui.start import Starter
    from ui.welcome import WelcomeWindow

    app = QApplication.instance()
    quits: list[bool] = []
    app.lastWindowClosed.connect(lambda: quits.append(True))
    starter = Starter(app)
    starter.show_welcome()
    starter.open_demo()
    window = starter.windows[-1]
    qtbot.addWidget(window)
    assert starter.welcome is None and window.isVisible()
    ctrl_w = next(a for a in window.actions() if a.shortcut().toString() == "Ctrl+W")
    ctrl_w.trigger()
    assert not window.isVisible()
    assert isinstance(starter.welcome, WelcomeWindow) and starter.welcome.isVisible()
    qtbot.addWidget(starter.welcome)
    assert quits == [] and window not in starter.windows


def test_ent_3_rebuy_and_add_on_are_not_offered_in_a_profile_without_them(qtbot, clock):
    from ui.palette import suggestions

    w = open_window(qtbot, make_session(clock, "tda", players=6, seat=True))  # a freezeout
    titles = {a.text() for a in w.actions() if a.isVisible()}
    assert not any(t.startswith(("Rebuy", "Add-on", "Declines the rebuy")) for t in titles)
    assert all(not a.isVisible() for a in w.actions() if a.shortcut().toString() in ("F4", "Ctrl+F4", "Ctrl+D"))
    assert not any(s.label.startswith(("Rebuy", "Add-on")) for s in suggestions(w.palette_parts, "rebuy"))
    assert not any(s.label.startswith(("Rebuy", "Add-on")) for s in suggestions(w.palette_parts, "add"))
    pid = next(iter(w.session.state.players))
    menu = [a.text() for a in w.players_ctl.row_menu(pid).actions()]
    assert not any(t.startswith(("Rebuy", "Add-on")) for t in menu) and any(t.startswith("Absent") for t in menu)
    rebuys = open_window(qtbot, make_session(clock, "home-rebuy", players=6, seat=True))
    shown = {a.text() for a in rebuys.actions() if a.isVisible()}
    assert "Rebuy…" in shown and "Top-up…" in shown and "Add-on…" not in shown  # rebuys and a top-up, no add-on
    assert any(s.label.startswith("Rebuy") for s in suggestions(rebuys.palette_parts, "rebuy"))


def test_ent_3_the_rebuy_key_in_a_freezeout_says_why_and_never_registers_the_name_typed(qtbot, clock):
    """F4 pressed by habit in a freezeout right after a registration: the bar is the rebuy's, it says there
    are no rebuys, and the name typed then is refused by the engine, not registered as a new player."""
    w = open_window(qtbot, make_session(clock, "tda", players=6, seat=True))
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=2000)
    bar = w.player_panel.action_bar
    qtbot.keyClick(w, Qt.Key.Key_F2)
    bar.edit.setText("Zoe Park")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert bar.feedback.text().startswith("Registered Zoe Park")
    players = len(w.session.state.players)
    seq = w.session.state.seq
    qtbot.keyClick(w, Qt.Key.Key_F4)
    assert bar.title.text() == "Rebuy:" and bar.key == "rebuy"
    assert bar.feedback.isVisibleTo(w) and bar.feedback.text() == "This tournament has no rebuys."
    bar.edit.setText("Ann Lee")
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert bar.feedback.text() == "This tournament has no rebuys."
    assert len(w.session.state.players) == players and w.session.state.seq == seq
    rebuys = open_window(qtbot, make_session(clock, "home-rebuy", players=6, seat=True))
    assert not rebuys._stand_ins["rebuy"].isEnabled()  # offered: the action's own key
    assert rebuys._stand_ins["addon"].isEnabled()  # no add-on in that profile: the key says so
