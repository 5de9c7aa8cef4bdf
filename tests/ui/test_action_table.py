"""One table of the window's actions (ui.command_map.ACTIONS): the menus, the shortcuts and the palette
all read it, so an action's key, menu entry and palette line cannot drift apart."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtGui import QKeySequence

import ui.command_map as command_map
from tests.ui.conftest import make_session, open_window
from ui.command_map import ACTIONS, BESPOKE, MENUS
from ui.palette import suggestions


def _menu_entries(window) -> dict[str, list[tuple[str, str]]]:
    return {name: [(a.text(), a.shortcut().toString()) for a in menu.actions() if not a.isSeparator()]
            for name, menu in window._menus.items()}


def test_every_row_of_the_table_is_its_menu_entry_with_its_key(window):
    entries = _menu_entries(window)
    assert list(entries) == list(MENUS)
    keys_seen: set[str] = set()
    for b in ACTIONS:
        if not b.menu:
            continue
        if b.shortcut in keys_seen:  # F5 starts, pauses and resumes the clock: one entry
            assert b.entry() in [t for t, _ in entries[b.menu]]
            continue
        keys_seen.add(b.shortcut)
        key = QKeySequence(b.shortcut).toString() if b.shortcut else ""
        assert (b.entry(), key) in entries[b.menu], b.command


def test_every_key_of_the_table_is_one_action(window):
    keys = [a.shortcut().toString() for a in window.actions() if not a.shortcut().isEmpty()]
    assert len(keys) == len(set(keys))  # no key bound twice
    for b in ACTIONS:
        if b.shortcut and b.menu:
            assert QKeySequence(b.shortcut).toString() in keys, b.command


def test_the_palette_offers_each_row_by_its_words(window):
    for b in ACTIONS:
        if not b.palette or b.command in window.not_offered:
            continue
        labels = [s.label for s in suggestions(window.palette_parts, b.title, limit=50)]
        wanted = b.title if b.player else b.entry()
        assert any(label.startswith(wanted) for label in labels), (b.command, labels)


def test_a_row_changed_in_the_table_changes_the_menu_and_the_palette_alike(qtbot, session, monkeypatch):
    calls: list[str] = []
    changed = tuple(replace(b, title="Seat everyone", does=lambda _c: calls.append("drawn"))
                    if b.command == "seat_all" else b for b in ACTIONS)
    monkeypatch.setattr(command_map, "ACTIONS", changed)
    monkeypatch.setattr("ui.director.ACTIONS", changed)
    monkeypatch.setattr("ui.palette.ACTIONS", changed)
    w = open_window(qtbot, session)
    [act] = [a for a in w._menus["T&ables"].actions() if a.text() == "Seat everyone"]
    assert act.shortcut().toString() == "F6"
    act.trigger()
    [hit] = [s for s in suggestions(w.palette_parts, "seat everyone") if s.label.startswith("Seat everyone")]
    hit.run()
    assert calls == ["drawn", "drawn"]
    assert not w.session.state.tables  # only the table's action ran, not a seat draw of its own


def test_bespoke_rows_are_engine_commands_and_own_rows_are_not():
    from app.commands import catalogue

    declared = {d.name() for d in catalogue()}
    assert {b.command for b in BESPOKE} <= declared
    assert not {b.command for b in ACTIONS if b.own} & declared


def _with_rows(monkeypatch, changes: dict[str, dict[str, Any]]) -> tuple[command_map.Bespoke, ...]:
    """A copy of the table with some rows changed, read by the window, the players' controller and the palette."""
    changed = tuple(replace(b, **changes[b.command]) if b.command in changes and not b.own else b for b in ACTIONS)
    monkeypatch.setattr(command_map, "ACTIONS", changed)
    monkeypatch.setattr("ui.director.ACTIONS", changed)
    monkeypatch.setattr("ui.palette.ACTIONS", changed)
    return changed


def _deciding(qtbot, clock):
    w = open_window(qtbot, make_session(clock, "home-rebuy", players=12, seat=True, start=True))
    state = w.session.state
    pid = next(iter(state.tables[1].seats.values()))
    w.run({"cmd": "bust", "player": pid})
    assert state.players[pid].deciding
    return w, state.players[pid]


def _row_menu(w, pid: int) -> list[str]:
    return [a.text().split(":")[0] for a in w.players_ctl.row_menu(pid).actions() if not a.isSeparator()]


def test_the_rows_who_stack_and_row_menu_decide_the_player_picked_the_stack_and_the_row_menu(
        qtbot, clock, monkeypatch):
    w, p = _deciding(qtbot, clock)
    bar = w.player_panel.action_bar
    other = next(q for q in w.session.state.players.values() if q.live and not q.deciding)
    # the table as it is: F4 proposes the player deciding, the top-up takes a counted stack, the row menus
    w.players_ctl.begin("rebuy")
    assert bar.edit.text() == p.name
    w.players_ctl.begin("absent")
    assert bar.edit.text() == ""
    w.players_ctl.begin("addon")
    assert "Ana 700" in bar.edit.placeholderText()
    assert _row_menu(w, p.id) == ["Rebuy", "Declines the rebuy"]
    assert _row_menu(w, other.id) == ["Rebuy", "Absent", "Bust-out", "Lock the seat"]  # no add-on offered
    # the same window's controllers, on a table whose rows say otherwise
    _with_rows(monkeypatch, {
        "rebuy": {"who": None, "row_menu": None},
        "absent": {"who": command_map.deciding_first, "row_menu": command_map.RowPlace(0, deciding=True)},
        "addon": {"stack": False},
        "bust": {"row_menu": command_map.RowPlace(1, deciding=True, other=True)},
    })
    w.players_ctl.begin("rebuy")
    assert bar.edit.text() == ""
    w.players_ctl.begin("absent")
    assert bar.edit.text() == p.name
    w.players_ctl.begin("addon")
    assert "Ana 700" not in bar.edit.placeholderText()
    assert _row_menu(w, p.id) == ["Absent", "Bust-out", "Declines the rebuy"]
    assert _row_menu(w, other.id) == ["Bust-out", "Lock the seat"]


def test_a_rows_own_path_runs_for_the_player_picked_on_his_row_and_in_the_palette(qtbot, clock, monkeypatch):
    calls: list[tuple[str, str, int]] = []
    _with_rows(monkeypatch, {
        "bust": {"runs": None},
        "absent": {"runs": command_map.Runs(row=lambda _p, pid: calls.append(("row", "absent", pid)),
                                            palette=lambda _p, pid: calls.append(("palette", "absent", pid))),
                   "status": True},
    })
    w = open_window(qtbot, make_session(clock, players=12, seat=True, start=True))
    state = w.session.state
    ann = state.players[state.by_name["ann lee"]]
    [absent] = [a for a in w.players_ctl.row_menu(ann.id).actions() if a.text().startswith("Absent")]
    absent.trigger()
    [line] = [s for s in suggestions(w.palette_parts, "absent ann") if s.label.startswith("Absent: Ann Lee")]
    assert line.label == f"Absent: Ann Lee (#{ann.id}, {ann.status})"  # where he is, as a bust's line says
    line.run()
    assert calls == [("row", "absent", ann.id), ("palette", "absent", ann.id)]
    assert ann.absent_since is None  # the row's own path ran instead of the absence
    # the bust without its own path: its declaration runs for the player picked, as any other action
    [bust] = [a for a in w.players_ctl.row_menu(ann.id).actions() if a.text().startswith("Bust-out")]
    bust.trigger()
    assert not ann.live
    assert w.player_panel.action_bar.feedback.text() == "Bust-out: Ann Lee — done."
