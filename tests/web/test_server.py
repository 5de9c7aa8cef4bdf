"""The phones' web server on 127.0.0.1: the page, the state, find my seat, read-only, bounded, live."""

from __future__ import annotations

import json
import re
import socket
import time

import pytest

from tests.web.support import Served


@pytest.fixture
def served():
    s = Served()
    yield s
    s.close()


def test_the_page_is_one_small_html_document_with_no_external_url(served):
    status, headers, body = served.request("GET", "/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert len(body) < 150 * 1024
    assert not re.search(rb"(src|href)\s*=\s*[\"']?(https?:)?//", body)
    assert b"http://" not in body and b"https://" not in body
    assert b"textContent" in body and b"innerHTML" not in body
    assert "default-src 'none'" in headers["content-security-policy"]


def test_the_state_has_what_the_room_display_shows(served):
    s = served.json("/api/state")
    for key in ("clock", "level", "blinds", "players_left", "payouts", "game", "ante", "next", "average_stack",
                "prize_pool", "status", "tables", "results", "announcements", "leaders", "server_ms"):
        assert key in s, key
    assert s["players_left"] == 12
    assert {"as_of_ms", "ms_left", "ends_at_ms", "running", "on_break", "break_at_ms"} <= set(s["clock"])
    assert set(s["status"]) >= {"bubble", "in_the_money", "final_table"}


def test_only_public_facts_leave_the_server(served):
    body = served.request("GET", "/api/state")[2].decode()
    for private in ("player_id", '"id"', "phone", "note", "paid_cents", "email"):
        assert private not in body


def test_the_clock_is_sent_as_timestamps_so_the_page_counts_down_itself(served):
    served.execute({"cmd": "start_clock"})
    served.clock.advance(30)
    served.publish()  # the window publishes on its tick; the test clock jumped
    c = served.json("/api/state")["clock"]
    assert c["running"]
    assert c["ends_at_ms"] == c["as_of_ms"] + c["ms_left"]
    again = served.json("/api/state")
    assert again["clock"]["ends_at_ms"] == c["ends_at_ms"]  # the end does not move while it runs
    # The server tells the tournament's time (here a test clock) without reading the engine's clock:
    # its wall clock plus the offset the snapshot was made with.
    assert abs(again["server_ms"] - 1_800_000_030_000) < 2000


def test_find_my_seat_ignores_accents_and_case(served):
    found = served.json("/api/seat?name=jose")["matches"]
    assert [m["name"] for m in found] == ["José Núñez"]
    assert found[0]["table"] and found[0]["seat"] and found[0]["status"] == "seated"
    assert served.json("/api/seat?name=NUNEZ")["matches"][0]["name"] == "José Núñez"
    assert served.json("/api/seat?name=x")["matches"] == []
    assert served.json("/api/seat?name=nobody")["matches"] == []


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
@pytest.mark.parametrize("path", ["/", "/api/state", "/api/seat?name=ann", "/api/events", "/nowhere"])
def test_every_other_method_answers_405(served, method, path):
    status, headers, _ = served.request(method, path, body=b"{}" if method != "OPTIONS" else None)
    assert status == 405
    assert headers["allow"] == "GET, HEAD"


def test_head_is_allowed(served):
    assert served.request("HEAD", "/api/state")[0] == 200
    status, headers, body = served.request("HEAD", "/api/events")
    assert status == 200 and body == b""
    deadline = time.monotonic() + 5
    while served.server.hub.clients and time.monotonic() < deadline:
        time.sleep(0.02)
    assert served.server.hub.clients == 0


def test_a_script_name_comes_back_as_text(served):
    body = served.request("GET", "/api/state")[2]
    assert b"<script>" not in body
    assert b"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in body
    names = [s["name"] for t in json.loads(body)["tables"] for s in t["seats"]]
    assert "<script>alert(1)</script>" in names  # the name itself, for the page to show as text
    found = served.request("GET", "/api/seat?name=%3Cscript")[2]
    assert b"<script" not in found and json.loads(found)["matches"][0]["name"] == "<script>alert(1)</script>"


def test_oversized_requests_are_refused(served):
    status, _, _ = served.request("GET", "/api/seat?name=" + "a" * 5000)
    assert status == 414
    status, _, _ = served.request("GET", "/api/state", body=b"x" * 10)
    assert status == 413
    # Headers beyond the limit: refused before any route runs (or the connection is closed).
    with socket.create_connection(("127.0.0.1", served.server.port), timeout=5) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n")
        reply = b""
        try:
            while chunk := sock.recv(4096):
                reply += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    assert reply.startswith(b"HTTP/1.1 4") or not reply  # 431, or h11 closed it
    assert served.request("GET", "/api/state")[0] == 200  # and the server still serves


def read_event(resp) -> dict:
    data = b""
    while True:
        line = resp.fp.readline()
        assert line, "the stream ended"
        if line.startswith(b"data: "):
            data += line[6:].rstrip(b"\n")
        elif line == b"\n" and data:
            return json.loads(data)


def test_live_updates_arrive_after_a_command(served):
    served.execute({"cmd": "start_clock"})  # nobody busts before the start (ELIM-6)
    c = served.conn()
    c.request("GET", "/api/events")
    resp = c.getresponse()
    assert resp.status == 200 and resp.getheader("content-type").startswith("text/event-stream")
    first = read_event(resp)
    assert first["players_left"] == 12
    t0 = time.monotonic()
    served.execute({"cmd": "bust", "player": "Ann Lee"})
    second = read_event(resp)
    assert second["players_left"] == 11 and second["seq"] > first["seq"]
    assert time.monotonic() - t0 < 2
    assert served.server.hub.clients == 1
    c.close()


def test_live_connections_are_capped():
    s = Served(max_clients=2)
    try:
        conns = []
        for _ in range(2):
            c = s.conn()
            c.request("GET", "/api/events")
            r = c.getresponse()
            assert r.status == 200
            read_event(r)
            conns.append(c)
        status, headers, _ = s.request("GET", "/api/events")
        assert status == 503 and headers["retry-after"]
        assert s.request("GET", "/api/state")[0] == 200  # the rest still answers
        for c in conns:
            c.close()
        deadline = time.monotonic() + 5
        while s.server.hub.clients and time.monotonic() < deadline:
            time.sleep(0.05)
        assert s.server.hub.clients == 0
    finally:
        s.close()


def test_the_server_stops_and_frees_its_port(served):
    port = served.server.port
    served.close()
    assert not served.server.running
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))


def test_find_my_seat_folds_letters_without_an_accent_to_drop(served):
    """"soren" finds Søren, "lukasz" Łukasz: ø, ł and the like fold as accents do."""
    served.execute({"cmd": "register", "name": "Søren Ørsted"})
    served.execute({"cmd": "register", "name": "Łukasz Żak"})
    assert [m["name"] for m in served.json("/api/seat?name=soren")["matches"]] == ["Søren Ørsted"]
    assert [m["name"] for m in served.json("/api/seat?name=LUKASZ+ZAK")["matches"]] == ["Łukasz Żak"]
    assert [m["name"] for m in served.json("/api/seat?name=orsted")["matches"]] == ["Søren Ørsted"]
