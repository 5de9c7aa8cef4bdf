"""Figures for the room display drawing a layout, printed with their targets and PASS or FAIL
(run: ``floorman bench screens``, or python -m tests.bench.bench_screens [--json]).

1. The repaint per clock tick at 3840x2160, for each 16:9 preset's main screen on the demo tournament
   (the heaviest is the one with the most lines drawn): the display reads the clock, composes the
   picture, lays out the boxes whose words changed and Qt paints what changed; p50 and p99 over
   :data:`TICKS` ticks of one second (target < 16 ms p99, one frame at 60 Hz). The full repaint (a new
   screen in the cycle) is printed beside it.
2. Idle: the heaviest preset at 3840x2160 with the clock running on the wall clock and its screens
   cycling every :data:`CYCLE_SECONDS` s, for :data:`IDLE_SECONDS` s (``IDLE_SECONDS`` in the environment
   shortens it): the process's CPU time against the wall time (target < 5 % of one core).

Qt's offscreen platform: the painting is done in memory as on a screen, without a monitor.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ["QT_QPA_PLATFORM"] = "offscreen"

TICKS = 300
WIDTH, HEIGHT = 3840, 2160
IDLE_SECONDS = float(os.environ.get("IDLE_SECONDS", "20"))
CYCLE_SECONDS = 4  # each screen of the cycle in the idle run (so it turns several times)
TICK_TARGET_MS = 16.0
IDLE_TARGET = 5.0


def verdict(value: float, target: float) -> str:
    return f"(target < {target:g}: {'PASS' if value < target else 'FAIL'})"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv: list[str]) -> int:
    import msgspec
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.api import FakeClock, WallClock, build_demo
    from screens.layout import find_layout, preset_paths, save_layout
    from ui.display.sound import SILENT, ChimePlayer
    from ui.display.window import RoomDisplay

    app = QApplication.instance() or QApplication([])
    as_json = "--json" in argv
    demo = build_demo()
    clock = FakeClock(demo.time.now())
    demo.time = clock
    ticks: dict[str, dict[str, float]] = {}
    for preset in sorted(p.stem for p in preset_paths() if p.stem.endswith("16x9")):
        display = RoomDisplay(demo, clock, player=ChimePlayer(backend=SILENT), layout=preset, tick_ms=3_600_000)
        display.resize(WIDTH, HEIGHT)
        display.show()
        app.processEvents()
        main_screen = find_layout(preset).cycle()[0].name
        while display.view.picture is None or display.view.picture.showing.screen.name != main_screen:
            clock.advance(1)
            display.refresh()
        app.processEvents()
        times = []
        for _ in range(TICKS):
            clock.advance(1)
            began = time.perf_counter()
            display.refresh()
            app.processEvents()  # Qt paints what changed, as it would on the screen
            times.append((time.perf_counter() - began) * 1000)
            if display.view.picture is not None and display.view.picture.showing.screen.name != main_screen:
                times.pop()  # a new screen: a full repaint, measured below
                while display.view.picture is not None and display.view.picture.showing.screen.name != main_screen:
                    clock.advance(1)
                    display.refresh()
                app.processEvents()
        began = time.perf_counter()
        display.view.repaint()
        full = (time.perf_counter() - began) * 1000
        lines = len(display.view.drawn())
        ticks[preset] = {"p50_ms": statistics.median(times), "p99_ms": percentile(times, 99), "full_ms": full,
                         "lines": lines, "ticks": len(times)}
        display.close()
        display.deleteLater()
        app.processEvents()
    heaviest = max(ticks, key=lambda k: ticks[k]["lines"])
    worst_p99 = max(t["p99_ms"] for t in ticks.values())

    # idle: the heaviest preset, its screens turning every few seconds, on the wall clock
    with tempfile.TemporaryDirectory() as folder:
        layout = find_layout(heaviest)
        quick = msgspec.structs.replace(layout, name=f"{layout.name} quick", screens=tuple(
            msgspec.structs.replace(s, seconds=CYCLE_SECONDS) if s.event is None else s for s in layout.screens))
        save_layout(quick, Path(folder) / "quick")
        live = build_demo(time=WallClock())
        display = RoomDisplay(live, WallClock(), player=ChimePlayer(backend=SILENT), layout="quick",
                              layouts_folder=Path(folder))
        display.resize(WIDTH, HEIGHT)
        display.show()
        app.processEvents()
        seen: set[str] = set()
        watch = QTimer()  # notes the screens shown, once a second (a cost the display does not have)
        watch.timeout.connect(lambda: seen.add(display.view.picture.showing.screen.name)
                              if display.view.picture is not None else None)
        watch.start(1000)
        QTimer.singleShot(int(IDLE_SECONDS * 1000), app.quit)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        app.exec()  # the display's own timer drives it, 20 ticks a second, as in the room
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        watch.stop()
        display.close()
        display.deleteLater()
    idle = 100 * cpu / wall
    result = {"size": f"{WIDTH}x{HEIGHT}", "ticks": ticks, "heaviest": heaviest, "idle_cpu_percent": idle,
              "idle_seconds": wall, "idle_screens_seen": sorted(seen)}
    ok = worst_p99 < TICK_TARGET_MS and idle < IDLE_TARGET
    if as_json:
        print(json.dumps(result, indent=1))
        return 0 if ok else 1
    print(f"repaint per clock tick at {WIDTH}x{HEIGHT} (read, compose, lay out what changed, paint), "
          f"{TICKS} ticks each:")
    for preset, t in ticks.items():
        mark = "  <- heaviest" if preset == heaviest else ""
        print(f"  {preset:<18} p50 {t['p50_ms']:5.2f} ms  p99 {t['p99_ms']:5.2f} ms  "
              f"full repaint {t['full_ms']:6.1f} ms  ({t['lines']} lines){mark}")
    print(f"worst p99 {worst_p99:.2f} ms {verdict(worst_p99, TICK_TARGET_MS)}")
    print(f"idle, {heaviest} at {WIDTH}x{HEIGHT}, clock running, screens turning every {CYCLE_SECONDS} s "
          f"({', '.join(sorted(seen))}): {cpu:.2f} s CPU in {wall:.1f} s = {idle:.2f} % of one core "
          f"{verdict(idle, IDLE_TARGET)}")
    del app
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
