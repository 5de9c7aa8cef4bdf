"""The chip leaders view: the biggest stacks in play, biggest first, from one frozen read."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace

import pytest

from app import views
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile


def player(pid: int, name: str, stack: int, status: str = "seated") -> views.PlayerView:
    return views.PlayerView(pid, name, status, stack, 1, pid, None, 1, 0, 1, 0)


def test_top_five_stacks_in_play_biggest_first() -> None:
    t = Tournament.create(load_profile("tda"), name="Leaders", time=FakeClock(), seed=1)
    t.execute({"cmd": "register", "name": "Ann"})
    base = views.read(t.state)
    view = replace(base, field=replace(base.field, chips_counted=True), players=(
        player(1, "Ann", 20_000), player(2, "Bo", 45_000), player(3, "Cy", 0), player(4, "Di", 9_000, "out"),
        player(5, "Ed", 20_000), player(6, "Flo", 31_000), player(7, "Gus", 1_000), player(8, "Hal", 500),
    ))
    leaders = views.chip_leaders(view)
    assert [(c.rank, c.name, c.stack) for c in leaders] == [
        (1, "Bo", 45_000), (2, "Flo", 31_000), (3, "Ann", 20_000), (3, "Ed", 20_000), (5, "Gus", 1_000),
    ]
    assert [c.name for c in views.chip_leaders(view, 2)] == ["Bo", "Flo"]
    with pytest.raises(FrozenInstanceError):
        leaders[0].stack = 1  # type: ignore[misc]


def test_a_real_field_reads_its_stacks_once_counted() -> None:
    t = Tournament.create(load_profile("tda"), name="Leaders", time=FakeClock(), seed=1)
    for name in ("Ann", "Bo", "Cy"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    # Before any chip count every stack is the starting stack: no chip leaders, in the view or the window's read.
    assert views.chip_leaders(views.read(t.state)) == () and views.top_stacks(t.state) == ()
    start = t.state.players[1].stack
    t.execute({"cmd": "chip_count", "counts": {"Ann": start - 500, "Bo": start + 500, "Cy": start}})
    leaders = views.chip_leaders(views.read(t.state))
    assert [(c.rank, c.name, c.stack) for c in leaders] == [(1, "Bo", start + 500), (2, "Cy", start),
                                                           (3, "Ann", start - 500)]
    assert [c.name for c in views.top_stacks(t.state)] == ["Bo", "Cy", "Ann"]
