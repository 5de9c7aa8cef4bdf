"""The director's window is built in named steps (widgets, layout, controllers, panes, menus,
connections), each short enough to read at once; the steps still give the whole window."""

from __future__ import annotations

import inspect

from ui.director import DirectorWindow

STEPS = ("_make_widgets", "_lay_out", "_make_controllers", "_add_panes", "_build_menus", "_connect", "_start")


def _lines(method: object) -> int:
    return len(inspect.getsource(method).splitlines())  # type: ignore[arg-type]


def test_the_window_is_built_in_short_named_steps():
    init = inspect.getsource(DirectorWindow.__init__)
    assert _lines(DirectorWindow.__init__) <= 30
    for step in STEPS:
        assert f"self.{step}(" in init, step
        assert _lines(getattr(DirectorWindow, step)) <= 80, step


def test_the_steps_give_the_whole_window(window):
    assert window.centralWidget() is not None
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == [
        "Tables", "Clock && Structure", "Payouts && Results", "History", "League"]
    assert window.split.widget(0) is window.player_panel and window.split.widget(1) is window.tabs
    assert window.panes.by_name.keys() >= {"players", "tables", "payouts", "leaders", "strip"}
    assert window.ticker.isActive()
