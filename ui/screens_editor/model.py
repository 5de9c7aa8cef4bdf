"""The layout being edited: every change checked whole before it is taken, a refusal in one sentence.

:class:`EditedLayout` holds a :class:`screens.layout.Layout` and the images it may use (name -> bytes). Each
change (:meth:`set_colour`, :meth:`move_region`, :meth:`add_region`, :meth:`set_logo` ...) builds the
changed layout, checks it with :func:`screens.layout.check_layout` against the images, and only then
replaces the one held: a change that would break the layout (a region pushed off the grid or onto
another, a file that is no picture) raises :class:`LayoutError` with the sentence to show, and nothing
changed. No Qt here: the dialog (:mod:`ui.screens_editor.dialog`) shows and asks, this decides.

Public API::

    EditedLayout(layout, images=None, source=None)    # source: the venue folder it came from, if any
        .layout, .images, .screen(i), .changed
        .pick(layout, images, source)                 # a preset or a venue layout, as it is
        .rename(name), .set_colour(key, value), .set_font(family)
        .set_logo(path | None), .add_banner(path=None, text=""), .remove_banner(i)
        .set_level_background(level, colour | ""), .set_game_colour(game, colour | "")
        .move_region(s, r, dcol, drow), .resize_region(s, r, dw, dh), .place_region(s, r, col, row)
        .add_region(s, piece) -> int, .remove_region(s, r), .set_piece(s, r, piece), .set_size(s, r, size)
        .set_align(s, r, align), .set_bold(s, r, bold), .set_seconds(s, seconds)
        .save(venue_folder) -> Path, .export(out) -> Path
    image_from_file(path, taken) -> (name, bytes)     # a picture chosen from a file, checked
    import_into(archive, venue_folder) -> (Layout, Path, images)
    free_cell(screen) -> (col, row) | None
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Collection, Mapping
from pathlib import Path

import msgspec

from app.i18n import _
from screens.layout import (
    IMAGE_NAME,
    IMAGES,
    LASTING,
    LAYOUT_FILE,
    MAX_IMAGE_BYTES,
    MAX_IMAGES,
    THEME_COLOURS,
    Banner,
    Layout,
    LayoutError,
    Region,
    Screen,
    check_layout,
    export_layout,
    image_kind,
    import_layout,
    layout_slug,
    load_layout,
    save_layout,
)
from screens.pieces import PIECES

replace = msgspec.structs.replace
EXTENSIONS = {"png": "png", "jpeg": "jpg", "gif": "gif", "webp": "webp"}
MIN_SIZE, MAX_SIZE = 0.01, 0.6  # a region's text size the editor offers (fractions of the screen's height)


def _megabytes(n: int) -> str:
    return f"{n / 1_000_000:.0f} MB"


def image_from_file(path: Path, taken: Collection[str]) -> tuple[str, bytes]:
    """A picture chosen from a file: its bytes checked (a PNG, JPEG, GIF or WebP from its first bytes, never
    its name; at most :data:`MAX_IMAGE_BYTES`) and a plain name for it, not one of ``taken``."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise LayoutError("TOO_BIG", _("The picture {name} is {size}; a logo or a banner is at most {most}.",
                                           name=path.name, size=_megabytes(size), most=_megabytes(MAX_IMAGE_BYTES)))
        with path.open("rb") as f:
            data = f.read(MAX_IMAGE_BYTES + 1)
    except OSError as exc:
        raise LayoutError("UNREADABLE", _("The file {name} cannot be read ({reason}).",
                                          name=path.name, reason=exc.strerror or exc)) from None
    if len(data) > MAX_IMAGE_BYTES:
        raise LayoutError("TOO_BIG", _("The picture {name} is over {most}.",
                                       name=path.name, most=_megabytes(MAX_IMAGE_BYTES)))
    kind = image_kind(data[:16])
    if kind is None:
        raise LayoutError("BAD_IMAGE", _("The file {name} is not a PNG, JPEG, GIF or WebP picture.", name=path.name))
    stem = re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")[:60] or "picture"
    name, n = f"{stem}.{EXTENSIONS[kind]}", 1
    while name in taken:
        n += 1
        name = f"{stem}-{n}.{EXTENSIONS[kind]}"
    assert IMAGE_NAME.fullmatch(name), name
    return name, data


def _overlap(a: Region, b: Region) -> bool:
    return a.col < b.col + b.width and b.col < a.col + a.width and a.row < b.row + b.height and b.row < a.row + a.height


def _title(region: Region) -> str:
    return PIECES[region.piece].shown_title if region.piece in PIECES else _("the picture {name}", name=region.image)


def free_cell(screen: Screen) -> tuple[int, int] | None:
    """The first cell of the screen's grid no region covers (row by row), or None when it is full."""
    taken = {(c, r) for g in screen.regions for c in range(g.col, g.col + g.width)
             for r in range(g.row, g.row + g.height)}
    return next(((c, r) for r in range(screen.rows) for c in range(screen.columns) if (c, r) not in taken), None)


def read_images(folder: Path) -> dict[str, bytes]:
    """The pictures of a venue layout's ``images/`` folder (only plain picture names; links left out)."""
    out: dict[str, bytes] = {}
    if folder.is_dir():
        for p in sorted(folder.iterdir()):
            if p.is_file() and not p.is_symlink() and IMAGE_NAME.fullmatch(p.name) \
                    and p.stat().st_size <= MAX_IMAGE_BYTES:
                out[p.name] = p.read_bytes()
    return out


def import_into(archive: Path, venue_folder: Path) -> tuple[Layout, Path, dict[str, bytes]]:
    """An exported layout unpacked into the venue's folder (every check of :func:`import_layout`; a refused
    file leaves the folder as it was), with its images."""
    layout, folder = import_layout(Path(archive), Path(venue_folder))
    return layout, folder, read_images(folder / IMAGES)


class EditedLayout:
    """The layout being edited (see the module's words). ``source`` is the venue folder it was loaded from
    (None for a preset or an import not yet saved); ``changed`` is True once anything changed since."""

    def __init__(self, layout: Layout, images: Mapping[str, bytes] | None = None, source: Path | None = None) -> None:
        self.layout = layout
        self.images: dict[str, bytes] = dict(images or {})
        self.source = source
        self.changed = False

    def pick(self, layout: Layout, images: Mapping[str, bytes] | None = None, source: Path | None = None) -> None:
        """Start again from ``layout`` (a preset, or a venue layout with its images)."""
        check_layout(layout, frozenset(images or {}))
        self.layout, self.images, self.source, self.changed = layout, dict(images or {}), source, False

    def screen(self, index: int) -> Screen:
        return self.layout.screens[index]

    def _take(self, layout: Layout, images: Mapping[str, bytes] | None = None) -> None:
        """Check ``layout`` whole (against ``images``, default the ones held); only then hold it."""
        pictures = self.images if images is None else dict(images)
        check_layout(layout, frozenset(pictures))
        used = layout.images
        self.layout = layout
        self.images = {k: v for k, v in pictures.items() if k in used}
        self.changed = True

    # -- the theme -----------------------------------------------------------------------------------

    def rename(self, name: str) -> None:
        name = " ".join(name.split())
        if not name:
            raise LayoutError("WRONG_TYPE", _("A layout needs a name."))
        if len(name) > 80:
            raise LayoutError("WRONG_TYPE", _("A layout's name is at most 80 characters."))
        self._take(replace(self.layout, name=name))

    def set_colour(self, key: str, value: str) -> None:
        """One of the theme's colours (:data:`THEME_COLOURS`) to ``#rrggbb``."""
        if key not in THEME_COLOURS:
            raise LayoutError("WRONG_TYPE", _("The theme has no colour {key}; it has {names}.",
                                              key=repr(key), names=', '.join(THEME_COLOURS)))
        self._take(replace(self.layout, theme=replace(self.layout.theme, **{key: value.lower()})))

    def set_font(self, family: str) -> None:
        family = family.strip()
        if not family:
            raise LayoutError("WRONG_TYPE", _("Pick a font for the layout."))
        self._take(replace(self.layout, theme=replace(self.layout.theme, font=family)))

    def _with_image(self, path: Path) -> tuple[str, dict[str, bytes]]:
        """A picture from a file among the layout's (the same picture chosen twice is kept once)."""
        name, data = image_from_file(path, self.images)
        same = next((k for k, v in self.images.items() if v == data), None)
        if same is not None:
            return same, self.images
        if len(self.images) >= MAX_IMAGES:
            raise LayoutError("TOO_MANY", _("A layout holds at most {most} pictures.", most=MAX_IMAGES))
        return name, {**self.images, name: data}

    def shows(self, piece: str) -> bool:
        """Does a region of any screen show ``piece``?"""
        return any(r.piece == piece for s in self.layout.screens for r in s.regions)

    def set_logo(self, path: Path | None) -> None:
        """The logo from a picture file (checked), or none."""
        if path is None:
            self._take(replace(self.layout, theme=replace(self.layout.theme, logo="")))
            return
        name, images = self._with_image(path)
        self._take(replace(self.layout, theme=replace(self.layout.theme, logo=name)), images)

    def add_banner(self, path: Path | None = None, text: str = "") -> None:
        """A sponsor's banner: a picture from a file (checked), or words."""
        text = " ".join(text.split())
        banners = self.layout.theme.banners
        if path is None:
            if not text:
                raise LayoutError("WRONG_TYPE", _("A banner needs a picture or some words."))
            if len(text) > 120:
                raise LayoutError("WRONG_TYPE", _("A banner's words are at most 120 characters."))
            self._take(replace(self.layout, theme=replace(self.layout.theme, banners=(*banners, Banner(text=text)))))
            return
        name, images = self._with_image(path)
        theme = replace(self.layout.theme, banners=(*banners, Banner(text=text, image=name)))
        self._take(replace(self.layout, theme=theme), images)

    def remove_banner(self, index: int) -> None:
        banners = self.layout.theme.banners
        if not 0 <= index < len(banners):
            raise LayoutError("WRONG_TYPE", _("Pick the banner to remove."))
        theme = replace(self.layout.theme, banners=banners[:index] + banners[index + 1:])
        self._take(replace(self.layout, theme=theme))

    def set_level_background(self, level: int, colour: str) -> None:
        """Level ``level``'s own background colour ("" : the theme's again)."""
        if not 1 <= level <= 200:
            raise LayoutError("WRONG_TYPE", _("There is no level {level}; levels are numbered from 1.", level=level))
        own = dict(self.layout.theme.level_backgrounds)
        if colour:
            own[str(level)] = colour.lower()
        else:
            own.pop(str(level), None)
        ordered = dict(sorted(own.items(), key=lambda kv: int(kv[0])))
        self._take(replace(self.layout, theme=replace(self.layout.theme, level_backgrounds=ordered)))

    def set_game_colour(self, game: str, colour: str) -> None:
        """A game's colour in mixed games, by the game's name as the clock names it ("" : none)."""
        game = " ".join(game.split())
        if not game:
            raise LayoutError("WRONG_TYPE", _("Name the game to colour."))
        own = dict(self.layout.theme.game_colours)
        if colour:
            own[game] = colour.lower()
        else:
            own.pop(game, None)
        self._take(replace(self.layout, theme=replace(self.layout.theme, game_colours=own)))

    # -- regions ---------------------------------------------------------------------------------------

    def _region(self, s: int, r: int) -> Region:
        if not 0 <= s < len(self.layout.screens) or not 0 <= r < len(self.layout.screens[s].regions):
            raise LayoutError("WRONG_TYPE", _("Pick a region of the screen first."))
        return self.layout.screens[s].regions[r]

    def _with_region(self, s: int, r: int, region: Region | None) -> None:
        """Screen ``s`` with region ``r`` replaced (None: removed); a region placed over another is refused
        naming what it would cover."""
        screen = self.layout.screens[s]
        regions = list(screen.regions)
        if region is None:
            del regions[r]
        else:
            regions[r] = region
            covered = next((g for i, g in enumerate(regions) if i != r and _overlap(g, region)), None)
            if covered is not None:
                raise LayoutError("OVERLAP", _("The region would cover “{covered}”: move or shrink that one first.",
                                               covered=_title(covered)))
        self._with_screen(s, replace(screen, regions=tuple(regions)))

    def _with_screen(self, s: int, screen: Screen) -> None:
        screens = list(self.layout.screens)
        screens[s] = screen
        self._take(replace(self.layout, screens=tuple(screens)))

    def move_region(self, s: int, r: int, dcol: int, drow: int) -> None:
        g = self._region(s, r)
        self.place_region(s, r, g.col + dcol, g.row + drow)

    def place_region(self, s: int, r: int, col: int, row: int) -> None:
        """Region ``r`` with its top left cell at (``col``, ``row``), its size kept."""
        g = self._region(s, r)
        screen = self.layout.screens[s]
        if col < 0 or row < 0 or col + g.width > screen.columns or row + g.height > screen.rows:
            raise LayoutError("OFF_GRID", _("The region would leave the screen: it stays at the edge."))
        self._with_region(s, r, replace(g, col=col, row=row))

    def resize_region(self, s: int, r: int, dw: int, dh: int) -> None:
        g = self._region(s, r)
        width, height = g.width + dw, g.height + dh
        if width < 1 or height < 1:
            raise LayoutError("OFF_GRID", _("A region is at least one cell wide and one cell high."))
        screen = self.layout.screens[s]
        if g.col + width > screen.columns or g.row + height > screen.rows:
            raise LayoutError("OFF_GRID", _("The region would leave the screen: it stays at the edge."))
        self._with_region(s, r, replace(g, width=width, height=height))

    def set_piece(self, s: int, r: int, piece: str) -> None:
        if piece not in PIECES:
            raise LayoutError("UNKNOWN_PIECE", _("{piece} is no piece Floorman knows.", piece=repr(piece)))
        self._with_region(s, r, replace(self._region(s, r), piece=piece, image=""))

    def set_size(self, s: int, r: int, size: float) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise LayoutError("WRONG_TYPE", _("A region's text is from {least} to {most} of the screen's height.",
                                              least=f"{MIN_SIZE:.0%}", most=f"{MAX_SIZE:.0%}"))
        self._with_region(s, r, replace(self._region(s, r), size=round(size, 4)))

    def set_align(self, s: int, r: int, align: str) -> None:
        if align not in ("left", "center", "right"):
            raise LayoutError("WRONG_TYPE", _("A region's text is aligned left, in the centre or right."))
        self._with_region(s, r, replace(self._region(s, r), align=align))

    def set_bold(self, s: int, r: int, bold: bool) -> None:
        self._with_region(s, r, replace(self._region(s, r), bold=bool(bold)))

    def set_seconds(self, s: int, seconds: int) -> None:
        """How long screen ``s`` shows: its turn in the cycle, or, for an event's screen, the event's."""
        screen = self.layout.screens[s]
        low = 0 if screen.event in LASTING else 3
        if not low <= seconds <= 3600:
            least = "0 (as long as it lasts)" if low == 0 else f"{low} seconds"
            raise LayoutError("WRONG_TYPE", _("The screen {name} shows from {least} to an hour.",
                                              name=repr(screen.name), least=least))
        if screen.event is None:
            if seconds == 0 and len(self.layout.cycle()) == 1:
                raise LayoutError("NO_SCREENS", _("The last screen of the cycle keeps its turn."))
            self._with_screen(s, replace(screen, seconds=seconds))
        else:
            self._with_screen(s, replace(screen, event_seconds=seconds))

    def add_region(self, s: int, piece: str) -> int:
        """A one-cell region showing ``piece`` in the first free cell of screen ``s``; its index."""
        if piece not in PIECES:
            raise LayoutError("UNKNOWN_PIECE", _("{piece} is no piece Floorman knows.", piece=repr(piece)))
        screen = self.layout.screens[s]
        cell = free_cell(screen)
        if cell is None:
            raise LayoutError("OVERLAP", _("The screen {name} has no free cell: make a region smaller or remove one "
                                           "first.", name=repr(screen.name)))
        region = Region(col=cell[0], row=cell[1], piece=piece, size=0.04)
        self._with_screen(s, replace(screen, regions=(*screen.regions, region)))
        return len(screen.regions)

    def remove_region(self, s: int, r: int) -> None:
        self._region(s, r)
        if len(self.layout.screens[s].regions) == 1:
            raise LayoutError("EMPTY_REGION", _("A screen keeps at least one region."))
        self._with_region(s, r, None)

    # -- files -----------------------------------------------------------------------------------------

    def target(self, venue_folder: Path) -> Path:
        return Path(venue_folder) / layout_slug(self.layout.name)

    def save(self, venue_folder: Path) -> Path:
        """The layout as the venue's own, in ``venue_folder/<slug of its name>/`` with its images, written
        whole into a new folder and moved into place (a layout saved there before is replaced only when it
        is the one being edited; another of the same name is refused, ``EXISTS``)."""
        target = self.target(venue_folder)
        if target.exists() and (self.source is None or target.resolve() != Path(self.source).resolve()):
            raise LayoutError("EXISTS", _("The venue already has a layout named {name}: give this one another name.",
                                          name=repr(self.layout.name)))
        Path(venue_folder).mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".save-", dir=venue_folder))
        try:
            (tmp / IMAGES).mkdir()
            for name, data in self.images.items():
                (tmp / IMAGES / name).write_bytes(data)
            save_layout(self.layout, tmp)
            load_layout(tmp / LAYOUT_FILE)  # read back with every check before it replaces anything
            if target.exists():
                shutil.rmtree(target)
            tmp.rename(target)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        self.source, self.changed = target, False
        return target / LAYOUT_FILE

    def export(self, out: Path) -> Path:
        """One file holding the layout and its pictures (:func:`screens.layout.export_layout`)."""
        with tempfile.TemporaryDirectory(prefix="floorman-export-") as folder:
            for name, data in self.images.items():
                (Path(folder) / name).write_bytes(data)
            return export_layout(self.layout, Path(folder), Path(out))
