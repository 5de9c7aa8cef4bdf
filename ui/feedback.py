"""The line that answers the director where they acted, and what runs a command and answers there.

Every pane, dialog and bar shows its answers in a :class:`Feedback`; dialogs that run a command take
anything with :class:`Runs`'s ``run`` (the window's :class:`ui.runner.CommandRunner`), so they never
import the runner (which itself opens the question dialog).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from app.api import Event
from app.commands import Command
from app.i18n import _


def one_sentence(text: str) -> str:
    """The engine's refusal as one sentence (its first), for the line under where the director acted."""
    text = " ".join(text.split())
    for stop in (". ", "? ", "! "):
        head, sep, _rest = text.partition(stop)
        if sep:
            return head + sep.strip()
    return text


class Runs(Protocol):
    """Runs one command and answers in ``feedback``; ``then`` gets its events when it went through."""

    def run(self, cmd: Command | dict[str, Any], feedback: Feedback, done: str = "",
            then: Callable[[list[Event]], object] | None = None) -> bool: ...


class Feedback(QLabel):
    """One line under the place the director acted: a refusal's reason, or what was done."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setObjectName("feedback")
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def refuse(self, text: str) -> None:
        self.setProperty("kind", "refused")
        self._show(text)

    def done(self, text: str) -> None:
        self.setProperty("kind", "done")
        self._show(text)

    def outdated(self, words: str = "") -> None:
        """A refusal whose input was changed since: kept in sight (what was wrong still helps), dimmed and
        said to be about the input before the change, so it never reads as the answer to the new one."""
        if self.isHidden() or self.property("kind") != "refused":
            return
        self.setProperty("kind", "outdated")
        self._show(_("{before} {refusal}", before=words or _("Before the change:"), refusal=self.text()))

    def _show(self, text: str) -> None:
        self.style().unpolish(self)
        self.style().polish(self)
        self.setText(text)
        self.show()
