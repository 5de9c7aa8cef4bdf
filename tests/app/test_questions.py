"""Questions are data: every NEEDS_INPUT refusal carries its Question, and answering it lets the command
through (section 19)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.errors import RuleError
from tests.app.question_cases import CASES, QuestionCase

APP = Path(__file__).parents[2] / "app"


def _needs_input_calls() -> list[tuple[str, int, bool]]:
    out = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", "") == "RuleError"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "NEEDS_INPUT"
            ):
                asked = any(k.arg == "question" for k in node.keywords)
                out.append((str(path.relative_to(APP.parent)), node.lineno, asked))
    return out


def test_every_needs_input_refusal_in_app_carries_a_question():
    calls = _needs_input_calls()
    assert len(calls) >= 10
    missing = [f"{path}:{line}" for path, line, asked in calls if not asked]
    assert not missing, f"NEEDS_INPUT without question=: {missing}"


def test_there_is_a_case_for_every_needs_input_site():
    assert len(CASES) >= len(_needs_input_calls())
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_question_is_asked_and_its_answer_lets_the_command_through(case: QuestionCase):
    t, command = case.build()
    with pytest.raises(RuleError) as info:
        t.execute(command)
    err = info.value
    assert (err.code, err.rule) == ("NEEDS_INPUT", case.rule), err
    q = err.question
    assert q is not None and (q.field, q.kind) == (case.field, case.kind)
    assert q.text and err.to_dict()["question"]["kind"] == case.kind
    if q.kind == "amounts":
        assert q.keys
    if q.kind == "choice":
        assert q.choices and all(c.command is not None or c.value is not None for c in q.choices)
    answer = case.answer(q)
    if answer["cmd"] == command["cmd"]:
        t.execute(answer)
    else:
        assert answer in [c.command for c in q.choices]
        t.execute(answer)
        t.execute(command)
