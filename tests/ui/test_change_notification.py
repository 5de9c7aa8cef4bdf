"""Only the panes whose view changed are redrawn; the clock's tick repaints the clock only."""

from __future__ import annotations

from typing import ClassVar

from app.events.base import Aspect, Event


class ClockOnly(Event, tag="test_clock_only"):
    """An event its class says changes the clock alone (as a typed clock event will)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"clock"})


def test_a_command_redraws_only_the_panes_it_changed(qtbot, window):
    window.tables_ctl.act_seat_draw()
    window.run({"cmd": "start_clock"})
    before = window.panes.rebuilds()
    structure = window.clock_ctl.structure_rebuilds
    window.refresh([ClockOnly()])  # what the engine says the command changed: the clock, nothing else
    after = window.panes.rebuilds()
    assert after["players"] == before["players"] and after["tables"] == before["tables"]
    assert after["payouts"] == before["payouts"]
    assert window.clock_ctl.structure_rebuilds == structure + 1
    ann = window.session.state.by_name["ann lee"]
    window.run({"cmd": "bust", "player": ann})
    busted = window.panes.rebuilds()
    assert busted["players"] == after["players"] + 1 and busted["tables"] == after["tables"] + 1


def test_clock_ticks_never_rebuild_the_structure_until_the_level_changes(qtbot, window, clock):
    window.run({"cmd": "start_clock"})
    panes = window.panes.rebuilds()
    structure = window.clock_ctl.structure_rebuilds
    for _ in range(40):  # ten seconds of ticks
        clock.advance(0.25)
        window.tick()
    assert window.clock_ctl.structure_rebuilds == structure and window.panes.rebuilds() == panes
    clock.advance(60 * 60)  # into another level: the structure table follows the current level
    window.tick()
    assert window.clock_ctl.structure_rebuilds == structure + 1
