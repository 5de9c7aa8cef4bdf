"""Properties over random command sequences: chips conserved, payouts add up to the pool, places form a
complete ranking with ties, and a refused command changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.clock.handstart
import app.entries.ledger
from app.chips.chipcount import chips_in_play
from app.core.state import TournamentState
from app.log.snapshots import encode_state
from tests.app.fuzz_run import money_ok
from tests.app.money_kit import make

PROFILES = ["tda", "home-rebuy", "home-nl", "hat", "casino-mixed"]
OPS = [
    "register", "bust", "bust2", "rebuy", "decline", "topup", "addon", "reenter", "absent", "forfeit",
    "returned", "count", "level", "seat_all", "payouts", "withdraw", "refund_waiting", "no_show", "buy_chips",
]
action = st.tuples(st.sampled_from(OPS), st.integers(0, 40), st.integers(0, 3000), st.integers(0, 3000))


def _command(state: TournamentState, op: str, a: int, b: int, c: int, counter: list[int]) -> dict[str, Any] | None:
    names = [p.name for p in state.players.values()]
    who = names[a % len(names)] if names else "nobody"
    other = names[(a + 1) % len(names)] if names else "nobody"
    if op == "register":
        counter[0] += 1
        return {"cmd": "register", "name": f"N{counter[0]}"}
    if op == "bust":
        return {"cmd": "bust", "player": who, "rebuy": b % 3 == 0}
    if op == "bust2":
        return {"cmd": "bust", "players": [who, other], "stacks": {who: b % 4 + 1, other: c % 4 + 1}}
    if op == "count":
        table = state.tables.get(a % 3 + 1)
        if table is None:
            return {"cmd": "chip_count", "counts": {who: b}, "accept": c % 2 == 0}
        return {"cmd": "chip_count", "counts": {state.players[pid].name: b for pid in table.seats.values()},
                "accept": c % 2 == 0}
    if op == "payouts":
        return {"cmd": "set_payouts", "amounts_cents": sorted([b, c], reverse=True) if a % 3 else None}
    simple = {"rebuy": "rebuy", "decline": "decline_rebuy", "addon": "addon", "reenter": "reenter",
              "forfeit": "forfeit", "returned": "returned", "withdraw": "withdraw"}
    if op in simple:
        return {"cmd": simple[op], "player": who}
    if op == "topup":
        return {"cmd": "topup", "player": who, "stack": b}
    if op == "absent":
        return {"cmd": "absent", "player": who, "long": b % 4 == 0}
    if op == "no_show":
        return {"cmd": "no_show", "players": [who]}
    if op == "buy_chips":
        return {"cmd": "buy_chips", "player": who, "amount_cents": b * 10}
    if op in ("seat_all", "refund_waiting"):
        return {"cmd": op}
    return None


def _check(state: TournamentState) -> None:
    assert state.chips_issued + state.chips_added - state.chips_removed == chips_in_play(state)
    money_ok(state)


@pytest.mark.parametrize("profile", PROFILES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(action, min_size=5, max_size=45), start=st.integers(3, 12))
def test_properties_money_chips_payouts_places_and_refusals(profile, actions, start):
    t = make(profile)
    counter = [0]
    with pytest.MonkeyPatch.context() as mp:
        level = [1]
        mp.setattr(app.entries.ledger, "current_level", lambda state, now: level[0])
        mp.setattr(app.entries.ledger, "in_break", lambda state, now: False)
        mp.setattr(app.clock.handstart, "current_level", lambda state, now: level[0])  # the hand-start question
        mp.setattr(app.clock.handstart, "in_break", lambda state, now: False)
        for i in range(start):
            t.execute({"cmd": "register", "name": f"S{i}"})
        for op, a, b, c in actions:
            if op == "level":
                level[0] = a % 6 + 1
                continue
            t.time.advance(c % 900)
            cmd = _command(t.state, op, a, b, c, counter)
            if cmd is None:
                continue
            before = encode_state(t.state)
            _, err = t.try_execute(cmd)
            if err is not None:
                assert encode_state(t.state) == before, (cmd, err)
            _check(t.state)
