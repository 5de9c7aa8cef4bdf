"""The shared player roster in the register line: type a few letters of a known player, Enter.

The roster (``db.roster.Roster``, one SQLite file shared by every tournament) is opened after the
window first paints, never before: start-up stays quick. When it cannot be opened or written (a
read-only folder, a damaged file), the window says so once, quietly, and registration goes on
without it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QCompleter, QLineEdit

from app.i18n import _

SUGGESTIONS = 8


class RosterLink(QObject):
    """The roster, opened once on first use; every failure turns it off with one message.

    Signals:
        unavailable(str): the roster cannot be used; the reason in words (said once).
    """

    unavailable = Signal(str)

    def __init__(self, path: Path | str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path) if path is not None else None
        self.roster: Any = None
        self.broken = False

    def open_later(self, msecs: int = 100) -> None:
        QTimer.singleShot(msecs, self, self.ensure_open)

    def ensure_open(self) -> bool:
        if self.roster is not None or self.broken:
            return self.roster is not None
        try:
            from db.roster import Roster

            self.roster = Roster.open(self.path)
        except Exception as exc:  # noqa: BLE001 - a roster that cannot open never stops registration
            self._give_up(exc, "open")
        return self.roster is not None

    def names(self, text: str, limit: int = SUGGESTIONS) -> list[str]:
        """Roster names matching every word of ``text`` (accents ignored), best first."""
        if not text.strip() or not self.ensure_open():
            return []
        try:
            return [p.name for p in self.roster.search(text, limit)]
        except Exception as exc:  # noqa: BLE001
            self._give_up(exc, "read")
            return []

    def all_names(self) -> list[str]:
        """Every name in the roster (a sign-up list is matched against them all); [] without a roster."""
        if not self.ensure_open():
            return []
        try:
            return list(dict.fromkeys(self.roster.names().values()))
        except Exception as exc:  # noqa: BLE001
            self._give_up(exc, "read")
            return []

    def remember(self, name: str) -> bool:
        """Add a newly registered name, unless the roster has it already. True when added."""
        if not self.ensure_open():
            return False
        try:
            if self.roster.find(name) is not None:  # a merged entry too (it lives on in its twin)
                return False
            self.roster.add(name)
            return True
        except Exception as exc:  # noqa: BLE001
            self._give_up(exc, "write to")
            return False

    def count(self) -> int:
        return int(self.roster.count()) if self.ensure_open() else 0

    def close(self) -> None:
        if self.roster is not None:
            try:
                self.roster.close()
            finally:
                self.roster = None

    def _give_up(self, exc: Exception, verb: str) -> None:
        from ui.errors import log_unexpected

        log_unexpected(exc, f"player roster: cannot {verb} it")
        words = str(getattr(exc, "message", "") or exc).strip()
        reason = words.splitlines()[0] if words else type(exc).__name__
        self.close()
        self.broken = True
        self.unavailable.emit(_("The player roster is not available ({reason}); players are registered without it.",
                                reason=reason))


class RosterCompletion(QObject):
    """Roster names under the register line; the top one is highlighted, Enter takes it.

    Not the line's own QCompleter (whose filtering would fight the roster's accent-blind search):
    the popup is driven here, and Enter on it registers the highlighted name at once. Escape closes
    the list and keeps the text as typed; Tab fills the name in without registering.
    """

    def __init__(self, link: RosterLink, edit: QLineEdit, active: Callable[[], bool],
                 submit: Callable[[str], None], taken: Callable[[str], bool]) -> None:
        super().__init__(edit)
        self.link, self.edit, self.active, self.submit, self.taken = link, edit, active, submit, taken
        self.model = QStringListModel(self)
        self.completer = QCompleter(self.model, self)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setWidget(edit)
        self.completer.activated.connect(self._clicked)
        self._popup().installEventFilter(self)
        edit.textEdited.connect(self.update)

    def _popup(self) -> QAbstractItemView:
        popup = self.completer.popup()
        assert popup is not None  # a QCompleter always has its popup
        return popup

    def update(self, text: str) -> None:
        names = [n for n in self.link.names(text) if not self.taken(n)] if self.active() else []
        self.model.setStringList(names)
        popup = self._popup()
        if not names:
            popup.hide()
            return
        self.completer.complete()
        popup.setCurrentIndex(self.completer.completionModel().index(0, 0))

    def top(self) -> str | None:
        popup = self._popup()
        index = popup.currentIndex()
        return str(index.data()) if popup.isVisible() and index.isValid() else None

    def _clicked(self, name: str) -> None:
        self.edit.setText(name)
        self.submit(name)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
                name = self.top()
                self._popup().hide()
                if name is None:
                    return False
                self.edit.setText(name)
                if key != Qt.Key.Key_Tab:
                    self.submit(name)
                return True
        return False
