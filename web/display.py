"""The room display in a browser: the layout composed on the server, drawn by the page.

The thread that owns the engine publishes a :class:`Feed` (the tournament's :class:`~screens.pieces.RoomInput`
read once, its moments and the clock's timestamps) whenever anything a screen shows changed
(:func:`feed_key`); the server's thread composes it with each display's layout at the server's time
(:func:`screens.compose.compose`, so cycling and event screens follow :mod:`screens.rotation`) and sends
the page the :class:`~screens.compose.Picture` as JSON (:func:`picture_json`): fractional boxes, resolved
colours, lines with their emphasis, tables, a QR code's modules and the URLs of the layout's images.

Lines that count (the clock, the break countdown, the time to the break, late registration) carry a
``tick``: the timestamp they count to (or from) and how they are written, so the page counts them down
itself from the server's time, never drifting; a line is given a ``tick`` only when the same rule,
applied at the moment the view was read, writes exactly the words the engine wrote.

:class:`Layouts` finds a layout by its id (the shipped presets and the venue's own, as ``floorman
screens`` lists them) and reads its images by their checked names; the kind of an image comes from its
bytes, never from its name.

Public API::

    Feed(room, moments, clock, offset_ms, key)
    make_feed(tournament, now, *, phones_url="", announcements=(), **venue) -> Feed
    feed_key(view) -> tuple
    Layouts(venue_folder); .get(id) -> Layout | None; .names(); .image(id, name) -> (bytes, type) | None
    picture_json(picture, feed, layout_id) -> dict
    tick_text(tick, at_ms) -> str
    DEFAULT_LAYOUT, DEFAULT_UPRIGHT
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.api import clock_text, views
from app.i18n import language
from screens import format as sfmt
from screens.compose import Picture
from screens.layout import IMAGE_NAME, IMAGES, LAYOUT_FILE, MAX_IMAGE_BYTES, Layout, image_kind, list_layouts
from screens.pieces import RoomInput, room_input
from screens.rotation import Announcement, Moment, moments_of
from web.snapshot import snapshot_key

DEFAULT_LAYOUT = "classic-16x9"  # a display that names no layout (and the director chose none for it)
DEFAULT_UPRIGHT = "classic-9x16"  # ... on a screen standing upright
MAX_SCREEN_NAME = 60  # characters of a display's name (?screen=Bar TV)

# The pieces whose line counts with the clock: the frame's text it is, and the timestamp it counts with.
TICKING: Mapping[str, str] = {
    "clock": "clock_text",
    "break_countdown": "clock_text",
    "time_to_break": "break_text",
    "late_countdown": "late_text",
    "registration": "late_text",
}
LATE_PREFIX = "Late registration closes in "
IMAGE_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp"}



@dataclass(frozen=True)
class Feed:
    """What the browser displays are drawn from until the next change: immutable, read on the engine's
    thread. ``clock`` holds the clock's timestamps (as the phones get them, in the tournament's
    milliseconds); ``offset_ms`` is the tournament's time minus the wall clock's when it was read."""

    room: RoomInput
    moments: tuple[Moment, ...]
    clock: Mapping[str, Any]
    offset_ms: int
    key: tuple[Any, ...]

    def now(self) -> float:
        """The tournament's time now (seconds), from the wall clock and the offset."""
        return time.time() + self.offset_ms / 1000


def feed_key(view: views.TournamentView) -> tuple[Any, ...]:
    """What the displays must be told about: what the phones are told, and the clock's last minute
    (the digits turn to the alert colour)."""
    return (*snapshot_key(view), bool(view.clock.raw.get("last_minute")))


def make_feed(tournament: Any, now: float, *, phones_url: str = "", announcements: Iterable[Announcement] = (),
              wall: float | None = None, **venue: Any) -> Feed:
    """The feed of ``tournament`` at ``now`` (its own time); ``venue`` as :func:`screens.pieces.room_input`."""
    from web.snapshot import _clock

    wall = time.time() if wall is None else wall
    room = room_input(tournament, now, phones_url=phones_url, **venue)
    view = room.view
    offset = int(round((view.clock.at - wall) * 1000)) if view.clock.at else int(round((now - wall) * 1000))
    clock = _clock(view)
    if view.clock.running:
        _exact(clock, getattr(tournament, "state", tournament), now, view.clock.raw)
    return Feed(room, moments_of(view, tuple(announcements)), clock, offset, feed_key(view))


def _exact(clock: dict[str, Any], state: Any, now: float, raw: Mapping[str, Any]) -> None:
    """The clock's timestamps to the millisecond. The view tells whole seconds (rounded up while counting
    down, down while the overtime counts up), so each timestamp is found from the instant the next whole
    second is told: by halving the second ahead, ten reads of the clock alone (no other part of the view)."""
    now_ms = int(round(now * 1000))

    def next_change_ms(key: str) -> int:
        """Milliseconds from now to the first instant the clock tells another ``key`` (1 to 1000)."""
        low, high = 0, 1000
        while high - low > 1:
            mid = (low + high) // 2
            if views.clock_at(state, now + mid / 1000).raw.get(key) != raw.get(key):
                high = mid
            else:
                low = mid
        return high

    if clock.get("overtime_since_ms") is not None:
        # counted up, rounded down: the next second is told when the overtime reaches it
        told = int(raw["overtime_seconds"])
        clock["overtime_since_ms"] = now_ms + next_change_ms("overtime_seconds") - (told + 1) * 1000
    for stamp, key in (("break_at_ms", "seconds_to_break"), ("late_ends_at_ms", "late_registration_seconds_left")):
        if clock.get(stamp) is not None and isinstance(raw.get(key), int):
            # counted down, rounded up: one second fewer is told when exactly that many are left
            clock[stamp] = now_ms + next_change_ms(key) + (int(raw[key]) - 1) * 1000


# -- counting lines ------------------------------------------------------------------------------------


def tick_text(tick: Mapping[str, Any], at_ms: int) -> str:
    """The words of a counting line at ``at_ms`` (the tournament's milliseconds); the page's script
    writes the same (``clock``: digits counting down, ``up``: overtime digits counting up, ``words``: a
    short duration)."""
    kind = tick["kind"]
    if kind == "up":
        return sfmt.overtime_digits(math.floor((at_ms - int(tick["from"])) / 1000))
    left_ms = int(tick["to"]) - at_ms
    if kind == "clock":
        return clock_text(left_ms)  # the engine's own rule, so a line counts only while it writes the same
    return str(tick.get("prefix", "")) + sfmt.duration_words(max(0.0, left_ms / 1000))


def _tick(piece: str, text: str, room: RoomInput, clock: Mapping[str, Any]) -> dict[str, Any] | None:
    attr = TICKING.get(piece)
    if attr is None or not text or getattr(room.frame, attr) != text:
        return None
    tick: dict[str, Any] | None = None
    if attr == "clock_text":
        if clock.get("overtime_since_ms") is not None and clock.get("running"):
            tick = {"kind": "up", "from": clock["overtime_since_ms"]}
        elif clock.get("ends_at_ms") is not None:
            tick = {"kind": "clock", "to": clock["ends_at_ms"]}
    elif language() != "en":
        pass  # words counting down are written by the page's script in English: the server writes them each second
    elif attr == "break_text" and clock.get("break_at_ms") is not None:
        tick = {"kind": "words", "to": clock["break_at_ms"]}
    elif attr == "late_text" and clock.get("late_ends_at_ms") is not None:
        tick = {"kind": "words", "to": clock["late_ends_at_ms"], "prefix": LATE_PREFIX}
    # Counted only when the page's rule writes, at the view's own time, what the engine wrote.
    if tick is None or tick_text(tick, int(clock["as_of_ms"])) != text:
        return None
    return tick


# -- the picture as the page gets it -------------------------------------------------------------------


def qr_modules(text: str) -> list[str]:
    """A QR code's dark modules, one string of ``0`` and ``1`` per row (the page draws them)."""
    import segno

    code = segno.make(text, error="m")
    return ["".join("1" if dark else "0" for dark in row) for row in code.matrix]


def image_url(layout_id: str, name: str) -> str:
    from urllib.parse import quote

    return f"display/image/{quote(layout_id, safe='')}/{quote(name, safe='')}" if name else ""


def picture_json(picture: Picture, feed: Feed, layout_id: str) -> dict[str, Any]:
    """The picture for the page: every box with its place, colours and words (counting lines ticking)."""
    boxes = []
    for box in picture.boxes:
        c = box.content
        piece = box.region.piece
        lines = []
        for ln in c.lines:
            line: dict[str, Any] = {"t": ln.text, "e": ln.emphasis, "c": box.colour_for(ln.emphasis)}
            tick = _tick(piece, ln.text, feed.room, feed.clock)
            if tick is not None:
                line["tick"] = tick
            lines.append(line)
        out: dict[str, Any] = {
            "piece": piece, "kind": c.kind, "x": box.x, "y": box.y, "w": box.w, "h": box.h, "size": box.size,
            "font": box.font, "bold": box.bold, "colour": box.colour, "background": box.background,
            "align": box.align, "muted": box.muted, "lines": lines,
        }
        if c.kind == "table":
            out.update(header=list(c.header), rows=[list(r) for r in c.rows], page=c.page, pages=c.pages)
        elif c.kind == "qr" and c.qr:
            out["qr"] = qr_modules(c.qr)
        elif c.kind == "image" and c.image:
            out["image"] = image_url(layout_id, c.image)
        boxes.append(out)
    shown = picture.showing
    return {
        "layout": layout_id, "screen": shown.screen.name, "event": shown.event or "",
        "background": picture.background, "background_image": image_url(layout_id, picture.background_image),
        "accent": picture.accent, "font": picture.theme.font, "foreground": picture.theme.foreground,
        "boxes": boxes,
    }


# -- the layouts a display may show ----------------------------------------------------------------------


class Layouts:
    """The presets and the venue's own layouts by id, loaded with every check; read again (at most every
    few seconds) when an id is not known yet, so a layout saved in the editor is found without a restart."""

    RELOAD_S = 5.0

    def __init__(self, venue_folder: Path | None = None) -> None:
        self.venue_folder = venue_folder
        self._lock = threading.Lock()
        self._by_id: dict[str, tuple[Layout, Path | None]] = {}
        self._loaded = float("-inf")
        self._images: dict[tuple[str, str], tuple[bytes, str]] = {}
        self._load()

    def _load(self) -> None:
        found: dict[str, tuple[Layout, Path | None]] = {}
        entries = list_layouts(self.venue_folder)
        for e in sorted(entries, key=lambda e: e.source == "venue"):  # the venue's own win over a preset
            if e.layout is not None:
                images = e.path.parent / IMAGES if e.path.name == LAYOUT_FILE else None
                found[e.id] = (e.layout, images)
        with self._lock:
            self._by_id = found
            self._loaded = time.monotonic()
            self._images.clear()

    def names(self) -> dict[str, str]:
        """id -> the layout's name, for the director's list."""
        with self._lock:
            return {k: v[0].name for k, v in sorted(self._by_id.items())}

    def get(self, layout_id: str) -> Layout | None:
        with self._lock:
            hit = self._by_id.get(layout_id)
            stale = time.monotonic() - self._loaded > self.RELOAD_S
        if hit is None and stale and layout_id:
            self._load()
            with self._lock:
                hit = self._by_id.get(layout_id)
        return hit[0] if hit else None

    def image(self, layout_id: str, name: str) -> tuple[bytes, str] | None:
        """The bytes and content type of an image the layout uses; None for any other name."""
        with self._lock:
            hit = self._by_id.get(layout_id)
            cached = self._images.get((layout_id, name))
        if cached is not None:
            return cached
        if hit is None or hit[1] is None or not IMAGE_NAME.fullmatch(name) or name not in hit[0].images:
            return None
        path = hit[1] / name
        try:
            with open(path, "rb") as f:
                data = f.read(MAX_IMAGE_BYTES + 1)
        except OSError:
            return None
        kind = image_kind(data)
        if kind is None or len(data) > MAX_IMAGE_BYTES:
            return None
        found = (data, IMAGE_TYPES[kind])
        with self._lock:
            self._images[(layout_id, name)] = found
        return found


def screen_name(raw: str) -> str:
    """A display's name as the director reads it: printable, trimmed, bounded."""
    clean = "".join(ch for ch in raw if ch.isprintable()).strip()
    return " ".join(clean.split())[:MAX_SCREEN_NAME]
