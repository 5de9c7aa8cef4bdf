"""The parts of the director's window its controllers are built with (never the window itself).

A controller gets, by name, what it works with: the session, the runner, its tab and the action bar,
and the :class:`Shell`: the window as a parent for dialogs, its status bar and the keyboard. So a
controller imports nothing of :mod:`ui.director`, and the window is the only module that knows them all.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QMainWindow, QStatusBar


@dataclass(frozen=True)
class Shell:
    """The window as its controllers see it: a parent for their dialogs, the status bar, the keyboard."""

    parent: QMainWindow

    def say(self, text: str, ms: int = 5000) -> None:
        """One line on the status bar for ``ms`` milliseconds."""
        self.parent.statusBar().showMessage(text, ms)

    def status_bar(self) -> QStatusBar:
        return self.parent.statusBar()

    def activate(self) -> None:
        """The window takes the keyboard back (after a dialog closes): its keys work at once."""
        self.parent.activateWindow()
