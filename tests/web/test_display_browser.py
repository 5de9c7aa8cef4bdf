"""The room display in headless Chromium: every screen of every preset, measured in the page.

Each screen of each preset is shown on its own (a one-screen copy of the preset in a venue folder, so no
turn of the cycle is missed) at 1280x720, 1920x1080 and 3840x2160 for the 16:9 presets and 1080x1920
for the upright ones. The display is told which layout to show the way the director tells it (by the
screen's name), so the page switches without reloading. A script in the page measures:

- no text is cut: every line's ``scrollWidth`` stays within its ``clientWidth``, and the ink of every
  line, table, QR code and image (``getBoundingClientRect`` of its text) stays inside its region's box
  and on the screen;
- no text overlaps another region's;
- the clock's digits stay readable: their drawn size, as a fraction of the screen's height, is at least
  what the Qt display's fit test asks (tests/ui/test_layout_fit.py, argued there): 8 % of a 16:9
  screen's height where the clock is the screen's main piece (the cycle's first screen, the level up, the
  break, hand for hand: digits read from 12 m on a 55-inch set), 4 % elsewhere (a corner reminder read
  from the nearer tables), both scaled by 9/16 on a screen standing upright.

Each is measured at three moments of the demo: running, on the break with its colour-up, and at the
final table (the busiest screens).

And the browser shows the same words as the Qt display: :func:`screens.compose.picture_text` of the
picture composed for the same layout, tournament and moment equals the text read from the page's DOM.
Without Chromium the test is skipped on a workstation; in CI (CI=true) it fails.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from app.api import Tournament, build_demo, views
from screens.compose import compose, picture_text
from screens.layout import Layout, load_layout, preset_paths, save_layout
from screens.pieces import room_input
from screens.rotation import moments_of
from tests.web.cdp import Browser
from tests.web.test_browser import chromium
from web.display import Layouts, make_feed
from web.server import PhoneServer

SIZES = {"16:9": [(1280, 720), (1920, 1080), (3840, 2160)], "9:16": [(1080, 1920)]}
MAIN_CLOCK = 0.08  # of a 16:9 screen's height, where the clock is the screen's main piece
CORNER_CLOCK = 0.04  # elsewhere
MAIN_SCREENS = {"main", "level_up", "break", "hand_for_hand"}
UPRIGHT = 9 / 16  # the same digits on a TV on its side are 9/16 of its height
SCREEN = "Bar TV"

MEASURE = """(function(){
var H=innerHeight,W=innerWidth,out={cut:[],outside:[],overlap:[],clock:[],boxes:0,layout:document.getElementById("screen").dataset.layout};
var ink=[],boxes=document.querySelectorAll("#screen .box");out.boxes=boxes.length;
function rectOf(e){if(e.tagName==="CANVAS"||e.tagName==="IMG"||e.tagName==="TABLE"){return e.getBoundingClientRect()}
 var r=document.createRange();r.selectNodeContents(e);return r.getBoundingClientRect()}
for(var i=0;i<boxes.length;i++){var b=boxes[i],br=b.getBoundingClientRect(),piece=b.dataset.piece;
 var items=b.querySelectorAll(".ln,table,canvas,img");
 for(var j=0;j<items.length;j++){var e=items[j];if(e.classList.contains("ln")&&!e.textContent){continue}
  if(e.classList.contains("ln")&&e.scrollWidth>e.clientWidth+1){out.cut.push(piece+": "+e.textContent+" ("+e.scrollWidth+" > "+e.clientWidth+")")}
  var r=rectOf(e);if(r.width===0&&r.height===0){continue}
  if(r.left<br.left-1||r.right>br.right+1||r.top<br.top-1||r.bottom>br.bottom+1||r.left<-1||r.top<-1||r.right>W+1||r.bottom>H+1){
   out.outside.push(piece+": "+(e.textContent||e.tagName).slice(0,40)+" ["+[r.left,r.top,r.right,r.bottom].map(Math.round)+"] in ["+[br.left,br.top,br.right,br.bottom].map(Math.round)+"]")}
  ink.push({box:i,piece:piece,r:r,t:(e.textContent||e.tagName).slice(0,30)});
  if((piece==="clock"||piece==="break_countdown")&&e.classList.contains("ln")&&/\\d:\\d\\d/.test(e.textContent)){
   out.clock.push(parseFloat(getComputedStyle(e).fontSize)/H)}}}
for(var a=0;a<ink.length;a++){for(var c=a+1;c<ink.length;c++){var p=ink[a],q=ink[c];if(p.box===q.box){continue}
 var w=Math.min(p.r.right,q.r.right)-Math.max(p.r.left,q.r.left),h=Math.min(p.r.bottom,q.r.bottom)-Math.max(p.r.top,q.r.top);
 if(w>1&&h>1){out.overlap.push(p.piece+" '"+p.t+"' / "+q.piece+" '"+q.t+"'")}}}
return out})()"""

DOM_TEXT = """(function(){var boxes=document.querySelectorAll("#screen .box"),out=[];
for(var i=0;i<boxes.length;i++){var parts=[],b=boxes[i],lines=b.querySelectorAll(".ln");
 for(var j=0;j<lines.length;j++){if(lines[j].textContent){parts.push(lines[j].textContent)}}
 var rows=b.querySelectorAll("tr");for(var r=0;r<rows.length;r++){var cells=[],tds=rows[r].querySelectorAll("td");
  for(var k=0;k<tds.length;k++){cells.push(tds[k].textContent)}var line=cells.join("  ");if(line){parts.push(line)}}
 if(parts.length){out.push(parts.join("\\n"))}}
return {text:out.join("\\n"),at:Number(document.getElementById("screen").dataset.at)}})()"""


def one_screen_layouts(folder: Path) -> dict[str, tuple[Layout, str, str]]:
    """Every screen of every preset as a layout of its own: id -> (layout, aspect, what the screen is for)."""
    out = {}
    for path in preset_paths():
        preset = load_layout(path)
        for n, screen in enumerate(preset.screens):
            single = msgspec.structs.replace(screen, event=None, seconds=60)
            layout = msgspec.structs.replace(preset, name=f"{preset.name} {n}", screens=(single,))
            key = f"{path.stem}-{n}"
            save_layout(layout, folder / key)
            purpose = "main" if screen == preset.cycle()[0] else screen.event or "other"
            out[key] = (layout, preset.aspect, purpose)
    return out


def final_table(players: int = 30) -> Tournament:
    """A demo tournament busted down to its final table, its seats drawn."""
    t = build_demo(players=players, level=3)
    while True:
        view = views.read(t, t.time.now())
        if view.pending:
            t.execute(dict(view.pending[0].command))
            continue
        if view.field.final_table:
            return t
        live = [p for p in view.players if p.place is None and p.table is not None]
        t.execute({"cmd": "bust", "player": min(live, key=lambda p: p.stack).name})
        t.time.advance(20)  # type: ignore[attr-defined]


def moments() -> list[tuple[str, Tournament, float]]:
    """(name, tournament, its time): running, the break with its colour-up, the final table."""
    demo = build_demo(players=150)
    now = demo.time.now()
    brk = now
    while not views.read(demo, brk).clock.on_break:
        brk += 60
    assert views.read(demo, brk + 60).clock.raw["break"]["race"]  # a chip race: the colour-up shows
    ft = final_table()
    return [("running", demo, now), ("break", demo, brk + 60), ("final table", ft, ft.time.now() + 1)]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    browser_path = chromium()
    folder = tmp_path_factory.mktemp("layouts")
    singles = one_screen_layouts(folder)
    server = PhoneServer("127.0.0.1", 0, layouts=Layouts(folder))
    server.start()
    browser = Browser(browser_path, tmp_path_factory.mktemp("profile"))
    try:
        yield {"server": server, "browser": browser, "singles": singles, "moments": moments()}
    finally:
        browser.close()
        server.stop()


def at_moment(room: dict[str, Any], t: Tournament, when: float) -> None:
    """The displays show ``t`` as at ``when`` (its time runs on from there with the wall clock)."""
    room["server"].publish_feed(make_feed(t, when, phones_url=room["server"].url, wall=time.time()))


def open_display(room: dict[str, Any], width: int, height: int) -> None:
    browser: Browser = room["browser"]
    browser.size(width, height)
    browser.open(f"{room['server'].url}display?screen={SCREEN.replace(' ', '%20')}")
    browser.wait_for("document.querySelectorAll('#screen .box').length>0")


def show(room: dict[str, Any], key: str) -> None:
    room["server"].choose(SCREEN, key)
    room["browser"].wait_for(f"document.getElementById('screen').dataset.layout==={key!r}")
    time.sleep(0.05)  # the fitting ran in the same task as the drawing; one more frame for the layout


@pytest.mark.parametrize("aspect", ["16:9", "9:16"])
def test_every_preset_screen_fits_at_every_size_with_readable_digits(room: dict[str, Any], aspect: str) -> None:
    browser: Browser = room["browser"]
    problems: list[str] = []
    clocks: dict[str, float] = {}
    scale = UPRIGHT if aspect == "9:16" else 1.0
    for moment, t, when in room["moments"]:
        at_moment(room, t, when)
        for width, height in SIZES[aspect]:
            open_display(room, width, height)
            for key, (_layout, its_aspect, purpose) in room["singles"].items():
                if its_aspect != aspect:
                    continue
                show(room, key)
                got = browser.js(MEASURE)
                where = f"{key} at {width}x{height}, {moment}"
                assert got["boxes"] > 0, where
                problems += [f"{where}: cut {c}" for c in got["cut"]]
                problems += [f"{where}: outside its box {c}" for c in got["outside"]]
                problems += [f"{where}: overlaps {c}" for c in got["overlap"]]
                need = (MAIN_CLOCK if purpose in MAIN_SCREENS else CORNER_CLOCK) * scale
                for fraction in got["clock"]:
                    clocks[where] = fraction
                    if fraction < need - 1e-9:
                        problems.append(f"{where}: the clock's digits are {fraction:.3f} of the screen's height, "
                                        f"under {need:.3f}")
    assert not problems, "\n".join(problems)
    assert len(clocks) > 20, "too few screens showed the clock"


def test_the_browser_shows_the_words_of_the_qt_display(room: dict[str, Any]) -> None:
    """For every screen of every preset, at every moment: the page's words are picture_text of the same
    picture (the same layout, tournament and moment: the page's own time when it last wrote its clock)."""
    browser: Browser = room["browser"]
    url = room["server"].url
    compared = 0
    for moment, t, when in room["moments"]:
        at_moment(room, t, when)
        open_display(room, 1920, 1080)
        for key, (layout, _aspect, _purpose) in room["singles"].items():
            show(room, key)
            for _attempt in range(3):  # a page turning over between the two reads is read again
                time.sleep(0.3)  # the counting lines were written at data-at, within the last quarter second
                got = browser.js(DOM_TEXT)
                at = got["at"] / 1000
                qt = room_input(t, at, phones_url=url)
                expected = picture_text(compose(layout, qt, moments_of(qt.view), at))
                if got["text"] == expected:
                    break
            assert got["text"] == expected, (key, moment, got["text"], expected)
            compared += bool(expected)
    assert compared >= 90


def test_screenshots_of_two_presets(room: dict[str, Any], tmp_path: Path) -> None:
    browser: Browser = room["browser"]
    keep = os.environ.get("FLOORMAN_SHOTS")
    name, t, when = room["moments"][0]
    at_moment(room, t, when)
    for key, size in (("classic-16x9-0", (1920, 1080)), ("sponsors-9x16-0", (1080, 1920))):
        open_display(room, *size)
        show(room, key)
        shot = browser.screenshot(tmp_path / f"display-{key}.png")
        assert shot.stat().st_size > 20_000
        if keep:
            Path(keep).mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, Path(keep) / shot.name)


def test_a_name_holding_a_script_shows_as_text(room: dict[str, Any]) -> None:
    """A tournament (and a player) named with markup: the page shows the characters and runs nothing."""
    from app.api import FakeClock, Tournament, load_profile

    clock = FakeClock(1_800_000_000.0)
    evil = "<script>window.hacked=1</script><img src=x onerror=window.hacked=2>"
    t = Tournament.create(load_profile("tda"), name=evil, time=clock, seed=3)
    for name in (evil, "Ann Lee", "Bo Chen"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    server = PhoneServer("127.0.0.1", 0)
    server.start()
    try:
        server.publish_feed(make_feed(t, clock.now()))
        browser: Browser = room["browser"]
        browser.size(1280, 720)
        browser.open(f"{server.url}display?layout=classic-16x9")
        name = browser.wait_for("(function(){var e=document.querySelector('[data-piece=event_name] .ln');"
                                "return e&&e.textContent})()")
        assert name == evil
        time.sleep(0.3)
        assert browser.js("window.hacked===undefined && document.scripts.length===1 && "
                          "document.querySelectorAll('#screen img').length===0")
    finally:
        server.stop()


def test_the_director_switches_a_display_without_a_reload(room: dict[str, Any]) -> None:
    browser: Browser = room["browser"]
    name, t, when = room["moments"][0]
    at_moment(room, t, when)
    browser.size(1920, 1080)
    browser.open(f"{room['server'].url}display?layout=classic-16x9&screen=Hall%202")
    browser.wait_for("document.getElementById('screen').dataset.layout==='classic-16x9'")
    browser.js("window.stillTheSamePage=true")
    room["server"].choose("Hall 2", "big-clock-16x9")
    browser.wait_for("document.getElementById('screen').dataset.layout==='big-clock-16x9'")
    assert browser.js("window.stillTheSamePage===true")
    assert [d["layout"] for d in room["server"].displays() if d["name"] == "Hall 2"] == ["big-clock-16x9"]
    room["server"].choose("Hall 2", None)
    browser.wait_for("document.getElementById('screen').dataset.layout==='classic-16x9'")
