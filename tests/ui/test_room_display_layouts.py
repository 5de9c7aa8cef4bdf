"""The room display draws the chosen layout: the cycle and the event screens follow the window's clock,
a layout is chosen per window and remembered, a refused one is said in one sentence and the window keeps
the one it showed; the chimes still strike whatever shows."""

from __future__ import annotations

import pytest

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from screens.compose import picture_text
from screens.rotation import Announcement
from ui.display import RoomDisplay
from ui.display import settings as saved
from ui.display.chime import LEVEL_CHANGE, ONE_MINUTE
from ui.display.placement import DisplayController

LEVEL_S = 30 * 60  # the hat profile's levels


@pytest.fixture
def hat() -> tuple[Tournament, FakeClock]:
    clk = FakeClock()
    t = Tournament.create(load_profile("hat"), name="Thursday Hat", time=clk, seed=5)
    for i in range(12):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t, clk


def showing(display: RoomDisplay) -> str:
    display.refresh()
    assert display.view.picture is not None
    return display.view.picture.showing.screen.name


def clock_text(display: RoomDisplay) -> str:
    pic = display.view.picture
    assert pic is not None
    return next(b.content.text for b in pic.boxes if b.region.piece == "clock")


def test_the_display_draws_the_classic_preset_and_its_screens_take_turns(qtbot, hat) -> None:
    t, clk = hat
    display = RoomDisplay(t, clk, layout="classic-16x9", tick_ms=10_000)
    qtbot.addWidget(display)
    assert display.layout_id == "classic-16x9" and display.view.isVisibleTo(display)
    assert not display.panel.isVisibleTo(display)
    assert showing(display) == "Clock" and clock_text(display) == "30:00"
    clk.advance(45)  # the clock screen shows 45 s, then the payouts 15 s, then the chip leaders
    assert showing(display) == "Payouts"
    clk.advance(15)
    assert showing(display) == "Chip leaders" and clock_text(display) == "29:00"
    clk.advance(12)
    assert showing(display) == "Clock"
    assert "Thursday Hat" in picture_text(display.view.picture)


def test_events_show_their_screens_and_the_chimes_still_strike(qtbot, hat) -> None:
    t, clk = hat
    display = RoomDisplay(t, clk, layout="classic-16x9", tick_ms=10_000)
    qtbot.addWidget(display)
    clk.advance(LEVEL_S - 60)
    display.refresh()
    assert display.chimes == [ONE_MINUTE]
    clk.advance(61)
    assert showing(display) == "Level up"  # for its 20 seconds from the level's start
    assert display.chimes == [ONE_MINUTE, LEVEL_CHANGE]
    clk.advance(20)
    assert showing(display) == "Clock"
    display.set_announcements((Announcement("Dinner is served at the bar", clk.now() + 5, 30),))
    assert showing(display) == "Clock"
    clk.advance(5)
    assert showing(display) == "Announcement"
    assert "Dinner is served at the bar" in picture_text(display.view.picture)
    clk.advance(3 * LEVEL_S - 26 + 10)  # level 2 began 26 s ago; the hat's break comes after level 4
    assert showing(display) == "Break"


def test_a_refused_layout_is_said_in_one_sentence_and_the_last_good_one_stays(qtbot, hat, tmp_path) -> None:
    t, clk = hat
    bad = tmp_path / "layouts" / "our-room"
    bad.mkdir(parents=True)
    (bad / "layout.json").write_text('{"format": "floorman-layout", "version": 1, "name": "Ours", '
                                     '"aspect": "16:9", "screens": [{"name": "A", "columns": 2, "rows": 2, '
                                     '"regions": [{"col": 0, "row": 0, "piece": "no_such_piece"}]}]}')
    display = RoomDisplay(t, clk, layout="big-clock-16x9", layouts_folder=tmp_path / "layouts", tick_ms=10_000)
    qtbot.addWidget(display)
    before = display.view.picture
    with qtbot.waitSignal(display.layout_refused) as said:
        refused = display.set_layout("our-room")
    assert refused == said.args[0] and refused.count(".") == 1 and "no_such_piece" in refused
    assert display.layout_id == "big-clock-16x9" and display.room_layout is not None
    assert display.room_layout.name == "Big clock" and display.view.picture is not None
    assert display.view.picture.showing.screen == before.showing.screen
    assert display.set_layout("nowhere").startswith("There is no layout")
    assert display.layout_id == "big-clock-16x9"
    # the menu lists the refused one greyed, with why, beside the presets
    menu = display.menu()
    layouts = next(a.menu() for a in menu.actions() if a.menu() is not None)
    words = {a.text(): a.isEnabled() for a in layouts.actions()}
    assert words["Classic 16:9"] and words["Big clock 16:9"]
    assert any(w.startswith("our-room: refused") and not on for w, on in words.items())


def test_the_layout_chosen_in_the_menu_is_remembered_for_next_night(qtbot, hat, user_data) -> None:
    t, clk = hat
    ctl = DisplayController(t, None, clk)
    display = ctl.open()
    qtbot.addWidget(display)
    assert display.layout_id == "classic-16x9"  # the default: the classic preset
    menu = display.menu()
    layouts = next(a.menu() for a in menu.actions() if a.menu() is not None)
    next(a for a in layouts.actions() if a.text() == "Big clock 16:9").trigger()
    assert display.layout_id == "big-clock-16x9" and saved.load().layout == "big-clock-16x9"
    assert ctl.set_layout("nowhere").startswith("There is no layout")
    assert saved.load().layout == "big-clock-16x9"
    next(a for a in layouts.actions() if a.text().startswith("Fixed design")).trigger()
    assert display.room_layout is None and display.panel.isVisibleTo(display) and saved.load().layout == ""
    ctl.close()


def test_the_picture_is_composed_once_a_second_not_at_every_tick(qtbot, hat) -> None:
    """The window ticks 20 times a second for the chimes' moments; the layout's words change once a
    second at most, so the picture is composed (and its boxes laid out) once."""
    t, clk = hat
    display = RoomDisplay(t, clk, layout="classic-16x9", tick_ms=10_000)
    qtbot.addWidget(display)
    display.view.drawn()
    shown = display.view.picture
    made = display.view.layouts_made
    for _ in range(19):
        clk.advance(0.05)
        display.refresh()
    assert display.view.picture is shown and display.view.layouts_made == made
    clk.advance(0.05)
    display.refresh()
    assert display.view.picture is not shown and clock_text(display) == "29:59"
    t.execute({"cmd": "bust", "player": "Player 1"})  # the tournament changed: composed at once
    before = display.view.picture
    display.refresh()
    assert display.view.picture is not before


def test_the_directors_view_menu_chooses_the_room_displays_layout(qtbot, user_data) -> None:
    from tests.ui.conftest import open_window
    from ui.session import Session

    t = Tournament.create(load_profile("tda"), name="Layouts", time=FakeClock(), seed=3)
    w = open_window(qtbot, Session.in_memory(t))
    w.fill_display_layouts()
    entries = {a.text(): a for a in w.display_layout_menu.actions()}
    assert entries["Classic 16:9"].isChecked() and not entries["Sponsors 9:16"].isChecked()
    entries["Sponsors 9:16"].trigger()  # chosen before the display opens: remembered, shown when it does
    assert saved.load().layout == "sponsors-9x16"
    w.choose_display_layout("nowhere")  # refused before the display opens too: nothing remembered
    assert w.statusBar().currentMessage().startswith("There is no layout") and saved.load().layout == "sponsors-9x16"
    w.act_room_display()
    assert w.display.layout_id == "sponsors-9x16" and w.display.view.isVisibleTo(w.display)
    w.choose_display_layout("nowhere")
    assert w.statusBar().currentMessage().startswith("There is no layout 'nowhere'")
    assert w.display.layout_id == "sponsors-9x16" and saved.load().layout == "sponsors-9x16"
    w.fill_display_layouts()
    assert next(a for a in w.display_layout_menu.actions() if a.text() == "Sponsors 9:16").isChecked()
    w.close()


def test_a_layout_refused_when_the_display_opens_gives_way_to_the_classic_preset(qtbot, hat, tmp_path) -> None:
    """The layout remembered from last night was deleted or spoiled since: no last good one yet, so the
    classic preset shows, and why is kept in one sentence."""
    t, clk = hat
    (tmp_path / "gone").mkdir()
    (tmp_path / "gone" / "layout.json").write_text("{not json")
    display = RoomDisplay(t, clk, layout="gone", layouts_folder=tmp_path, tick_ms=10_000)
    qtbot.addWidget(display)
    assert display.layout_id == "classic-16x9" and showing(display) == "Clock"
    assert display.refusal.startswith("The layout file is not JSON")
    assert display.refusal.count(". ") == 0 and display.refusal.endswith(".")


def test_the_directors_announcement_shows_on_the_layouts_announcement_screen(qtbot, hat) -> None:
    t, clk = hat
    display = RoomDisplay(t, clk, layout="big-clock-16x9", tick_ms=10_000)
    qtbot.addWidget(display)
    assert showing(display) == "Clock"
    t.execute({"cmd": "announce", "text": "Seat open at table 2", "seconds": 30})
    assert showing(display) == "Announcement"
    assert "Seat open at table 2" in picture_text(display.view.picture)
    clk.advance(31)
    assert showing(display) == "Clock"


def test_a_venue_layout_saved_again_is_read_again_when_the_editor_closes(qtbot, user_data) -> None:
    import msgspec

    from screens.layout import find_layout, save_layout
    from tests.ui.conftest import open_window
    from ui.session import Session

    folder = user_data / "layouts" / "ours"
    save_layout(msgspec.structs.replace(find_layout("classic-16x9"), name="Ours"), folder)
    t = Tournament.create(load_profile("tda"), name="Edited", time=FakeClock(), seed=3)
    w = open_window(qtbot, Session.in_memory(t))
    w.choose_display_layout("ours")
    w.act_room_display()
    assert w.display.room_layout is not None and w.display.room_layout.name == "Ours"
    save_layout(msgspec.structs.replace(find_layout("big-clock-16x9"), name="Ours, bigger"), folder)
    w.reload_display_layout()
    assert w.display.room_layout.name == "Ours, bigger" and w.display.layout_id == "ours"
    (folder / "layout.json").write_text('{"format": "floorman-layout", "version": 9}')
    w.reload_display_layout()  # spoiled since: said, and the display keeps what it showed
    assert w.display.room_layout.name == "Ours, bigger"
    assert "version 9" in w.statusBar().currentMessage()
    w.close()
