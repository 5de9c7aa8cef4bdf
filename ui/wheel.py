"""The mouse wheel changes a spin box or a drop-down list only once the director has clicked into it.

Scrolling a long form (the new tournament's rules, the structure editor) passes the pointer over many
spin boxes and lists; Qt lets each of them take the wheel, so a number changed under the pointer
("Top-ups per player" went to 0) while the director only meant to scroll. One filter on the application
covers every ``QAbstractSpinBox`` (spin boxes, money and time fields) and every ``QComboBox`` in every
window: the wheel never gives them the keyboard (their focus policy loses ``WheelFocus``), and over one
that does not have the keyboard the wheel goes on to the page under it, which scrolls (handed on by the
filter itself, as Qt would hand on a wheel the box ignored).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox, QWidget

WHEELED = (QAbstractSpinBox, QComboBox)


def _wheeled(widget: QObject) -> QWidget | None:
    """The spin box or list ``widget`` is (or is the line edit of), if any."""
    if isinstance(widget, WHEELED):
        return widget
    if not isinstance(widget, QWidget) or widget.isWindow():  # a list's popup is a window of its own
        return None
    parent = widget.parentWidget()
    return parent if isinstance(parent, WHEELED) else None


class WheelNeedsFocus(QObject):
    """The application's event filter (see the module's notes)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Polish and isinstance(watched, WHEELED):
            keep_wheel_focus_out(watched)
        elif kind == QEvent.Type.Wheel and isinstance(event, QWheelEvent):
            box = _wheeled(watched)
            if box is not None and not box.hasFocus():
                hand_on(box, event)  # not the box's: the widgets under it (the page) get it
                return True
        return False


def hand_on(box: QWidget, event: QWheelEvent) -> None:
    """Give the wheel to ``box``'s parents, nearest first, until one takes it (a scroll area scrolls)."""
    where = event.globalPosition()
    widget = box.parentWidget()
    while widget is not None:
        wheel = QWheelEvent(widget.mapFromGlobal(where), where, event.pixelDelta(), event.angleDelta(),
                            event.buttons(), event.modifiers(), event.phase(), event.inverted(), event.source())
        QApplication.sendEvent(widget, wheel)
        if wheel.isAccepted() or widget.isWindow():
            break
        widget = widget.parentWidget()


def keep_wheel_focus_out(widget: QWidget) -> None:
    """The wheel never gives ``widget`` the keyboard (a click or Tab still does)."""
    if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
        widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)


def install(app: QApplication) -> WheelNeedsFocus:
    """Filter ``app``'s events once (a second call returns the filter already installed)."""
    existing = app.findChild(WheelNeedsFocus)
    if isinstance(existing, WheelNeedsFocus):
        return existing
    wheel_filter = WheelNeedsFocus(app)
    app.installEventFilter(wheel_filter)
    # Those made before: their focus policy too. The list holds bare pointers, so the collector must not run
    # meanwhile: a window left to it (a cycle through a Python slot) would delete its widgets further down
    # the list while the walk still has them. What it would free goes first.
    gc.collect()
    was_on = gc.isenabled()
    gc.disable()
    try:
        for widget in app.allWidgets():
            if isinstance(widget, WHEELED):
                keep_wheel_focus_out(widget)
    finally:
        if was_on:
            gc.enable()
    return wheel_filter
