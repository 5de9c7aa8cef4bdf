"""Starting the window: ``floorman``, ``floorman FILE``, ``--demo``, ``--screenshot DIR``, ``--self-test``.

Only Qt is imported before the first window paints; the store (SQLAlchemy) and printing (reportlab)
are imported when they are first needed.
"""

from __future__ import annotations

import os
import sys
from argparse import Namespace
from pathlib import Path
from typing import Any

HEADLESS_SCREENS = "floorman-screens"
# Qt platforms that draw without showing anything: a window there can only be seen as a picture.
INVISIBLE_PLATFORMS = ("offscreen", "minimal")


def has_display() -> bool:
    """Can a window be seen? Not with an invisible Qt platform (a CI job's ``QT_QPA_PLATFORM=offscreen``)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "").split(":", 1)[0].strip().lower()
    if platform:
        return platform not in INVISIBLE_PLATFORMS
    from oskit import LINUX, system

    if system() == LINUX:  # X11 or Wayland; Windows and macOS always have their own screen
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _app() -> Any:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QIcon
    from PySide6.QtWidgets import QApplication

    from ui import theme, wheel
    from ui.resources import icon_path

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else None
    if app is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Floorman")
        app.setOrganizationName("Floorman")
    app.setWindowIcon(QIcon(str(icon_path())))
    dark = theme.system_prefers_dark(app)
    app.setProperty("floormanDark", dark)
    theme.apply(app, dark)
    wheel.install(app)  # the wheel scrolls the page; it changes a spin box or a list only once clicked into
    return app


def _language(app: Any, requested: str | None) -> None:
    """The window's language: ``requested`` (``--lang``, already checked), else the one chosen before."""
    from ui.language import install, start_language

    install(app, requested or start_language(None))


def launch(opts: Namespace) -> int:
    """Run the GUI as the options ask; returns the process exit code."""
    requested = getattr(opts, "lang", None)
    if requested:  # a language that is not one is said before any window opens (a venue's own is one)
        from ui.language import start_language

        try:
            requested = start_language(requested)
        except Exception as exc:  # noqa: BLE001 - the engine's refusal (UNKNOWN_LANGUAGE), in words
            print(f"floorman: {getattr(exc, 'message', exc)}", file=sys.stderr)
            return 2
    screenshot = getattr(opts, "screenshot", None)
    demo = bool(getattr(opts, "demo", False))
    if not has_display():
        # No screen to see (none at all, or an invisible platform asked for): draw offscreen; the demo
        # writes screenshots and exits instead of running a window nobody can see or close.
        if not os.environ.get("QT_QPA_PLATFORM"):
            os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if demo and not screenshot:
            print("No screen here: the demo's windows are drawn offscreen and saved as pictures.")
            screenshot = HEADLESS_SCREENS
    if getattr(opts, "self_test", False):
        from ui.selftest import run_self_test

        app = _app()
        _language(app, requested)
        return run_self_test(app)
    if screenshot:
        from ui.screens import write_screenshots

        _language(_app(), requested)
        paths = write_screenshots(Path(screenshot))
        print("Screenshots written to " + str(Path(screenshot).resolve()) + ": " + ", ".join(p.name for p in paths))
        return 0
    app = _app()
    _language(app, requested)
    from ui.errors import install_excepthook
    from ui.start import Starter

    starter = Starter(app)
    install_excepthook(starter.show_error)
    if demo:
        starter.open_demo()
    elif getattr(opts, "file", None):
        starter.open_file(str(opts.file))
    else:
        starter.show_welcome()
    return int(app.exec())
