"""``floorman screens``: the room's screen layouts, headless.

    floorman screens [--json]                 the layouts: the shipped presets and the venue's own
    floorman screens list [--json] [--folder DIR]

The venue's own layouts are the folders of ``layouts/`` in the user data folder (``FLOORMAN_DATA_DIR``
when set), each a ``layout.json`` with its ``images/``; ``--folder`` names another one. A venue layout
that is refused is listed with its reason, in one sentence. Each layout's id (first column, ``"id"`` in
JSON) is the name other screens commands take.

Exit codes: 0 listed (a refused venue layout is listed, not an error); 2 a usage mistake.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from floorman.args import Parser
from oskit.dirs import user_data_dir
from screens.layout import LayoutEntry, list_layouts

LAYOUTS = "layouts"  # the venue's own layouts: this folder of the user data folder


def venue_folder() -> Path:
    """Where the venue keeps its own layouts (the editor saves and imports them there)."""
    return user_data_dir() / LAYOUTS


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="floorman screens", description="The room's screen layouts: the presets and the venue's own.")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--folder", type=Path, help="the venue's layouts folder (default: layouts/ in the data folder)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    ls = sub.add_parser("list", help="list the layouts (what floorman screens does alone)")
    ls.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    ls.add_argument("--folder", type=Path, default=argparse.SUPPRESS, help="the venue's layouts folder")
    return p


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


def main(argv: list[str]) -> int:
    opts = _parser().parse_args(argv)
    folder = opts.folder if opts.folder is not None else venue_folder()
    # ``list`` is the one action yet, and what ``floorman screens`` does alone; an action added to the
    # sub-parsers above gets its branch here.
    return list_main(bool(opts.json), folder)
