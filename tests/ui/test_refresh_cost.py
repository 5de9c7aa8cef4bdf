"""A command redraws what it touched, not the whole field: counted in model signals and table redraws.

Not timed: a bust on a 2,000-player window must repaint the busted player's row and a few tables, and
opening the window must not work out the full view (a row per player and table) more than once.
"""

from __future__ import annotations

import importlib

import pytest

from app.api import ALL_CHANGED
from app.commands.eliminations import Bust
from app.core.events import Event, decode
from app.engine import Tournament
from app.profiles.profile import load_profile
from tests.ui.conftest import open_window
from ui.changes import changes_of, clock_changed, players_changed, tables_changed
from ui.session import Session

PLAYERS = 2000
read_module = importlib.import_module("app.views.read")  # the module (``app.views.read`` is the function)


@pytest.fixture(scope="module")
def big_log() -> list[Event]:
    """The events of a seated 2,000-player tournament with its clock running (made once, replayed per test)."""
    from app.core.timesource import FakeClock

    t = Tournament.create(load_profile("tda"), name="Big event", time=FakeClock(1_800_000_000.0), seed=5)
    t.execute({"cmd": "change_settings", "settings": {"reg.cap": None}})
    for i in range(PLAYERS):
        t.execute({"cmd": "register", "name": f"Player {i:05d}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return list(t.log)


@pytest.fixture
def big_session(monkeypatch, clock, big_log) -> Session:
    import ui.director

    monkeypatch.setattr(ui.director, "BIG_FIELD", 10**9)  # no gc.freeze in the test process
    clock.advance(60)
    return Session.in_memory(Tournament.replay(big_log, time=clock))


@pytest.fixture
def big_window(qtbot, big_session):
    return open_window(qtbot, big_session)


def _rows(signals: list[tuple[int, int]]) -> set[int]:
    return {r for top, bottom in signals for r in range(top, bottom + 1)}


def test_a_bust_repaints_only_its_row_and_its_tables(qtbot, big_window):
    w = big_window
    state = w.session.state
    table = sorted(state.tables)[3]
    victim = sorted(state.tables[table].seats.values())[0]
    changed: list[tuple[int, int]] = []
    shown: list[tuple[int, int]] = []
    resets: list[int] = []
    w.players.dataChanged.connect(lambda a, b, _roles=None: changed.append((a.row(), b.row())))
    w.player_panel.proxy.dataChanged.connect(lambda a, b, _roles=None: shown.append((a.row(), b.row())))
    w.players.modelReset.connect(lambda: resets.append(1))
    w.player_panel.proxy.layoutChanged.connect(lambda *_a: resets.append(2))
    grid = w.tables_tab.grid
    redrawn = grid.redrawn
    rebuilds = w.panes.rebuilds()

    assert w.players_ctl.bust({"cmd": "bust", "player": victim})

    assert w.session.state.players[victim].status == "out"
    row = w.players.row_of(victim)
    assert _rows(changed) == {row}  # the busted player's row, not 2,000
    assert _rows(shown) == {row}
    assert resets == []
    # The busted player's table, and at most the tables of the pending move and those whose short flag
    # changed: a handful, not the 223 tables.
    assert 1 <= grid.redrawn - redrawn <= 6
    assert "out" in w.players.index(row, 2).data()
    after = w.panes.rebuilds()
    assert after["players"] == rebuilds["players"] + 1 and after["tables"] == rebuilds["tables"] + 1


def test_opening_the_window_works_out_the_full_view_at_most_once(qtbot, big_session):
    read_module.forget()
    before = dict(read_module.BUILDS)
    w = open_window(qtbot, big_session)
    qtbot.wait(50)
    assert read_module.BUILDS["full"] - before["full"] <= 1
    assert read_module.BUILDS["summary"] - before["summary"] <= 1
    # and only the tables in view have widgets (the others are made as they scroll in)
    assert 0 < len(w.tables_tab.grid._tables) < len(w.session.state.tables)


def test_what_a_command_changed_is_the_engines_report_of_its_events():
    bust = decode({"type": "players_busted", "at": 1.0,
                   "data": {"players": [{"player": 7, "table": 3, "seat": 2}], "mode": "single", "payout_order": [7]}})
    c = changes_of([bust])
    assert c.players == {7} and c.tables == {3}  # the busted player's row and table, nothing else
    assert players_changed(c) and tables_changed(c) and not clock_changed(c)
    won = decode({"type": "tournament_won", "data": {"player": 7}, "at": 2.0})
    assert clock_changed(changes_of([bust, won]))  # the clock stops: its tab is redrawn
    assert changes_of([]) == ALL_CHANGED  # an undo or a redo: everything
    assert changes_of(None) == ALL_CHANGED
    draw = decode({"type": "seats_drawn", "data": {}, "at": 3.0})  # a seat draw may move anyone: every row
    c = changes_of([bust, draw])
    assert c.players is None and c.tables is None


def test_an_event_that_may_touch_anyone_redraws_every_row(qtbot, big_window):
    w = big_window
    state = w.session.state
    victim = sorted(state.tables[sorted(state.tables)[2]].seats.values())[0]
    changed: list[tuple[int, int]] = []
    w.players.dataChanged.connect(lambda a, b, _roles=None: changed.append((a.row(), b.row())))
    events = w.session.execute(Bust(player=victim))
    changed.clear()
    w.refresh([*events, decode({"type": "seats_drawn", "data": {}, "at": 4.0})])
    assert len(_rows(changed)) > 1  # not only the busted player's row


def test_painting_a_cell_in_one_call_answers_what_data_answers(qtbot, window):
    """The list's repaint asks every role of a cell in one ``multiData`` call: the same answers as
    ``data``, and a role the list does not set is cleared (not left as the last cell's)."""
    from PySide6.QtCore import QModelRoleData, QModelRoleDataSpan, Qt

    window.run({"cmd": "bust", "player": window.session.state.by_name["ann lee"]})
    proxy = window.player_panel.proxy
    roles = [Qt.ItemDataRole.FontRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole,
             Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole]
    for row in range(proxy.rowCount()):
        for col in range(proxy.columnCount()):
            index = proxy.index(row, col)
            for role in roles:
                rd = QModelRoleData(int(role))
                rd.setData("left over")
                proxy.multiData(index, QModelRoleDataSpan(rd))
                expected = proxy.data(index, role)
                assert rd.data() == expected, (row, col, role)


def test_a_bust_does_not_work_out_the_full_view_while_no_display_reads_it(qtbot, big_window):
    w = big_window
    qtbot.wait(50)
    state = w.session.state
    victim = sorted(state.tables[sorted(state.tables)[0]].seats.values())[0]
    before = dict(read_module.BUILDS)

    assert w.players_ctl.bust({"cmd": "bust", "player": victim})
    qtbot.wait(50)

    assert w.session.state.players[victim].status == "out"
    assert read_module.BUILDS["full"] == before["full"]  # the pre-registered list reads only its names


def test_opening_the_window_of_a_tournament_without_an_event_works_out_no_full_view(qtbot, big_session):
    read_module.forget()
    before = dict(read_module.BUILDS)
    w = open_window(qtbot, big_session)
    qtbot.wait(50)
    assert w.event_dialog is None  # no event remembered: nothing opened beside it
    assert read_module.BUILDS["full"] == before["full"]
