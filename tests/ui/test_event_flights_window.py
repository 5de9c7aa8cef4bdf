"""Tournament > Event of flights… (FLT): an event made, this tournament added as a flight, its day ended,
its bags entered table by table (a count off refused whole), Day 2 made, its seats and the results
shown, printed and exported; and the strip's "End the day" when the profile says the day is over."""

from __future__ import annotations

import csv
import io
from typing import Any

from openpyxl import load_workbook
from PySide6.QtWidgets import QMessageBox

from app.api import flight_event, views
from app.commands.eliminations import Bust
from db.event_store import EventStore
from screens.facts import room_facts
from screens.frame import DAY_OVER, build_frame
from tests.app.flight_kit import played_satellite
from tests.ui.conftest import make_session, open_window
from tests.ui.event_kit import bag_all, bust, day_1b_bagged_elsewhere, played_flight
from ui.session import Session


def _room_badges(session: Session) -> tuple[str, ...]:
    """What the room display shows under its clock now."""
    view = views.read(session.tournament, session.now())
    return build_frame(view.clock.raw, room_facts(view)).badges


def _event_on(qtbot, window, tmp_path, flight: str = "Day 1A") -> Any:
    dialog = window.act_event()
    assert dialog.isVisible() and not dialog.isModal()
    assert dialog.new_event(str(tmp_path / "main.event"), "Main Event")
    assert dialog.add_flight(flight)
    return dialog


def _yes(box: QMessageBox) -> None:
    button = box.button(QMessageBox.StandardButton.Yes)
    assert button is not None
    button.click()


def _end_day(dialog: Any) -> None:
    box = dialog.confirm_end_day()
    assert box is not None and "End Day 1A's day now?" in box.text()
    _yes(box)


def test_flt_1_the_event_is_created_and_this_tournament_added_as_a_flight(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    assert "event" in w.own_actions and w.own_actions["event"].text() == "Event of flights…"
    dialog = _event_on(qtbot, w, tmp_path)
    with EventStore.open(tmp_path / "main.event") as on_disk:  # durable before shown
        assert list(on_disk.event.state.flights) == ["Day 1A"]
    row = [dialog.flights.item(0, c).text() for c in range(4)]
    assert row == ["Day 1A", "12", "10", "playing (this tournament)"]
    assert not dialog.add_flight("Day 1A") and dialog.refused == "FLIGHT_EXISTS"
    assert "already has a flight Day 1A" in dialog.feedback.text()
    assert dialog.flights.rowCount() == 1


def test_flt_1_an_event_file_opened_knows_this_tournament_by_its_flight_name(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    dialog.execute({"cmd": "add_flight", "flight": "Day 1B"}, dialog.feedback, "added")
    dialog.store.close()
    dialog.store = None
    assert dialog.open_event(str(tmp_path / "main.event"))
    assert dialog.flight is None  # the tournament is named "Test event", not a flight's name
    dialog.flights.selectRow(1)
    dialog.use_selected()
    assert dialog.flight == "Day 1B"
    assert not dialog.use_flight("Day 9") and dialog.refused == "FLIGHT_UNKNOWN"
    assert not dialog.open_event(str(tmp_path / "nothing.event")) and dialog.flight == "Day 1B"


def test_flt_3_ending_the_day_asks_first_then_the_flight_refuses_play(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    box = dialog.confirm_end_day()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert "day_ended" not in session.state.extra and not dialog.event_state().flights["Day 1A"].ended
    assert DAY_OVER not in _room_badges(session)
    _end_day(dialog)
    assert session.state.extra["day_ended"]["reason"] == "director"
    assert DAY_OVER in _room_badges(session)  # the room display says so once the director ends it
    f = dialog.event_state().flights["Day 1A"]
    assert f.ended and len(f.survivors) == 10 and f.entries == 12
    assert "Day 1A's day is over: 10 players at 2 tables bag their chips" in dialog.feedback.text()
    assert dialog.flights.item(0, 3).text() == "day ended: bags of 0 of 2 tables"
    events = session.state.seq
    bust(session, 0)
    assert not w.run({"cmd": "bust", "player": next(p.id for p in session.state.players.values() if p.live)})
    assert session.state.seq == events  # FLIGHT_BAGGED: nobody plays on
    assert not dialog.end_day() and dialog.refused == "FLIGHT_BAGGED"  # the event has its end already


def test_flt_4_bags_prefilled_a_count_off_is_refused_whole_with_the_difference(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    assert dialog.open_bags("Day 1A") is None and dialog.refused == "FLIGHT_NOT_BAGGED"
    _end_day(dialog)
    bags = dialog.open_bags("Day 1A")
    table = bags.table()
    f = dialog.event_state().flights["Day 1A"]
    stacks = {p.name: p.stack for p in session.state.players.values() if p.live}
    assert [bags.spins[r].value() for r in range(bags.grid.rowCount())] == [
        stacks[bags.grid.item(r, 0).text()] for r in range(bags.grid.rowCount())]
    for r in range(bags.grid.rowCount()):
        bags.grid.item(r, 1).setText(f"A{r + 1}")
    bags.spins[0].setValue(bags.spins[0].value() + 5000)  # over the tolerance
    assert "5,000 more" in bags.totals.text()
    facts = dialog.event_state().facts
    assert not bags.submit()
    assert dialog.refused == "BAG_COUNT_OFF"
    said = bags.feedback.text()
    assert f"Table {table}'s bags hold" in said and "5,000 more than the" in said and said.endswith("count again.")
    assert dialog.event_state().facts == facts and table not in f.bags  # nothing half-applied
    with EventStore.open(tmp_path / "main.event") as on_disk:
        assert table not in on_disk.event.state.flights["Day 1A"].bags
    bags.spins[0].setValue(bags.spins[0].value() - 5000)
    assert bags.submit()
    assert table in dialog.event_state().flights["Day 1A"].bags and bags.table() != table
    assert dialog.flights.item(0, 3).text() == "day ended: bags of 1 of 2 tables"


def test_flt_5_day_2_is_drawn_and_its_seats_and_results_shown_and_printed(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    _end_day(dialog)
    assert not dialog.make_day2() and dialog.refused == "BAGS_MISSING"
    assert not dialog.print_event("tables", str(tmp_path / "early.pdf")) and dialog.refused == "DAY2_NOT_MADE"
    assert not (tmp_path / "early.pdf").exists()
    bag_all(dialog)
    assert dialog.flights.item(0, 3).text() == "bagged"
    assert dialog.make_day2()
    ev = dialog.event_state()
    d = ev.day2
    assert d is not None and dialog.day2_tabs.currentWidget() is dialog.seats
    shown = {dialog.seats.item(r, 2).text(): (int(dialog.seats.item(r, 0).text()), int(dialog.seats.item(r, 1).text()))
             for r in range(dialog.seats.rowCount())}
    assert shown == d.seats and len(shown) == 10
    assert flight_event.chips_conserved(ev)
    results = flight_event.results(ev)
    assert dialog.results.rowCount() == len(results) == 2  # the places decided: the two out on Day 1
    assert [dialog.results.item(r, 1).text() for r in range(2)] == [r.player for r in results]
    assert [dialog.results.item(r, 0).text() for r in range(2)] == ["11th", "12th"]  # below every Day-2 player
    assert dialog.results.item(1, 2).text() == "Day 1A"
    assert "12 entries" in dialog.summary.text() and "Day 2: 10 players at 2 tables" in dialog.summary.text()
    assert not dialog.make_day2() and dialog.refused == "DAY2_MADE"
    with EventStore.open(tmp_path / "main.event") as on_disk:
        assert on_disk.event.state.day2 is not None and on_disk.event.state.day2.seats == d.seats
    for which in ("tables", "results"):
        out = tmp_path / f"{which}.pdf"
        assert dialog.print_event(which, str(out)), dialog.feedback.text()
        assert out.read_bytes().startswith(b"%PDF")


def test_flt_3_the_strip_says_the_day_is_over_when_the_profile_says_and_ends_it_when_confirmed(
        qtbot, clock, tmp_path):
    session = played_flight(clock, **{"flight.end": "players", "flight.end_players": 9})
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    assert "The day is over" not in w.strip.pending.text() and DAY_OVER not in _room_badges(session)
    bust(session, 1)  # 9 left
    assert _room_badges(session)[0] == DAY_OVER == "THE DAY IS OVER: BAG THE CHIPS"
    w.panes.by_name["strip"].update()
    assert w.strip.pending.text().startswith("The day is over: bag the chips")
    assert w.strip.pending_button.isVisible() and w.strip.pending_button.text() == "End the day"
    w.strip.pending_button.click()
    box = w.day_over_box
    assert box is not None and "End the day now?" in box.text()
    assert "day_ended" not in session.state.extra  # asked first
    _yes(box)
    assert session.state.extra["day_ended"]["reason"] == "players"
    assert dialog.event_state().flights["Day 1A"].ended  # recorded in the event too
    assert DAY_OVER in _room_badges(session)
    assert "bag their chips" in w.payouts_tab.feedback.text()


def test_flt_3_the_strip_ends_the_day_of_a_tournament_without_an_event_open(qtbot, clock):
    session = played_flight(clock, **{"flight.end": "share", "flight.end_share_percent": 90})
    w = open_window(qtbot, session)
    assert w.strip.pending_button.text() == "End the day"
    w.strip.pending_button.click()
    _yes(w.day_over_box)
    assert session.state.extra["day_ended"]["reason"] == "share"
    assert "Event of flights" in w.payouts_tab.feedback.text()


def test_flt_4_the_bag_sheet_button_prints_the_flights_bag_and_tag_sheet(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = w.act_event()
    assert not dialog.buttons["bag_sheet"].isEnabled()  # no flight yet: nothing to print
    dialog.new_event(str(tmp_path / "main.event"), "Main Event")
    dialog.add_flight("Day 1A")
    assert dialog.buttons["bag_sheet"].isEnabled()
    with qtbot.waitSignal(w.printing.renderer.finished, timeout=20_000) as done:
        dialog.buttons["bag_sheet"].click()
    result = done.args[0]
    assert result.job.sheet == "bags" and result.pages >= 1


def test_flt_3_a_day_ended_from_the_strip_is_recorded_when_the_event_is_opened_after(qtbot, clock, tmp_path):
    session = played_flight(clock, **{"flight.end": "players", "flight.end_players": 10})
    w = open_window(qtbot, session)
    w.strip.pending_button.click()
    _yes(w.day_over_box)
    dialog = _event_on(qtbot, w, tmp_path)
    assert dialog.flights.item(0, 3).text() == "day ended: to record in the event (this tournament)"
    events = session.state.seq
    assert dialog.end_day("players")
    assert session.state.seq == events  # the flight's day was ended once, not again
    f = dialog.event_state().flights["Day 1A"]
    assert f.ended and len(f.survivors) == 10


def _two_flights_through_day2(dialog: Any) -> Any:
    """Day 1B played elsewhere (two of its four out), this tournament's Day 1A ended and bagged, Day 2 drawn
    from both and its first player out."""
    day_1b_bagged_elsewhere(dialog)
    _end_day(dialog)
    bag_all(dialog)
    assert dialog.make_day2()
    out = min(dialog.event_state().day2.live(), key=lambda n: dialog.event_state().day2.stacks[n])
    assert dialog.execute({"cmd": "bust_day2", "players": [out], "won_by": "Zed"}, dialog.feedback, "out")
    return dialog.event_state()


def _pick(export: Any, what: str, fmt_name: str, path: Any) -> None:
    export.what.setCurrentIndex(export.what.findData(what))
    export.format.setCurrentIndex(export.format.findData(fmt_name))
    export.path.setText(str(path))


def test_flt_the_event_exports_its_results_as_csv_and_a_workbook_asking_before_replacing(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = w.act_event()
    assert not dialog.buttons["export"].isEnabled()
    assert dialog.open_export() is None and dialog.refused == "NO_EVENT"  # nothing to export: one sentence
    assert dialog.feedback.text() == "No event is open: create one or open its file before exporting it."
    dialog.new_event(str(tmp_path / "main.event"), "Main Event")
    dialog.add_flight("Day 1A")
    state = _two_flights_through_day2(dialog)
    came = flight_event.came_from(state)
    expected = [(r.place, r.player, r.prize_cents, came[r.player] if r.day == "Day 2" else r.day)
                for r in flight_event.results(state)]
    assert {x[3] for x in expected} == {"Day 1A", "Day 1B"} and len(expected) == 5
    assert dialog.buttons["export"].isEnabled() and dialog.buttons["export"].text() == "Export…"
    dialog.buttons["export"].click()
    export = dialog.export_dialog
    assert export is not None and export.isVisible() and export.windowTitle() == "Export the event"
    assert export.path.text() == str(tmp_path / "Main Event results.csv")  # beside the event's file
    export.buttons.accepted.emit()
    assert not export.isVisible() and export.written == tmp_path / "Main Event results.csv"
    rows = list(csv.DictReader(io.StringIO(export.written.read_bytes().decode("utf-8-sig"), newline="")))
    got = [(int(r["Place no."]), r["Name"], round(float(r["Prize (USD)"]) * 100), r["Flight"]) for r in rows]
    assert got == expected
    assert dialog.feedback.text() == f"Exported the results to {export.written}."

    out = tmp_path / "results.xlsx"
    out.write_bytes(b"PK\x03\x04 an old workbook")
    export = dialog.open_export()
    assert export is not None
    asked: list[str] = []
    export.replace_asker = lambda _parent, path: asked.append(path) is not None  # says no
    _pick(export, "results", "xlsx", out)
    export.buttons.accepted.emit()
    assert asked == [str(out)] and export.isVisible() and out.read_bytes() == b"PK\x03\x04 an old workbook"
    export.replace_asker = lambda _parent, path: True
    export.buttons.accepted.emit()
    assert not export.isVisible()
    cells = list(load_workbook(io.BytesIO(out.read_bytes())).worksheets[0].iter_rows(min_row=2))
    assert [(c[1].value, c[3].value, round(c[4].value * 100), c[5].value) for c in cells] == expected
    assert dialog.feedback.text() == f"Exported the results to {out}."
    export = dialog.open_export()
    assert export is not None
    _pick(export, "money", "ranking", tmp_path / "money.csv")
    export.buttons.accepted.emit()
    assert export.isVisible() and export.error.text() == (
        "The ranking-site format is for results only; choose CSV, Excel or JSON for the money.")
    assert not (tmp_path / "money.csv").exists()
    export.reject()
    w.close()


def test_flt_10_day2_file_is_made_opened_in_its_own_window_and_a_bust_there_reads_back(qtbot, clock, tmp_path):
    session = played_flight(clock)
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    day_1b_bagged_elsewhere(dialog)
    _end_day(dialog)
    bag_all(dialog)
    path = str(tmp_path / "Main Event Day 2.floorman")
    assert dialog.make_day2_file(path) is False and dialog.refused == "DAY2_NOT_MADE"  # drawn first
    assert dialog.make_day2()
    assert dialog.buttons["day2_file"].isEnabled() and dialog.buttons["day2_file"].text() == "Make Day 2 file…"
    day2 = dialog.make_day2_file(path, level=5)
    assert day2 is not False and dialog.refused == ""
    assert dialog.feedback.text() == "Day 2 made in Main Event Day 2.floorman: 12 players carried in with their bags."
    qtbot.addWidget(day2)
    assert day2.windowTitle() == "Main Event Day 2 — Day 2 of Main Event — Floorman"  # its file knows its event
    assert day2.event_dialog is not None and day2.event_dialog.store is not None
    assert "this tournament is its Day 2" in day2.event_dialog.heading.text()
    drawn = dialog.event_state().day2
    state = day2.session.state
    assert {p.name: (p.table, p.seat, p.stack) for p in state.players.values()} == {
        n: (*drawn.seats[n], drawn.stacks[n]) for n in drawn.stacks}
    assert state.pool_cents == 0 and day2.session.tournament.view()["money"]["prize_pool_cents"] == (
        flight_event.prize_pool(dialog.event_state()))
    day2.session.execute({"cmd": "start_clock"})
    out = min(drawn.stacks, key=lambda n: (drawn.stacks[n], n))
    assert day2.runner.run(Bust(player=out), day2.payouts_tab.feedback)
    placed = [p for p in day2.session.state.players.values() if p.place is not None]
    assert [(p.name, p.place) for p in placed] == [(out, 12)]
    assert day2.event_dialog.read_day2(None), day2.event_dialog.feedback.text()  # from Day 2's own window
    dialog.refresh()
    assert dialog.event_state().day2.played is not None  # the other window's reading, seen here
    assert dialog.read_day2(None) is False and dialog.refused == "NOT_DAY2"  # this window is Day 1A, not Day 2
    day2.close()
    assert dialog.read_day2(path), dialog.feedback.text()
    results = flight_event.results(dialog.event_state())
    assert (results[0].place, results[0].player, results[0].day) == (12, out, "Day 2")
    assert [r.day for r in results[1:]] == ["Day 1B", "Day 1B", "Day 1A", "Day 1A"]
    assert dialog.results.item(0, 1).text() == out
    w.close()


def test_flt_1_a_flights_file_remembers_its_event_and_opens_with_it(qtbot, clock, tmp_path):
    from app.api import load_profile
    from ui.director import DirectorWindow
    from ui.start import store_session

    path = str(tmp_path / "day1a.floorman")
    session = store_session(path, load_profile("tda"), "Day 1A")
    for name in ("Ann", "Bob", "Cy", "Dee"):
        session.execute({"cmd": "register", "name": name})
    session.execute({"cmd": "seat_all"})
    session.execute({"cmd": "start_clock"})
    w = DirectorWindow(session)
    qtbot.addWidget(w)
    assert w.event_dialog is None and "of" not in w.windowTitle()  # no event yet: nothing opened
    dialog = _event_on(qtbot, w, tmp_path)
    assert session.state.extra["event"] == {"file": str((tmp_path / "main.event").resolve()), "flight": "Day 1A"}
    w.close()
    session.close()

    again = store_session(path)  # the next session: the director chooses nothing
    w2 = DirectorWindow(again)
    qtbot.addWidget(w2)
    dialog = w2.event_dialog
    assert dialog is not None and dialog.store is not None and dialog.flight == "Day 1A"
    assert w2.windowTitle() == "Day 1A — Day 1A of Main Event — Floorman"
    assert "this tournament is Day 1A" in dialog.heading.text()
    assert w2.act_event() is dialog and dialog.isVisible()  # the way back to the event: already on it
    assert w2.end_day("director")  # the day-over step records the day's end in the event too
    assert dialog.event_state().flights["Day 1A"].ended
    w2.close()
    again.close()


def test_flt_1_a_remembered_event_file_that_is_gone_is_said_and_the_flight_goes_on(qtbot, clock, tmp_path):
    from app.api import load_profile
    from ui.director import DirectorWindow
    from ui.start import store_session

    path = str(tmp_path / "day1b.floorman")
    session = store_session(path, load_profile("tda"), "Day 1B")
    session.execute({"cmd": "join_event", "event_file": str(tmp_path / "gone.event"), "flight": "Day 1B"})
    w = DirectorWindow(session)
    qtbot.addWidget(w)
    dialog = w.event_dialog
    assert dialog is not None and dialog.store is None and dialog.refused == "EVENT_MISSING"
    assert "which is not there any more" in dialog.feedback.text()
    assert w.windowTitle() == "Day 1B — Floorman"
    w.close()
    session.close()


def test_flt_1_a_flight_and_its_event_moved_together_still_open_together(qtbot, clock, tmp_path):
    import shutil

    from app.api import load_profile
    from ui.director import DirectorWindow
    from ui.start import store_session

    old, new = tmp_path / "laptop", tmp_path / "stick"
    old.mkdir()
    EventStore.create(old / "main.event", load_profile("tda"), "Main Event", seed=1).close()
    session = store_session(str(old / "day1a.floorman"), load_profile("tda"), "Day 1A")
    session.execute({"cmd": "join_event", "event_file": str(old / "main.event"), "flight": "Day 1A"})
    session.close()
    shutil.move(str(old), str(new))
    moved = store_session(str(new / "day1a.floorman"))
    w = DirectorWindow(moved)
    qtbot.addWidget(w)
    dialog = w.event_dialog
    assert dialog is not None and dialog.store is not None and dialog.store.path == new / "main.event"
    assert w.windowTitle() == "Day 1A — Day 1A of Main Event — Floorman"
    w.close()
    moved.close()


def test_flt_9_a_satellite_seat_registers_its_winner_in_the_flight_paid_by_the_seat(qtbot, clock, tmp_path):
    """Event of flights… > Satellite seats: the satellite's seats added from its file, a winner registered in
    this flight with the seat paying (no cash at the desk), the seat then used; a second use refused whole."""
    session = make_session(clock, players=12, seat=True)
    w = open_window(qtbot, session)
    dialog = _event_on(qtbot, w, tmp_path)
    sat = tmp_path / "sat.floorman"
    winners = played_satellite(sat, "Main Event")
    assert dialog.add_seats(str(sat)), dialog.feedback.text()
    assert dialog.satellite_seats.rowCount() == 3
    assert {dialog.satellite_seats.item(r, 0).text() for r in range(3)} == set(winners)
    assert dialog.satellite_seats.item(0, 2).text() == "any flight"
    assert dialog.add_seats(str(sat)) is False and dialog.refused == "SEATS_ENTERED"
    name = winners[0]
    before = len(session.state.players)
    assert dialog.use_seat(name), dialog.feedback.text()
    player = next(p for p in session.state.players.values() if p.name == name)
    assert len(session.state.players) == before + 1 and player.entries == 1
    rows = views.money(session.tournament).rows
    assert [r.seat for r in rows if r.name == name and r.to == "pool"] == ["Sat 1"]  # the seat paid, not cash
    row = next(r for r in range(3) if dialog.satellite_seats.item(r, 0).text() == name)
    assert dialog.satellite_seats.item(row, 3).text() == "Day 1A"
    # used once: the event refuses the second use before the tournament registers anyone
    players = len(session.state.players)
    assert dialog.use_seat(name) is False and dialog.refused == "SEAT_USED"
    assert len(session.state.players) == players
    assert dialog.use_seat("Nobody Here") is False and dialog.refused == "NO_SEAT"
