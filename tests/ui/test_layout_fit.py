"""Every preset fits every screen it is drawn on: each screen of each preset, on the demo tournament and on
its busy moments (the break with its colour-up, the final table seated, the payouts' second page), at
1280x720, 1920x1080 and 3840x2160 for the 16:9 presets and 1080x1920 for the 9:16 ones.

Measured from the renderer's own layout of the text (:meth:`LayoutView.drawn`: each line's font and
rectangle, checked again with the font's metrics): no line is wider than its box (nothing cut), none
leaves its box, no two lines overlap (so no region's words run into the next region's), and the clock's
digits are high enough to read across the room.

How high is high enough. A digit is read comfortably when it spans about 15 minutes of arc (three times
what a 20/20 eye resolves for a letter), that is a height of 1/230 of the distance. A card room seats
players up to 12 m from its screen; the screens are TVs around 55 inches, 0.68 m high in landscape. A
digit read from 12 m needs 12 / 230 = 0.052 m, 7.7 % of that screen's height: :data:`MAIN_CLOCK` (8 %)
holds the clock of a screen whose main piece it is (the cycle's first screen, the level up, the break).
On the other screens the clock is a corner reminder read from the nearer tables, 6 m: 3.8 %, so
:data:`CORNER_CLOCK` (4 %). A 9:16 screen (the TV on its side) is 16/9 as high for the same width, so the
same digits are 9/16 of its height: the fractions are scaled by 9/16 there.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

import msgspec
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF

from app.api import Tournament
from screens.compose import Picture, compose
from screens.layout import Layout, Screen, find_layout, preset_paths
from screens.pieces import room_input
from screens.rotation import PAGE_SECONDS, showing
from tests.screens.moments import busy_moments
from ui.display.layout_view import MIN_PIXELS, DrawnLine, LayoutView

PRESETS = sorted(p.stem for p in preset_paths())
SIZES = {"16:9": ((1280, 720), (1920, 1080), (3840, 2160)), "9:16": ((1080, 1920),)}
MAIN_CLOCK = 0.08  # of a 16:9 screen's height: the clock read from 12 m (see the module's docstring)
CORNER_CLOCK = 0.04  # the clock read from 6 m, on a screen whose main piece is something else
MAIN_SCREENS = {"level_up", "break", "hand_for_hand"}  # event screens whose main piece is the clock
CLOCKS = {"clock", "break_countdown"}  # the pieces that show the clock's digits
EPS = 0.5  # pixels: rounding of the rectangles


@dataclass(frozen=True)
class Moment:
    name: str
    tournament: Tournament
    now: float
    page: int = 0  # the page the paged pieces show


@pytest.fixture(scope="module")
def moments() -> tuple[Moment, ...]:
    return measured_moments()


def measured_moments() -> tuple[Moment, ...]:
    """The moments every preset is measured at (the busy ones, and the payouts' second page)."""
    (_, demo, now), (_, _, brk), (_, ft, ft_now) = busy_moments()
    return (Moment("running", demo, now), Moment("break with colour-up", demo, brk),
            Moment("payouts page 2", demo, now, page=1), Moment("final table", ft, ft_now))


def alone(layout: Layout, screen: Screen) -> Layout:
    """The layout showing ``screen`` and nothing else (an event screen too), for a long time."""
    return msgspec.structs.replace(layout, screens=(msgspec.structs.replace(screen, event=None, seconds=100_000),))


def picture_of(layout: Layout, screen: Screen, m: Moment) -> Picture:
    only = alone(layout, screen)
    since = showing(only, (), m.now).since
    at = since + m.page * PAGE_SECONDS + 1 if m.page else m.now
    room = room_input(m.tournament, at, phones_url="http://192.168.1.20:8080/", venue="The Card Room",
                      house_rules="Phones off the table during a hand\nEnglish only at the table\n"
                                  "One player to a hand\nThe dealer's count is final")
    return compose(only, room, (), at)


def cases() -> Iterator[tuple[str, int, int]]:
    for preset in PRESETS:
        aspect = "9:16" if preset.endswith("9x16") else "16:9"
        for w, h in SIZES[aspect]:
            yield preset, w, h


def overlap(a: QRectF, b: QRectF) -> float:
    i = a.intersected(b)
    return 0.0 if i.isEmpty() else min(i.width(), i.height())


@pytest.mark.parametrize(("preset", "width", "height"), list(cases()))
def test_every_screen_of_every_preset_fits_and_its_clock_reads_across_the_room(
        qapp, moments, preset: str, width: int, height: int) -> None:
    layout = find_layout(preset)
    view = LayoutView()
    view.resize(width, height)
    checked = 0
    for screen, m in itertools.product(layout.screens, moments):
        where = f"{preset} {width}x{height}, screen {screen.name!r}, {m.name}"
        measure(view, layout, screen, picture_of(layout, screen, m), where)
        checked += 1
    assert checked == len(layout.screens) * len(moments)
    view.deleteLater()


def measure(view: LayoutView, layout: Layout, screen: Screen, pic: Picture, where: str) -> list[DrawnLine]:
    """Draw ``pic`` in ``view`` and check it: every word drawn, none cut, none out of its region, none over
    another, the clock's digits high enough; the lines drawn."""
    portrait, height = layout.aspect == "9:16", view.height()
    view.show_picture(pic)
    lines = view.drawn()
    said = [ln.text for b in pic.boxes for ln in b.content.lines] + \
        [c for b in pic.boxes for row in (b.content.header, *b.content.rows) for c in row]
    assert sorted(ln.text for ln in lines) == sorted(t for t in said if t), where  # every word drawn
    for ln in lines:
        box = view.box_rect(pic.boxes[ln.box])
        metrics = QFontMetricsF(ln.font)
        assert ln.font.pixelSize() > MIN_PIXELS, f"{where}: {ln.text!r} would be too small to draw"
        assert metrics.horizontalAdvance(ln.text) <= min(ln.rect.width(), box.width()) + EPS, \
            f"{where}: {ln.text!r} is cut"
        assert metrics.height() <= ln.rect.height() + EPS
        assert box.adjusted(-EPS, -EPS, EPS, EPS).contains(ln.rect), \
            f"{where}: {ln.text!r} leaves its region ({ln.rect} in {box})"
    for a, b in itertools.combinations(lines, 2):
        assert overlap(a.rect, b.rect) <= EPS, f"{where}: {a.text!r} overlaps {b.text!r}"
    clock = sorted((ln for ln in lines if pic.boxes[ln.box].region.piece in CLOCKS),
                   key=lambda ln: -ln.font.pixelSize())  # its digits: the box's largest line
    if clock:
        main = screen == layout.cycle()[0] or screen.event in MAIN_SCREENS
        need = (MAIN_CLOCK if main else CORNER_CLOCK) * (9 / 16 if portrait else 1)
        digits = QFontMetricsF(clock[0].font).tightBoundingRect("0123456789").height()
        assert digits / height >= need, f"{where}: the clock's digits are {digits / height:.3f} of the height"
    return lines


def test_the_busy_moments_are_busy(moments) -> None:
    """The moments above show what they claim: the colour-up on the break, the final table's seats, the
    payouts' second page (so the fit test above measured them)."""
    layout = find_layout("classic-16x9")
    by_name = {m.name: m for m in moments}
    brk = picture_of(layout, next(s for s in layout.screens if s.event == "break"), by_name["break with colour-up"])
    assert "chips come off" in next(b for b in brk.boxes if b.region.piece == "colour_up").content.text
    ft = picture_of(layout, next(s for s in layout.screens if s.event == "final_table"), by_name["final table"])
    assert len(next(b for b in ft.boxes if b.region.piece == "final_table").content.rows) >= 9
    pay = picture_of(layout, next(s for s in layout.screens if s.name == "Payouts"), by_name["payouts page 2"])
    payouts = next(b for b in pay.boxes if b.region.piece == "payouts").content
    assert payouts.page == 1 and payouts.pages > 1
