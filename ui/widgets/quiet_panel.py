"""A panel beside the director's window that never keeps the keyboard (the phones' address, the join codes).

It shows without being activated. While it is the active window (the director clicked it), the window's
shortcuts still work from it and hand the keyboard back to the window, and any other key typed goes to
the window too: F8, a name and Enter bust the player as always.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget


class QuietPanel(QWidget):
    """A window of its own over ``owner`` (the director's window) that hands every key to it.

    ``RAISE``: whether showing it again also brings it in front of the windows over it."""

    RAISE = False

    def __init__(self, owner: QWidget, title: str) -> None:
        super().__init__(owner, Qt.WindowType.Window)
        self.owner = owner
        for action in owner.actions():  # F8, Ctrl+K, F5...: the window's keys work from here too
            self.addAction(action)
            action.triggered.connect(self._hand_back)
        self.setWindowTitle(title)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)

    def _hand_back(self) -> None:
        if self.isActiveWindow():
            self.owner.activateWindow()

    def show_quietly(self) -> None:
        """Show the panel and leave the keyboard where it was."""
        was = QApplication.activeWindow()
        self.show()
        if self.RAISE:
            self.raise_()
        if was is not None and was is not self:
            was.activateWindow()  # where the system activates every new window all the same

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Whatever is typed here is meant for the director's window: it gets the keyboard and the key."""
        self.owner.activateWindow()
        target = self.owner.focusWidget() or self.owner
        QApplication.sendEvent(target, QKeyEvent(event.type(), event.key(), event.modifiers(), event.text(),
                                                 event.isAutoRepeat(), event.count()))
