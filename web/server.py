"""The phones' web server: Starlette under Uvicorn on a worker thread, read-only.

Routes: ``/`` (the page), ``/api/state`` (the public state as JSON), ``/api/seat?name=`` (find my
seat) and ``/api/events`` (server-sent events: the state again after every change).

The thread that owns the engine calls :meth:`PhoneServer.publish` with an immutable
:class:`~web.snapshot.Snapshot`; the server only ever reads the latest one, so a slow phone never
holds up the director's window. Every method other than GET and HEAD answers 405; request lines and
headers are bounded, a request with a body is refused, and the live connections are capped.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from web.page import PAGE
from web.snapshot import EMPTY, MAX_QUERY, Snapshot, dumps

MAX_EVENT_CLIENTS = 500  # live (SSE) phones at once; more are told to come back later (503)
MAX_CONNECTIONS = 700  # every open connection, live ones included (Uvicorn answers 503 beyond)
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


class Hub:
    """The latest snapshot and the wake-up call for the live streams (lives on the server's loop)."""

    def __init__(self) -> None:
        self.latest: Snapshot = EMPTY
        self.loop: asyncio.AbstractEventLoop | None = None
        self.changed: asyncio.Event | None = None
        self.clients = 0
        self.refused = 0
        self.closing = False
        self._frame: tuple[Snapshot | None, bytes] = (None, b"")

    @staticmethod
    def now_ms(snap: Snapshot) -> int:
        """The tournament's time now, from the wall clock and the offset the snapshot was made with
        (the engine's time source is never read on this thread)."""
        return int(time.time() * 1000) + snap.offset_ms

    def frame(self, snap: Snapshot) -> bytes:
        """The event-stream message of ``snap``, made once for every phone (stamped when first sent)."""
        cached = self._frame
        if cached[0] is not snap:
            cached = (snap, b"data: " + snap.with_time(self.now_ms(snap)) + b"\n\n")
            self._frame = cached
        return cached[1]

    def publish(self, snapshot: Snapshot) -> None:
        """From any thread: the new snapshot; the live streams send it at once."""
        self.latest = snapshot  # one reference assignment: readers see the old or the new one
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
        refusal = self._refusal(scope)
        if refusal is not None:
            for message in refusal:
                await send(message)
            return
        live = scope["path"] == "/api/events"
        if live:
            if self.hub.clients >= self.max_clients:
                self.hub.refused += 1
                for message in _plain(503, "Too many phones are connected; try again in a minute.",
                                      [(b"retry-after", b"30")]):
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
            return _plain(405, "This page is read-only.", [(b"allow", b"GET, HEAD")])
        if len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"") > MAX_TARGET:
            return _plain(414, "The address is too long.")
        if sum(len(n) + len(v) + 4 for n, v in scope["headers"]) > MAX_HEADER_BYTES:
            return _plain(431, "The request's headers are too large.")
        for name, value in scope["headers"]:
            if name == b"transfer-encoding" or (name == b"content-length" and value.strip() not in (b"", b"0")):
                return _plain(413, "A request to this page carries no body.")
        return None


def make_app(hub: Hub, max_clients: int = MAX_EVENT_CLIENTS) -> ASGIApp:
    """The ASGI application: the routes behind the :class:`Guard`."""
    page = PAGE.encode()

    async def index(_request: Request) -> Response:
        return HTMLResponse(page, headers={"cache-control": "no-cache"})

    def state_response() -> Response:
        snap = hub.latest
        return Response(snap.with_time(hub.now_ms(snap)), media_type="application/json",
                        headers={"cache-control": "no-store"})

    async def state(_request: Request) -> Response:
        return state_response()

    async def seat(request: Request) -> Response:
        name = request.query_params.get("name", "")[:MAX_QUERY]
        return Response(dumps({"query": name, "matches": hub.latest.find(name)}), media_type="application/json",
                        headers={"cache-control": "no-store"})

    async def events(request: Request) -> Response:
        if request.method == "HEAD":
            return Response(media_type="text/event-stream", headers={"cache-control": "no-store"})

        async def stream() -> AsyncIterator[bytes]:
            yield b"retry: 2000\n\n"
            sent: Snapshot | None = None
            while not hub.closing:
                snap = hub.latest
                if snap is not sent:
                    sent = snap
                    yield hub.frame(snap)
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

    async def not_found(_request: Request, _exc: Exception) -> Response:
        return JSONResponse({"error": "not found"}, status_code=404)

    app = Starlette(
        routes=[Route("/", index), Route("/api/state", state), Route("/api/seat", seat), Route("/api/events", events)],
        exception_handlers={404: not_found},
    )
    return Guard(app, hub, max_clients)


class PhoneServer:
    """Uvicorn serving :func:`make_app` on its own thread; :meth:`start`, :meth:`publish`, :meth:`stop`."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8080, *, max_clients: int = MAX_EVENT_CLIENTS) -> None:
        self.host = host
        self.port = port
        self.hub = Hub()
        self.max_clients = max_clients
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
        config = uvicorn.Config(
            make_app(self.hub, self.max_clients), loop="asyncio", http="h11", ws="none", lifespan="off",
            log_level="warning", access_log=False, limit_concurrency=MAX_CONNECTIONS, backlog=128,
            timeout_keep_alive=5, timeout_graceful_shutdown=1, h11_max_incomplete_event_size=MAX_HEADER_BYTES,
            server_header=False, date_header=False,
        )
        self._server = uvicorn.Server(config)
        ready = threading.Event()

        def run() -> None:
            assert self._server is not None

            async def main() -> None:
                self.hub.started()
                ready.set()
                await self._server.serve(sockets=[sock])  # type: ignore[union-attr]

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
