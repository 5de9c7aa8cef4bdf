"""A real X server with two monitors and a window manager, for the room display's placement.

``TwoMonitors`` starts ``Xvfb`` with one wide framebuffer, declares a director's monitor and a TV with
``xrandr --setmonitor`` (Qt then sees two screens), and starts ``openbox``. ``unplug_tv()`` and
``plug_tv()`` remove and add the TV monitor the way a cable pull does for Qt (screenRemoved/screenAdded).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from types import TracebackType

DIRECTOR = "DIRECTOR-1 1920/508x1080/286+0+0 screen"
TV = "TV-1 1280/338x720/190+1920+0 none"


def available() -> bool:
    return all(shutil.which(t) for t in ("Xvfb", "xrandr", "openbox", "xprop", "xdotool"))


class TwoMonitors:
    def __init__(self, display: int = 57) -> None:
        self.display = f":{display}"
        self.procs: list[subprocess.Popen[bytes]] = []

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.display, "QT_QPA_PLATFORM": "xcb"}

    def _x(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(list(args), env=self.env(), capture_output=True, text=True, timeout=20, check=False)

    def __enter__(self) -> TwoMonitors:
        lock = f"/tmp/.X{self.display[1:]}-lock"
        if os.path.exists(lock):
            os.remove(lock)
        self.procs.append(subprocess.Popen(
            ["Xvfb", self.display, "-noreset", "-nolisten", "tcp", "-screen", "0", "3200x1080x24"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for _ in range(100):
            if self._x("xdpyinfo").returncode == 0 or self._x("xrandr", "-q").returncode == 0:
                break
            time.sleep(0.05)
        self._x("xrandr", "--setmonitor", *DIRECTOR.split())
        self._x("xrandr", "--setmonitor", *TV.split())
        self.procs.append(subprocess.Popen(["openbox"], env=self.env(),
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(0.5)
        return self

    def unplug_tv(self) -> None:
        self._x("xrandr", "--delmonitor", "TV-1")

    def plug_tv(self) -> None:
        self._x("xrandr", "--setmonitor", *TV.split())

    def net_wm_state(self, window_id: int) -> str:
        return self._x("xprop", "-id", str(window_id), "_NET_WM_STATE").stdout

    def focused_window_name(self) -> str:
        return self._x("xdotool", "getwindowfocus", "getwindowname").stdout.strip()

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        for p in reversed(self.procs):
            p.terminate()
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()


def main(argv: list[str]) -> int:
    """``python -m tests.support.xscreens CMD ...``: run CMD on a fresh X server with the director's monitor
    and a TV (as ``TwoMonitors`` sets them up) and return its exit status."""
    if not argv:
        print("usage: python -m tests.support.xscreens CMD [ARG ...]")
        return 2
    with TwoMonitors(display=58) as x:
        return subprocess.run(argv, env=x.env(), check=False).returncode


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
