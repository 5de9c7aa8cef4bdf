"""The room display's renderer: a layout's picture drawn with QPainter at any size, every line inside its
box (a line too wide drawn smaller, never cut), a tick laying out the clock's box alone."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import QBuffer, QIODevice, QRectF
from PySide6.QtGui import QColor, QFontMetricsF, QImage

from app.api import Tournament, build_demo
from screens.compose import Picture, compose
from screens.layout import Layout, Region, Screen, find_layout
from screens.pieces import room_input
from screens.rotation import moments_of
from ui.display.layout_view import LayoutView, render_image


@pytest.fixture(scope="module")
def demo() -> Tournament:
    return build_demo(players=200)


def picture(layout: Layout, t: Tournament, now: float, **venue: object) -> Picture:
    room = room_input(t, now, **venue)
    return compose(layout, room, moments_of(room.view), now)


def one_screen(*regions: Region, columns: int = 12, rows: int = 9) -> Layout:
    base = find_layout("classic-16x9")
    screen = Screen("Only", columns, rows, regions, seconds=30)
    return msgspec.structs.replace(base, screens=(screen,))


def inside(rect: QRectF, box: QRectF) -> bool:
    return rect.left() >= box.left() - 0.01 and rect.right() <= box.right() + 0.01 and \
        rect.top() >= box.top() - 0.01 and rect.bottom() <= box.bottom() + 0.01


def test_every_line_of_the_classic_screen_is_drawn_inside_its_box(qapp, demo: Tournament) -> None:
    view = LayoutView()
    view.resize(1920, 1080)
    pic = picture(find_layout("classic-16x9"), demo, demo.time.now())
    view.show_picture(pic)
    lines = view.drawn()
    assert {ln.text for ln in lines} >= {demo_line for b in pic.boxes for demo_line in
                                         (x.text for x in b.content.lines)}
    for line in lines:
        box = view.box_rect(pic.boxes[line.box])
        m = QFontMetricsF(line.font)
        assert m.horizontalAdvance(line.text) <= line.rect.width() + 0.01, line.text
        assert inside(line.rect, box), (line.text, line.rect, box)
    clock = next(ln for ln in lines if pic.boxes[ln.box].region.piece == "clock")
    assert clock.rect.height() == pytest.approx(pic.boxes[clock.box].size * 1080, abs=4)  # drawn at its full size
    view.deleteLater()


def test_a_line_too_wide_for_its_box_is_drawn_smaller_never_cut(qapp, demo: Tournament) -> None:
    layout = one_screen(Region(0, 0, width=3, height=2, piece="event_name", size=0.2),
                        Region(3, 0, width=9, height=2, piece="level", size=0.05))
    view = LayoutView()
    view.resize(1280, 720)
    pic = picture(layout, demo, demo.time.now())
    view.show_picture(pic)
    name = next(ln for ln in view.drawn() if ln.box == 0)
    assert name.text == demo.state.name
    assert name.rect.height() < 0.2 * 720 - 10  # shrunk to fit its width
    assert QFontMetricsF(name.font).horizontalAdvance(name.text) <= view.box_rect(pic.boxes[0]).width()
    level = next(ln for ln in view.drawn() if ln.box == 1)
    assert level.rect.height() == pytest.approx(0.05 * 720, abs=2)  # the other region keeps its size
    view.deleteLater()


def test_a_clock_tick_lays_out_the_clocks_box_alone(qapp, demo: Tournament) -> None:
    layout = find_layout("big-clock-16x9")
    view = LayoutView()
    view.resize(1920, 1080)
    now = demo.time.now()
    view.show_picture(picture(layout, demo, now))
    view.drawn()
    before = view.layouts_made
    pic = picture(layout, demo, now + 1)
    view.show_picture(pic)
    view.drawn()
    changed = [b.region.piece for b in pic.boxes if b.content != picture(layout, demo, now).boxes[
        pic.boxes.index(b)].content]
    assert "clock" in changed
    assert view.layouts_made - before == len(changed) < len(pic.boxes)
    view.deleteLater()


def test_images_and_the_phones_qr_code_are_drawn_in_their_boxes(qapp, demo: Tournament) -> None:
    red = QImage(40, 20, QImage.Format.Format_RGB32)
    red.fill(QColor("#ff0000"))
    png = QBuffer()
    png.open(QIODevice.OpenModeFlag.WriteOnly)
    red.save(png, "PNG")
    layout = one_screen(Region(0, 0, width=6, height=9, image="logo.png"),
                        Region(6, 0, width=6, height=9, piece="phones_qr", size=0.05))
    pic = picture(layout, demo, demo.time.now(), phones_url="http://10.0.0.2:8080/")
    image = render_image(pic, 1200, 900, {"logo.png": bytes(png.data().data())})
    assert image.pixelColor(300, 450) == QColor("#ff0000")  # the logo, scaled into its half, centred
    qr_half = [image.pixelColor(x, y).lightness() for x in range(650, 1150, 5) for y in range(100, 600, 5)]
    assert min(qr_half) < 40 and max(qr_half) > 220  # the code's dark and light modules
    back = QColor(layout.theme.background)
    assert image.pixelColor(5, 5) == back


def test_a_clock_tick_repaints_the_digits_that_changed_not_the_whole_box(qapp, demo: Tournament) -> None:
    """At 4K the clock's box is a third of the screen; a tick (12:59 to 12:58) repaints the digit that
    changed, drawn from a glyph image made once."""
    layout = find_layout("big-clock-16x9")
    view = LayoutView()
    view.resize(3840, 2160)
    now = demo.time.now()
    view.show_picture(picture(layout, demo, now + 1))
    view.drawn()
    painted: list[object] = []
    view.update = lambda *area: painted.append(area[0] if area else None)  # type: ignore[method-assign]
    view.show_picture(picture(layout, demo, now + 2))
    clock = next(b for b in view.picture.boxes if b.region.piece == "clock")
    box = view.box_rect(clock)
    assert len(painted) == 1 and painted[0] is not None
    area = painted[0]
    line = next(ln for ln in view.drawn() if ln.box == view.picture.boxes.index(clock))
    assert box.toAlignedRect().contains(area)
    assert line.text.endswith(":58")
    assert area.width() < 0.4 * line.rect.width() and area.bottom() >= line.rect.bottom()
    view.deleteLater()
