"""The room display's routes on 127.0.0.1: the page, the composed picture, the counting lines, the layout's
images by their checked names, a layout that does not exist, and a display told its layout by name."""

from __future__ import annotations

import http.client
import json
import re
import time
from pathlib import Path

import msgspec
import pytest

from app import views
from app.core.timesource import FakeClock
from screens.compose import compose
from screens.layout import Region, find_layout, save_layout
from screens.pieces import room_input
from screens.rotation import moments_of
from tests.web.support import Served
from web.display import Layouts, make_feed, tick_text
from web.display_page import display_html

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def venue(tmp_path: Path) -> Path:
    """A venue layout with a logo: the classic preset, its first screen's event name replaced by the logo."""
    classic = find_layout("classic-16x9")
    first = classic.screens[0]
    regions = tuple(msgspec.structs.replace(r, piece="", image="logo.png") if r.piece == "event_name" else r
                    for r in first.regions)
    own = msgspec.structs.replace(classic, name="Our room", screens=(msgspec.structs.replace(first, regions=regions),
                                                                     *classic.screens[1:]))
    folder = tmp_path / "layouts"
    (folder / "our-room" / "images").mkdir(parents=True)
    (folder / "our-room" / "images" / "logo.png").write_bytes(PNG)
    (folder / "our-room" / "images" / "secret.png").write_bytes(PNG)  # beside it, but not the layout's
    save_layout(own, folder / "our-room")
    return folder


@pytest.fixture
def served(tmp_path):
    s = Served(layouts=Layouts(venue(tmp_path)))
    s.t.execute({"cmd": "start_clock"})
    s.server.publish_feed(make_feed(s.t, s.clock.now(), phones_url=s.url))
    yield s
    s.close()


def test_the_display_page_is_one_document_that_writes_words_as_text(served):
    status, headers, body = served.request("GET", "/display?layout=classic-16x9&screen=Bar%20TV")
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in headers["content-security-policy"]
    assert body == display_html("en")
    assert b"textContent" in body and b"innerHTML" not in body and b"eval(" not in body
    assert not re.search(rb"(src|href)\s*=\s*[\"']?(https?:)?//", body)


def test_the_picture_is_the_composed_layout_with_counting_lines(served):
    pic = served.json("/display/state?layout=classic-16x9")
    layout = find_layout("classic-16x9")
    now = served.clock.now()
    room = room_input(served.t, now, phones_url=served.url)
    expected = compose(layout, room, moments_of(room.view), now)
    assert pic["layout"] == "classic-16x9" and pic["screen"] == expected.showing.screen.name
    assert [b["piece"] for b in pic["boxes"]] == [b.region.piece for b in expected.boxes]
    for got, box in zip(pic["boxes"], expected.boxes):
        assert (got["x"], got["y"], got["w"], got["h"]) == (box.x, box.y, box.w, box.h)
        assert [ln["t"] for ln in got["lines"]] == [ln.text for ln in box.content.lines]
        assert [ln["c"] for ln in got["lines"]] == [box.colour_for(ln.emphasis) for ln in box.content.lines]
    clock = next(b for b in pic["boxes"] if b["piece"] == "clock")["lines"][0]
    assert clock["t"] == "20:00" and clock["tick"]["kind"] == "clock"
    # The page counts to the level's end: at any later moment it writes what the engine would.
    for later in (1.5, 61, 119.999, 11 * 60 + 0.5, 19 * 60 + 59.5):
        at_ms = int((now + later) * 1000)
        engine = views.read(served.t, now + later).clock.raw["time_left"]  # what the room display shows
        assert tick_text(clock["tick"], at_ms) == engine, later
    # Time-stamped by the tournament's clock (a test clock here), not the server's wall clock.
    assert abs(pic["server_ms"] - now * 1000) < 2000


def test_a_name_holding_markup_is_sent_escaped(served):
    body = served.request("GET", "/display/state?layout=classic-16x9")[2]
    assert b"<script>" not in body and b"</" not in body


def test_the_layouts_images_only_by_their_names_with_the_kind_of_their_bytes(served):
    pic = served.json("/display/state?layout=our-room")
    logo = next(b for b in pic["boxes"] if b["kind"] == "image")
    assert logo["image"] == "display/image/our-room/logo.png"
    status, headers, body = served.request("GET", "/" + logo["image"])
    assert status == 200 and headers["content-type"] == "image/png" and body == PNG
    for bad in ("/display/image/our-room/secret.png", "/display/image/our-room/..%2Flayout.json",
                "/display/image/our-room/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd", "/display/image/nope/logo.png",
                "/display/image/classic-16x9/logo.png"):
        assert served.request("GET", bad)[0] == 404, bad


def test_a_layout_that_does_not_exist_shows_the_classic_one_and_says_so(served):
    pic = served.json("/display/state?layout=nope")
    assert pic["layout"] == "classic-16x9" and pic["boxes"]
    assert pic["problem"] == "There is no layout 'nope'; showing classic-16x9."
    upright = served.json("/display/state?upright=1")
    assert upright["layout"] == "classic-9x16" and upright["problem"] == ""


def events(served: Served, path: str, count: int, timeout: float = 10.0) -> list[dict]:
    conn = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=timeout)
    conn.request("GET", path)
    r = conn.getresponse()
    assert r.status == 200
    got: list[dict] = []
    try:
        while len(got) < count:
            line = r.fp.readline()
            if line.startswith(b"data: "):
                got.append(json.loads(line[6:]))
    finally:
        conn.close()
    return got


def test_a_bust_reaches_a_connected_display(served):
    import threading

    def bust() -> None:
        time.sleep(0.5)
        served.t.execute({"cmd": "bust", "player": "Ann Lee"})
        served.server.publish_feed(make_feed(served.t, served.clock.now(), phones_url=served.url))

    threading.Thread(target=bust).start()
    first, second = events(served, "/display/events?layout=classic-16x9", 2)
    players = [next(b for b in p["boxes"] if b["piece"] == "players")["lines"][1]["t"] for p in (first, second)]
    assert players == ["12 / 12", "11 / 12"]


def test_the_director_chooses_a_displays_layout_by_its_name(served):
    import threading

    def choose() -> None:
        deadline = time.monotonic() + 5
        while not served.server.displays() and time.monotonic() < deadline:
            time.sleep(0.02)
        served.server.choose("Bar TV", "big-clock-16x9")

    threading.Thread(target=choose).start()
    first, second = events(served, "/display/events?layout=classic-16x9&screen=Bar%20TV", 2)
    assert (first["layout"], second["layout"]) == ("classic-16x9", "big-clock-16x9")
    assert second["name"] == "Bar TV"
    # Only that screen: another display keeps the layout its address names.
    assert served.json("/display/state?layout=classic-16x9&screen=Hall")["layout"] == "classic-16x9"
    served.server.choose("Bar TV", None)
    assert served.json("/display/state?layout=classic-16x9&screen=Bar%20TV")["layout"] == "classic-16x9"


def test_the_region_sizes_are_kept(served):
    """The page gets each region's own size and alignment, the largest its text is drawn."""
    pic = served.json("/display/state?layout=big-clock-16x9")
    layout = find_layout("big-clock-16x9")
    screen = next(s for s in layout.screens if s.name == pic["screen"])
    regions: tuple[Region, ...] = screen.regions
    assert len(pic["boxes"]) == len(regions)
    for b, r in zip(pic["boxes"], regions):
        assert (b["piece"], b["size"], b["align"], b["bold"]) == (r.piece, r.size, r.align, r.bold)



def test_a_display_that_goes_away_leaves_the_directors_list(served):
    import socket

    c = socket.create_connection(("127.0.0.1", served.server.port))
    c.sendall(b"GET /display/events?screen=Bar%20TV HTTP/1.1\r\nHost: bench\r\n\r\n")
    deadline = time.monotonic() + 5
    while not served.server.displays() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert [d["name"] for d in served.server.displays()] == ["Bar TV"]
    c.close()
    deadline = time.monotonic() + 5
    while served.server.displays() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert served.server.displays() == [] and served.server.hub.clients == 0


def one_screen(layout_id: str, piece: str):
    """The screen of a preset that shows ``piece``, as a layout of its own (so it shows at any time)."""
    layout = find_layout(layout_id)
    screen = next(s for s in layout.screens if any(r.piece == piece for r in s.regions))
    return msgspec.structs.replace(layout, screens=(msgspec.structs.replace(screen, event=None, seconds=60),))


def test_tables_and_the_phones_code_go_to_the_page_as_data():
    from app.api import build_demo
    from web.display import picture_json

    demo = build_demo(players=60)
    now = demo.time.now()
    feed = make_feed(demo, now, phones_url="http://192.0.2.7:8080/")
    pay = compose(one_screen("classic-16x9", "payouts"), feed.room, feed.moments, now)
    box = next(b for b in picture_json(pay, feed, "x")["boxes"] if b["piece"] == "payouts")
    content = next(b.content for b in pay.boxes if b.region.piece == "payouts")
    assert box["kind"] == "table" and box["header"] == ["Place", "Prize"]
    assert box["rows"] == [list(r) for r in content.rows] and (box["page"], box["pages"]) == (0, content.pages)
    qr = compose(one_screen("sponsors-16x9", "phones_qr"), feed.room, feed.moments, now)
    code = next(b for b in picture_json(qr, feed, "x")["boxes"] if b["piece"] == "phones_qr")["qr"]
    import segno

    expected = segno.make("http://192.0.2.7:8080/", error="m").matrix
    assert len(code) == len(expected) and all(len(row) == len(expected) for row in code)
    assert [[c == "1" for c in row] for row in code] == [[bool(v) for v in row] for row in expected]


@pytest.mark.parametrize("start", [1_800_000_000.0, 1_800_000_000.3, 1_800_000_000.77])
def test_the_overtime_counts_up_as_the_engine_writes_it(start):
    """Past the last level the clock counts up (+MM:SS); the page counts it from its start, found to the
    millisecond whatever the fraction of a second the overtime began at."""
    from app.api import build_demo
    from screens.compose import picture_text
    from web.display import picture_json

    demo = build_demo(players=40, time=FakeClock(start))
    now = demo.time.now()
    feed = make_feed(demo, now)
    layout = find_layout("big-clock-16x9")
    pic = picture_json(compose(layout, feed.room, feed.moments, now), feed, "big-clock-16x9")
    clock = next(b for b in pic["boxes"] if b["piece"] == "clock")["lines"][0]
    assert clock["t"].startswith("+") and clock["tick"]["kind"] == "up"
    for later in (0.001, 0.4, 0.999, 1.0, 1.5, 61.7):
        room = room_input(demo, now + later)
        engine = next(b for b in compose(layout, room, moments_of(room.view), now + later).boxes
                      if b.region.piece == "clock").content.lines[0].text
        assert tick_text(clock["tick"], int((now + later) * 1000)) == engine, later
    assert picture_text(compose(layout, feed.room, feed.moments, now))


def test_a_layout_saved_while_serving_is_found_and_a_missing_image_is_not_served(tmp_path, monkeypatch):
    folder = venue(tmp_path)
    layouts = Layouts(folder)
    assert layouts.get("late-one") is None
    own = msgspec.structs.replace(find_layout("big-clock-16x9"), name="Late one")
    save_layout(own, folder / "late-one")
    monkeypatch.setattr(Layouts, "RELOAD_S", 0.0)
    assert layouts.get("late-one") == own and layouts.names()["late-one"] == "Late one"
    assert layouts.image("our-room", "logo.png") == (PNG, "image/png")
    assert layouts.image("our-room", "logo.png") == (PNG, "image/png")  # from memory the second time
    (folder / "our-room" / "images" / "logo.png").unlink()
    fresh = Layouts(folder)  # the file gone since: refused by the check, nothing served
    assert fresh.get("our-room") is None and fresh.image("our-room", "logo.png") is None


def test_the_live_stream_answers_head_and_a_display_waits_for_the_tournament(tmp_path):
    from web.server import PhoneServer

    server = PhoneServer("127.0.0.1", 0, layouts=Layouts(venue(tmp_path)))
    server.start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        conn.request("HEAD", "/display/events")
        r = conn.getresponse()
        assert r.status == 200 and r.getheader("content-type").startswith("text/event-stream")
        conn.close()
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        conn.request("GET", "/display/state")
        waiting = json.loads(conn.getresponse().read())
        conn.close()
        assert waiting["waiting"] is True and waiting["boxes"] == []
    finally:
        server.stop()


@pytest.mark.parametrize("before", [119.37, 60.0, 59.63, 3.2])
def test_the_time_to_the_break_counts_as_the_engine_writes_it(before):
    """The last minutes before a break: "2 min", "1 min", then seconds; the page's count is the engine's
    at every moment, whatever the fraction of a second it was read at."""
    from app.api import build_demo
    from web.display import picture_json

    demo = build_demo(players=40)
    brk = demo.time.now()
    while not views.read(demo, brk).clock.on_break:
        brk += 1
    while views.read(demo, brk - 0.001).clock.on_break:  # the break's first millisecond, to 1 ms
        brk -= 0.001
    now = brk - before
    feed = make_feed(demo, now)
    layout = one_screen("classic-16x9", "time_to_break")
    box = next(b for b in picture_json(compose(layout, feed.room, feed.moments, now), feed, "x")["boxes"]
               if b["piece"] == "time_to_break")
    tick = box["lines"][1]["tick"]
    for later in (0.0, 0.3, 0.63, 0.999, 1.5, min(before - 0.01, 40.7)):
        room = room_input(demo, now + later)
        assert tick_text(tick, int(round((now + later) * 1000))) == room.frame.break_text, later


def test_the_directors_announcement_shows_on_the_browser_display(served):
    """An announcement recorded with the announce action reaches every browser display: the layout's
    announcement screen with the director's words, at the time it was set for, and not before."""
    now = served.clock.now()
    served.t.execute({"cmd": "announce", "text": "Dinner break in 10 minutes", "starts_at": now + 120,
                      "seconds": 60})
    served.server.publish_feed(make_feed(served.t, now, phones_url=served.url))
    before = json.dumps(served.json("/display/state?layout=classic-16x9"))
    assert "Dinner break in 10 minutes" not in before
    served.clock.advance(125)
    served.server.publish_feed(make_feed(served.t, served.clock.now(), phones_url=served.url))
    during = served.json("/display/state?layout=classic-16x9")
    assert "Dinner break in 10 minutes" in json.dumps(during)
