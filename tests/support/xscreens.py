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
    """The X server takes a display number nobody uses (``Xvfb -displayfd``), so two runs on one machine
    never meet on one display."""

    def __init__(self) -> None:
        self.display = ""
        self.procs: list[subprocess.Popen[bytes]] = []

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.display, "QT_QPA_PLATFORM": "xcb"}

    def _x(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(list(args), env=self.env(), capture_output=True, text=True, timeout=20, check=False)

    def _start_server(self) -> None:
        """Start Xvfb on a free display and wait until it says which (it writes the number once ready)."""
        read_end, write_end = os.pipe()
        try:
            server = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_end), "-noreset", "-nolisten", "tcp",
                 "-screen", "0", "3200x1080x24"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write_end,))
        finally:
            os.close(write_end)
        self.procs.append(server)
        with os.fdopen(read_end, "rb") as said:
            number = said.readline().strip()
        if not number.isdigit():
            raise RuntimeError(f"Xvfb did not start (exit status {server.poll()})")
        self.display = f":{number.decode()}"

    def __enter__(self) -> TwoMonitors:
        self._start_server()
        self._x("xrandr", "--setmonitor", *DIRECTOR.split())
        self._x("xrandr", "--setmonitor", *TV.split())
        self.procs.append(subprocess.Popen(["openbox"], env=self.env(),
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self._wait_for_window_manager()
        return self

    def _wait_for_window_manager(self, within: float = 10.0) -> None:
        """openbox is ready once the root window names its supporting window manager."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if "window id" in self._x("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").stdout:
                return
            time.sleep(0.05)
        raise RuntimeError(f"openbox did not start on {self.display} within {within:.0f} s")

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
    with TwoMonitors() as x:
        return subprocess.run(argv, env=x.env(), check=False).returncode


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
