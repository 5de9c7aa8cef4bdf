"""How many of the project's files one bust goes through, from the key to the log to the repaint
(run: python tests/bench/bench_bust_path.py [--json] [--list]).

The demo tournament (300 players, 30 tables, level 5) is written to a tournament file through the store
and opened in the director's window, offscreen. Then one bust is entered the way the director does it
(F8, the player, Enter: the window's runner sends it to the store, which commits it to the file's log),
the events the window posted are handled and the window repaints. Every Python function called on the
way is traced (``sys.setprofile``, and ``threading.setprofile`` for any thread started meanwhile); the
figure is the number of distinct files of app/, db/, ui/, sheets/, web/, floorman/ and oskit/ that
ran, grouped by package. ``--list`` names them; ``--display`` opens the room display too and counts its
repaint.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PACKAGES = ("app", "db", "ui", "sheets", "web", "floorman", "oskit")


def project_file(filename: str) -> str | None:
    """``filename`` relative to the checkout when it is a file of one of the project's packages."""
    try:
        rel = Path(filename).resolve().relative_to(ROOT)
    except ValueError:
        return None
    return rel.as_posix() if len(rel.parts) > 1 and rel.parts[0] in PACKAGES else None


class FileTrace:
    """Records the file of every Python function called while it is on."""

    def __init__(self) -> None:
        self.filenames: set[str] = set()

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            self.filenames.add(frame.f_code.co_filename)

    def run(self, step: Callable[[], None]) -> None:
        threading.setprofile(self._hook)
        sys.setprofile(self._hook)
        try:
            step()
        finally:
            sys.setprofile(None)
            threading.setprofile(None)

    def files(self) -> list[str]:
        return sorted({f for f in map(project_file, self.filenames) if f is not None})


def by_package(files: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in files:
        out.setdefault(f.split("/", 1)[0], []).append(f)
    return {p: out[p] for p in PACKAGES if p in out}


def write_demo_file(path: Path) -> None:
    """The demo tournament, command by command at the times it was built with, through the store."""
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.profiles.profile import load_profile
    from app.tools.demo import build_demo
    from db.store import TournamentStore

    recorded: list[tuple[Tournament, float, Any]] = []  # (tournament, time, command or its dict)
    plain = Tournament.execute
    depth = 0

    def recording(self: Tournament, command: Any, *, nothing_due: bool = False) -> list[Any]:
        nonlocal depth
        if depth == 0:
            recorded.append((self, self.time.now(), dict(command) if isinstance(command, dict) else command))
        depth += 1
        try:
            return plain(self, command, nothing_due=nothing_due)
        finally:
            depth -= 1

    Tournament.execute = recording  # type: ignore[method-assign]
    try:
        demo = build_demo()
    finally:
        Tournament.execute = plain  # type: ignore[method-assign]
    commands = [(at, cmd) for t, at, cmd in recorded if t is demo]  # not the clock's own sums on the side
    clock = FakeClock(commands[0][0])
    store = TournamentStore.create(path, load_profile("tda"), demo.state.name, time=clock, seed=2026)
    try:
        for at, cmd in commands:
            clock.set(at)
            store.execute(cmd)
        if store.tournament.state.players.keys() != demo.state.players.keys():
            raise RuntimeError("the demo written to the file is not the demo")
    finally:
        store.close()


def measure(path: Path, display: bool = False) -> dict[str, Any]:
    """Open the file in the window (and the room display: ``display``), bust one player through the
    keyboard, trace it to the repaint."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from ui.director import DirectorWindow
    from ui.start import store_session

    window = DirectorWindow(store_session(path))
    window.resize(1920, 1080)
    window.show()
    window.activateWindow()
    if display:
        window.act_room_display()
    for _ in range(10):
        app.processEvents()
    room = window.display if display else None
    window.repaint()
    if room is not None:
        room.repaint()
    state = window.session.state
    table = state.tables[min(state.tables)]
    victim = list(table.seats.values())[1]
    seq_before = window.session.backend.last_seq  # type: ignore[attr-defined]
    bar = window.player_panel.action_bar

    def bust() -> None:
        QTest.keyClick(window, Qt.Key.Key_F8)
        bar.edit.setText(f"#{victim}")
        QTest.keyClick(bar.edit, Qt.Key.Key_Return)
        for _ in range(5):
            app.processEvents()
        window.repaint()
        if room is not None:
            room.repaint()

    trace = FileTrace()
    trace.run(bust)
    if window.runner.question_dialog is not None:
        raise RuntimeError(f"the bust was asked: {window.runner.question_dialog.question.text}")
    if window.session.state.players[victim].live:
        raise RuntimeError("the player was not busted")
    if window.session.backend.last_seq != seq_before + 1:  # type: ignore[attr-defined]
        raise RuntimeError("the bust was not written to the file's log")
    if room is not None:
        room.close()
    window.close()
    window.session.close()
    files = trace.files()
    return {"files": len(files), "by_package": by_package(files)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--list", action="store_true", help="name every file")
    parser.add_argument("--display", action="store_true", help="the room display open too, repainted after the bust")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "demo.floorman"
        write_demo_file(path)
        result = measure(path, display=args.display)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    where = "the window and the room display" if args.display else "the window"
    print(f"a bust from the key to the log to the repaint of {where}: {result['files']} files of the project")
    for package, files in result["by_package"].items():
        print(f"  {package:<9}{len(files):>4}")
        if args.list:
            for f in files:
                print(f"      {f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
