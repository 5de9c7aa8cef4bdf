"""The room display on a real X server with a window manager and two monitors (Xvfb, xrandr, openbox).

The window runs in a child process (tests/ui/xdisplay_driver.py) on the X server; this test presses
keys through the X server with xdotool, like a keyboard, and reads the window manager's view with
xprop and xwininfo. Skipped where the X tools are missing, except in CI (CI=true), where it fails.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support import xscreens

ROOT = Path(__file__).resolve().parents[2]
TV_RECT = [1920, 0, 1280, 720]
DIRECTOR_RECT = [0, 0, 1920, 1080]

if not xscreens.available():
    if os.environ.get("CI") == "true":
        raise RuntimeError("CI must run the real X test: Xvfb, xrandr, openbox, xprop or xdotool is missing")
    pytestmark = pytest.mark.skip(reason="Xvfb, xrandr, openbox, xprop or xdotool is not installed")


class Driver:
    """The director's window in a child process on the X server."""

    def __init__(self, x: xscreens.TwoMonitors) -> None:
        self.x = x
        env = {**x.env(), "FLOORMAN_NO_SOUND": "1", "PYTHONPATH": str(ROOT)}
        env.pop("QT_QPA_PLATFORMTHEME", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.ui.xdisplay_driver"], cwd=ROOT, env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        ready = self._line()
        self.director_id = int(ready["ready"])

    def _line(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError("the window's process ended: " + (self.proc.stderr.read() if self.proc.stderr else ""))
        return dict(json.loads(line))

    def report(self) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write("report\n")
        self.proc.stdin.flush()
        return self._line()

    def key(self, key: str) -> None:
        """A key press through the X server, to whichever window has the keyboard."""
        subprocess.run(["xdotool", "key", key], env=self.x.env(), check=True, timeout=20)

    def wait(self, test: Callable[[dict[str, Any]], bool], seconds: float = 40.0) -> dict[str, Any]:
        end = time.monotonic() + seconds
        seen = self.report()
        while not test(seen) and time.monotonic() < end:
            time.sleep(0.2)
            seen = self.report()
        return seen

    def close(self) -> str:
        if self.proc.stdin is not None and self.proc.poll() is None:
            try:
                self.proc.stdin.write("quit\n")
                self.proc.stdin.flush()
            except BrokenPipeError:
                pass
        try:
            _out, err = self.proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _out, err = self.proc.communicate()
        return err


def x_geometry(x: xscreens.TwoMonitors, window_id: int) -> list[int]:
    """Where the X server has the window (absolute x, y, width, height)."""
    info = subprocess.run(["xwininfo", "-id", str(window_id)], env=x.env(), capture_output=True, text=True,
                          timeout=20).stdout
    fields = {k: int(v) for k, v in re.findall(r"(Absolute upper-left [XY]|Width|Height):\s+(-?\d+)", info)}
    return [fields.get("Absolute upper-left X", -1), fields.get("Absolute upper-left Y", -1),
            fields.get("Width", -1), fields.get("Height", -1)]


def geometry_of(x: xscreens.TwoMonitors, window_id: int, expected: list[int], within: float = 20.0) -> list[int]:
    """Where the X server has the window, waiting up to ``within`` seconds for ``expected`` (the window
    manager moves it a moment after Qt asks, later on a busy machine)."""
    deadline = time.monotonic() + within
    while True:
        seen = x_geometry(x, window_id)
        if seen == expected or time.monotonic() > deadline:
            return seen
        time.sleep(0.1)


def focused_id(x: xscreens.TwoMonitors, expected: int | None = None, within: float = 20.0) -> int:
    """The X window with the keyboard focus; with ``expected``, waits up to ``within`` seconds for it (the
    window manager settles focus a moment after a window changes state, later on a busy machine)."""
    deadline = time.monotonic() + within
    while True:
        out = subprocess.run(["xdotool", "getwindowfocus"], env=x.env(), capture_output=True, text=True, timeout=20)
        focused = int(out.stdout.strip() or 0)
        if expected is None or focused == expected or time.monotonic() > deadline:
            return focused
        time.sleep(0.1)


def full_screen(x: xscreens.TwoMonitors, window: int, expected: bool, within: float = 20.0) -> bool:
    """Whether the window manager shows ``window`` full screen, waiting up to ``within`` seconds for it to
    become ``expected`` (it sets _NET_WM_STATE a moment after Qt asks, later on a busy machine)."""
    deadline = time.monotonic() + within
    while True:
        state = "_NET_WM_STATE_FULLSCREEN" in x.net_wm_state(window)
        if state == expected or time.monotonic() > deadline:
            return state
        time.sleep(0.1)


def stacked_above(x: xscreens.TwoMonitors, upper: int, lower: int, within: float = 20.0) -> bool:
    """Whether ``upper`` is above ``lower`` in the window manager's stacking order, waiting up to ``within``
    seconds (the window manager restacks after it has moved the window, later on a busy machine)."""
    deadline = time.monotonic() + within
    while True:
        out = subprocess.run(["xprop", "-root", "_NET_CLIENT_LIST_STACKING"], env=x.env(), capture_output=True,
                             text=True, timeout=20).stdout
        order = [int(h, 16) for h in re.findall(r"0x[0-9a-f]+", out)]
        above = upper in order and lower in order and order.index(upper) > order.index(lower)
        if above or time.monotonic() > deadline:
            return above
        time.sleep(0.1)


def test_f10_full_screen_on_the_tv_keyboard_stays_and_follows_the_tv() -> None:
    with xscreens.TwoMonitors() as x:
        d = Driver(x)
        try:
            first = d.wait(lambda r: r["director_active"])
            assert first["screens"] == ["DIRECTOR-1", "TV-1"], first
            assert first["director_active"], first
            dark_before = first["dark"]

            d.key("F10")
            seen = d.wait(lambda r: r["display"] is not None and r["display"]["full"]
                          and r["display"]["geometry"] == TV_RECT)
            display = seen["display"]
            assert display is not None and display["screen"] == "TV-1" and display["full"], seen
            assert full_screen(x, display["id"], True)
            assert geometry_of(x, display["id"], TV_RECT) == TV_RECT
            assert focused_id(x, d.director_id) == d.director_id, "the director keeps the keyboard"
            assert x.focused_window_name() != "Floorman: room display"

            d.key("ctrl+shift+d")  # a director's shortcut (dark look), right after F10, without a click
            seen = d.wait(lambda r: r["dark"] != dark_before)
            assert seen["dark"] != dark_before, "the director's shortcut reached the director's window"

            x.unplug_tv()
            seen = d.wait(lambda r: r["screens"] == ["DIRECTOR-1"] and r["display"]["screen"] == "DIRECTOR-1"
                          and not r["display"]["full"])
            display = seen["display"]
            assert seen["screens"] == ["DIRECTOR-1"], seen
            assert display["visible"] and not display["full"] and display["screen"] == "DIRECTOR-1", seen
            assert not full_screen(x, display["id"], False)
            gx, gy, gw, gh = x_geometry(x, display["id"])
            assert gx >= 0 and gy >= 0 and gx + gw <= 1920 and gy + gh <= 1080, (gx, gy, gw, gh)
            assert stacked_above(x, display["id"], d.director_id), "the display is in front, not hidden"
            assert focused_id(x, d.director_id) == d.director_id

            x.plug_tv()
            seen = d.wait(lambda r: r["display"]["screen"] == "TV-1" and r["display"]["full"]
                          and r["display"]["geometry"] == TV_RECT)
            assert seen["display"]["full"] and seen["display"]["screen"] == "TV-1", seen
            assert full_screen(x, display["id"], True)
            assert geometry_of(x, display["id"], TV_RECT) == TV_RECT
            assert focused_id(x, d.director_id) == d.director_id

            d.key("F11")  # the display leaves full screen; the director's window never goes full screen
            seen = d.wait(lambda r: not r["display"]["full"])
            assert not seen["display"]["full"] and not seen["director_full"], seen
            assert seen["display"]["screen"] == "TV-1", seen
            d.key("F11")
            seen = d.wait(lambda r: r["display"]["full"])
            assert seen["display"]["full"] and seen["display"]["geometry"] == TV_RECT, seen
            assert not seen["director_full"]
            assert not full_screen(x, d.director_id, False)
            assert focused_id(x, d.director_id) == d.director_id
        finally:
            err = d.close()
    assert "Traceback" not in err, err
