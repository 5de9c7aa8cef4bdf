"""One table of the window's actions (ui.command_map.ACTIONS): the menus, the shortcuts and the palette
all read it, so an action's key, menu entry and palette line cannot drift apart."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QKeySequence

import ui.command_map as command_map
from tests.ui.conftest import open_window
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
