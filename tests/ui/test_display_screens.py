"""Screen placement on two offscreen screens (run in a child process: the platform is chosen at start)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ui.display.placement import pick_screen

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import sys
import ui.display
from PySide6.QtWidgets import QApplication, QWidget
from app.engine import Tournament
from app.profiles.profile import load_profile
from app.core.timesource import FakeClock
from ui.display.placement import DisplayController

app = QApplication([])
main, tv = app.screens()
assert (main.name(), tv.name()) == ("main", "tv"), [s.name() for s in app.screens()]
t = Tournament.create(load_profile("tda"), name="Screens", time=FakeClock())
director = QWidget()
director.setScreen(main)
director.setGeometry(main.availableGeometry())
director.show()
connected = [main, tv]
ctl = DisplayController(t, director, screens=lambda: list(connected))
placed = []
ctl.placed.connect(lambda name, full: placed.append((name, full)))

def settle():
    for _ in range(5):
        app.processEvents()

def where(d):
    return d.screen().name(), d.isFullScreen(), d.geometry().getRect()

d = ctl.open()
settle()
assert where(d) == ("tv", True, tv.geometry().getRect()), where(d)
assert ctl.open() is d, "reopening brings the same window to the front"
assert [label for _, label in ctl.screen_choices()] == ["main 1920x1080 (this screen)", "tv 1280x720"]

connected.remove(tv)          # the TV is unplugged
ctl.refresh_screens()         # what screenRemoved calls
settle()
name, full, rect = where(d)
assert (name, full) == ("main", False), where(d)
assert main.geometry().contains(d.geometry()), rect

connected.append(tv)          # plugged back in
ctl.refresh_screens()
settle()
assert where(d)[:2] == ("tv", True), where(d)

ctl.choose_screen("main")     # the director wants it on his own screen
settle()
assert where(d)[:2] == ("main", False), where(d)
assert placed == [("tv", True), ("main", False), ("tv", True), ("main", False)], placed
ctl.close()
print("PLACEMENT OK")
"""


def test_display_lands_on_the_second_screen_and_comes_back(tmp_path: Path) -> None:
    screens = {
        "screens": [
            {
                "name": "main",
                "x": 0,
                "y": 0,
                "width": 1920,
                "height": 1080,
                "logicalDpi": 96,
                "logicalBaseDpi": 96,
                "dpr": 1,
            },
            {
                "name": "tv",
                "x": 1920,
                "y": 0,
                "width": 1280,
                "height": 720,
                "logicalDpi": 96,
                "logicalBaseDpi": 96,
                "dpr": 1,
            },
        ]
    }
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(screens), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}", FLOORMAN_NO_SOUND="1")
    run = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "PLACEMENT OK" in run.stdout, run.stdout + run.stderr


def test_screen_choice() -> None:
    assert pick_screen(["main", "tv"], "main", None) == ("tv", True)
    assert pick_screen(["main"], "main", None) == ("main", False)
    assert pick_screen(["main", "tv", "projector"], "main", "projector") == ("projector", True)
    assert pick_screen(["main", "tv"], "main", "main") == ("main", False)
    assert pick_screen(["main"], "main", "tv") == ("main", False), "a lost screen brings it home, windowed"
    assert pick_screen([], None, None) == (None, False)
