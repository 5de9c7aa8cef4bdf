"""The director's window at 1366x768 on a high-DPI screen (Qt scale 2 and 1.5, in a child process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import dataclasses
import ui
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication
from app.engine import Tournament
from app.profiles.profile import load_profile
from app.core.timesource import FakeClock
from ui import theme
from ui.director import DirectorWindow
from ui.overview import clock_info
from ui.session import Session

app = QApplication([])
theme.apply(app, False)
t = Tournament.create(load_profile("tda"), name="High DPI", time=FakeClock(1_800_000_000.0), seed=3)
for i in range(20):
    t.execute({"cmd": "register", "name": f"Player {i}"})
t.execute({"cmd": "seat_all"})
w = DirectorWindow(Session.in_memory(t))
w.ticker.stop()
w.resize(1366, 768)
w.show()
info = dataclasses.replace(clock_info(t.state, t.time.now()), game="Pot-Limit Crazy Pineapple Hi-Lo",
                           forced_bets={"sb": 250_000, "bb": 500_000, "ante": 50_000})
strip = w.strip
strip.show_clock(info)
strip.show_pending("Balance: move seat 4 of table 12 (Maximilian Alexander von Hohenzollern-Sigmaringen) "
                   "to table 25 seat 9")
strip.pool.setText("$1,234,567.89 · 1,234 paid")
for _ in range(5):
    app.processEvents()
problems = []
hint = w.minimumSizeHint()
if hint.width() > 1366 or hint.height() > 768:
    problems.append(f"the window needs {hint.width()}x{hint.height()}")
for label in (strip.level, strip.pending):
    if label.heightForWidth(label.width()) > label.height():
        problems.append(f"{label.text()!r} is cut at the bottom")
    lines = label.heightForWidth(label.width()) / label.fontMetrics().lineSpacing()
    if lines > 2.5:
        problems.append(f"{label.text()!r} takes {lines:.0f} lines of the strip")
for label in (strip.level, strip.field, strip.pool, strip.pending):
    title = label.parentWidget().layout().itemAt(0).widget()
    if label.y() - title.geometry().bottom() > 4:
        problems.append(f"{label.text()!r} is not under its title")
for label in (strip.clock, strip.field, strip.pool):
    if label.fontMetrics().horizontalAdvance(label.text()) > label.width():
        problems.append(f"{label.text()!r} is cut across")
boxes = [QRect(lb.mapTo(strip, lb.rect().topLeft()), lb.size()) for lb in
         (strip.clock, strip.level, strip.field, strip.pool, strip.pending, strip.pending_button)]
for i, a in enumerate(boxes):
    if not strip.rect().contains(a):
        problems.append(f"strip item {i} leaves the strip")
    problems += [f"strip items {i} and {j} overlap" for j, b in enumerate(boxes[i + 1:], i + 1) if a.intersects(b)]
bar = w.tabs.tabBar()
for i in range(bar.count()):
    if bar.fontMetrics().horizontalAdvance(bar.tabText(i).replace("&&", "&")) > bar.tabRect(i).width():
        problems.append(f"tab {bar.tabText(i)!r} is cut")
print("PROBLEMS", problems)
print("HIGH DPI OK" if not problems else "HIGH DPI FAILED")
"""


@pytest.mark.parametrize("scale", ["2", "1.5"])
def test_the_strip_and_tabs_fit_at_1366x768_on_a_high_dpi_screen(scale: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=scale, FLOORMAN_NO_SOUND="1")
    run = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "HIGH DPI OK" in run.stdout, run.stdout + run.stderr
