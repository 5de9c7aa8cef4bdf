"""Every multi-flight scenario under tests/scenarios/flights/ runs clean (FLT): flights, bags, Day 2, its payouts.

A scenario of an event is a JSON object like a tournament's: ``profile`` (and ``settings`` over it), then
``steps``: ``{"do": command}`` (an event command), ``{"do": ..., "refused": CODE}`` (the refusal's code, and
nothing changed), ``{"expect": part of the event's view}`` (app.flights.event.view, matched in part).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.api import FlightEvent, RuleError, flight_event, load_profile, profile_from_dict
from app.tools.scenario import mismatch

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios" / "flights").glob("flt-*.json"))


def run_event_scenario(spec: dict[str, Any]) -> FlightEvent:
    base = load_profile(spec.get("profile", "tda")).to_dict()
    base["settings"] = {**base["settings"], **spec.get("settings", {})}
    event = FlightEvent.create(profile_from_dict(base), title=spec.get("title", "Event"), seed=spec.get("seed", 1))
    for i, step in enumerate(spec["steps"], 1):
        if "do" in step:
            before = flight_event.view(event.state)
            facts = len(event.log)
            if "refused" in step:
                with pytest.raises(RuleError) as info:
                    event.execute(step["do"])
                assert info.value.code == step["refused"], f"step {i}: {info.value.code}: {info.value.message}"
                assert info.value.message, f"step {i}: a refusal says why"
                assert len(event.log) == facts and flight_event.view(event.state) == before, f"step {i} changed"
            else:
                event.execute(step["do"])
        if "expect" in step:
            problem = mismatch(step["expect"], flight_event.view(event.state))
            assert problem is None, f"step {i}: {problem}"
    return event


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_flight_scenario(path: Path) -> None:
    spec = json.loads(path.read_text(encoding="utf-8"))
    assert spec.get("rules"), "a scenario names the rules it proves"
    event = run_event_scenario(spec)
    replayed = FlightEvent.replay(list(event.log))
    assert flight_event.view(replayed.state) == flight_event.view(event.state)


def test_the_flight_scenarios_are_found() -> None:
    assert len(SCENARIOS) >= 5
