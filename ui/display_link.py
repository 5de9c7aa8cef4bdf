"""Opening the room display (a separate window, written in ui/display) from the director's window.

One :class:`ui.display.placement.DisplayController` per director's window puts the display full screen
on the other screen (the TV), follows the TV when it is unplugged and plugged in again, and leaves the
keyboard with the director.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from ui.session import Session

if TYPE_CHECKING:
    from ui.display.placement import DisplayController


def display_controller(session: Session, director: QWidget | None = None) -> DisplayController:
    """The controller of ``director``'s room display (made on first use, kept on the window)."""
    ctl = getattr(director, "display_ctl", None) if director is not None else None
    if ctl is None:
        from ui.display.placement import DisplayController

        ctl = DisplayController(session, director, session.tournament.time, parent=director)
        if director is not None:
            director.display_ctl = ctl  # type: ignore[attr-defined]
    return ctl


def open_room_display(session: Session, director: QWidget | None = None) -> Any:
    """Show the room display where it belongs (full screen on the TV when there is one), or bring the
    open one to the front; the keyboard stays with ``director``."""
    return display_controller(session, director).open()
