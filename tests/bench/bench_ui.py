"""Figures for the director's window, printed as numbers (run: python tests/bench/bench_ui.py [PLAYERS]).

Each figure is printed with its target and PASS or FAIL. ``BENCH_FILE`` in the environment names a
saved tournament to measure (copied first: the busts change it) instead of building one.

1. Opening a saved 10,000-player tournament to a usable window (target < 1 s), measured in
   several fresh processes: from the start of the process, from the moment the file is opened, and
   from opening the file to a ready engine (the store loaded, no window yet; target < 0.5 s).
2. Filtering the 10,000-player list while typing (target < 50 ms a keystroke, worst keystroke).
3. Memory with 10,000 players and the window open (target < 500 MB resident).
4. A bust, from the keystroke (F8, the name, Enter) to the repainted player list: p50, p99 and max over
   many busts (target < 50 ms p99).
5. With the clock running and nothing else happening, the director's window and the room display
   together: process CPU time over 60 s of wall time (target < 5 % of one core). ``IDLE_SECONDS``
   in the environment shortens it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROCESS_START = time.perf_counter()
RUNS = 5
ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def build_file(path: Path, players: int) -> None:
    """A saved tournament: every player registered through the store, seats drawn, a few busted."""
    from app.profiles.profile import load_profile
    from db.store import TournamentStore

    store = TournamentStore.create(path, load_profile("tda"), f"Bench {players}")
    store.execute({"cmd": "change_settings", "settings": {"reg.cap": None}})
    for i in range(players):
        store.execute({"cmd": "register", "name": f"Player {i:05d}"})
    store.execute({"cmd": "seat_all"})
    store.execute({"cmd": "start_clock"})
    for number in sorted(store.tournament.state.tables)[:50]:
        table = store.tournament.state.tables[number]
        store.execute({"cmd": "bust", "player": next(iter(table.seats.values()))})
    store.close()


def measure_open(path: Path) -> dict[str, float]:
    """Runs in a fresh process: open the file, show the window, wait for its first paint."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    t_open = time.perf_counter()
    from ui.director import DirectorWindow
    from ui.start import store_session

    t_store = time.perf_counter()
    session = store_session(path)
    engine_ready = time.perf_counter()
    window = DirectorWindow(session)
    window.resize(1920, 1080)
    window.show()
    app.processEvents()
    window.grab()  # the first frame is painted
    for _ in range(5):  # and what it left pending (the grid's layout settles, a second paint): usable
        app.processEvents()
    usable = time.perf_counter()
    proxy = window.player_panel.proxy
    worst, total, keys = 0.0, 0.0, 0
    typed = ""
    for ch in "player 01234":
        typed += ch
        start = time.perf_counter()
        window.player_panel.search.setText(typed)
        app.processEvents()
        took = time.perf_counter() - start
        worst, total, keys = max(worst, took), total + took, keys + 1
    rows = proxy.rowCount()
    window.player_panel.search.clear()
    app.processEvents()
    result = {
        "open_from_process_start_s": usable - PROCESS_START,
        "open_from_file_s": usable - t_open,
        "file_to_engine_s": engine_ready - t_store,  # importing the store, checking and loading the file
        "window_imports_s": t_store - t_open,
        "sqlalchemy_imported": "sqlalchemy" in sys.modules,
        "filter_worst_ms": worst * 1000,
        "filter_mean_ms": total / keys * 1000,
        "filter_rows_left": rows,
        "players": window.players.rowCount(),
        "rss_mb": rss_mb(),
    }
    window.close()
    return result


def measure_busts(path: Path, busts: int = 200) -> dict[str, float]:
    """Runs in a fresh process: bust ``busts`` players one by one through the keyboard, timing each."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from ui.director import DirectorWindow
    from ui.start import store_session

    window = DirectorWindow(store_session(path))
    window.resize(1920, 1080)
    window.show()
    window.activateWindow()
    for _ in range(5):
        app.processEvents()
    state = window.session.state
    victims = [pid for t in sorted(state.tables) for pid in list(state.tables[t].seats.values())[1:2]][:busts]
    bar = window.player_panel.action_bar
    times = []
    for pid in victims:
        start = time.perf_counter()
        QTest.keyClick(window, Qt.Key.Key_F8)
        bar.edit.setText(f"#{pid}")
        QTest.keyClick(bar.edit, Qt.Key.Key_Return)
        window.player_panel.view.viewport().repaint()  # the list repainted
        times.append(time.perf_counter() - start)
        if window.runner.question_dialog is not None:
            raise RuntimeError(f"a bust was asked: {window.runner.question_dialog.question.text}")
    out = sorted(times)
    done = sum(1 for pid in victims if not window.session.state.players[pid].live)
    window.close()
    return {"busts": len(out), "done": done, "p50_ms": out[len(out) // 2] * 1000,
            "p99_ms": out[min(len(out) - 1, int(len(out) * 0.99))] * 1000, "max_ms": out[-1] * 1000}


def measure_idle(path: Path, seconds: float) -> dict[str, float]:
    """Runs in a fresh process: the window and the room display, the clock running, nothing else."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from ui.director import DirectorWindow
    from ui.start import store_session

    window = DirectorWindow(store_session(path))
    window.resize(1920, 1080)
    window.show()
    window.act_room_display()
    for _ in range(20):
        app.processEvents()
    loop = QEventLoop()
    QTimer.singleShot(2000, loop.quit)  # settle: first paints, the display's layout
    loop.exec()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    running = bool(window.clock_ctl.info().running)
    window.close()
    return {"cpu_s": cpu, "wall_s": wall, "percent_of_one_core": 100 * cpu / wall, "clock_running": running}


def _child(mode: str, path: Path, *extra: str) -> dict[str, object]:
    out = subprocess.run([sys.executable, __file__, mode, str(path), *extra], capture_output=True, text=True,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def verdict(value: float, target: float) -> str:
    return f"(target < {target:g}: {'PASS' if value < target else 'FAIL'})"


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--open":
        print(json.dumps(measure_open(Path(argv[1]))))
        return 0
    if len(argv) == 2 and argv[0] == "--busts":
        print(json.dumps(measure_busts(Path(argv[1]))))
        return 0
    if len(argv) == 3 and argv[0] == "--idle":
        print(json.dumps(measure_idle(Path(argv[1]), float(argv[2]))))
        return 0
    players = int(argv[0]) if argv else 10_000
    print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"bench-{players}.floorman"
        given = os.environ.get("BENCH_FILE")
        start = time.perf_counter()
        if given:
            shutil.copyfile(given, path)
            print(f"measuring a copy of {given}")
        else:
            build_file(path, players)
            print(f"built a saved {players:,}-player tournament in {time.perf_counter() - start:.1f} s")
        busts = _child("--busts", path)
        p99 = float(busts["p99_ms"])  # type: ignore[arg-type]
        print(f"bust, keystroke to repainted list ({busts['busts']} busts, {busts['done']} out): "
              f"p50 {busts['p50_ms']:.1f} ms, p99 {p99:.1f} ms, max {busts['max_ms']:.1f} ms "
              f"{verdict(p99, 50)} ms p99")
        idle = _child("--idle", path, os.environ.get("IDLE_SECONDS", "60"))
        share = float(idle["percent_of_one_core"])  # type: ignore[arg-type]
        print(f"clock running, window + room display, nothing else: {idle['cpu_s']:.2f} s CPU in "
              f"{idle['wall_s']:.0f} s = {share:.1f} % of one core {verdict(share, 5)} %; clock "
              f"running: {idle['clock_running']}")
        runs = []
        for _ in range(RUNS):
            out = subprocess.run([sys.executable, __file__, "--open", str(path)], capture_output=True, text=True,
                                 env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
            if out.returncode != 0:
                print(out.stderr[-3000:], file=sys.stderr)
                return 1
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    best = min(runs, key=lambda r: r["open_from_process_start_s"])

    def median(key: str) -> float:
        values = sorted(r[key] for r in runs)
        return float(values[len(values) // 2])

    def spread(key: str) -> str:
        values = sorted(r[key] for r in runs)
        return f"{values[0]:.2f}-{values[-1]:.2f} s (median {values[len(values) // 2]:.2f})"

    print(f"open to a usable window, {RUNS} fresh processes: {spread('open_from_file_s')} from opening the file "
          f"{verdict(median('open_from_file_s'), 1)} s, median; {spread('open_from_process_start_s')} from process "
          f"start")
    print(f"opening the file to a ready engine: {spread('file_to_engine_s')} "
          f"{verdict(median('file_to_engine_s'), 0.5)} s, median; SQLAlchemy imported: "
          f"{any(r['sqlalchemy_imported'] for r in runs)}")
    worst = median("filter_worst_ms")
    print(f"filter while typing: worst keystroke {worst:.1f} ms (median of the runs; the runs' worst "
          f"{max(r['filter_worst_ms'] for r in runs):.1f} ms), mean {median('filter_mean_ms'):.1f} ms "
          f"{verdict(worst, 50)} ms; {best['filter_rows_left']} row(s) left of {best['players']:,}")
    memory = max(r["rss_mb"] for r in runs)
    print(f"memory with {best['players']:,} players and the window open: {memory:.0f} MB resident "
          f"{verdict(memory, 500)} MB")
    print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
