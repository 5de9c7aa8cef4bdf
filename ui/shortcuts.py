"""The window's shortcuts win over a text field's own editing keys, except undo, redo and word moves.

On Linux a line edit claims Ctrl+A (select all), Ctrl+K (delete to the end), Ctrl+E (end of line)
and Ctrl+D (delete), so Absent, the command palette, Re-entry and Declines the rebuy would do
nothing while the director is in the action bar or the search box, which is most of the night.
Ctrl+Z / Ctrl+Shift+Z stay the field's (never undo a tournament action while typing), and so do
Ctrl+Left / Ctrl+Right (moving by words). The action bar empty has nothing of its own to undo: there
(after a command, whose name the bar clears) Ctrl+Z and Ctrl+Shift+Z undo and redo the tournament at once.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QLineEdit

UNDO_WHEN_EMPTY = "floormanUndoWhenEmpty"  # a line edit's property: empty, Ctrl+Z is the window's
UNDO_KEYS = ("Ctrl+Z", "Ctrl+Shift+Z")
FIELD_KEEPS = ("Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Left", "Ctrl+Right", "Ctrl+C", "Ctrl+V", "Ctrl+X")


class WindowKeysFirst(QObject):
    """An event filter for the window's text fields: a window shortcut is not overridden by the field."""

    def __init__(self, actions: list[QAction], parent: QObject | None = None) -> None:
        super().__init__(parent)
        keep = {QKeySequence(k) for k in FIELD_KEEPS}
        self.keys = {a.shortcut() for a in actions if not a.shortcut().isEmpty() and a.shortcut() not in keep}
        self.undo_keys = {QKeySequence(k) for k in UNDO_KEYS}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            key = QKeySequence(event.keyCombination())
            empty = isinstance(watched, QLineEdit) and bool(watched.property(UNDO_WHEN_EMPTY)) and not watched.text()
            if key in self.keys or (empty and key in self.undo_keys):
                event.ignore()  # not overridden: the window's shortcut runs
                return True
        return False
