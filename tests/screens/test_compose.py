"""A screen's picture for a renderer: the screen that shows, each region's box and words, colours resolved
(the level's background, the game's colour in mixed games), the announcement and the page carried in."""

from __future__ import annotations

import msgspec
import pytest

from app.api import FakeClock, Tournament, build_demo, load_profile, views
from screens.compose import compose, picture_text
from screens.layout import LayoutError, Region, check_layout, find_layout
from screens.pieces import render_piece, room_input
from screens.rotation import PAGE_SECONDS, Announcement, moments_of, showing


@pytest.fixture(scope="module")
def demo() -> Tournament:
    return build_demo(players=200)


def test_the_picture_places_every_region_with_the_words_of_its_piece(demo: Tournament) -> None:
    layout = find_layout("classic-16x9")
    now = demo.time.now()
    room = room_input(demo, now)
    moments = moments_of(room.view)
    pic = compose(layout, room, moments, now)
    screen = showing(layout, moments, now).screen
    assert pic.showing.screen == screen and len(pic.boxes) == len(screen.regions)
    for box, region in zip(pic.boxes, screen.regions):
        assert (box.x, box.y) == (region.col / screen.columns, region.row / screen.rows)
        assert 0 < box.w <= 1 and 0 < box.h <= 1 and box.x + box.w <= 1 and box.y + box.h <= 1
        assert box.font == layout.theme.font
    paged = room_input(demo, now, page=pic.showing.page(now))
    assert picture_text(pic) == "\n".join(t for t in (render_piece(r.piece, paged).text for r in screen.regions) if t)
    clock = next(b for b in pic.boxes if b.region.piece == "clock")
    assert clock.content.lines[0].text == room.view.clock.time_text
    assert clock.colour_for("strong") == layout.theme.foreground
    assert clock.colour_for("muted") == layout.theme.muted and clock.colour_for("alert") == layout.theme.alert


def test_the_payouts_page_turns_while_the_screen_shows(demo: Tournament) -> None:
    layout = find_layout("classic-16x9")
    now = demo.time.now()
    room = room_input(demo, now)
    moments = moments_of(room.view)
    start = now
    while showing(layout, moments, start).screen.name != "Payouts":
        start += 1
    since = showing(layout, moments, start).since
    first = compose(layout, room, moments, since + 1)
    second = compose(layout, room, moments, since + PAGE_SECONDS + 1)
    pay = [next(b for b in p.boxes if b.region.piece == "payouts").content for p in (first, second)]
    assert (pay[0].page, pay[1].page) == (0, 1) and pay[0].rows != pay[1].rows


def test_an_announcement_shows_the_directors_words(demo: Tournament) -> None:
    layout = find_layout("big-clock-16x9")
    now = demo.time.now()
    room = room_input(demo, now)
    pic = compose(layout, room, moments_of(room.view, (Announcement("Dinner break at 8", now - 1),)), now)
    assert pic.showing.screen.name == "Announcement"
    assert next(b for b in pic.boxes if b.region.piece == "announcement").content.text == "Dinner break at 8"


def hat(*games: str) -> Tournament:
    t = Tournament.create(load_profile("hat"), time=FakeClock(1_800_000_000.0), seed=0)
    t.state.games.clear()
    t.rng.dictate(*games)
    t.execute({"cmd": "start_clock"})
    return t


def test_mixed_games_colour_the_game_by_game_and_a_level_may_have_its_background() -> None:
    layout = find_layout("mixed-games-16x9")
    for games, name in ((("razz", "holdem"), "Razz"), (("holdem", "razz"), "Texas Hold'em")):
        t = hat(*games)
        now = t.time.now() + 1
        room = room_input(t, now)
        pic = compose(layout, room, (), now)
        game = next(b for b in pic.boxes if b.region.piece == "game")
        assert game.content.text.endswith(name)
        assert game.colour == layout.theme.game_colours[name] == pic.accent
    theme = msgspec.structs.replace(layout.theme, level_backgrounds={"1": "#223344", "2": "felt.png"})
    own = msgspec.structs.replace(layout, theme=theme)
    t = hat("razz", "holdem")
    pic = compose(own, room_input(t, t.time.now()), (), t.time.now())
    assert pic.background == "#223344" and pic.background_image == ""
    later = t.time.now() + views.structure(t).rows[0].minutes * 60 + 1
    pic = compose(own, room_input(t, later), (), later)
    assert pic.background_image == "felt.png" and pic.background == layout.theme.background


def test_a_region_may_name_a_theme_colour_and_nothing_else() -> None:
    layout = find_layout("classic-16x9")
    screen = layout.screens[0]
    bad = msgspec.structs.replace(screen, regions=(Region(0, 0, piece="clock", colour="sparkly"),))
    with pytest.raises(LayoutError) as caught:
        check_layout(msgspec.structs.replace(layout, screens=(bad,)), ())
    assert caught.value.code == "BAD_COLOUR" and "accent" in caught.value.message
