"""``floorman serve FILE | --demo [--host H] [--port P]``: the players' view on their phones, headless,
and the room display in a browser (``/display``, ``/display?layout=NAME&screen=NAME``) for a smart TV or
a second laptop in another room.

FILE is opened read-only and followed: when the director's copy writes to it (its size or time
changes, checked once a second), it is read again and the phones get the new state. ``--demo``
serves the built-in demo tournament with its clock running on the wall clock.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from floorman.args import Parser

POLL_S = 1.0


def _parser() -> Parser:
    p = Parser(prog="floorman serve",
               description="Serve the players' view (clock, blinds, payouts, find my seat) to phones on the network, "
                           "and the room display to browsers at /display (?layout=NAME&screen=NAME).")
    p.add_argument("file", nargs="?", help="the tournament file (opened read-only, followed as it changes)")
    p.add_argument("--demo", action="store_true", help="serve the built-in demo tournament instead of a file")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1; the venue network's address to share it)")
    p.add_argument("--port", type=int, default=8080, help="the port (default 8080; 0 picks a free one)")
    p.add_argument("--lang", metavar="CODE", default="en", help="the phones' language when a phone asks for none "
                   "(?lang=) and its browser's languages have none on offer: en (the default), de, fr, es, pt-BR, or a "
                   "venue's own")
    p.add_argument("--stop-after", type=float, default=None, metavar="SECONDS", help="stop after this many seconds")
    return p


def _signature(path: Path) -> tuple[tuple[int, int], ...]:
    """What changes when the file is written: size and time of the file and its write-ahead log."""
    out = []
    for p in (path, path.with_name(path.name + "-wal")):
        try:
            st = p.stat()
            out.append((st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((0, 0))
    return tuple(out)


class FileSource:
    """A tournament file, read again whenever it changed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sig: tuple[tuple[int, int], ...] = ()
        self.tournament: Any = None
        self.reload()

    def reload(self) -> bool:
        from db.errors import StoreError
        from db.store import TournamentStore

        sig = _signature(self.path)
        if sig == self.sig:
            return False
        try:
            store = TournamentStore.open(self.path, read_only=True)
        except StoreError as exc:
            if self.tournament is None:
                raise ValueError(exc.message) from exc
            return False  # caught mid-write: the next poll reads it
        try:
            self.tournament = store.tournament
        finally:
            store.close()
        self.sig = sig
        return True


def serve_loop(get: Callable[[], Any], publish: Callable[[Any], None], poll: Callable[[], bool],
               stop_after: float | None, publish_feed: Callable[[Any], None] | None = None,
               phones_url: str = "") -> None:
    """Publish the state now, then whenever the file or the clock's period changed, until stopped; the
    browser displays' feed too (``publish_feed``) whenever what a screen shows changed."""
    from app.api import views
    from web.display import feed_key, make_feed
    from web.snapshot import make_snapshot, snapshot_key

    key: tuple[Any, ...] | None = None
    shown: tuple[Any, ...] | None = None
    start = time.monotonic()
    while stop_after is None or time.monotonic() - start < stop_after:
        poll()
        t = get()
        now = t.time.now() if t.time is not None else time.time()
        view = views.read(t, now)
        if snapshot_key(view) != key:
            snap = make_snapshot(view)
            key = snap.key
            publish(snap)
        if publish_feed is not None and feed_key(view) != shown:
            shown = feed_key(view)
            publish_feed(make_feed(t, now, phones_url=phones_url))
        time.sleep(POLL_S if stop_after is None else min(POLL_S, max(0.0, stop_after - (time.monotonic() - start))))


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if bool(args.file) == bool(args.demo):
        print("floorman serve: give a tournament FILE or --demo (one of them).", file=sys.stderr)
        return 2
    from app.api import RuleError
    from floorman.cmd_print import sheet_language
    from web.server import PhoneServer

    try:
        language = sheet_language(args.lang)
    except RuleError as exc:
        print(f"floorman serve: {exc.message}", file=sys.stderr)
        return 2
    if args.demo:
        from app.api import WallClock, build_demo

        demo = build_demo(time=WallClock())
        get: Callable[[], Any] = lambda: demo  # noqa: E731
        poll: Callable[[], bool] = lambda: False  # noqa: E731
    else:
        path = Path(args.file)
        if not path.is_file():
            print(f"floorman serve: no tournament file at {path}.", file=sys.stderr)
            return 2
        try:
            source = FileSource(path)
        except ValueError as exc:
            print(f"floorman serve: {exc}", file=sys.stderr)
            return 2
        get = lambda: source.tournament  # noqa: E731
        poll = source.reload
    from screens.layout import venue_layouts
    from web.display import Layouts

    server = PhoneServer(args.host, args.port, layouts=Layouts(venue_layouts()), language=language)
    try:
        server.start()
    except OSError as exc:
        print(f"floorman serve: cannot listen on {args.host}:{args.port} ({exc.strerror or exc}).", file=sys.stderr)
        return 1
    print(f"Serving the players' view at {server.url} and the room display at {server.url}display "
          "(Ctrl+C stops).", flush=True)
    signal.signal(signal.SIGTERM, _interrupt)  # a service manager's stop: close the connections cleanly
    try:
        serve_loop(get, server.publish, poll, args.stop_after, server.publish_feed, server.url)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        if os.environ.get("FLOORMAN_DEBUG"):
            print("stopped", file=sys.stderr)
    return 0
