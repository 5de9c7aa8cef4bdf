"""Scenario files: a tournament told as steps, with the views and refusals expected along the way.

A scenario names a profile (and overrides any setting), then runs steps in order:

- ``{"do": {...command...}}``: run a command; it must be accepted,
- ``{"do": {...}, "refused": "CODE"}``: the command must be refused with that reason code; with
  ``"message_contains": "words"`` its message must contain them, and with ``"question": {"field": ...,
  "kind": ...}`` the refusal must ask that question (compared like ``expect``: only the keys given),
- ``{"advance": seconds}``: move the scenario's clock forward,
- ``{"dictate": [outcome, ...]}``: queue the outcomes of the next random draws,
- ``{"expect": {...}}``: the tournament's view must match (partially: only the keys given).

:func:`run_scenario` stops at the first mismatch and says where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.randomness import RandomSource
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile, profile_from_dict


class ScenarioFailure(Exception):
    """A step did not go as the scenario says."""

    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"step {step}: {message}")
        self.step = step
        self.message = message


@dataclass
class ScenarioResult:
    name: str
    steps: int
    tournament: Tournament
    refusals: list[RuleError] = field(default_factory=list)


def mismatch(expected: Any, actual: Any, path: str = "") -> str | None:
    """Where ``actual`` fails to match ``expected`` (partial for objects), or None."""
    here = path or "view"
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{here}: expected an object, got {actual!r}"
        for key, exp in expected.items():
            if key not in actual:
                known = ", ".join(sorted(map(str, actual)))[:300]
                return f"{here}.{key}: missing (present: {known})"
            found = mismatch(exp, actual[key], f"{here}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list | tuple):
            return f"{here}: expected a list, got {actual!r}"
        if len(expected) != len(actual):
            return f"{here}: expected {len(expected)} items, got {len(actual)}: {actual!r}"[:600]
        for i, (exp, act) in enumerate(zip(expected, actual)):
            found = mismatch(exp, act, f"{here}[{i}]")
            if found:
                return found
        return None
    if isinstance(expected, bool) or isinstance(actual, bool):
        return None if expected is actual else f"{here}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return None if expected == actual else f"{here}: expected {expected!r}, got {actual!r}"
    return None if expected == actual else f"{here}: expected {expected!r}, got {actual!r}"


def build_tournament(spec: dict[str, Any]) -> tuple[Tournament, FakeClock, RandomSource]:
    profile = load_profile(str(spec.get("profile", "tda")))
    overrides = spec.get("settings") or {}
    if overrides:
        data = profile.to_dict()
        data["settings"] = {**data["settings"], **overrides}
        profile = profile_from_dict(data)
    clock = FakeClock(float(spec.get("start", 1_800_000_000.0)))
    rng = RandomSource(int(spec.get("seed", 0)))
    t = Tournament.create(profile, name=str(spec.get("tournament", spec.get("name", "Scenario"))), time=clock, rng=rng)
    return t, clock, rng


def run_scenario(spec: dict[str, Any]) -> ScenarioResult:
    try:
        t, clock, rng = build_tournament(spec)
    except RuleError as err:
        raise ScenarioFailure(0, f"cannot set up the tournament: {err}") from err
    result = ScenarioResult(str(spec.get("name", "scenario")), 0, t)
    for number, step in enumerate(spec.get("steps", []), start=1):
        result.steps = number
        if not isinstance(step, dict):
            raise ScenarioFailure(number, f"a step must be an object, got {step!r}")
        if "advance" in step:
            clock.advance(float(step["advance"]))
        if "dictate" in step:
            rng.dictate(*step["dictate"])
        if "do" in step:
            _do(t, step, number, result)
        if "expect" in step:
            found = mismatch(step["expect"], t.view())
            if found:
                raise ScenarioFailure(number, found)
    return result


def _do(t: Tournament, step: dict[str, Any], number: int, result: ScenarioResult) -> None:
    command = step["do"]
    expected_code = step.get("refused")
    try:
        t.execute(command)
    except RuleError as err:
        if expected_code is None:
            raise ScenarioFailure(number, f"{command.get('cmd')} was refused: {err}") from err
        if err.code != expected_code:
            raise ScenarioFailure(number, f"expected refusal {expected_code}, got {err.code}: {err.message}") from err
        if "message_contains" in step and str(step["message_contains"]) not in err.message:
            wanted = step["message_contains"]
            raise ScenarioFailure(number, f"refusal message {err.message!r} lacks {wanted!r}") from err
        if "question" in step:
            asked = err.question.to_dict() if err.question is not None else None
            found = mismatch(step["question"], asked, "question")
            if found:
                raise ScenarioFailure(number, found) from err
        result.refusals.append(err)
        return
    if expected_code is not None:
        raise ScenarioFailure(number, f"{command.get('cmd')} was accepted, expected refusal {expected_code}")


def load_scenario(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except RecursionError:
        raise ValueError(f"{path}: the JSON is nested too deeply to be a scenario") from None
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
        raise ValueError(f"{path}: a scenario is an object with a 'steps' list")
    return data
