"""ENT-4 (P004 per-table rebuy boundary) and BRK-7: a redraw keeps each table's hand level."""

from __future__ import annotations

import pytest

from app.errors import RuleError
from tests.app.tables_support import add_players, names, tournament


def _redrawn(at_level: int, then_advance: float) -> object:
    t = tournament("home-nl")
    add_players(t, names(12))
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "jump_to_level", "level": at_level})
    t.time.advance(60)
    t.execute({"cmd": "redraw", "tables": 2})
    t.time.advance(then_advance)
    return t


def test_brk_7_ent_4_redraw_after_level_4_began_judges_the_first_hand_by_level_4() -> None:
    t = _redrawn(4, 30)
    assert {n: x.hand_level for n, x in t.state.tables.items()} == {1: 4, 2: 4}
    t.execute({"cmd": "bust", "player": "P01"})  # the first hand after the redraw: no question to ask
    p = t.state.players[t.state.by_name["p01"]]
    assert (p.busted_level, p.deciding, p.status) == (4, False, "out")  # rebuys end with level 3


def test_brk_7_ent_4_redraw_in_level_3_bust_after_level_4_began_asks_and_keeps_level_3() -> None:
    t = _redrawn(3, 20 * 60)  # level 4 begins while the first hand after the redraw is played
    assert {n: x.hand_level for n, x in t.state.tables.items()} == {1: 3, 2: 3}
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "bust", "player": "P01"})
    assert info.value.code == "NEEDS_INPUT" and "level 4" in info.value.message
    t.execute({"cmd": "bust", "player": "P01", "hand_started_before_level_change": True})
    p = t.state.players[t.state.by_name["p01"]]
    assert (p.busted_level, p.deciding) == (3, True)  # a level-3 hand: he may still rebuy
