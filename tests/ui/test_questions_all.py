"""Every question the engine asks (tests.app.question_cases) is answered through the window's dialog."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.errors import RuleError
from tests.app.question_cases import CASES
from tests.ui.conftest import open_window
from ui.dialogs.question import QuestionDialog
from ui.session import Session


def _answer_in_dialog(qtbot, dialog: QuestionDialog, wanted: dict) -> None:
    """``wanted`` is the case's next command: a choice's command, or the original with the answer in it."""
    q = dialog.question
    if any(c.command == wanted for c in dialog.choices if c.command is not None):
        pass
    elif q.kind == "amounts" or (q.kind == "integer" and not dialog.choices):
        value = wanted[q.field]
        spins = dialog.spins
        if q.kind == "amounts":
            for key, spin in spins.items():
                spin.setValue(int(value[key]))
        else:
            next(iter(spins.values())).setValue(int(value))
        qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
        return
    for row, c in enumerate(dialog.choices, start=1):
        if (c.command is not None and c.command == wanted) or (
            q.field is not None and q.field in wanted and c.command is None and c.value == wanted[q.field]
        ):
            qtbot.keyClick(dialog.list, Qt.Key(Qt.Key.Key_0.value + row))
            return
    raise AssertionError(f"no answer in the dialog gives {wanted!r}")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_question_is_answered_through_the_window(qtbot, case):
    tournament, cmd = case.build()
    with pytest.raises(RuleError) as asked:
        tournament.execute(dict(cmd))  # the engine asks (nothing changes)
    question = asked.value.question
    assert asked.value.code == "NEEDS_INPUT" and question is not None
    session = Session.in_memory(tournament)
    window = open_window(qtbot, session)
    before = len(session.history())
    window.run(dict(cmd))
    dialog = window.runner.question_dialog
    assert dialog is not None and dialog.isVisible() and dialog.question == question
    _answer_in_dialog(qtbot, dialog, case.answer(question))
    assert window.runner.question_dialog is None  # answered, not asked again
    assert len(session.history()) > before  # the command went through
    assert window.player_panel.action_bar.feedback.property("kind") != "refused"
    window.close()
