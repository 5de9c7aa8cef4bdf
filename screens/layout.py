"""The layout file: a venue's screens as data, loaded with every check, saved, exported and imported.

A :class:`Layout` (``format``/``version``, a name, an aspect ``16:9`` or ``9:16``, a :class:`Theme` and
its :class:`Screen` s) is a JSON file. A screen is a grid of ``columns`` x ``rows`` cells holding
:class:`Region` s; a region shows one piece of information (a ``piece`` id of
:data:`screens.pieces.PIECES`) or an ``image`` of the layout, with its font, size (a fraction of the
screen's height, so a layout scales from 720p to 4K), colours and alignment. A screen in the cycle shows
for ``seconds``; a screen with an ``event`` (:data:`EVENTS`) shows when that happens instead, for
``event_seconds`` (``0``: as long as the state lasts, for ``break``, ``hand_for_hand`` and ``bubble``).

On disk a venue's layout is a folder ``<slug>/layout.json`` with its images in ``<slug>/images/``; a
shipped preset is one file in ``resources/layouts/``; an exported layout is one zip file holding
``layout.json`` and ``images/``.

Loading refuses a bad file in one sentence, :class:`LayoutError` with a reason ``code`` (:data:`CODES`),
and reads nothing more than it checks: a file over :data:`MAX_BYTES` is refused from its size, before it
is read; nesting deeper than :data:`MAX_DEPTH` is refused before it is parsed; nothing read is executed or
unpickled (JSON into typed structs). A refused file changes nothing: the caller keeps its last good layout.

Public API::

    Layout, Theme, Screen, Region, Banner (msgspec Structs, frozen)
    LayoutError(code, message)              # .code in CODES, str() is the sentence
    parse_layout(data: bytes, images=()) -> Layout       # images: the names the layout may use
    load_layout(path, images_dir=None) -> Layout         # a file, or a folder holding layout.json
    load_or_keep(path, last_good) -> (Layout | None, LayoutError | None)   # a display keeps its last good
    dump_layout(layout) -> bytes; save_layout(layout, folder) -> Path
    export_layout(layout, images_dir, out) -> Path; import_layout(archive, into) -> (Layout, Path)
    list_layouts(venue_folder=None) -> tuple[LayoutEntry, ...]; preset_paths() -> tuple[Path, ...]
    find_layout(id, venue_folder=None) -> Layout        # by the id list_layouts gives (venue first)
    find_entry(id, venue_folder=None) -> LayoutEntry    # the same, with where it lies
    image_kind(data: bytes) -> str | None; colours_for(theme, level, game) -> (background, accent)
"""

from __future__ import annotations

import io
import os
import re
import shutil
import stat
import tempfile
import zipfile
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import msgspec

from app.i18n import N_, _
from oskit.dirs import user_data_dir
from screens.pieces import PIECES

FORMAT = "floorman-layout"
VERSION = 1

MAX_BYTES = 1_000_000  # a layout file (a big one is a few tens of kilobytes)
MAX_DEPTH = 12  # nesting of arrays and objects (a layout needs 5)
MAX_SCREENS = 40
MAX_REGIONS = 80  # per screen
MAX_GRID = 48  # columns or rows of a screen's grid
MAX_IMAGE_BYTES = 16_000_000  # one image
MAX_IMAGES = 64
MAX_ARCHIVE_MEMBERS = MAX_IMAGES + 4
MAX_ARCHIVE_BYTES = 128_000_000  # everything an archive holds, unpacked
LAYOUT_FILE = "layout.json"
IMAGES = "images"

Aspect = Literal["16:9", "9:16"]
Align = Literal["left", "center", "right"]
EventKind = Literal["level_up", "break", "final_table", "hand_for_hand", "bubble", "announcement"]
ASPECTS: tuple[Aspect, ...] = ("16:9", "9:16")
EVENTS: tuple[EventKind, ...] = ("level_up", "break", "final_table", "hand_for_hand", "bubble", "announcement")
LASTING: frozenset[str] = frozenset({"break", "hand_for_hand", "bubble"})  # states that may show while they last
# Translators: what a screen of a layout answers ("when: level up").
EVENT_WORDS: dict[str, str] = {"level_up": N_("level up"), "break": N_("break"), "final_table": N_("final table"),
                               "hand_for_hand": N_("hand for hand"), "bubble": N_("bubble"),
                               "announcement": N_("announcement")}

CODES = frozenset({
    "UNREADABLE",  # the file cannot be read
    "TOO_BIG",  # over MAX_BYTES (or an archive's member or total over its limit)
    "TOO_DEEP",  # nesting over MAX_DEPTH
    "NOT_JSON",
    "NOT_A_LAYOUT",  # JSON, but not a layout file (no "format": "floorman-layout")
    "UNKNOWN_VERSION",  # a version this Floorman does not know (a newer one wrote it)
    "WRONG_TYPE",  # a value of the wrong type or out of its range
    "UNKNOWN_FIELD",
    "UNKNOWN_PIECE",
    "OFF_GRID",
    "OVERLAP",
    "EMPTY_REGION",  # a region with neither a piece nor an image, or with both
    "MISSING_IMAGE",
    "BAD_IMAGE",  # an image whose bytes are no PNG, JPEG, GIF or WebP
    "BAD_COLOUR",
    "BAD_NAME",  # an image name that is not a plain file name
    "DUPLICATE_SCREEN",
    "NO_SCREENS",  # no screen in the cycle
    "TOO_MANY",
    "EVENT_SECONDS",  # an event screen that would never end
    "BAD_ARCHIVE",  # not a zip file, or no layout.json in it
    "UNSAFE_MEMBER",  # an archive member named outside its folder (../, absolute, a drive) or a link
    "EXISTS",  # importing over a venue layout of the same name
    "UNKNOWN_LAYOUT",  # no layout of that id
})


class LayoutError(Exception):
    """A layout refused: ``code`` (one of :data:`CODES`) for tests and tools, ``message`` the one sentence
    the director reads."""

    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


class Banner(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A sponsor's banner: an image of the layout, or words when there is none."""

    text: str = ""
    image: str = ""


class Theme(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The layout's look: colours (``#rrggbb``), the font family, the logo and background images, a
    background per level (``level_backgrounds["5"]``), a colour per game for mixed games (``game_colours``
    keyed by the game's name, as the clock names it) and the sponsors' banners, taking turns."""

    background: str = "#0b0f19"
    foreground: str = "#f5f5f5"
    accent: str = "#f4c542"
    muted: str = "#9aa4b2"
    alert: str = "#ff5a4f"
    font: str = "DejaVu Sans"
    logo: str = ""
    background_image: str = ""
    level_backgrounds: dict[str, str] = msgspec.field(default_factory=dict)
    game_colours: dict[str, str] = msgspec.field(default_factory=dict)
    banners: tuple[Banner, ...] = ()


class Region(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One rectangle of a screen's grid: columns ``col`` .. ``col + width - 1``, rows ``row`` .. ``row +
    height - 1`` (0 first). ``size`` is the main line's height as a fraction of the screen's height;
    ``colour`` and ``background`` override the theme's (``""``: the theme's; ``#rrggbb``, or the name of
    one of the theme's colours, :data:`THEME_COLOURS`: ``accent`` follows the game's colour in mixed
    games). ``size`` is the largest the text is drawn: a renderer shrinks a line that would not fit its
    region's width."""

    col: int
    row: int
    width: int = 1
    height: int = 1
    piece: str = ""
    image: str = ""
    size: float = 0.05
    font: str = ""
    bold: bool = False
    colour: str = ""
    background: str = ""
    align: Align = "center"


class Screen(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A screen: its grid and regions; ``seconds`` in the cycle (``0``: not in the cycle), or the
    ``event`` it answers and for how long (``event_seconds``)."""

    name: str
    columns: int
    rows: int
    regions: tuple[Region, ...]
    seconds: int = 20
    event: EventKind | None = None
    event_seconds: int = 30
    background: str = ""


class Layout(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    version: int
    name: str
    aspect: Aspect
    screens: tuple[Screen, ...]
    theme: Theme = Theme()
    description: str = ""

    @property
    def images(self) -> frozenset[str]:
        """Every image name the layout uses (theme, banners and regions)."""
        names = {self.theme.logo, self.theme.background_image}
        names |= {b.image for b in self.theme.banners}
        names |= {v for v in self.theme.level_backgrounds.values() if not v.startswith("#")}
        names |= {r.image for s in self.screens for r in s.regions}
        return frozenset(n for n in names if n)

    def cycle(self) -> tuple[Screen, ...]:
        """The screens that take turns, in their order."""
        return tuple(s for s in self.screens if s.event is None and s.seconds > 0)

    def for_event(self, event: str) -> Screen | None:
        return next((s for s in self.screens if s.event == event), None)


# -- checks -----------------------------------------------------------------------------------------

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
THEME_COLOURS = ("foreground", "background", "accent", "muted", "alert")  # a region may name the theme's
IMAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}\.(png|jpg|jpeg|gif|webp)")
MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
)


def image_kind(data: bytes) -> str | None:
    """``png``, ``jpeg``, ``gif`` or ``webp`` from an image's first bytes (never its name); None otherwise."""
    for magic, kind in MAGIC:
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


TOKENS = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)


def _depth(data: bytes) -> int:
    """The deepest nesting of arrays and objects, brackets inside strings left out: one pass over the
    escapes, quotes and brackets (checked before parsing, in time linear in the file's size)."""
    deepest = level = 0
    in_string = False
    for token in TOKENS.findall(data):
        if token == b'"':
            in_string = not in_string
        elif in_string or len(token) == 2:
            continue
        elif token in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _where(path: str) -> str:
    return path.removeprefix("$.").removeprefix("$") or _("the file")


def _typed(raw: Any) -> Layout:
    try:
        return msgspec.convert(raw, Layout)
    except msgspec.ValidationError as exc:
        words = str(exc)
        said, _sep, path = words.partition(" - at `")
        place = _where(path.rstrip("`"))
        unknown = re.match(r"Object contains unknown field `(.+)`", said)
        if unknown:
            raise LayoutError("UNKNOWN_FIELD", _("The layout has a field Floorman does not know, {field} in {place}.",
                                                 field=repr(unknown.group(1)), place=place)) from None
        missing = re.match(r"Object missing required field `(.+)`", said)
        if missing:
            raise LayoutError("WRONG_TYPE", _("The layout lacks {field} in {place}.",
                                              field=repr(missing.group(1)), place=place)) from None
        said = said.replace("`", "")
        raise LayoutError("WRONG_TYPE", _("The layout has a wrong value at {place}: {detail}.",
                                          place=place, detail=said[0].lower() + said[1:])
                          ) from None


def _upper(sentence: str) -> str:
    """A sentence whose first words came from a placeholder, with its capital letter."""
    return sentence[:1].upper() + sentence[1:]


def _colour(value: str, where: str, named: bool = False) -> None:
    if value and not COLOUR.fullmatch(value) and not (named and value in THEME_COLOURS):
        if named:
            raise LayoutError("BAD_COLOUR", _("The colour {colour} of {where} is not a colour like #1a2b3c or one of "
                                              "the theme's ({names}).", colour=repr(value), where=where,
                                              names=", ".join(THEME_COLOURS)))
        raise LayoutError("BAD_COLOUR", _("The colour {colour} of {where} is not a colour like #1a2b3c.",
                                          colour=repr(value), where=where))


def _image(name: str, images: Collection[str], where: str) -> None:
    if not name:
        return
    if not IMAGE_NAME.fullmatch(name):
        raise LayoutError("BAD_NAME", _("The image name {name} of {where} is not a plain file name ending in .png, "
                                        ".jpg, .gif or .webp.", name=repr(name), where=where))
    if name not in images:
        raise LayoutError("MISSING_IMAGE", _("The image {name} of {where} is not among the layout's images.",
                                             name=repr(name), where=where))


def _check_theme(theme: Theme, images: Collection[str]) -> None:
    for key in ("background", "foreground", "accent", "muted", "alert"):
        _colour(getattr(theme, key), _("the theme's {colour}", colour=key))
    _image(theme.logo, images, _("the logo"))
    _image(theme.background_image, images, _("the background"))
    for level, value in theme.level_backgrounds.items():
        if not level.isdigit():
            raise LayoutError("WRONG_TYPE", _("The level background {level} is not a level number.", level=repr(level)))
        if value.startswith("#"):
            _colour(value, _("level {level}'s background", level=level))
        else:
            _image(value, images, _("level {level}'s background", level=level))
    for game, value in theme.game_colours.items():
        _colour(value, _("the game {game}", game=repr(game)))
    if len(theme.banners) > MAX_IMAGES:
        raise LayoutError("TOO_MANY", _("The layout has {count} banners; at most {most}.",
                                        count=len(theme.banners), most=MAX_IMAGES))
    for i, banner in enumerate(theme.banners, 1):
        _image(banner.image, images, _("banner {number}", number=i))


def _check_region(screen: Screen, i: int, r: Region, images: Collection[str]) -> None:
    where = _("the region {number} of screen {screen}", number=i, screen=repr(screen.name))
    if bool(r.piece) == bool(r.image):
        raise LayoutError("EMPTY_REGION", _upper(_("{where} must show either a piece or an image.", where=where)))
    if r.piece and r.piece not in PIECES:
        raise LayoutError("UNKNOWN_PIECE", _upper(_("{where} shows {piece}, which is no piece Floorman knows.",
                                                    where=where, piece=repr(r.piece))))
    _image(r.image, images, where)
    if r.width < 1 or r.height < 1 or r.col < 0 or r.row < 0 \
            or r.col + r.width > screen.columns or r.row + r.height > screen.rows:
        raise LayoutError("OFF_GRID", _upper(_("{where} (column {col}, row {row}, {width} x {height}) does not fit "
                                               "the {columns} x {rows} grid.", where=where, col=r.col, row=r.row,
                                               width=r.width, height=r.height, columns=screen.columns,
                                               rows=screen.rows)))
    if not 0.005 <= r.size <= 1.0:
        raise LayoutError("WRONG_TYPE", _upper(_("{where} has size {size}; a size is from 0.005 to 1 of the "
                                                 "screen's height.", where=where, size=r.size)))
    _colour(r.colour, where, named=True)
    _colour(r.background, where, named=True)


def _check_screen(screen: Screen, images: Collection[str]) -> None:
    name = screen.name
    if not name.strip():
        raise LayoutError("WRONG_TYPE", _("A screen of the layout has no name."))
    if not (1 <= screen.columns <= MAX_GRID and 1 <= screen.rows <= MAX_GRID):
        raise LayoutError("WRONG_TYPE", _("The screen {name} has a {columns} x {rows} grid; columns and rows are from "
                                          "1 to {most}.",
                                          name=repr(name), columns=screen.columns, rows=screen.rows, most=MAX_GRID))
    if len(screen.regions) > MAX_REGIONS:
        raise LayoutError("TOO_MANY", _("The screen {name} has {count} regions; at most {most}.",
                                        name=repr(name), count=len(screen.regions), most=MAX_REGIONS))
    if screen.seconds < 0 or screen.seconds > 3600 or screen.event_seconds < 0 or screen.event_seconds > 3600:
        raise LayoutError("WRONG_TYPE", _("The screen {name} shows for a time out of 0 to 3600 seconds.",
                                          name=repr(name)))
    if screen.event is not None and screen.event_seconds == 0 and screen.event not in LASTING:
        raise LayoutError("EVENT_SECONDS", _("The screen {name} for {event} needs its seconds: only a break, hand for "
                                             "hand and the bubble last.",
                                             name=repr(name), event=_(EVENT_WORDS[screen.event])))
    _colour(screen.background, _("the screen {screen}", screen=repr(name)))
    taken: dict[tuple[int, int], int] = {}
    for i, region in enumerate(screen.regions, 1):
        _check_region(screen, i, region, images)
        for c in range(region.col, region.col + region.width):
            for r in range(region.row, region.row + region.height):
                if (c, r) in taken:
                    raise LayoutError("OVERLAP", _("Region {number} of screen {name} overlaps region {other} at "
                                                   "column {column}, row {row}.",
                                                   number=i, name=repr(name), other=taken[c, r], column=c, row=r))
                taken[c, r] = i


def check_layout(layout: Layout, images: Collection[str]) -> Layout:
    """Every check past the types: pieces, grid, overlaps, images, colours, names, counts."""
    if not layout.name.strip():
        raise LayoutError("WRONG_TYPE", _("The layout has no name."))
    if not layout.screens or not layout.cycle():
        raise LayoutError("NO_SCREENS", _("The layout {name} has no screen in its cycle.", name=repr(layout.name)))
    if len(layout.screens) > MAX_SCREENS:
        raise LayoutError("TOO_MANY", _("The layout has {count} screens; at most {most}.",
                                        count=len(layout.screens), most=MAX_SCREENS))
    _check_theme(layout.theme, images)
    seen: set[str] = set()
    events: set[str] = set()
    for screen in layout.screens:
        if screen.name in seen:
            raise LayoutError("DUPLICATE_SCREEN", _("Two screens of the layout are named {name}.",
                                                    name=repr(screen.name)))
        seen.add(screen.name)
        if screen.event is not None:
            if screen.event in events:
                raise LayoutError("DUPLICATE_SCREEN", _("Two screens of the layout answer {event}.",
                                                        event=_(EVENT_WORDS[screen.event])))
            events.add(screen.event)
        _check_screen(screen, images)
    return layout


def parse_layout(data: bytes, images: Collection[str] = ()) -> Layout:
    """A layout from the bytes of its file, every check done; ``images`` are the image names it may use."""
    if len(data) > MAX_BYTES:
        raise LayoutError("TOO_BIG", _("The layout file is {count} bytes; a layout is at most {most} bytes.",
                                       count=f"{len(data):,}", most=f"{MAX_BYTES:,}"))
    if _depth(data) > MAX_DEPTH:
        raise LayoutError("TOO_DEEP", _("The layout file nests deeper than {most} levels; a layout needs far fewer.",
                                        most=MAX_DEPTH))
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise LayoutError("NOT_JSON", _("The layout file is not JSON ({reason}).",
                                        reason=str(exc).rstrip("."))) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise LayoutError("NOT_A_LAYOUT", _("The file is not a Floorman layout (it lacks \"format\": "
                                            "\"floorman-layout\")."))
    version = raw.get("version")
    if type(version) is not int or not 1 <= version <= VERSION:
        raise LayoutError("UNKNOWN_VERSION", _("The layout is of version {version}, which this Floorman does not know "
                                               "(it reads version {known}); a newer Floorman wrote it.",
                                               version=repr(version), known=VERSION))
    return check_layout(_typed(raw), images)


def _read_limited(path: Path, limit: int) -> bytes:
    """A file's bytes, refused from its size before it is read whole."""
    try:
        size = path.stat().st_size
        if size > limit:
            raise LayoutError("TOO_BIG", _("The file {name} is {size} bytes; at most {most}.",
                                           name=path.name, size=f"{size:,}", most=f"{limit:,}"))
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise LayoutError("UNREADABLE", _("The file {name} cannot be read ({reason}).",
                                          name=path.name, reason=exc.strerror or exc)) from None
    if len(data) > limit:
        raise LayoutError("TOO_BIG", _("The file {name} is over {most} bytes.", name=path.name, most=f"{limit:,}"))
    return data


def _image_names(folder: Path | None) -> frozenset[str]:
    if folder is None or not folder.is_dir():
        return frozenset()
    return frozenset(p.name for p in folder.iterdir() if p.is_file() and not p.is_symlink())


def load_layout(path: Path, images_dir: Path | None = None) -> Layout:
    """The layout in ``path`` (a file, or a folder holding ``layout.json``), its images in ``images_dir``
    (default: ``images/`` beside the file). Every image it names must be there and be an image."""
    path = Path(path)
    if path.is_dir():
        path = path / LAYOUT_FILE
    folder = images_dir if images_dir is not None else path.parent / IMAGES
    layout = parse_layout(_read_limited(path, MAX_BYTES), _image_names(folder))
    for name in sorted(layout.images):
        if image_kind(_read_limited(folder / name, MAX_IMAGE_BYTES)[:16]) is None:
            raise LayoutError("BAD_IMAGE", _("The image {name} is not a PNG, JPEG, GIF or WebP picture.",
                                             name=repr(name)))
    return layout


def load_or_keep(path: Path, last_good: Layout | None, images_dir: Path | None = None
                 ) -> tuple[Layout | None, LayoutError | None]:
    """What a display shows after the director picks or edits a layout file: the new layout, or, when it
    is refused, the last good one kept and the refusal to say in words (``(last_good, error)``)."""
    try:
        return load_layout(path, images_dir), None
    except LayoutError as exc:
        return last_good, exc


def dump_layout(layout: Layout) -> bytes:
    """The layout file's bytes (indented JSON, the fields in their declared order)."""
    return msgspec.json.format(msgspec.json.encode(layout), indent=2) + b"\n"


def layout_slug(name: str) -> str:
    """A folder name for a layout's name: lower case letters, digits and dashes (``Big clock`` -> ``big-clock``)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60]
    return slug or "layout"


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".layout-", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_layout(layout: Layout, folder: Path) -> Path:
    """Write ``folder/layout.json`` (the folder made if needed; the old file replaced whole or not at all)
    after checking the layout against the images of ``folder/images``; returns the file's path."""
    folder = Path(folder)
    check_layout(layout, _image_names(folder / IMAGES))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LAYOUT_FILE
    _write_atomic(path, dump_layout(layout))
    return path


# -- one file: export and import --------------------------------------------------------------------


def export_layout(layout: Layout, images_dir: Path, out: Path) -> Path:
    """One zip file holding ``layout.json`` and, under ``images/``, every image the layout uses."""
    check_layout(layout, _image_names(images_dir))
    out = Path(out)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(LAYOUT_FILE, dump_layout(layout))
        for name in sorted(layout.images):
            z.writestr(f"{IMAGES}/{name}", _read_limited(Path(images_dir) / name, MAX_IMAGE_BYTES))
    _write_atomic(out, buffer.getvalue())
    return out


def _member(info: zipfile.ZipInfo) -> str:
    """A member's checked name: ``layout.json`` or ``images/<plain name>``; "" for the images folder."""
    name = info.filename
    kind = stat.S_IFMT(info.external_attr >> 16)
    if kind and kind not in (stat.S_IFREG, stat.S_IFDIR):
        raise LayoutError("UNSAFE_MEMBER", _("The archive holds {name}, which is a link or a device, not a file.",
                                             name=repr(name)))
    if name.startswith(("/", "\\")) or "\\" in name or re.match(r"[A-Za-z]:", name) \
            or ".." in name.split("/") or "\x00" in name:
        raise LayoutError("UNSAFE_MEMBER", _("The archive holds {name}, a name outside its own folder.",
                                             name=repr(name)))
    if name in (LAYOUT_FILE, f"{IMAGES}/"):
        return name if name == LAYOUT_FILE else ""
    folder, _sep, base = name.partition("/")
    if folder != IMAGES or not IMAGE_NAME.fullmatch(base):
        raise LayoutError("UNSAFE_MEMBER", _("The archive holds {name}; a layout's archive holds only layout.json and "
                                             "images/ with plain picture names.", name=repr(name)))
    return name


def _read_member(z: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    if info.file_size > limit:
        raise LayoutError("TOO_BIG", _("The archive's {name} is {file_size} bytes; at most {most}.",
                                       name=repr(info.filename), file_size=f"{info.file_size:,}", most=f"{limit:,}"))
    with z.open(info) as f:
        data = f.read(limit + 1)  # never more than the limit, whatever the header says
    if len(data) > limit:
        raise LayoutError("TOO_BIG", _("The archive's {name} unpacks to over {most} bytes.",
                                       name=repr(info.filename), most=f"{limit:,}"))
    return data


def read_archive(archive: Path) -> tuple[Layout, dict[str, bytes]]:
    """The layout and its images (name -> bytes) of an exported file, every member checked; nothing
    is written anywhere."""
    try:
        with zipfile.ZipFile(archive) as z:
            infos = z.infolist()
            if len(infos) > MAX_ARCHIVE_MEMBERS:
                raise LayoutError("TOO_MANY", _("The archive holds {count} files; a layout's holds at most {most}.",
                                                count=len(infos), most=MAX_ARCHIVE_MEMBERS))
            total = sum(i.file_size for i in infos)
            if total > MAX_ARCHIVE_BYTES:
                raise LayoutError("TOO_BIG", _("The archive unpacks to {total} bytes; at most {most}.",
                                               total=f"{total:,}", most=f"{MAX_ARCHIVE_BYTES:,}"))
            layout_data: bytes | None = None
            images: dict[str, bytes] = {}
            for info in infos:
                name = _member(info)
                if not name:
                    continue
                if name == LAYOUT_FILE:
                    layout_data = _read_member(z, info, MAX_BYTES)
                    continue
                data = _read_member(z, info, MAX_IMAGE_BYTES)
                if image_kind(data[:16]) is None:
                    raise LayoutError("BAD_IMAGE", _("The archive's {name} is not a PNG, JPEG, GIF or WebP picture.",
                                                     name=repr(name)))
                images[name.removeprefix(f"{IMAGES}/")] = data
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError):
        raise LayoutError("BAD_ARCHIVE", _("The file is not a layout exported by Floorman (not a zip file).")
                          ) from None
    except OSError as exc:
        raise LayoutError("UNREADABLE", _("The archive cannot be read ({reason}).",
                                          reason=exc.strerror or exc)) from None
    if layout_data is None:
        raise LayoutError("BAD_ARCHIVE", _("The archive holds no layout.json."))
    return parse_layout(layout_data, frozenset(images)), images


def import_layout(archive: Path, into: Path, replace: bool = False) -> tuple[Layout, Path]:
    """Unpack an exported layout into ``into/<slug of its name>/`` (its images under ``images/``): written
    first into a temporary folder inside ``into``, moved into place only when whole. A venue layout of the
    same name is refused (``EXISTS``) unless ``replace``."""
    layout, images = read_archive(archive)
    into = Path(into)
    target = into / layout_slug(layout.name)
    if target.exists() and not replace:
        raise LayoutError("EXISTS", _("A layout named {name} is already here; rename it or replace it.",
                                      name=repr(layout.name)))
    into.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".import-", dir=into))
    try:
        (tmp / IMAGES).mkdir()
        for name, data in images.items():
            (tmp / IMAGES / name).write_bytes(data)
        (tmp / LAYOUT_FILE).write_bytes(dump_layout(layout))
        if target.exists():
            shutil.rmtree(target)
        tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return layout, target


# -- the layouts a venue has ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayoutEntry:
    """One layout as ``floorman screens`` and the editor list it: ``id`` names it on the command line and
    in a display's address (a preset's file name, ``classic-16x9``, or a venue layout's folder name);
    ``source`` is ``preset`` or ``venue``; ``error`` is the refusal's sentence when the file is bad (then
    ``layout`` is None)."""

    id: str
    name: str
    source: Literal["preset", "venue"]
    path: Path
    layout: Layout | None = None
    error: str = ""
    code: str = ""

    @property
    def aspect(self) -> str:
        return self.layout.aspect if self.layout is not None else ""

    def to_dict(self) -> dict[str, Any]:
        lay = self.layout
        return {"id": self.id, "name": self.name, "source": self.source, "path": str(self.path), "aspect": self.aspect,
                "screens": [s.name for s in lay.screens] if lay else [],
                "description": lay.description if lay else "", "error": self.error, "code": self.code}


def preset_paths() -> tuple[Path, ...]:
    """The shipped presets' files, by name."""
    folder = Path(str(resources.files("resources") / "layouts"))
    if not folder.is_dir():
        return ()
    return tuple(sorted(p for p in folder.iterdir() if p.name.endswith(".json")))


def _entry(path: Path, source: Literal["preset", "venue"]) -> LayoutEntry:
    key = path.parent.name if path.name == LAYOUT_FILE else path.stem
    try:
        layout = load_layout(path)
    except LayoutError as exc:
        return LayoutEntry(key, key, source, path, error=exc.message, code=exc.code)
    return LayoutEntry(key, layout.name, source, path, layout)


def _venue_paths(folder: Path) -> Iterable[Path]:
    if not folder.is_dir():
        return ()
    return sorted(p / LAYOUT_FILE for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))


VENUE_FOLDER = "layouts"  # the venue's own layouts: this folder of the user data folder


def venue_layouts() -> Path:
    """Where the venue keeps its own layouts: the editor saves and imports them there, the room display and
    ``floorman screens`` list them from there."""
    return user_data_dir() / VENUE_FOLDER


def list_layouts(venue_folder: Path | None = None) -> tuple[LayoutEntry, ...]:
    """The shipped presets, then the venue's own layouts (each a folder of ``venue_folder``); a bad venue
    file is listed with its refusal, not skipped silently."""
    presets = tuple(_entry(p, "preset") for p in preset_paths())
    venue = tuple(_entry(p, "venue") for p in _venue_paths(Path(venue_folder))) if venue_folder else ()
    return presets + venue


def find_entry(key: str, venue_folder: Path | None = None) -> LayoutEntry:
    """The layout named ``key`` (an id :func:`list_layouts` gives: the venue's own first, then the presets),
    loaded with every check, with where it lies; ``UNKNOWN_LAYOUT`` names the ones there are."""
    entries = list_layouts(venue_folder)
    for entry in sorted(entries, key=lambda e: e.source != "venue"):
        if entry.id == key:
            if entry.layout is None:
                raise LayoutError(entry.code, entry.error)
            return entry
    known = ", ".join(sorted({e.id for e in entries}))
    raise LayoutError("UNKNOWN_LAYOUT", _("There is no layout {key}; there are {known}.", key=repr(key), known=known))


def find_layout(key: str, venue_folder: Path | None = None) -> Layout:
    """The layout named ``key``, as :func:`find_entry` finds it."""
    layout = find_entry(key, venue_folder).layout
    assert layout is not None  # find_entry refuses an entry without one
    return layout


def colours_for(theme: Theme, level: int, game: str = "") -> tuple[str, str]:
    """(background, accent) of a level: the level's own background when it has one (a colour; an image
    is the renderer's), the game's colour as the accent in mixed games, else the theme's."""
    own = theme.level_backgrounds.get(str(level), "")
    background = own if own.startswith("#") else theme.background
    return background, theme.game_colours.get(game, theme.accent)
