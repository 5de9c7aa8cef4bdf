"""RACE-4: removed chips found later are exchanged at equal value; the remainder below the smallest chip is lost."""

from __future__ import annotations

import pytest

from app.chips.found_chips import exchange
from app.engine import Tournament
from app.errors import RuleError
from tests.app.test_chiprace import CARDS, at_break_after_four, conserved, stacks


def raced() -> Tournament:
    t, _ = at_break_after_four()
    t.execute({"cmd": "chip_race", "denomination": 5, "cards": CARDS})
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2000}
    return t


def test_race_4_the_value_is_rounded_down_to_the_smallest_chip_in_play() -> None:
    assert exchange(35, 25) == (25, 10)
    assert exchange(50, 25) == (50, 0)
    assert exchange(20, 25) == (0, 20)


def test_race_4_found_chips_are_credited_at_equal_value_less_the_remainder() -> None:
    t = raced()
    added = t.state.chips_added
    t.execute({"cmd": "found_chips", "player": "Bob", "denomination": 5, "count": 7})
    assert stacks(t)["Bob"] == 1975 + 25  # 35 in 5s: one 25 chip, 10 lost
    assert t.state.chips_added == added + 25
    assert conserved(t)
    found = t.view("chip_race")["chip_race"]["found"]
    assert [(f["name"], f["value"], f["credited"], f["remainder"], f["smallest"]) for f in found] == [
        ("Bob", 35, 25, 10, 25)
    ]


def test_race_4_a_find_worth_less_than_the_smallest_chip_is_removed_without_compensation() -> None:
    t = raced()
    t.execute({"cmd": "found_chips", "player": "Ann", "denomination": 5, "count": 4})
    assert stacks(t)["Ann"] == 2000 and conserved(t)
    assert t.view("chip_race")["chip_race"]["found"][0]["remainder"] == 20


def test_race_4_the_exchange_replays_from_its_event() -> None:
    t = raced()
    t.execute({"cmd": "found_chips", "player": "Di", "denomination": 5, "count": 10})
    again = Tournament.replay(t.log)
    assert stacks(again) == stacks(t) and stacks(t)["Di"] == 4050
    assert again.view("chips") == t.view("chips")


@pytest.mark.parametrize(
    ("cmd", "why"),
    [
        ({"player": "Bob", "denomination": 25, "count": 2}, "still in play"),
        ({"player": "Bob", "denomination": 10, "count": 2}, "chip set"),
        ({"player": "Bob", "denomination": 5, "count": 2.5}, "whole number"),
        ({"player": "Bob", "denomination": 5, "count": 0}, "at least 1"),
    ],
)
def test_race_4_refuses_chips_still_in_play_unknown_chips_and_odd_counts(cmd: dict[str, object], why: str) -> None:
    t = raced()
    before = t.view("chips")
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "found_chips", **cmd})
    assert info.value.code == "INVALID_INPUT" and why in info.value.message
    assert t.view("chips") == before


def test_race_4_before_any_race_every_chip_is_still_in_play() -> None:
    t, _ = at_break_after_four()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "found_chips", "player": "Bob", "denomination": 5, "count": 3})
    assert (info.value.code, info.value.rule) == ("INVALID_INPUT", "RACE-4")


def test_race_4_an_eliminated_player_gets_nothing() -> None:
    t = raced()
    t.execute({"cmd": "bust", "player": "Cy"})
    if t.state.players[t.state.by_name["cy"]].deciding:
        t.execute({"cmd": "decline_rebuy", "player": "Cy"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "found_chips", "player": "Cy", "denomination": 5, "count": 5})
    assert info.value.code == "PLAYER_ELIMINATED"
    assert conserved(t)
