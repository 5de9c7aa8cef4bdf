"""The engine's question, asked in the window: its words, its answers, one key to answer.

The dialog knows nothing of rules: it shows what a NEEDS_INPUT refusal's :class:`~app.errors.Question`
holds and gives back the director's answer; :class:`ui.runner.CommandRunner` repeats the command.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.api import Choice, Question
from app.i18n import _
from ui.dialogs import ok_cancel
from ui.feedback import Feedback

MAX_WHOLE = 2_000_000_000


@dataclass(frozen=True)
class Answer:
    """The director's answer: ``value`` for the question's field, or a ``command`` to run first."""

    value: Any = None
    command: dict[str, Any] | None = None


def choices_of(question: Question) -> tuple[Choice, ...]:
    """The answers offered; a yes-or-no question without its own words gets Yes and No."""
    if question.choices:
        return question.choices
    if question.kind == "bool":
        return (Choice(_("Yes"), True), Choice(_("No"), False))
    return ()


class QuestionDialog(QDialog):
    """Asks one question. Keys: 1..n or an answer's first letter picks it and answers (one key);
    the arrows move, Enter gives the highlighted answer (or the numbers typed), Esc cancels.

    Signals:
        answered(object): the :class:`Answer`, once given; the dialog then closes.
    """

    answered = Signal(object)

    def __init__(self, question: Question, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        self.setWindowTitle(title or _("The rules need an answer"))
        self.setMinimumWidth(460)
        lay = QVBoxLayout(self)
        text = QLabel(question.text)
        text.setWordWrap(True)
        text.setObjectName("questionText")
        lay.addWidget(text)
        self.choices = choices_of(question)
        self.list = QListWidget()
        for i, c in enumerate(self.choices, start=1):
            self.list.addItem(QListWidgetItem(f"{i}  {c.label}"))
        self.list.itemActivated.connect(lambda _item: self._give_row(self.list.currentRow()))
        self.list.setVisible(bool(self.choices))
        self.list.setMaximumHeight(max(1, len(self.choices)) * (self.fontMetrics().height() + 12) + 8)
        self.list.installEventFilter(self)  # the list would take letters for its own search
        lay.addWidget(self.list)
        self.spins: dict[str, QSpinBox] = {}
        form = QFormLayout()
        if question.kind == "amounts":
            for key in question.keys:
                self.spins[key] = self._spin()
                form.addRow(key, self.spins[key])
        elif question.kind == "integer" and not self.choices:
            self.spins[question.field or "value"] = self._spin()
            form.addRow(question.field or "value", self.spins[question.field or "value"])
        lay.addLayout(form)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        self.buttons = ok_cancel(self, self._ok)
        lay.addWidget(self.buttons)
        hint = QLabel(_("1–{n} or the first letter answers · Esc cancels", n=len(self.choices)) if self.choices
                      else _("Enter gives the answer · Esc cancels"))
        hint.setWordWrap(True)
        hint.setObjectName("dim")
        lay.addWidget(hint)
        if self.spins:
            next(iter(self.spins.values())).setFocus()
        else:
            self.list.setFocus()

    def _spin(self) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(0, MAX_WHOLE)
        spin.setGroupSeparatorShown(True)
        return spin

    def answer(self) -> Answer | None:
        """The answer as the widgets hold it (None when a choice is needed and none is highlighted)."""
        if self.spins and self.question.kind == "amounts":
            return Answer({k: s.value() for k, s in self.spins.items()})
        if self.spins:
            return Answer(next(iter(self.spins.values())).value())
        row = self.list.currentRow()
        if not 0 <= row < len(self.choices):
            return None
        c = self.choices[row]
        return Answer(c.value, c.command)

    def _give(self, answer: Answer) -> None:
        self.answered.emit(answer)
        self.accept()

    def _give_row(self, row: int) -> None:
        if 0 <= row < len(self.choices):
            self.list.setCurrentRow(row)
            c = self.choices[row]
            self._give(Answer(c.value, c.command))

    def _ok(self) -> None:
        answer = self.answer()
        if answer is None:
            self.feedback.refuse(_("Pick one of the answers: its number or its first letter."))
            return
        self._give(answer)

    def _row_for_key(self, text: str) -> int | None:
        if not text or not self.choices:
            return None
        if text.isdigit():
            n = int(text)
            return n - 1 if 1 <= n <= len(self.choices) else None
        rows = [i for i, c in enumerate(self.choices) if c.label[:1].lower() == text.lower()]
        return rows[0] if len(rows) == 1 else None

    def _key(self, event: QKeyEvent, in_list: bool = False) -> bool:
        """Handle an answering key; True when it was one. With amounts to type, a number picks a choice
        only while the choices have the focus (in the spin boxes it is part of an amount)."""
        if not self.spins or in_list:
            row = self._row_for_key(event.text())
            if row is not None:
                self._give_row(row)
                return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._ok()
            return True
        return False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.list and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            return self._key(event, in_list=True)
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._key(event):
            super().keyPressEvent(event)
