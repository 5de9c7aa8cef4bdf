"""The judge's scenarios (tests/scenarios/judge/jdg-*.json): a hand, the profile whose odd-chip rule applies,
and what the ruling must say (each key given, in lists each item) or the refusal's code and words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.api import RuleError, judge, load_profile

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios" / "judge").glob("jdg-*.json"))


def matches(expected: Any, got: Any, where: str = "ruling") -> None:
    """Every key of ``expected`` is in ``got`` with the same value (lists item by item, of the same length)."""
    if isinstance(expected, dict):
        assert isinstance(got, dict), f"{where}: expected an object, got {got!r}"
        for key, value in expected.items():
            assert key in got, f"{where}: no {key!r} in {sorted(got)}"
            matches(value, got[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), f"{where}: expected {expected!r}, got {got!r}"
        for i, (e, g) in enumerate(zip(expected, got, strict=True)):
            matches(e, g, f"{where}[{i}]")
    else:
        assert expected == got, f"{where}: expected {expected!r}, got {got!r}"


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_judge_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text(encoding="utf-8"))
    assert scenario["rules"] and scenario["name"]
    odd_chip = str(load_profile(scenario.get("profile", "tda"))["pot.odd_chip"])
    if "refused" in scenario:
        with pytest.raises(RuleError) as info:
            judge(scenario["hand"], odd_chip)
        matches(scenario["refused"], {"code": info.value.code, "message": info.value.message})
        return
    ruling = judge(scenario["hand"], odd_chip)
    matches(scenario["expect"], ruling)
    total = sum(p["put_in"] for p in scenario["hand"]["players"])
    assert sum(p["amount"] for p in ruling["pots"]) + sum(ruling["returned"].values()) == total


def test_the_judge_scenarios_are_found() -> None:
    assert len(SCENARIOS) >= 8
