"""CLK-1: a structure is checked level by level; each refusal names the level or break at fault."""

from __future__ import annotations

import pytest

from app.errors import RuleError
from app.levels.structure import resolve, shipped


def _refused(raw: dict, words: str) -> None:
    with pytest.raises(RuleError) as info:
        resolve(raw)
    assert info.value.code == "INVALID_STRUCTURE", info.value
    assert words in info.value.message, info.value.message


def test_clk_1_big_blind_below_small_blind_is_refused_naming_the_level():
    _refused({"levels": [{"sb": 25, "bb": 50}, {"sb": 100, "bb": 50}]}, "Level 2")


def test_clk_1_an_ante_above_the_big_blind_is_refused_naming_the_level():
    _refused({"levels": [{"sb": 25, "bb": 50, "ante": 100}]}, "Level 1")


@pytest.mark.parametrize("minutes", [0, 241])
def test_clk_1_a_level_of_0_or_more_than_240_minutes_is_refused(minutes: int):
    _refused({"levels": [{"sb": 25, "bb": 50}, {"sb": 50, "bb": 100, "minutes": minutes}]}, "Level 2")


@pytest.mark.parametrize("minutes", [0, 241])
def test_clk_3_a_break_of_0_or_more_than_240_minutes_is_refused(minutes: int):
    _refused({"levels": [{"sb": 25, "bb": 50}] * 3, "breaks": [{"after": 2, "minutes": minutes}]}, "level 2")


def test_clk_3_a_break_after_a_level_that_does_not_exist_is_refused():
    _refused({"levels": [{"sb": 25, "bb": 50}] * 3, "breaks": [{"after": 7, "minutes": 10}]}, "level 7")


def test_clk_1_every_shipped_structure_passes_the_checks():
    for sid in ("campus", "casino-mixed", "hat", "home-nl", "tda-nl"):
        resolve(shipped(sid))
