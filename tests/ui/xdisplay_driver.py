"""The director's window on a real X server, driven from a test (see test_display_real_x.py).

Run as ``python -m tests.ui.xdisplay_driver`` with DISPLAY and QT_QPA_PLATFORM=xcb. It opens the demo
tournament's window on the first screen, says ``{"ready": ...}`` on stdout, then answers each line of
stdin: ``report`` prints one JSON line of what the window sees (the room display's X window id,
screen, full screen state, geometry, whether the director's window is active, whether the clock
runs); ``quit`` ends. Keys come from the test, through the X server (xdotool), like a real keyboard.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from PySide6.QtCore import QSocketNotifier
from PySide6.QtWidgets import QApplication


def observe(window: Any, app: QApplication) -> dict[str, Any]:
    display = window.display
    out: dict[str, Any] = {
        "director_id": int(window.winId()),
        "director_active": window.isActiveWindow(),
        "active": (app.activeWindow().windowTitle() if app.activeWindow() is not None else None),
        "director_full": window.isFullScreen(),
        "director_screen": window.screen().name(),
        "dark": bool(app.property("floormanDark")),
        "clock": [bool(window.session.state.clock.get("started")), bool(window.session.state.clock.get("paused"))],
        "screens": [s.name() for s in app.screens()],
        "display": None,
    }
    if display is not None:
        g = display.geometry()
        out["display"] = {
            "id": int(display.winId()),
            "visible": display.isVisible(),
            "screen": display.screen().name(),
            "full": display.isFullScreen(),
            "geometry": [g.x(), g.y(), g.width(), g.height()],
        }
    return out


def main() -> int:
    os.environ.setdefault("FLOORMAN_NO_SOUND", "1")
    from ui.launch import _app

    app = _app()
    from ui.demo_session import demo_session
    from ui.director import DirectorWindow

    window = DirectorWindow(demo_session())
    first = app.screens()[0]
    window.setScreen(first)
    window.setGeometry(first.availableGeometry().adjusted(40, 40, -40, -40))
    window.show()
    window.activateWindow()
    window.raise_()

    def say(obj: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(obj) + "\n")
        sys.stdout.flush()

    def command() -> None:
        line = sys.stdin.readline()
        word = line.strip()
        if word == "report" or word == "":
            say(observe(window, app))
        if word == "quit" or line == "":
            notifier.setEnabled(False)
            if window.display is not None:
                window.display.close()
            window.close()
            app.quit()

    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(command)
    say({"ready": int(window.winId())})
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
