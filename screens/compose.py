"""One picture of a screen, ready to draw: the screen that shows, each region's box and what it says.

:func:`compose` puts the other modules together for a renderer: which screen shows at ``now``
(:func:`screens.rotation.showing`), each region's rectangle as fractions of the screen, its resolved font,
size and colours (the region's own, else the theme's; the level's background and the game's colour in
mixed games), and its content (:func:`screens.pieces.render_piece`, or the region's image). The Qt display
and the browser display draw a :class:`Picture` and nothing else, so they show the same words;
:func:`picture_text` is those words, what a test compares between them.

Public API::

    Box(region, content, x, y, w, h, size, font, bold, colour, background, align)
        .colour_for(emphasis) -> str         # the colour of a line of that emphasis
    Picture(showing, background, background_image, accent, boxes, theme)
    compose(layout, room, moments, now) -> Picture
    picture_text(picture) -> str
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from screens import presets
from screens.layout import Layout, Region, Theme, colours_for
from screens.pieces import Banner, Emphasis, PieceContent, RoomInput, render_piece
from screens.rotation import Moment, Showing, showing


@dataclass(frozen=True, slots=True)
class Box:
    """A region placed on the screen: ``x``, ``y``, ``w``, ``h`` are fractions of the screen's width and
    height (0 to 1); ``size`` the main line's height as a fraction of the screen's height."""

    region: Region
    content: PieceContent
    x: float
    y: float
    w: float
    h: float
    size: float
    font: str
    bold: bool
    colour: str
    background: str  # "" : the screen's
    align: str
    muted: str
    alert: str

    def colour_for(self, emphasis: Emphasis) -> str:
        """The colour of a line: a caption muted, an alert the theme's alert colour, the rest the region's."""
        return {"muted": self.muted, "alert": self.alert}.get(emphasis, self.colour)


@dataclass(frozen=True, slots=True)
class Picture:
    """The screen that shows and its boxes in the layout's order. ``background_image`` is an image of the
    layout ("" for none); ``accent`` is the level's or the game's accent colour."""

    showing: Showing
    background: str
    background_image: str
    accent: str
    boxes: tuple[Box, ...]
    theme: Theme


def _background(layout: Layout, level: int, game: str) -> tuple[str, str, str]:
    """(colour, image, accent) for a level: its own background (a colour or an image), the game's accent."""
    theme = layout.theme
    colour, accent = colours_for(theme, level, game)
    own = theme.level_backgrounds.get(str(level), "")
    image = own if own and not own.startswith("#") else theme.background_image
    return colour, image, accent


def compose(layout: Layout, room: RoomInput, moments: Sequence[Moment], now: float) -> Picture:
    """The picture of ``layout`` at ``now``: ``room`` is the tournament's :class:`RoomInput` (its page and
    announcement are set here from what shows), ``moments`` what :func:`screens.rotation.moments_of` read."""
    shown = showing(layout, moments, now)
    theme = layout.theme
    room = replace(room, now=now, page=shown.page(now), announcement=shown.text or room.announcement,
                   banners=room.banners or tuple(Banner(presets.shown(b.text), b.image) for b in theme.banners),
                   logo=room.logo or theme.logo)
    clock = room.view.clock
    colour, image, accent = _background(layout, clock.level, clock.game)
    screen = shown.screen
    named = {"foreground": theme.foreground, "background": screen.background or colour, "accent": accent,
             "muted": theme.muted, "alert": theme.alert}
    boxes = []
    for r in screen.regions:
        content = PieceContent("image", image=r.image) if r.image else render_piece(r.piece, room)
        boxes.append(Box(
            region=r, content=content,
            x=r.col / screen.columns, y=r.row / screen.rows, w=r.width / screen.columns, h=r.height / screen.rows,
            size=r.size, font=r.font or theme.font, bold=r.bold,
            colour=named.get(r.colour, r.colour) or theme.foreground,
            background=named.get(r.background, r.background), align=r.align,
            muted=theme.muted, alert=theme.alert,
        ))
    return Picture(shown, screen.background or colour, image, accent, tuple(boxes), theme)


def picture_text(picture: Picture) -> str:
    """Every word of the picture, box by box (what the Qt and the browser displays must both show)."""
    return "\n".join(b.content.text for b in picture.boxes if b.content.text)
