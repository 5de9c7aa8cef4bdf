"""A chip race entered by its results (RACE-3, section 19), and the count a race needs first."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import Tournament
from app.errors import RuleError
from tests.app.test_chiprace import at_break_after_four, conserved, stacks


def refused(t: Tournament, cmd: dict[str, Any], code: str, words: str = "") -> str:
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert info.value.code == code, info.value
    assert words in info.value.message, info.value.message
    assert t.state == before
    return info.value.message


def race(t: Tournament, results: dict[str, Any], **extra: Any) -> None:
    t.execute({"cmd": "chip_race", "denomination": 5, "results": results, **extra})


def test_race_3_results_only_tda_adds_the_raced_out_players_chip() -> None:
    t, _ = at_break_after_four()  # odd 5s: Bob 3, Di 4, Cy 1 (his only chip), Ann 2; the pool buys 2
    race(t, {"Di": 1, "Ann": True, "Bob": 0})
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2025}
    assert t.state.chips_removed == 50 and t.state.chips_added == 75 and conserved(t)
    last = t.view("chip_race")["chip_race"]["last"]
    assert last["tables"][0]["by"] == "results"
    assert [(r["name"], r["chip"], r["added"]) for r in last["tables"][0]["racers"]] == [
        ("Bob", False, False), ("Di", True, False), ("Cy", False, True), ("Ann", True, False)]


def test_race_3_results_must_give_exactly_the_chips_the_pool_buys() -> None:
    t, _ = at_break_after_four()
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1}}, "INVALID_INPUT", "races 2 chips")
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1, "Ann": 1, "Bob": 1}}, "INVALID_INPUT",
            "the results give 3")
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 2}}, "INVALID_INPUT", "one at most")
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": "won"}}, "INVALID_INPUT")
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": ["Di"]}, "INVALID_INPUT")
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1, "Ann": 1}, "cards": {"Di": ["As"]}},
            "INVALID_INPUT", "not both")


def test_race_3_results_only_a_racer_can_win() -> None:
    t, _ = at_break_after_four()
    t.execute({"cmd": "chip_count", "counts": {"Bob": 2000, "Di": 3985, "Cy": 5, "Ann": 2010}, "accept": True})
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Bob": 1, "Di": 1}}, "INVALID_INPUT",
            "Bob has no 5 chips to race")


def test_race_3_results_under_roberts_the_raced_out_player_must_win_first() -> None:
    t, _ = at_break_after_four(**{"race.race_out": "roberts_first"})
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1, "Ann": 1}}, "INVALID_INPUT",
            "Cy would be raced out")
    race(t, {"Cy": 1, "Di": 1})
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2000}
    assert t.state.chips_added == 50 and conserved(t)


def test_race_3_a_table_with_busted_players_chips_is_counted_first_or_in_the_race() -> None:
    t, _ = at_break_after_four()
    t.execute({"cmd": "bust", "player": "Bob"})  # his 1,990 chips are on the table, in nobody's count
    message = refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1}}, "NEEDS_INPUT",
                      "Table 1 holds 1,990 chips won from busted players")
    assert '"counts": {"Di": chips, "Cy": chips, "Ann": chips}' in message
    refused(t, {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1},
                "counts": {"Di": 5985, "Cy": 5, "Ann": 2000}}, "NEEDS_INPUT", "does not add up (table 1: -10)")
    race(t, {"Di": 1}, counts={"Di": 5985, "Cy": 5, "Ann": 2010})  # Di won Bob's chips; the pool buys 1
    assert stacks(t) == {"Bob": 0, "Di": 6000, "Cy": 25, "Ann": 2000}
    assert t.view("chips")["chips"]["loose"] == {} and conserved(t)
