"""``floorman screens``: the room's screen layouts, headless.

    floorman screens [--json]                 the layouts: the shipped presets and the venue's own
    floorman screens list [--json] [--folder DIR]
    floorman screens render LAYOUT (FILE | --demo) --size WxH --out PICTURE.png [--screen NAME] [--at SECONDS]
                                                                                 [--lang CODE]

``render`` draws one screen of a layout (an id the list gives, or a layout file or folder) as the room
display draws it, without a monitor (Qt's offscreen platform): the screen that shows at the tournament's
time (``--at``: that many seconds later), or the one ``--screen`` names, on the tournament FILE (read only)
or the built-in demo, in the language ``--lang`` names (en, de, fr, es, pt-BR, a venue's own, or the
pseudo-language en-XA; default English). A refusal (a bad layout, no such screen, a size that is no size, an
output that is a tournament file, a language there is no catalogue of) is said in one sentence and exits 2;
nothing is written.

The venue's own layouts are the folders of ``layouts/`` in the user data folder (``FLOORMAN_DATA_DIR``
when set), each a ``layout.json`` with its ``images/``; ``--folder`` names another one. A venue layout
that is refused is listed with its reason, in one sentence. Each layout's id (first column, ``"id"`` in
JSON) is the name other screens commands take.

Exit codes: 0 listed or drawn (a refused venue layout is listed, not an error); 2 a refusal or a usage mistake.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from app.api import RuleError
from app.i18n import use_language
from floorman.args import Parser
from screens.layout import Layout, LayoutEntry, LayoutError, find_layout, list_layouts, load_layout, venue_layouts


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="floorman screens", description="The room's screen layouts: the presets and the venue's own.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--folder", type=Path, help="the venue's layouts folder (default: layouts/ in the data folder)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    ls = sub.add_parser("list", help="list the layouts (what floorman screens does alone)")
    ls.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    ls.add_argument("--folder", type=Path, default=argparse.SUPPRESS, help="the venue's layouts folder")
    rd = sub.add_parser("render", help="draw one screen of a layout into a PNG picture, without a monitor")
    rd.add_argument("layout", metavar="LAYOUT", help="a layout's id (floorman screens lists them), or a layout file")
    rd.add_argument("file", metavar="FILE", nargs="?", help="the tournament file (read only)")
    rd.add_argument("--demo", action="store_true", help="the built-in demo tournament instead of a file")
    rd.add_argument("--size", required=True, metavar="WxH", help="the picture's size in pixels, e.g. 1920x1080")
    rd.add_argument("--out", required=True, type=Path, metavar="PICTURE.png", help="the PNG file to write")
    rd.add_argument("--screen", metavar="NAME", help="this screen of the layout (default: the one showing)")
    rd.add_argument("--at", type=float, default=0.0, metavar="SECONDS",
                    help="the tournament's time plus SECONDS (default: its time now)")
    rd.add_argument("--folder", type=Path, default=argparse.SUPPRESS, help="the venue's layouts folder")
    rd.add_argument("--lang", metavar="CODE", default="",
                    help="the screen's language: en, de, fr, es, pt-BR (en-XA: the pseudo-language the tests use)")
    return p


def _language(code: str) -> str:
    """The language ``--lang`` names, checked (the venue's own catalogues too); "" for none given."""
    if not code:
        return ""
    from app.i18n import PSEUDO, add_folder, normalise, shipped
    from app.i18n.catalogues import venue_languages
    from oskit.dirs import user_data_dir

    add_folder(user_data_dir() / "languages")  # where a venue keeps its own (the window reads them there too)
    try:
        return normalise(code, (*shipped(), *venue_languages(), PSEUDO))
    except RuleError as exc:
        raise Refused(f"--lang: {exc.message}") from exc


def _line(e: LayoutEntry, width: int) -> str:
    source = "preset" if e.source == "preset" else "venue"
    if e.layout is None:
        return f"{e.id:<{width}}  {source:<6}  refused: {e.error}"
    lay = e.layout
    events = [s.event.replace("_", " ") for s in lay.screens if s.event]
    turns = ", ".join(s.name for s in lay.cycle())
    extra = f"; on {', '.join(events)}" if events else ""
    return f"{e.id:<{width}}  {source:<6}  {lay.aspect:<4}  {lay.name}: {turns}{extra}"


def list_main(as_json: bool, folder: Path) -> int:
    entries = list_layouts(folder)
    if as_json:
        print(json.dumps({"folder": str(folder), "layouts": [e.to_dict() for e in entries]}, indent=2,
                         ensure_ascii=False))
        return 0
    width = max(len(e.id) for e in entries) if entries else 0
    for e in entries:
        print(_line(e, width))
    own = [e for e in entries if e.source == "venue"]
    refused = sum(1 for e in own if e.layout is None)
    presets = len(entries) - len(own)
    print(f"{presets} preset{'s' if presets != 1 else ''} and {len(own)} of the venue's own in {folder}"
          + (f" ({refused} refused)." if refused else "."))
    return 0


SIZE = re.compile(r"(\d{2,5})[xX](\d{2,5})")
MAX_SIDE = 8192


class Refused(Exception):
    """A render refused, in one sentence."""


def _size(text: str) -> tuple[int, int]:
    m = SIZE.fullmatch(text.strip())
    if not m:
        raise Refused(f"--size {text!r} is not a size like 1920x1080.")
    w, h = int(m.group(1)), int(m.group(2))
    if not (16 <= w <= MAX_SIDE and 16 <= h <= MAX_SIDE):
        raise Refused(f"--size {text} is out of range; each side is from 16 to {MAX_SIDE} pixels.")
    return w, h


def _layout(key: str, folder: Path) -> tuple[Layout, Path | None]:
    """The layout (an id, or a file or folder of one) and its images' folder (None: it has none)."""
    path = Path(key)
    if path.suffix == ".json" or path.is_dir() or path.is_file():
        if not path.exists():
            raise Refused(f"There is no layout file at {path}.")
        layout = load_layout(path)
        base = path if path.is_dir() else path.parent
        return layout, base / "images"
    layout = find_layout(key, folder)
    own = folder / key
    return layout, own / "images" if (own / "layout.json").is_file() else None


def _tournament(file: str | None, demo: bool) -> Any:
    if bool(file) == demo:
        raise Refused("give a tournament FILE or --demo (one of them).")
    if demo:
        from app.api import build_demo

        return build_demo()
    from db.errors import StoreError
    from db.store import TournamentStore

    path = Path(file or "")
    if not path.is_file():
        raise Refused(f"There is no tournament file at {path}.")
    try:
        store = TournamentStore.open(path, read_only=True)
    except StoreError as exc:
        raise Refused(exc.message) from exc
    try:
        return store.tournament
    finally:
        store.close()


def render_main(opts: argparse.Namespace, folder: Path) -> int:
    from sheets.output import OutputRefused, check_target

    try:
        width, height = _size(opts.size)
        try:
            check_target(opts.out, "png")
        except OutputRefused as exc:
            raise Refused(exc.message) from exc
        if opts.out.suffix.lower() != ".png":
            raise Refused(f"{opts.out.name} does not end in .png; the picture is a PNG file.")
        if opts.at != opts.at or abs(opts.at) > 366 * 86400:
            raise Refused(f"--at {opts.at} is no time; give seconds from the tournament's time, within a year.")
        language = _language(opts.lang)
        layout, images = _layout(opts.layout, folder)
        tournament = _tournament(opts.file, bool(opts.demo))
        with use_language(language or None):
            written = draw(layout, images, tournament, width, height, opts.out, opts.screen, opts.at)
    except (Refused, LayoutError) as exc:
        print(f"floorman screens render: {exc}", file=sys.stderr)
        return 2
    print(f"Wrote {opts.out} ({layout.name}, screen {written}, {width}x{height}).")
    return 0


def draw(layout: Layout, images: Path | None, tournament: Any, width: int, height: int, out: Path,
         screen_name: str | None = None, at: float = 0.0) -> str:
    """Draw the screen into ``out`` as the room display would; the screen's name."""
    import msgspec

    from screens.compose import compose
    from screens.pieces import room_input
    from screens.rotation import Moment, moments_of

    now = tournament.time.now() + at
    room = room_input(tournament, now)
    moments: tuple[Moment, ...] = moments_of(room.view)
    if screen_name is not None:
        names = {s.name.casefold(): s for s in layout.screens}
        screen = names.get(screen_name.casefold())
        if screen is None:
            raise Refused(f"The layout {layout.name!r} has no screen {screen_name!r}; it has "
                          f"{', '.join(s.name for s in layout.screens)}.")
        alone = msgspec.structs.replace(screen, event=None, seconds=max(1, screen.seconds))
        layout = msgspec.structs.replace(layout, screens=(alone,))
        moments = ()
    picture = compose(layout, room, moments, now)
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no monitor needed, whatever the session has
    app = QApplication.instance() or QApplication([])
    from ui.display.layout_view import render_image

    image = render_image(picture, width, height, images if images is not None and images.is_dir() else None)
    if not image.save(str(out)):  # PNG: the name ends in .png
        raise Refused(f"Floorman cannot write {out}.")
    del app
    return picture.showing.screen.name


def main(argv: list[str]) -> int:
    opts = _parser().parse_args(argv)
    folder = opts.folder if opts.folder is not None else venue_layouts()
    if opts.action == "render":
        return render_main(opts, folder)
    return list_main(bool(opts.json), folder)
