"""The words the director and the players read never assume a player is a man: "their chips", not "his"."""

from __future__ import annotations

import re

import pytest

from app.buttons.positions import REPEAT_SB
from app.commands import catalogue
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile

GENDERED = re.compile(r"\b(he|his|him|himself)\b", re.IGNORECASE)


def test_every_commands_help_is_neutral():
    said = {decl.name(): GENDERED.findall(decl.__doc__ or "") for decl in catalogue()}
    assert {name: words for name, words in said.items() if words} == {}


def test_refusals_and_reasons_are_neutral():
    t = Tournament.create(load_profile("tda-pko"), name="Neutral", time=FakeClock(), seed=1)
    for name in ("Ann", "Bob", "Cat"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Ann"})
    assert err.value.message == "Ann cannot knock themselves out."
    assert not GENDERED.search(REPEAT_SB)
