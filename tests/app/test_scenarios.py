"""Every scenario file under tests/scenarios/ must run clean; each file names the rules it proves."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.tools.scenario import ScenarioFailure, load_scenario, mismatch, run_scenario

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run_scenario(load_scenario(path))


def test_partial_match_reports_the_path() -> None:
    assert mismatch({"a": {"b": 1}}, {"a": {"b": 1, "c": 2}}) is None
    assert mismatch({"a": {"b": 2}}, {"a": {"b": 1}}) == "view.a.b: expected 2, got 1"
    assert "expected 2 items" in str(mismatch({"l": [1, 2]}, {"l": [1]}))
    assert mismatch({"x": True}, {"x": 1}) is not None


def test_a_wrong_expectation_fails_at_its_step() -> None:
    steps = [{"do": {"cmd": "note", "text": "hi"}}, {"expect": {"tournament": {"events": 99}}}]
    spec = {"profile": "tda", "steps": steps}
    with pytest.raises(ScenarioFailure) as info:
        run_scenario(spec)
    assert info.value.step == 2


def test_an_expected_refusal_that_is_accepted_fails() -> None:
    spec = {"profile": "tda", "steps": [{"do": {"cmd": "note", "text": "hi"}, "refused": "INVALID_INPUT"}]}
    with pytest.raises(ScenarioFailure, match="accepted"):
        run_scenario(spec)


def test_profile_override_is_validated() -> None:
    spec = {"profile": "tda", "settings": {"table.max_seats": 0}, "steps": []}
    with pytest.raises(ScenarioFailure, match="table.max_seats"):
        run_scenario(spec)


def test_a_refusal_step_can_check_the_question_asked() -> None:
    register = [*({"do": {"cmd": "register", "name": n}} for n in ("Ann", "Bob", "Cat")), {"do": {"cmd": "seat_all"}},
                {"do": {"cmd": "start_clock"}}]
    asks = {"do": {"cmd": "bust", "players": ["Ann", "Bob"]}, "refused": "NEEDS_INPUT"}
    ok = {**asks, "question": {"field": "stacks", "kind": "amounts", "keys": ["Ann", "Bob"]}}
    run_scenario({"profile": "tda", "steps": [*register, ok]})
    wrong = {**asks, "question": {"field": "stacks", "kind": "bool"}}
    with pytest.raises(ScenarioFailure, match="question.kind"):
        run_scenario({"profile": "tda", "steps": [*register, wrong]})
