"""Opening the room display (a separate window, written in ui/display) from the director's window."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QGuiApplication

from ui.session import Session


def open_room_display(session: Session, existing: Any = None) -> Any:
    """Show the room display, on the second screen when there is one; reuse an open one."""
    if existing is not None and existing.isVisible():
        existing.raise_()
        existing.activateWindow()
        return existing
    from ui.display import RoomDisplay

    display = RoomDisplay(session, session.tournament.time)
    screens = QGuiApplication.screens()
    if len(screens) > 1:
        display.setGeometry(screens[1].availableGeometry())
    display.show()
    return display
