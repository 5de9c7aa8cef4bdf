"""The room display in browsers (a script, not a test): python -m tests.bench.bench_display [--busts 60] [--idle 20]

On 127.0.0.1 only, bounded in time: the demo tournament (300 players, its clock running on the wall
clock) served on a free port, three room displays open in headless Chromium (three tabs of one browser,
each a display of its own). Measures:

1. a bust reaching a browser display: from the director's command (the engine executes it, the window's
   publishing step reads the displays' feed and hands it to the server) to the page's DOM showing the new
   count of players, stamped in the page by a MutationObserver on the wall clock (browser and server on
   one machine share it); p50 / p99 over ``--busts`` busts, one every ``--every`` seconds;
2. the server's CPU while idle: the clock running, the classic preset's screens taking turns (its payouts
   paging) on the three displays, nothing else happening, for ``--idle`` seconds: the server thread's CPU
   time, and the whole process's (with the publishing loop ``floorman serve`` runs: one read a second),
   as shares of one core.
Targets: a bust p99 < 200 ms; idle < 5 % of one core.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import msgspec

OBSERVE = """(function(){window.seen={};var root=document.getElementById("screen");
function look(){var e=document.querySelectorAll('[data-piece="players"] .ln');
 for(var i=0;i<e.length;i++){var t=e[i].textContent;
  if(!(t in window.seen)){window.seen[t]=performance.timeOrigin+performance.now()}}}
new MutationObserver(look).observe(root,{childList:true,subtree:true,characterData:true});look();return true})()"""


def thread_cpu_seconds(native_id: int) -> float:
    """User + system CPU time of one thread of this process (Linux /proc)."""
    with open(f"/proc/self/task/{native_id}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--busts", type=int, default=60)
    ap.add_argument("--every", type=float, default=0.3, help="seconds between two busts")
    ap.add_argument("--idle", type=float, default=20.0, help="seconds of the idle measure (at most 120)")
    args = ap.parse_args()

    from app import views
    from app.core.timesource import WallClock
    from app.tools.demo import build_demo
    from screens.layout import find_layout, save_layout
    from tests.web.cdp import Browser
    from web.display import Layouts, feed_key, make_feed
    from web.server import PhoneServer

    browser_path = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if browser_path is None:
        print("Chromium is not installed; the display benchmark needs it.", file=sys.stderr)
        return 2
    work = Path(tempfile.mkdtemp(prefix="bench-display-"))
    # The bust is read where the players' count shows: the classic preset's first screen, alone.
    classic = find_layout("classic-16x9")
    save_layout(msgspec.structs.replace(classic, name="Clock only", screens=(classic.cycle()[0],)), work / "clock-only")
    t = build_demo(time=WallClock())
    server = PhoneServer("127.0.0.1", 0, per_address=None, layouts=Layouts(work))
    server.start()

    def publish() -> None:
        now = t.time.now()
        server.publish_feed(make_feed(t, now, phones_url=server.url))

    publish()
    assert server._thread is not None and server._thread.native_id is not None
    tid = server._thread.native_id
    browser = Browser(browser_path, work / "profile")
    try:
        tabs = [browser.session] + [browser.new_tab() for _ in range(2)]
        for i, tab in enumerate(tabs):
            browser.use(tab)
            browser.size(1920, 1080)
            browser.open(f"{server.url}display?layout=clock-only&screen=Room%20{i + 1}")
            browser.wait_for("document.querySelectorAll('[data-piece=\"players\"] .ln').length>0")
        browser.use(tabs[0])
        browser.wait_for(OBSERVE)
        # 1. busts, each to the page's DOM.
        acted: dict[str, float] = {}
        live = [p.name for p in views.read(t, t.time.now()).players if p.place is None and p.table is not None]
        for _ in range(min(args.busts, len(live) - 10)):
            start = time.time()
            t.execute({"cmd": "bust", "player": live.pop()})
            publish()
            f = views.read(t, t.time.now()).field
            acted[f"{f.players_shown:,} / {f.entries:,}"] = start
            time.sleep(args.every)
        time.sleep(1.0)
        seen: dict[str, float] = browser.js("window.seen")
        lat = [(seen[k] / 1000 - at) * 1000 for k, at in acted.items() if k in seen]
        missing = [k for k in acted if k not in seen]
        # 2. idle: the classic preset taking turns on the three displays, the clock running.
        for tab in tabs:
            browser.use(tab)
            browser.open(f"{server.url}display?layout=classic-16x9&screen=Room%20{tabs.index(tab) + 1}")
        time.sleep(2.0)
        key = None
        seconds = min(args.idle, 120.0)
        cpu0, proc0, wall0 = thread_cpu_seconds(tid), time.process_time(), time.monotonic()
        screens_seen = set()
        while time.monotonic() - wall0 < seconds:
            view = views.read(t, t.time.now())  # what floorman serve does once a second
            if feed_key(view) != key:
                key = feed_key(view)
                publish()
            screens_seen |= {d["screen"] for d in server.displays()}
            time.sleep(1.0)
        cpu1, proc1, wall1 = thread_cpu_seconds(tid), time.process_time(), time.monotonic()
        displays = server.displays()
    finally:
        browser.close()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    server_share = (cpu1 - cpu0) / (wall1 - wall0) * 100
    process_share = (proc1 - proc0) / (wall1 - wall0) * 100
    print(f"busts: {len(acted)}, one every {args.every:.2f} s; shown in the page: {len(lat)} (missing {len(missing)})")
    print(f"a bust to a browser display's DOM (command -> feed -> server -> page): p50 {pct(lat, 50):.1f} ms, "
          f"p99 {pct(lat, 99):.1f} ms, max {max(lat, default=float('nan')):.1f} ms  (target p99 < 200 ms)")
    print(f"idle for {wall1 - wall0:.1f} s with {len(displays)} browser displays connected "
          f"({sum(d['count'] for d in displays)} streams), screens shown: {', '.join(sorted(screens_seen))}")
    print(f"server thread CPU: {server_share:.2f} % of one core; whole process with the publishing loop: "
          f"{process_share:.2f} %  (target < 5 %)")
    ok = lat and not missing and pct(lat, 99) < 200 and server_share < 5
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
