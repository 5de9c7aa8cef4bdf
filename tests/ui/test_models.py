"""The Qt models are thin adapters over the engine's state, and correct by Qt's own model tester."""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import Qt

from app.tools.demo import build_demo
from ui.models.history import HistoryModel
from ui.models.payouts import PayoutModel
from ui.models.player_filter import PlayerFilter
from ui.models.players import PlayerModel
from ui.overview import payout_rows
from ui.session import Session
from ui.texts import status_text


def test_player_model_and_filter_pass_the_model_tester(qtmodeltester, session):
    model = PlayerModel(session.state, session.now())
    qtmodeltester.check(model)
    proxy = PlayerFilter()
    proxy.setSourceModel(model)
    proxy.set_query("ann")
    qtmodeltester.check(proxy)
    assert proxy.rowCount() == 1
    assert proxy.player_id(0) == session.state.by_name["ann lee"]


def test_player_filter_keeps_the_selection_and_passes_the_tester_while_typing_and_sorting(qtmodeltester, session):
    from PySide6.QtCore import QItemSelectionModel, Qt

    model = PlayerModel(session.state, session.now())
    proxy = PlayerFilter()
    proxy.setSourceModel(model)
    qtmodeltester.check(proxy)  # the tester stays attached and checks every change below
    ann = session.state.by_name["ann lee"]
    selection = QItemSelectionModel(proxy)
    selection.select(proxy.mapFromSource(model.index(model.row_of(ann), 0)),
                     QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows)
    proxy.sort(1, Qt.SortOrder.DescendingOrder)
    names = [proxy.index(r, 1).data() for r in range(proxy.rowCount())]
    assert names == sorted(names, key=str.lower, reverse=True)
    proxy.set_query("a")
    assert 0 < proxy.rowCount() < model.rowCount()
    assert all("a" in proxy.index(r, 1).data().lower() or "a" in proxy.index(r, 2).data().lower()
               for r in range(proxy.rowCount()))
    proxy.set_query("ann")
    assert [proxy.player_id(r) for r in range(proxy.rowCount())] == [ann]
    assert [proxy.player_id(i.row()) for i in selection.selectedRows()] == [ann]  # still selected
    proxy.set_query("zzz")
    assert proxy.rowCount() == 0 and not proxy.hasChildren()
    proxy.set_query("")
    proxy.sort(-1)
    assert [proxy.player_id(r) for r in range(proxy.rowCount())] == list(session.state.players)
    session.execute({"cmd": "register", "name": "Zed New"})
    model.refresh(session.state, session.now())
    assert proxy.player_id(proxy.rowCount() - 1) == session.state.by_name["zed new"]


def test_player_model_follows_new_registrations(qtbot, session):
    model = PlayerModel(session.state, session.now())
    before = model.rowCount()
    with qtbot.waitSignal(model.rowsInserted):
        session.execute({"cmd": "register", "name": "Zed New"})
        model.refresh(session.state, session.now())
    assert model.rowCount() == before + 1
    assert model.index(before, 1).data() == "Zed New"


def test_status_column_reads_like_the_floor():
    t = build_demo(seed=5, players=60, level=2, start=1_800_000_000.0)
    now = t.time.now()
    texts = {status_text(p, now) for p in t.state.players.values()}
    assert any(s.startswith("seated T") and " S" in s for s in texts)
    assert any(s.startswith("out ") and s[4].isdigit() for s in texts)
    seated = next(p for p in t.state.players.values() if p.status == "seated")
    t.execute({"cmd": "absent", "player": seated.id})
    t.time.advance(12 * 60)  # type: ignore[attr-defined]
    assert status_text(t.state.players[seated.id], t.time.now()) == "absent 12 min"


def test_history_and_payout_models_pass_the_model_tester(qtmodeltester):
    t = build_demo(seed=5, players=60, level=2, start=1_800_000_000.0)
    session = Session.in_memory(t)
    bust = next(p.id for p in t.state.players.values() if p.status == "seated")
    session.execute({"cmd": "bust", "player": bust})
    session.undo()
    history = HistoryModel()
    history.refresh(session.history())
    qtmodeltester.check(history)
    assert history.rowCount() == 3  # the demo's creation, the bust, and its undo
    assert history.index(0, 1).data().startswith("Undo: bust-out of")
    assert history.index(1, 2).data() == "undone"
    payouts = PayoutModel()
    payouts.refresh(payout_rows(t.state))
    qtmodeltester.check(payouts)
    assert payouts.rowCount() >= 1
    assert payouts.index(0, 0).data() == "1st"


def test_filtering_ten_thousand_players_keeps_up_with_typing(qtbot):
    t = build_demo(seed=9, players=300, level=1, start=1_800_000_000.0)
    for i in range(9_700):
        t.execute({"cmd": "register", "name": f"Player {i:05d}"})
    model = PlayerModel(Session.in_memory(t).state, t.time.now())
    proxy = PlayerFilter()
    proxy.setSourceModel(model)
    worst = 0.0
    for text in ("p", "pl", "pla", "play", "player 0", "player 01", "player 001", "player 00123"):
        start = time.perf_counter()
        proxy.set_query(text)
        worst = max(worst, time.perf_counter() - start)
    assert proxy.rowCount() == 1
    # The benchmark holds the real figure (< 50 ms); this only catches a collapse. Measured line by line
    # (CI's coverage run traces every line of the filter), the same filtering takes about three times as long.
    assert worst < (0.75 if sys.gettrace() is not None else 0.25)


def test_pay_4_payout_model_shows_the_engines_tie_shares(qtmodeltester) -> None:
    """Seed 003: two players tie for 4th-5th and each gets $15 of the $20 + $10: the window shows the engine's split."""
    from pathlib import Path

    from app.tools.scenario import load_scenario, run_scenario

    path = Path(__file__).parents[1] / "scenarios" / "pay-4-seed003-tied-5th-4th.json"
    t = run_scenario(load_scenario(path)).tournament
    model = PayoutModel()
    model.refresh(payout_rows(t.state))
    qtmodeltester.check(model)
    rows = [[model.data(model.index(r, c)) for c in range(model.columnCount())] for r in range(model.rowCount())]
    tied = [row for row in rows if row[0] == "T-4th"]
    assert len(tied) == 2
    assert {row[1] for row in tied} == {"$15.00"}
    assert all("2-way tie" in row[3] for row in tied)


def test_ent_8_a_player_who_re_entered_shows_two_entries_and_the_two_buy_ins_he_paid(qtbot):
    from app import views
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.profiles.profile import load_profile

    t = Tournament.create(load_profile("tda-pko"), name="PKO", time=FakeClock(), seed=1)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "reenter", "player": "Ann"})
    session = Session.in_memory(t)
    model = PlayerModel(session.state, session.now())
    ann = session.state.by_name["ann"]
    row = model.row_of(ann)
    assert (model.index(row, 4).data(), model.index(row, 5).data()) == ("2", "$200.00")
    assert next(p for p in views.read(t).players if p.id == ann).entries == 2
    assert model.sort_key(row, 4) == 2


def test_the_history_list_names_the_station_and_operator_when_there_is_one(qtmodeltester):
    from app.api import HistoryItem

    items = [HistoryItem(1, 1_800_000_000.0, "creation of the tournament", "create", False, False),
             HistoryItem(2, 1_800_000_060.0, "bust-out of Ann Lee", "do", False, False, "Floor 2", "Lou"),
             HistoryItem(3, 1_800_000_120.0, "rebuy for Ann Lee", "do", False, False, "Desk 1")]
    history = HistoryModel()
    history.refresh(items)
    qtmodeltester.check(history)
    assert [history.headerData(c, Qt.Orientation.Horizontal) for c in range(history.columnCount())] == [
        "Time", "What was done", "Station", ""]
    assert [history.index(row, 1).data() for row in range(3)] == [
        "Rebuy for Ann Lee", "Bust-out of Ann Lee", "Creation of the tournament"]
    assert [history.index(row, 2).data() for row in range(3)] == ["Desk 1", "Floor 2 (Lou)", ""]
    assert history.index(1, 1).data(Qt.ItemDataRole.ToolTipRole) == "Bust-out of Ann Lee \u2014 Floor 2 (Lou)"
    # a single laptop's history has no Station column
    history.refresh(items[:1])
    assert history.columnCount() == 3 and history.index(0, 2).data() == ""
