"""The room display follows the engine's clock, with injected time: levels, breaks, pauses, overtime."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QImage, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from screens.frame import BREAK, LAST_MINUTE, OVERTIME, PAUSED, RUNNING
from ui.display import RoomDisplay
from ui.display.chime import BREAK_END, LEVEL_CHANGE, ONE_MINUTE
from ui.display.sound import BELL, SILENT, ChimePlayer

LEVEL_S = 30 * 60  # the hat profile's levels


@pytest.fixture
def room(qtbot):
    clk = FakeClock()
    t = Tournament.create(load_profile("hat"), name="Thursday Hat", time=clk, seed=5)
    for i in range(12):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    display = RoomDisplay(t, clk)
    qtbot.addWidget(display)
    display.show()
    qtbot.waitExposed(display)
    return t, clk, display


def shown(display: RoomDisplay) -> str:
    return display.panel.clock.text()


def test_level_changes_within_100_ms_of_its_end(room, qtbot) -> None:
    t, clk, display = room
    assert display.frame.level_key == (1, False) and shown(display) == "30:00"
    clk.advance(LEVEL_S - 61)
    qtbot.waitUntil(lambda: shown(display) == "1:01", timeout=1000)
    clk.advance(1)
    qtbot.waitUntil(lambda: display.frame.mode == LAST_MINUTE, timeout=1000)
    assert shown(display) == "1:00" and display.chimes == [ONE_MINUTE]
    clk.advance(59.5)
    qtbot.waitUntil(lambda: shown(display) == "0:01", timeout=1000)
    clk.advance(0.5)  # the level ends now
    began = time.monotonic()
    qtbot.waitUntil(lambda: display.frame.level_key == (2, False), timeout=1000)
    assert time.monotonic() - began < 0.1
    assert shown(display) == "30:00" and display.panel.level.text().startswith("LEVEL 2")
    assert display.chimes == [ONE_MINUTE, LEVEL_CHANGE]


def test_break_screen_appears_and_goes(room, qtbot) -> None:
    t, clk, display = room
    running_bg = display.panel.palette().color(display.panel.backgroundRole()).name()
    clk.advance(4 * LEVEL_S + 1)
    qtbot.waitUntil(lambda: display.frame.mode == BREAK, timeout=1000)
    panel = display.panel
    assert panel.strip.isVisible() and panel.strip.text() == "BREAK"
    assert panel.level.text() == "BREAK after level 4"
    assert panel.bets.text().startswith("Chip race: red 5")
    assert shown(display) == "9:59"
    assert panel.palette().color(panel.backgroundRole()).name() != running_bg
    clk.advance(10 * 60)
    qtbot.waitUntil(lambda: display.frame.mode == RUNNING, timeout=1000)
    assert panel.level.text().startswith("LEVEL 5") and not panel.strip.isVisible()
    assert display.chimes[-2:] == [LEVEL_CHANGE, BREAK_END]


def test_pause_shows_the_paused_state_with_the_blinds(room, qtbot) -> None:
    t, clk, display = room
    clk.advance(100)
    t.execute({"cmd": "pause_clock", "reason": "Dispute at table 2"})
    qtbot.waitUntil(lambda: display.frame.mode == PAUSED, timeout=1000)
    frozen = shown(display)
    assert frozen == "28:20" and display.panel.strip.text() == "PAUSED"
    assert display.panel.bets.text().startswith("Blinds 15/25")
    assert display.panel.notice.text() == "Dispute at table 2"
    clk.advance(600)
    qtbot.wait(120)
    assert shown(display) == frozen
    t.execute({"cmd": "resume_clock"})
    clk.advance(20)
    qtbot.waitUntil(lambda: shown(display) == "28:00", timeout=1000)
    assert display.frame.mode == RUNNING


def test_overtime_shows_when_the_structure_runs_out(room, qtbot) -> None:
    t, clk, display = room
    t.execute({"cmd": "jump_to_level", "level": 15})
    clk.advance(LEVEL_S + 75)
    qtbot.waitUntil(lambda: display.frame.mode == OVERTIME, timeout=1000)
    assert shown(display) == "+01:15"
    assert display.panel.strip.text() == "OVERTIME"
    assert display.panel.values["next"].text() == "Last level"


def test_director_actions_show_at_the_next_repaint(room, qtbot) -> None:
    t, clk, display = room
    assert display.panel.values["players"].text() == "12 / 12"
    t.execute({"cmd": "bust", "player": "Player 3"})
    qtbot.waitUntil(lambda: display.panel.values["players"].text() == "11 / 12", timeout=1000)


def test_a_broken_read_keeps_the_last_picture(room, qtbot, caplog) -> None:
    t, clk, display = room
    before = shown(display)

    def broken(state, now):
        raise RuntimeError("disk gone")

    display.source._clock_fn = broken
    display.refresh()
    display.refresh()
    assert shown(display) == before
    assert [r.message for r in caplog.records].count("the room display could not read the tournament") == 1
    assert display.timer.isActive()


def double_click(widget) -> None:
    """A double-click delivered as the window system does (QTest would activate the window first)."""
    point = QPointF(widget.rect().center())
    event = QMouseEvent(QEvent.Type.MouseButtonDblClick, point, widget.mapToGlobal(point), Qt.MouseButton.LeftButton,
                        Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def test_escape_double_click_and_menu_leave_full_screen(room, qtbot) -> None:
    t, clk, display = room
    display.enter_full_screen()
    assert display.isFullScreen()
    # The display never takes the keyboard (the director's F11 toggles it); a key sent to it still works.
    QApplication.sendEvent(display, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier))
    assert not display.isFullScreen()
    double_click(display.panel.clock)
    assert display.isFullScreen()
    double_click(display.panel.clock)
    assert not display.isFullScreen()
    display.enter_full_screen()
    menu = display.menu()
    leave = next(a for a in menu.actions() if a.text().startswith("Leave full screen"))
    leave.trigger()
    assert not display.isFullScreen()


def test_sound_is_silent_in_tests_and_says_so_once(qtbot) -> None:
    player = ChimePlayer()
    assert player.backend == SILENT
    with qtbot.waitSignal(player.message) as said:
        assert player.strike(LEVEL_CHANGE) is False
    assert "silently" in said.args[0]
    with qtbot.assertNotEmitted(player.message):
        player.strike(ONE_MINUTE)
    assert player.played == []


def test_mute_switch(qtbot) -> None:
    player = ChimePlayer(backend=BELL)
    assert player.strike(ONE_MINUTE) is True
    with qtbot.waitSignal(player.muted_changed):
        player.set_muted(True)
    assert player.strike(LEVEL_CHANGE) is False
    assert player.played == [ONE_MINUTE]


def test_repaints_at_least_ten_times_a_second(room, qtbot) -> None:
    t, clk, display = room
    seen: list[float] = []
    display.timer.timeout.connect(lambda: seen.append(time.monotonic()))
    qtbot.wait(600)
    assert len(seen) >= 6
    assert max(b - a for a, b in zip(seen, seen[1:])) < 0.1


def test_screenshots_for_the_demo(room, tmp_path) -> None:
    t, clk, display = room
    from ui.display import save_display_screenshots

    paths = save_display_screenshots(t, tmp_path, clk)
    assert [p.name for p in paths] == ["display.png", "display-720.png"]
    for path, (width, height) in zip(paths, [(1920, 1080), (1280, 720)]):
        image = QImage(str(path))
        assert (image.width(), image.height()) == (width, height)
        middle = [image.pixelColor(x, height // 2).lightness() for x in range(0, width, 4)]
        assert max(middle) > 200 and min(middle) < 40, "the clock's digits are drawn on the dark background"


def test_bubble_and_money_states_follow_the_field(room, qtbot) -> None:
    t, clk, display = room
    for n in range(4, 12):
        t.execute({"cmd": "bust", "player": f"Player {n}"})
    qtbot.waitUntil(lambda: display.panel.values["players"].text() == "4 / 12", timeout=1000)
    assert display.frame.badges[0] == "BUBBLE" and display.panel.strip.isVisible()
    t.execute({"cmd": "bust", "player": "Player 12"})
    qtbot.waitUntil(lambda: display.panel.values["players"].text() == "3 / 12", timeout=1000)
    assert "BUBBLE" not in display.frame.badges
    assert display.frame.badges[0] in ("FINAL TABLE", "IN THE MONEY")
