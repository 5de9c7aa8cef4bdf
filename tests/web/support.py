"""A small tournament served on 127.0.0.1 and a free port, with the snapshot published like the window does."""

from __future__ import annotations

import http.client
import json
from typing import Any

from app import views
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from web.server import PhoneServer
from web.snapshot import make_snapshot

NAMES = ["José Núñez", "Ann Lee", "Bo Chen", "<script>alert(1)</script>", "Carla Novak", "Dev Patel",
         "Elif Kaya", "Femi Okafor", "Greta Rossi", "Hiro Sato", "Ines Silva", "Jonas Berg"]


class Served:
    def __init__(self, clock: Any = None, max_clients: int = 500, profile: str = "tda",
                 names: tuple[str, ...] | list[str] = tuple(NAMES), **server: Any) -> None:
        self.clock = clock or FakeClock(1_800_000_000.0)
        self.t = Tournament.create(load_profile(profile), name="Test Night", time=self.clock, seed=3)
        for name in names:
            self.t.execute({"cmd": "register", "name": name})
        self.t.execute({"cmd": "seat_all"})
        self.server = PhoneServer("127.0.0.1", 0, max_clients=max_clients, **server)
        self.server.start()
        self.publish()

    def publish(self) -> None:
        self.server.publish(make_snapshot(views.read(self.t, self.clock.now())))

    def execute(self, cmd: dict[str, Any]) -> None:
        self.t.execute(cmd)
        self.publish()

    @property
    def url(self) -> str:
        return self.server.url

    def conn(self, timeout: float = 5.0) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=timeout)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        c = self.conn()
        try:
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            c.close()

    def json(self, path: str) -> Any:
        status, _h, body = self.request("GET", path)
        assert status == 200, body
        return json.loads(body)

    def close(self) -> None:
        self.server.stop()
