"""BAL-1 halting (TDA 11-D): a short table waits for a player; the director may waive the halt."""

from __future__ import annotations

import pytest

from app.errors import RuleError
from tests.app.tables_support import bust, layout_tables, tournament, who


def _halted_field() -> object:
    t = tournament("tda")
    layout_tables(t, {1: {s: f"A{s}" for s in range(1, 10)}, 2: {s: f"B{s}" for s in range(1, 8)}})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    t.execute({"cmd": "set_button", "table": 2, "seat": 1})  # big blind at seat 3
    bust(t, "B5")
    bust(t, "B4")  # table 2: 5 players, 4 short; seat 4 after the big blind is empty
    return t


def test_bal_1_halted_table_shows_the_reason_in_the_tables_and_balance_views() -> None:
    t = _halted_field()
    view = t.view()
    halt = view["tables"]["2"]["halted"]
    assert halt["waived"] is False and "seat 4" in halt["reason"] and "4 players short" in halt["reason"]
    assert view["tables"]["2"]["next_hand"]["wait"] == "halted: wait for a player"
    assert view["tables"]["1"]["halted"] is None and "wait" not in view["tables"]["1"]["next_hand"]
    assert view["balance"]["halted"] == [2]
    assert view["balance"]["halts"] == [{"table": 2, **halt}]


def test_bal_1_hand_finished_at_a_halted_table_is_accepted_and_the_next_hand_waits() -> None:
    t = _halted_field()
    t.execute({"cmd": "hand_finished", "table": 2})  # the hand that ended is reported
    table = t.view("tables")["tables"]["2"]
    assert table["hands"] == 1 and table["bb"] == 4  # the hand it deals once refilled: the mover's seat 4
    assert table["halted"]["waived"] is False and table["next_hand"]["wait"] == "halted: wait for a player"
    assert t.view("balance")["balance"]["halted"] == [2]  # still waits for the mover
    assert t.log[-1].data["halted"] is not None
    t.execute({"cmd": "balance"})  # the mover arrives: the halt is lifted
    assert t.view("balance")["balance"]["halted"] == [] and t.view("tables")["tables"]["2"]["halted"] is None
    t.execute({"cmd": "hand_finished", "table": 2})
    assert t.log[-1].data["halted"] is None


def test_bal_1_waiver_is_logged_and_lasts_until_a_player_arrives() -> None:
    t = _halted_field()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "waive_halt", "table": 1})
    assert info.value.code == "INVALID_INPUT" and "not halted" in info.value.message
    t.execute({"cmd": "waive_halt", "table": 2, "reason": "final hands before the break"})
    assert t.log[-1].type == "halt_waived" and t.log[-1].data["table"] == 2
    view = t.view()
    assert view["tables"]["2"]["halted"]["waived"] is True and "wait" not in view["tables"]["2"]["next_hand"]
    assert view["balance"]["halted"] == [] and view["balance"]["halts"][0]["waived"] is True
    with pytest.raises(RuleError):
        t.execute({"cmd": "waive_halt", "table": 2})
    t.execute({"cmd": "balance"})  # the next big blind of table 1 goes to seat 4, the worst position
    assert who(t, 2, 4) == "A4"
    view = t.view()
    assert view["tables"]["2"]["halted"] is None and view["balance"]["halts"] == []
    assert "halt_waived" not in t.state.extra or t.state.extra["halt_waived"] == {}


def test_bal_1_the_player_who_refills_a_halted_table_is_dealt_in_as_its_big_blind() -> None:
    """The halted table reported its hand first, so its next hand waits with the big blind on seat 4; the
    mover who takes seat 4 posts that big blind and is dealt in, not listed as arriving during a hand."""
    t = _halted_field()
    t.execute({"cmd": "hand_finished", "table": 2})
    t.execute({"cmd": "balance"})
    table = t.view("tables")["tables"]["2"]
    assert table["bb"] == 4 and table["seats"]["4"]["player"] == "A4" and table["halted"] is None
    assert "A4" not in [row["player"] for row in table["not_dealt"]]
    assert t.state.players[t.state.by_name["a4"]].id not in t.state.tables[2].newcomers
    t.execute({"cmd": "hand_finished", "table": 2})  # the hand A4 played as the big blind
    table = t.view("tables")["tables"]["2"]
    assert (table["sb"], table["bb"], table["not_dealt"]) == (4, 5, [])

