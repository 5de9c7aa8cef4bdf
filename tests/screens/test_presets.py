"""The shipped presets: each loads with every check, has a screen for every event, keeps the clock in sight
on every screen, reads from the far end of a room (the clock's and the bets' letters measured on a 55-inch
set), fits its regions, draws on the demo, and each serves its own purpose."""

from __future__ import annotations

import math

import pytest

from app.api import build_demo
from screens.layout import ASPECTS, EVENTS, Layout, Region, Screen, list_layouts, load_layout, preset_paths
from screens.pieces import render_piece, room_input

PRESETS = ("classic", "big-clock", "sponsors", "mixed-games")
SUFFIX = {"16:9": "16x9", "9:16": "9x16"}
# A 55-inch set, the common venue TV: its height in centimetres, upright or not.
DIAGONAL_CM = 55 * 2.54
HEIGHT_CM = {"16:9": DIAGONAL_CM * 9 / math.hypot(16, 9), "9:16": DIAGONAL_CM * 16 / math.hypot(16, 9)}
PIXELS = {"16:9": (1920, 1080), "9:16": (1080, 1920)}
CLOCK_EM = 2.9  # "20:00" in DejaVu Sans Bold is about 2.9 times the font's size wide
CLOCKS = ("clock", "break_countdown")


def presets() -> dict[str, Layout]:
    return {p.stem: load_layout(p) for p in preset_paths()}


def test_every_shipped_preset_loads_for_both_shapes() -> None:
    shipped = presets()
    assert sorted(shipped) == sorted(f"{name}-{SUFFIX[a]}" for name in PRESETS for a in ASPECTS)
    for key, layout in shipped.items():
        assert key.endswith(SUFFIX[layout.aspect]) and layout.description
    entries = [e for e in list_layouts() if e.source == "preset"]
    assert len(entries) == 8 and all(e.layout is not None and not e.error for e in entries)


def test_every_preset_answers_every_event_and_keeps_the_clock_in_sight() -> None:
    for key, layout in presets().items():
        assert {s.event for s in layout.screens if s.event} == set(EVENTS), key
        for screen in layout.screens:
            assert {r.piece for r in screen.regions} & set(CLOCKS), (key, screen.name)


def cell(screen: Screen, region: Region, aspect: str) -> tuple[float, float]:
    """A region's width and height in pixels at full HD."""
    w, h = PIXELS[aspect]
    return region.width * w / screen.columns, region.height * h / screen.rows


def test_every_region_fits_its_main_line_and_the_clock_fits_its_width() -> None:
    for key, layout in presets().items():
        for screen in layout.screens:
            for r in screen.regions:
                width, height = cell(screen, r, layout.aspect)
                assert r.size * PIXELS[layout.aspect][1] <= height, (key, screen.name, r.piece)
                if r.piece in CLOCKS:
                    assert CLOCK_EM * r.size * PIXELS[layout.aspect][1] <= 0.96 * width, (key, screen.name)


def letters_cm(layout: Layout, piece: str) -> float:
    """How tall the piece's text is drawn on the first screen of the cycle of a 55-inch set."""
    main = layout.cycle()[0]
    sizes = [r.size for r in main.regions if r.piece == piece]
    assert sizes, (layout.name, piece)
    return max(sizes) * HEIGHT_CM[layout.aspect]


@pytest.mark.parametrize("key", [f"{n}-{s}" for n in PRESETS for s in SUFFIX.values()])
def test_the_clock_and_the_bets_read_from_fifteen_metres(key: str) -> None:
    """A letter read at 15 m wants about 5 cm (the bets) and the clock far more: letters on the 55-inch set."""
    layout = presets()[key]
    assert letters_cm(layout, "clock") >= 15
    assert letters_cm(layout, "blinds") >= 5
    for event in ("level_up", "break"):
        screen = layout.for_event(event)
        assert screen is not None
        biggest = max(r.size for r in screen.regions if r.piece in (*CLOCKS, "blinds"))
        assert biggest * HEIGHT_CM[layout.aspect] >= 9, (key, event)


def test_the_presets_differ_in_purpose() -> None:
    shipped = presets()
    for aspect in SUFFIX.values():
        classic, big, sponsors, mixed = (shipped[f"{n}-{aspect}"] for n in PRESETS)
        cycle_pieces = {name: {r.piece for s in lay.cycle() for r in s.regions}
                        for name, lay in zip(PRESETS, (classic, big, sponsors, mixed))}
        # the big clock: one screen, the clock the biggest of all, little else
        assert len(big.cycle()) == 1 and len(big.cycle()[0].regions) <= 6
        assert letters_cm(big, "clock") > max(letters_cm(lay, "clock") for lay in (classic, sponsors, mixed))
        # classic: payouts and chip leaders take turns with the clock
        assert {"payouts", "chip_leaders", "average_stack", "prize_pool"} <= cycle_pieces["classic"]
        # sponsors: a banner on the main screen and a full screen of it, the phones' code and the house rules
        assert "sponsor_banner" in {r.piece for r in sponsors.cycle()[0].regions}
        assert {"phones_qr", "house_rules"} <= cycle_pieces["sponsors"] and sponsors.theme.banners
        # mixed games: the game first, coloured by game, and the levels ahead
        assert {"game", "next_levels"} <= cycle_pieces["mixed-games"] and len(mixed.theme.game_colours) >= 8
        assert "sponsor_banner" not in cycle_pieces["classic"] | cycle_pieces["mixed-games"]


def test_every_region_of_every_preset_draws_on_the_demo() -> None:
    t = build_demo(players=120)
    room = room_input(t, t.time.now(), venue="Casino", house_rules="No phones", phones_url="http://10.0.0.2/")
    for key, layout in presets().items():
        for screen in layout.screens:
            for r in screen.regions:
                content = render_piece(r.piece, room)
                if r.piece in ("clock", "blinds", "level", "event_name", "game", "players", "prize_pool"):
                    assert not content.empty, (key, screen.name, r.piece)
