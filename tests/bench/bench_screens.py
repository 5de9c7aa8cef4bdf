"""Figures for the room display drawing a layout, printed with their targets and PASS or FAIL
(run: ``floorman bench screens``, or python -m tests.bench.bench_screens [--json]).

1. The repaint per clock tick at 3840x2160, for each 16:9 preset's main screen on the demo tournament:
   the display reads the clock, composes the picture, lays out the boxes whose words changed and Qt
   paints what changed; p50 and p99 over
   :data:`TICKS` ticks of one second, in CPU time (target < 16 ms p99, one frame at 60 Hz) and in wall
   time (which on a shared machine also holds other processes' turns). The heaviest preset is the one
   whose tick costs most; the full repaint (a new screen in the cycle) is printed beside it.
2. Idle: the heaviest preset whose cycle has several screens, at 3840x2160, with the clock running on the
   wall clock and its screens turning every :data:`CYCLE_SECONDS` s, for :data:`IDLE_SECONDS` s
   (``IDLE_SECONDS`` in the environment shortens it): the process's CPU time against the wall time
   (target < 5 % of one core).

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
        times, cpu_times = [], []
        for _ in range(TICKS):
            clock.advance(1)
            began, began_cpu = time.perf_counter(), time.thread_time()
            display.refresh()
            app.processEvents()  # Qt paints what changed, as it would on the screen
            times.append((time.perf_counter() - began) * 1000)
            cpu_times.append((time.thread_time() - began_cpu) * 1000)
            if display.view.picture is not None and display.view.picture.showing.screen.name != main_screen:
                times.pop()  # a new screen: a full repaint, measured below
                cpu_times.pop()
                while display.view.picture is not None and display.view.picture.showing.screen.name != main_screen:
                    clock.advance(1)
                    display.refresh()
                app.processEvents()
        began = time.perf_counter()
        display.view.repaint()
        full = (time.perf_counter() - began) * 1000
        lines = len(display.view.drawn())
        ticks[preset] = {"p50_ms": statistics.median(times), "p99_ms": percentile(times, 99), "full_ms": full,
                         "cpu_p50_ms": statistics.median(cpu_times), "cpu_p99_ms": percentile(cpu_times, 99),
                         "lines": lines, "ticks": len(times)}
        display.close()
        display.deleteLater()
        app.processEvents()
    heaviest = max(ticks, key=lambda k: ticks[k]["cpu_p50_ms"])  # the one whose tick costs most
    worst_p99 = max(t["p99_ms"] for t in ticks.values())
    worst_cpu_p99 = max(t["cpu_p99_ms"] for t in ticks.values())
    cycling = max((k for k in ticks if len(find_layout(k).cycle()) > 1), key=lambda k: ticks[k]["cpu_p50_ms"])

    # idle: the heaviest preset that cycles, its screens turning every few seconds, on the wall clock
    with tempfile.TemporaryDirectory() as folder:
        layout = find_layout(cycling)
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
    result = {"size": f"{WIDTH}x{HEIGHT}", "ticks": ticks, "heaviest": heaviest, "idle_layout": cycling,
              "idle_cpu_percent": idle,
              "idle_seconds": wall, "idle_screens_seen": sorted(seen), "load_average": os.getloadavg()[0]}
    # The verdict is on the CPU a tick costs: on a shared machine the wall time's tail is other processes'
    # turns (the load average is printed); both are printed.
    ok = worst_cpu_p99 < TICK_TARGET_MS and idle < IDLE_TARGET
    load = os.getloadavg()
    if as_json:
        print(json.dumps(result, indent=1))
        return 0 if ok else 1
    print(f"repaint per clock tick at {WIDTH}x{HEIGHT} (read, compose, lay out what changed, paint), "
          f"{TICKS} ticks each:")
    for preset, t in ticks.items():
        mark = "  <- heaviest" if preset == heaviest else ""
        print(f"  {preset:<18} CPU p50 {t['cpu_p50_ms']:5.2f} ms  p99 {t['cpu_p99_ms']:5.2f} ms;  wall p50 "
              f"{t['p50_ms']:5.2f} ms  p99 {t['p99_ms']:5.2f} ms;  full repaint {t['full_ms']:5.1f} ms  "
              f"({t['lines']} lines){mark}")
    print(f"worst CPU p99 {worst_cpu_p99:.2f} ms {verdict(worst_cpu_p99, TICK_TARGET_MS)}; worst wall p99 "
          f"{worst_p99:.2f} ms (load average {load[0]:.2f} on {os.cpu_count()} cores)")
    print(f"idle, {cycling} at {WIDTH}x{HEIGHT}, clock running, screens turning every {CYCLE_SECONDS} s "
          f"({', '.join(sorted(seen))}): {cpu:.2f} s CPU in {wall:.1f} s = {idle:.2f} % of one core "
          f"{verdict(idle, IDLE_TARGET)}")
    del app
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
