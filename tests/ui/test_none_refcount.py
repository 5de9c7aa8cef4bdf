"""PySide6 6.12.0 on CPython 3.11 loses a reference to None on each void Qt call; the pinned 6.11.3 does not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication([])
label = QLabel()
before = sys.getrefcount(None)
for i in range(50_000):  # ten times more than None's references at start-up
    label.setText(str(i))
print("alive", abs(sys.getrefcount(None) - before) < 1_000)
"""


def test_fifty_thousand_qt_calls_do_not_kill_none():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "alive True"
