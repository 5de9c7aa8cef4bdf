"""The phones' web server: Starlette under Uvicorn on a worker thread, read-only.

Routes: ``/`` (the page), ``/api/state`` (the public state as JSON), ``/api/seat?name=`` (find my
seat) and ``/api/events`` (server-sent events: the state again after every change). The room display in
a browser: ``/display`` (the page; ``?layout=ID`` and ``?screen=NAME``), ``/display/events`` (its
pictures, server-sent, composed here at the server's time from the :class:`~web.display.Feed` the window
publishes), ``/display/state`` (one picture) and ``/display/image/LAYOUT/NAME`` (a layout's images).

The thread that owns the engine calls :meth:`PhoneServer.publish` with an immutable
:class:`~web.snapshot.Snapshot`; the server only ever reads the latest one, so a slow phone never
holds up the director's window. Every method other than GET and HEAD answers 405; request lines and
headers are bounded, a request with a body is refused, and the live connections are capped.

The connections themselves are bounded by :class:`Door` (see :func:`connection_limits`): a request's
headers must arrive within :data:`HEADER_TIMEOUT_S` and a stalled reader is dropped after
:data:`WRITE_TIMEOUT_S`; one address holds at most :data:`MAX_PER_ADDRESS` connections (the excess is
answered 429, others are still served); all of them together stay well under the process's limit of
open files, so the director's window always keeps files for its backups, printing and exports. Trouble
(out of files, bad requests, refusals) is logged as one line per kind, at most once a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
import time
import traceback
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any, NamedTuple

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from uvicorn.protocols.http.h11_impl import H11Protocol

from app.i18n import N_, PSEUDO, _, normalise, shipped, use_language
from app.i18n.catalogues import venue_languages
from app.i18n.languages import best_match
from oskit.limits import open_file_limit
from screens.compose import compose
from web.display import DEFAULT_LAYOUT, DEFAULT_UPRIGHT, Feed, Layouts, picture_json, screen_name
from web.display_page import display_html
from web.page import page_html
from web.snapshot import EMPTY, MAX_QUERY, Snapshot, dumps

MAX_EVENT_CLIENTS = 500  # live (SSE) phones at once; more are told to come back later (503)
MAX_CONNECTIONS = 700  # every open connection, live ones included, when the file limit allows it
MAX_PER_ADDRESS = 32  # connections from one address (a phone's browser opens about six)
HEADER_TIMEOUT_S = 10.0  # from connecting (or the last answer) to a request's complete headers
WRITE_TIMEOUT_S = 30.0  # a phone that reads nothing for this long while its answer waits is dropped
REFUSAL_LINGER_S = 2.0  # a refused connection is closed once its request arrived, or after this
TROUBLE_EVERY_S = 60.0  # one log line per kind of trouble at most this often
MAX_TARGET = 2048  # bytes of path and query
MAX_HEADER_BYTES = 8192  # bytes of the request line and headers (h11's incomplete-event limit)
KEEPALIVE_S = 15.0  # a comment line on an idle event stream, so proxies and phones keep it open

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy",
     b"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; "
     b"img-src 'self'; base-uri 'none'; form-action 'none'"),
]


def server_ms() -> int:
    return int(time.time() * 1000)


def offered_languages() -> tuple[str, ...]:
    """The languages a phone may read: the shipped ones and a venue's own."""
    return (*shipped(), *venue_languages())


def accepted(header: str) -> list[str]:
    """A browser's Accept-Language (``fr-CA,fr;q=0.9,en;q=0.5``): the language tags, most wanted first."""
    tags: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        tag = tag.strip()
        if tag and tag != "*" and weight > 0 and len(tag) <= 20:
            tags.append((-weight, i, tag))
    return [tag for _w, _i, tag in sorted(tags)]


def phone_language(asked: str, accept: str, default: str) -> str:
    """The language a request is answered in: its ``?lang=`` when it is one on offer (the pseudo-language
    too), else the nearest of the browser's languages on offer, else the phones' ``default``."""
    offered = offered_languages()
    if asked:
        with contextlib.suppress(Exception):  # a code not on offer: as if none was asked
            return normalise(asked[:20], (*offered, PSEUDO))
    wanted = accepted(accept)
    if wanted:
        found = best_match(wanted, offered)
        heads = {w.replace("_", "-").split("-")[0].lower() for w in wanted}
        if found.split("-")[0].lower() in heads:  # best_match says English when nothing matches
            return found
    return default


class Hub:
    """The latest snapshot and the wake-up call for the live streams (lives on the server's loop)."""

    def __init__(self) -> None:
        self.latest: Snapshot = EMPTY
        self.loop: asyncio.AbstractEventLoop | None = None
        self.changed: asyncio.Event | None = None
        self.clients = 0
        self.refused = 0
        self.closing = False
        self._frame: tuple[Snapshot | None, dict[str, bytes]] = (None, {})
        self.feed: Feed | None = None  # what the browser displays draw, once the window published it
        self.layouts: Layouts | None = None
        self.choices: dict[str, str] = {}  # display's name -> the layout the director chose for it
        self.screens: dict[str, dict[str, Any]] = {}  # connected displays: name -> what it shows, how many
        self.language = "en"  # the phones' language when a phone asks for none its own
        self._lock = threading.Lock()

    @staticmethod
    def now_ms(snap: Snapshot) -> int:
        """The tournament's time now, from the wall clock and the offset the snapshot was made with
        (the engine's time source is never read on this thread)."""
        return int(time.time() * 1000) + snap.offset_ms

    def frame(self, snap: Snapshot, code: str) -> bytes:
        """The event-stream message of ``snap`` in the language ``code``, made once for every phone reading
        it (stamped when first sent)."""
        cached = self._frame
        if cached[0] is not snap:
            cached = (snap, {})
            self._frame = cached
        found = cached[1].get(code)
        if found is None:
            found = b"data: " + snap.with_time(self.now_ms(snap), code) + b"\n\n"
            cached[1][code] = found
        return found

    def publish(self, snapshot: Snapshot) -> None:
        """From any thread: the new snapshot; the live streams send it at once."""
        self.latest = snapshot  # one reference assignment: readers see the old or the new one
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(self._wake)

    def publish_feed(self, feed: Feed) -> None:
        """From any thread: what the browser displays show now; their streams compose it at once."""
        self.feed = feed
        self._poke()

    def choose(self, screen: str, layout_id: str | None) -> None:
        """From any thread: the layout the display ``screen`` shows (None: the one its address names);
        a connected display switches at once, without reloading."""
        with self._lock:
            if layout_id:
                self.choices[screen] = layout_id
            else:
                self.choices.pop(screen, None)
        self._poke()

    def displays(self) -> list[dict[str, Any]]:
        """The browser displays connected now: name, layout shown, how many pages use that name."""
        with self._lock:
            return [dict(v, name=k) for k, v in sorted(self.screens.items(), key=lambda kv: kv[0].lower())]

    def layout_for(self, screen: str, asked: str, upright: bool) -> tuple[str, str]:
        """(layout id, a sentence when the asked layout does not exist) for a display."""
        with self._lock:
            chosen = self.choices.get(screen, "")
        layouts = self.layouts
        for candidate in (chosen, asked):
            if candidate and layouts is not None and layouts.get(candidate) is not None:
                return candidate, ""
        fallback = DEFAULT_UPRIGHT if upright else DEFAULT_LAYOUT
        problem = _("There is no layout {asked}; showing {layout}.", asked=repr(asked), layout=fallback) \
            if asked and asked != chosen else ""
        return fallback, problem

    def display_joined(self, name: str, address: str) -> None:
        with self._lock:
            seen = self.screens.setdefault(name, {"count": 0, "layout": "", "screen": "", "address": address})
            seen["count"] += 1
            seen["address"] = address

    def display_shows(self, name: str, layout: str, screen: str) -> None:
        """What a display was sent (its layout and screen), for the director's list."""
        with self._lock:
            seen = self.screens.get(name)
            if seen is not None:
                seen["layout"], seen["screen"] = layout, screen

    def display_left(self, name: str) -> None:
        with self._lock:
            seen = self.screens.get(name)
            if seen is not None:
                seen["count"] -= 1
                if seen["count"] <= 0:
                    del self.screens[name]

    def _poke(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        if self.changed is not None:
            self.changed.set()
        self.changed = asyncio.Event()

    def started(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.changed = asyncio.Event()


def _plain(status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None) -> tuple[Message, Message]:
    body = text.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    return ({"type": "http.response.start", "status": status, "headers": headers + (extra or [])},
            {"type": "http.response.body", "body": body})


log = logging.getLogger("floorman.web")


class Trouble:
    """One log line per kind of trouble, at most once every :data:`TROUBLE_EVERY_S`, never a traceback.

    A flood of bad requests or a process out of files would otherwise write the same traceback many
    times a second; here the first one is told in one line and the next ones are counted into the
    following line.
    """

    def __init__(self, every_s: float = TROUBLE_EVERY_S) -> None:
        self.every_s = every_s
        self._last: dict[str, float] = {}
        self._quiet: Counter[str] = Counter()
        self._lock = threading.Lock()

    def note(self, kind: str, text: str = "") -> bool:
        """Log ``kind`` (with ``text``) unless it was logged in the last minute; True when logged."""
        now = time.monotonic()
        with self._lock:
            last = self._last.get(kind)
            if last is not None and now - last < self.every_s:
                self._quiet[kind] += 1
                return False
            self._last[kind] = now
            quiet = self._quiet.pop(kind, 0)
        more = f" ({quiet:,} more since the last report)" if quiet else ""
        log.warning("Players' view: %s%s%s", kind, f": {text}" if text else "", more)
        return True

    def loop_exception(self, _loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The server loop's exception handler: one line, e.g. "socket.accept() out of system resource"."""
        exc = context.get("exception")
        self.note(str(context.get("message") or "error in the server's loop"), one_line(exc) if exc else "")


def one_line(exc: BaseException) -> str:
    """An exception in one line: its type, words and where it was raised."""
    where = ""
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ else []
    if frames:
        where = f" at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno}"
    return f"{type(exc).__name__}: {exc}{where}"


class _OneLine(logging.Filter):
    """On Uvicorn's logger: its records go through :class:`Trouble` (one line per kind, rate-limited)."""

    def __init__(self, trouble: Trouble) -> None:
        super().__init__()
        self.trouble = trouble

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING:
            return True
        exc = record.exc_info[1] if record.exc_info else None
        self.trouble.note(record.getMessage(), one_line(exc) if exc else "")
        return False


def connection_limits(file_limit: int | None, max_connections: int = MAX_CONNECTIONS) -> tuple[int, int]:
    """(connections served at once, connections held at all): at most half the process's open-file
    limit, so the other half stays for the director's own work (the tournament file, backups, sheets,
    exports). An eighth of it is kept to answer the excess politely (429 / 503) before closing it."""
    held = max_connections + max_connections // 7
    if file_limit is not None:
        held = min(held, max(16, file_limit // 2))
    return held - held // 8, held


class Door:
    """Who may connect (on the server's loop only): per address, in all, and the ones being refused."""

    def __init__(self, served: int, held: int, per_address: int | None, trouble: Trouble) -> None:
        self.served = served  # connections being served at once
        self.held = held  # every connection the server holds, refused ones included
        self.per_address = per_address
        self.trouble = trouble
        self.by_address: Counter[str] = Counter()
        self.open = 0  # connections being served
        self.refusing: set[asyncio.Transport] = set()

    def close_all(self) -> None:
        for transport in list(self.refusing):
            transport.abort()
        self.refusing.clear()


def _refusal_bytes(status: int, text: str) -> bytes:
    body = text.encode()
    reason = {429: b"Too Many Requests", 503: b"Service Unavailable"}[status]
    return (b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: %d\r\n"
            b"retry-after: 30\r\nconnection: close\r\n\r\n" % (status, reason, len(body)) + body)


# Refused before a request is read (so in English: the phone has not yet said which language it reads).
TOO_MANY_FROM_ONE = _refusal_bytes(429, "Too many connections from this device; try again in a minute.")
TOO_MANY_WORDS = N_("Too many phones are connected; try again in a minute.")
TOO_MANY = _refusal_bytes(503, TOO_MANY_WORDS)


LANGUAGE = "floorman.language"  # the request's language, as the guard decided it (a key of its scope)


def scope_language(scope: Scope, default: str) -> str:
    """The language a request asks for (see :func:`phone_language`), from its address and headers."""
    from urllib.parse import parse_qs

    query = parse_qs((scope.get("query_string") or b"")[:MAX_TARGET].decode("latin-1"))
    asked = (query.get("lang") or [""])[0]
    accept = next((v.decode("latin-1") for n, v in scope.get("headers", []) if n == b"accept-language"), "")
    return phone_language(asked, accept[:500], default)


def guarded_protocol(door: Door) -> type[H11Protocol]:
    """Uvicorn's HTTP/1.1 protocol behind ``door``: caps, a header deadline and a stalled-reader deadline."""

    class GuardedProtocol(H11Protocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._address: str | None = None
            self._refusing = False
            self._deadline: asyncio.TimerHandle | None = None
            self._stalled: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if door.open >= door.served:
                door.trouble.note("too many connections in all; the excess is refused (503)",
                                  f"{door.open:,} open")
                self._refuse(transport, TOO_MANY)
                return
            if door.per_address is not None and door.by_address[address] >= door.per_address:
                door.trouble.note("too many connections from one address; its excess is refused (429)",
                                  f"{address} has {door.by_address[address]:,} open")
                self._refuse(transport, TOO_MANY_FROM_ONE)
                return
            self._address = address
            door.by_address[address] += 1
            door.open += 1
            super().connection_made(transport)
            self._arm_deadline()

        def _refuse(self, transport: asyncio.Transport, answer: bytes) -> None:
            """Answer and close; when even the room for polite answers is full, close at once."""
            self._refusing = True
            self.transport = transport
            if door.open + len(door.refusing) >= door.held:
                transport.abort()
                return
            door.refusing.add(transport)
            transport.write(answer)
            # Closed once the request has arrived (so no reset loses the answer), or after a moment.
            self._deadline = self.loop.call_later(REFUSAL_LINGER_S, transport.close)

        def _arm_deadline(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(HEADER_TIMEOUT_S, self._header_deadline)

        def _header_deadline(self) -> None:
            self._deadline = None
            if self.cycle is not None and not self.cycle.response_complete:
                return  # a request is being answered (a live stream lasts); the next answer re-arms it
            if not self.transport.is_closing():
                self.transport.close()  # connected (or answered) and no complete request since: idle

        def data_received(self, data: bytes) -> None:
            if self._refusing:
                self.transport.close()
                return
            super().data_received(data)

        def eof_received(self) -> bool | None:  # type: ignore[override]
            if self._refusing:
                return None
            super().eof_received()
            return None

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm_deadline()

        def pause_writing(self) -> None:
            if not self._refusing:
                super().pause_writing()
            if self._stalled is None:
                self._stalled = self.loop.call_later(WRITE_TIMEOUT_S, self.transport.abort)

        def resume_writing(self) -> None:
            if self._stalled is not None:
                self._stalled.cancel()
                self._stalled = None
            if not self._refusing:
                super().resume_writing()

        def shutdown(self) -> None:
            if not self._refusing:
                super().shutdown()

        def connection_lost(self, exc: Exception | None) -> None:
            for timer in (self._deadline, self._stalled):
                if timer is not None:
                    timer.cancel()
            self._deadline = self._stalled = None
            if self._refusing:
                door.refusing.discard(self.transport)
                return
            if self._address is not None:
                door.by_address[self._address] -= 1
                if door.by_address[self._address] <= 0:
                    del door.by_address[self._address]
                door.open -= 1
                self._address = None
            super().connection_lost(exc)

    return GuardedProtocol


class Guard:
    """Read-only and bounded, before any route: methods, sizes, bodies, live connections; safe headers."""

    def __init__(self, app: ASGIApp, hub: Hub, max_clients: int) -> None:
        self.app = app
        self.hub = hub
        self.max_clients = max_clients

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        code = scope[LANGUAGE] = scope_language(scope, self.hub.language)  # decided once; the routes read it
        with use_language(code):
            refusal = self._refusal(scope)
        if refusal is not None:
            for message in refusal:
                await send(message)
            return
        live = scope["path"] in ("/api/events", "/display/events")
        if live:
            if self.hub.clients >= self.max_clients:
                self.hub.refused += 1
                with use_language(code):
                    busy = _plain(503, _(TOO_MANY_WORDS), [(b"retry-after", b"30")])
                for message in busy:
                    await send(message)
                return
            self.hub.clients += 1

        async def send_safe(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        try:
            await self.app(scope, receive, send_safe)
        finally:
            if live:
                self.hub.clients -= 1

    @staticmethod
    def _refusal(scope: Scope) -> tuple[Message, Message] | None:
        if scope["method"] not in ("GET", "HEAD"):
            return _plain(405, _("This page is read-only."), [(b"allow", b"GET, HEAD")])
        if len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"") > MAX_TARGET:
            return _plain(414, _("The address is too long."))
        if sum(len(n) + len(v) + 4 for n, v in scope["headers"]) > MAX_HEADER_BYTES:
            return _plain(431, _("The request's headers are too large."))
        for name, value in scope["headers"]:
            if name == b"transfer-encoding" or (name == b"content-length" and value.strip() not in (b"", b"0")):
                return _plain(413, _("A request to this page carries no body."))
        return None


DISPLAY_WAIT_S = 1.0  # a display's picture is composed again at least this often (pages, banners, cycle)


class DisplayPicture(NamedTuple):
    """A display's picture as sent: its JSON, the tournament's time it was composed at, how long until it must
    be composed again, and the layout and screen it shows (for the director's list)."""

    body: bytes
    now_ms: int
    wait: float
    layout: str
    screen: str


def display_frame(hub: Hub, name: str, asked: str, upright: bool, code: str | None = None) -> DisplayPicture:
    """The picture a display shows now, as JSON stamped with the tournament's time, and how long until it
    must be composed again (the next second, or sooner when the screen's turn ends before it); its words in
    the language ``code`` (default: the phones')."""
    with use_language(code or hub.language):
        return _display_frame(hub, name, asked, upright)


def _display_frame(hub: Hub, name: str, asked: str, upright: bool) -> DisplayPicture:
    layout_id, problem = hub.layout_for(name, asked, upright)
    feed = hub.feed
    layouts = hub.layouts
    layout = layouts.get(layout_id) if layouts is not None else None
    if feed is None or layout is None:
        data: dict[str, Any] = {"layout": layout_id, "screen": "", "boxes": [], "waiting": True}
        now_ms, wait = server_ms() + (feed.offset_ms if feed else 0), DISPLAY_WAIT_S
    else:
        now = feed.now()
        picture = compose(layout, feed.room, feed.moments, now)
        data = picture_json(picture, feed, layout_id)
        now_ms = int(now * 1000)
        until = picture.showing.until
        wait = DISPLAY_WAIT_S - (now % 1.0) + 0.005  # just past the next whole second (banners, the time)
        if until is not None and until > now:
            wait = min(wait, until - now + 0.005)
    data["name"] = name
    data["problem"] = problem
    return DisplayPicture(dumps(data), now_ms, max(0.05, wait), layout_id, data["screen"])


def stamped(body: bytes, now_ms: int) -> bytes:
    """The picture's JSON led by the server's time (two pictures that differ only by it are the same)."""
    return b'{"server_ms":%d,' % now_ms + body[1:]


def make_app(hub: Hub, max_clients: int = MAX_EVENT_CLIENTS) -> ASGIApp:
    """The ASGI application: the routes behind the :class:`Guard`. Each request is answered in its own
    language (:func:`scope_language`): never one language for the whole server, whose requests run side by side."""

    def lang(request: Request) -> str:
        return request.scope.get(LANGUAGE) or scope_language(request.scope, hub.language)

    async def index(request: Request) -> Response:
        code = lang(request)
        return HTMLResponse(page_html(code), headers={"cache-control": "no-cache", "vary": "accept-language",
                                                      "content-language": code})

    async def state(request: Request) -> Response:
        snap, code = hub.latest, lang(request)
        return Response(snap.with_time(hub.now_ms(snap), code), media_type="application/json",
                        headers={"cache-control": "no-store", "content-language": code})

    async def seat(request: Request) -> Response:
        name = request.query_params.get("name", "")[:MAX_QUERY]
        with use_language(lang(request)):
            found = hub.latest.find(name)
        return Response(dumps({"query": name, "matches": found}), media_type="application/json",
                        headers={"cache-control": "no-store"})

    async def events(request: Request) -> Response:
        if request.method == "HEAD":
            return Response(media_type="text/event-stream", headers={"cache-control": "no-store"})
        code = lang(request)

        async def stream() -> AsyncIterator[bytes]:
            yield b"retry: 2000\n\n"
            sent: Snapshot | None = None
            while not hub.closing:
                snap = hub.latest
                if snap is not sent:
                    sent = snap
                    yield hub.frame(snap, code)
                    continue
                changed = hub.changed
                if changed is None:
                    await asyncio.sleep(0.1)
                    continue
                try:
                    await asyncio.wait_for(changed.wait(), KEEPALIVE_S)
                except TimeoutError:
                    yield b": still here\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    async def display(request: Request) -> Response:
        code = lang(request)
        return HTMLResponse(display_html(code), headers={"cache-control": "no-cache", "vary": "accept-language",
                                                         "content-language": code})

    def display_asked(request: Request) -> tuple[str, str, bool]:
        q = request.query_params
        return (screen_name(q.get("screen", "")), q.get("layout", "")[:MAX_QUERY].strip(),
                q.get("upright", "") == "1")

    async def display_state(request: Request) -> Response:
        name, asked, upright = display_asked(request)
        frame = display_frame(hub, name, asked, upright, lang(request))
        return Response(stamped(frame.body, frame.now_ms), media_type="application/json",
                        headers={"cache-control": "no-store"})

    async def display_events(request: Request) -> Response:
        if request.method == "HEAD":
            return Response(media_type="text/event-stream", headers={"cache-control": "no-store"})
        name, asked, upright = display_asked(request)
        code = lang(request)
        peer = request.client.host if request.client else ""

        async def stream() -> AsyncIterator[bytes]:
            yield b"retry: 2000\n\n"
            sent = b""
            hub.display_joined(name, peer)
            quiet_since = time.monotonic()
            try:
                while not hub.closing:
                    if await request.is_disconnected():  # gone: off the director's list within a second
                        break
                    frame = display_frame(hub, name, asked, upright, code)
                    if frame.body != sent:
                        sent = frame.body
                        hub.display_shows(name, frame.layout, frame.screen)
                        quiet_since = time.monotonic()
                        yield b"data: " + stamped(frame.body, frame.now_ms) + b"\n\n"
                    elif time.monotonic() - quiet_since > KEEPALIVE_S:
                        quiet_since = time.monotonic()
                        yield b": still here\n\n"
                    changed = hub.changed
                    if changed is None:
                        await asyncio.sleep(0.1)
                        continue
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(changed.wait(), frame.wait)
            finally:
                hub.display_left(name)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"cache-control": "no-store", "x-accel-buffering": "no"})

    async def display_image(request: Request) -> Response:
        layouts = hub.layouts
        found = layouts.image(request.path_params["layout"], request.path_params["name"]) if layouts else None
        if found is None:
            return JSONResponse({"error": "not found"}, status_code=404)
        return Response(found[0], media_type=found[1], headers={"cache-control": "max-age=300"})

    async def not_found(_request: Request, _exc: Exception) -> Response:
        return JSONResponse({"error": "not found"}, status_code=404)

    app = Starlette(
        routes=[Route("/", index), Route("/api/state", state), Route("/api/seat", seat), Route("/api/events", events),
                Route("/display", display), Route("/display/state", display_state),
                Route("/display/events", display_events),
                Route("/display/image/{layout}/{name}", display_image)],
        exception_handlers={404: not_found},
    )
    return Guard(app, hub, max_clients)


class PhoneServer:
    """Uvicorn serving :func:`make_app` on its own thread; :meth:`start`, :meth:`publish`, :meth:`stop`."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8080, *, max_clients: int = MAX_EVENT_CLIENTS,
                 per_address: int | None = MAX_PER_ADDRESS, file_limit: int | None = None,
                 layouts: Layouts | None = None, language: str = "en") -> None:
        """``layouts``: the layouts the browser displays may show (default: the presets and the venue's own);
        ``language``: the phones' language when a phone asks for none of its own (a checked code)."""
        self.host = host
        self.port = port
        self.hub = Hub()
        self.hub.layouts = layouts
        self.hub.language = language
        self.trouble = Trouble()
        served, held = connection_limits(open_file_limit() if file_limit is None else file_limit)
        self.door = Door(served, held, per_address, self.trouble)
        # Live phones leave room for the page and its requests within the connections served.
        self.max_clients = max(1, min(max_clients, served - 16))
        self._filter = _OneLine(self.trouble)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None

    @property
    def url(self) -> str:
        host = self.host
        if host in ("0.0.0.0", ""):
            host = socket.gethostname()
        return f"http://{host}:{self.port}/"

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def publish(self, snapshot: Snapshot) -> None:
        self.hub.publish(snapshot)

    def set_language(self, code: str) -> None:
        """The phones' language from now on, for the phones that asked for none of their own."""
        self.hub.language = code

    def publish_feed(self, feed: Feed) -> None:
        """What the browser displays show (see :mod:`web.display`)."""
        self.hub.publish_feed(feed)

    def choose(self, screen: str, layout_id: str | None) -> None:
        self.hub.choose(screen, layout_id)

    def displays(self) -> list[dict[str, Any]]:
        return self.hub.displays()

    def start(self, timeout: float = 10.0) -> None:
        """Listen on (host, port); raises OSError when that address cannot be used."""
        sock = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((self.host, self.port))
            sock.listen(128)
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]  # port 0: the one the system chose
        if self.hub.layouts is None:
            from screens.layout import venue_layouts

            self.hub.layouts = Layouts(venue_layouts())
        config = uvicorn.Config(
            make_app(self.hub, self.max_clients), loop="asyncio", http=guarded_protocol(self.door), ws="none",
            lifespan="off", log_level="warning", access_log=False, backlog=128,
            timeout_keep_alive=5, timeout_graceful_shutdown=1, h11_max_incomplete_event_size=MAX_HEADER_BYTES,
            server_header=False, date_header=False,
        )
        uvicorn_log = logging.getLogger("uvicorn.error")
        if self._filter not in uvicorn_log.filters:
            uvicorn_log.addFilter(self._filter)
        self._server = uvicorn.Server(config)
        ready = threading.Event()

        def run() -> None:
            assert self._server is not None

            async def main() -> None:
                asyncio.get_running_loop().set_exception_handler(self.trouble.loop_exception)
                self.hub.started()
                ready.set()
                try:
                    await self._server.serve(sockets=[sock])  # type: ignore[union-attr]
                finally:
                    self.door.close_all()

            try:
                asyncio.run(main())
            except BaseException as exc:  # noqa: BLE001 - reported to whoever started the server
                self.error = exc
            finally:
                ready.set()
                sock.close()

        self._thread = threading.Thread(target=run, name="phone-server", daemon=True)
        self._thread.start()
        ready.wait(timeout)
        deadline = time.monotonic() + timeout
        while not self._server.started and self.running and time.monotonic() < deadline:
            time.sleep(0.01)
        if self.error is not None:
            raise OSError(f"The web server did not start: {self.error}")

    def stop(self, timeout: float = 5.0) -> None:
        """Close every connection and end the thread."""
        loop = self.hub.loop
        if loop is not None and not loop.is_closed():
            self.hub.closing = True  # the live streams end, so the connections close cleanly
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.hub._wake)
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None
        self._server = None
        self.hub.loop = None
        logging.getLogger("uvicorn.error").removeFilter(self._filter)
