"""The one path from the window to the engine: run a command, ask the engine's question, repeat.

Every action of the window (bespoke, generated form, palette, dialog) hands its command (a declaration
of :mod:`app.commands`) to
:meth:`CommandRunner.run`. The engine accepts it (``then`` is called with the events), refuses it
(the engine's words are shown where the director acted), or asks (NEEDS_INPUT with a question): the
question is shown, and the command is repeated with the answer in the question's field, or the
chosen answer's own command runs first and then the first command is repeated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from app.api import Event, Question, RuleError
from app.commands import Command
from app.i18n import _
from ui.command_map import in_words
from ui.dialogs.question import Answer, QuestionDialog
from ui.errors import log_unexpected, short_message, store_message
from ui.feedback import Feedback, one_sentence
from ui.session import Session

Then = Callable[[list[Event]], object]
Cmd = Command | dict[str, Any]  # a declaration; the engine's own dicts (a pending move, a question's answer)


class CommandRunner(QObject):
    """Runs commands for the window and asks the engine's questions.

    ``before(cmd)`` is called before each command (e.g. to note the seats a redraw will change);
    ``failed()`` after an unexpected error (the window redraws from the state).

    Signals:
        asked(object): a :class:`~ui.dialogs.question.QuestionDialog` was opened for a question.
    """

    asked = Signal(object)

    def __init__(self, session: Session, parent: QWidget, before: Callable[[Cmd], None] | None = None,
                 failed: Callable[[], None] | None = None,
                 store_failed: Callable[[BaseException], None] | None = None) -> None:
        super().__init__(parent)
        self.store_failed = store_failed
        self.session = session
        self.window = parent
        self.before = before
        self.failed = failed
        self.question_dialog: QuestionDialog | None = None

    def run(self, cmd: Cmd, feedback: Feedback, done: str = "", then: Then | None = None) -> bool:
        """Run ``cmd``; True when it went through now (False when refused, or asked: then ``then`` is
        called later if the answered command goes through)."""
        if self.before is not None:
            self.before(cmd)
        try:
            events = self.session.execute(cmd)
        except RuleError as err:
            if err.code == "NEEDS_INPUT" and err.question is not None:
                self.ask(cmd, err.question, feedback, done, then)
            else:
                words_said = in_words(err.message)
                feedback.refuse(one_sentence(words_said) if err.code != "NEEDS_INPUT" else words_said)
            return False
        except Exception as exc:  # the store's words (read-only, disk full) or a bug: logged, one sentence
            said = store_message(exc)
            if said is None:
                log_unexpected(exc, f"command {cmd!r}")
            feedback.refuse(said or short_message(exc))
            if self.store_failed is not None:
                self.store_failed(exc)
            if self.failed is not None:
                self.failed()
            return False
        if done:
            feedback.done(done)
        if then is not None:
            then(events)
        return True

    def ask(self, cmd: Cmd, question: Question, feedback: Feedback, done: str = "",
            then: Then | None = None) -> QuestionDialog:
        """Show ``question``; on an answer, repeat ``cmd`` with it (or run the answer's command first)."""
        if self.question_dialog is not None:
            self.question_dialog.close()
        dialog = QuestionDialog(question, parent=self.window)
        dialog.answered.connect(lambda answer: self._answered(cmd, question, answer, feedback, done, then))
        dialog.rejected.connect(
            lambda: feedback.refuse(_("Not done: {question}", question=one_sentence(question.text))))
        dialog.finished.connect(lambda _code: self._closed(dialog))
        self.question_dialog = dialog
        dialog.open()
        self.asked.emit(dialog)
        return dialog

    def _closed(self, dialog: QuestionDialog) -> None:
        if self.question_dialog is dialog:
            self.question_dialog = None
        self.window.activateWindow()  # the window's keys work again at once

    def _answered(self, cmd: Cmd, question: Question, answer: Answer, feedback: Feedback, done: str,
                  then: Then | None) -> None:
        if answer.command is not None:
            self.run(answer.command, feedback, then=lambda _events: self.run(cmd, feedback, done, then))
            return
        if question.field is None:
            return
        asked = cmd.to_dict() if isinstance(cmd, Command) else cmd  # the answer goes in as the engine reads it
        self.run({**asked, question.field: answer.value}, feedback, done, then)
