"""Properties of chips in play over random nights (section 20.9): chips in play never exceed the chips
issued, whatever is counted; and a count of every table with the stacks the players really hold adds up,
however they moved, broke tables or won chips from busted players that nobody counted."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.chips.chipcount import chips_in_play, issued
from app.engine import Tournament
from app.log.snapshots import encode_state
from tests.app.money_kit import enter, make

START = 10_000
OPS = ["hand", "bust", "balance", "count", "count_all", "miscount", "move", "absent_returned", "rebuy"]
step = st.tuples(st.sampled_from(OPS), st.integers(0, 10_000), st.booleans())


def _night(players: int) -> Tournament:
    t = make("tda", table__max_seats=6, final_table__size=6, rebuy__offered=True, rebuy__last_level=None,
             rebuy__max_per_player=None)
    enter(t, *[f"P{i:02d}" for i in range(players)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t


def _seated(t: Tournament) -> dict[int, list[int]]:
    return {n: list(tb.seats.values()) for n, tb in sorted(t.state.tables.items()) if tb.seats}


def _in_play_never_above_issued(t: Tournament) -> None:
    s = t.state
    assert chips_in_play(s) == s.expected_chips()  # every chip accounted for
    assert chips_in_play(s) <= issued(s), (chips_in_play(s), issued(s))
    assert s.count_corrections <= 0


def _run(t: Tournament, cmd: dict) -> bool:
    before = encode_state(t.state)
    _events, err = t.try_execute(cmd)
    if err is not None:
        assert encode_state(t.state) == before, (cmd, err)
    _in_play_never_above_issued(t)
    return err is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(8, 20), steps=st.lists(step, min_size=5, max_size=60))
def test_chips_20_9_chips_in_play_never_exceed_chips_issued_and_a_real_count_of_every_table_adds_up(
    players, steps
):
    t = _night(players)
    real = {p.id: p.stack for p in t.state.players.values()}  # the chips each player really holds
    books_agree = True  # no wrong count was accepted since the last count of every table
    for op, n, flag in steps:
        tables = _seated(t)
        live = [pid for ids in tables.values() for pid in ids if not t.state.players[pid].deciding]
        if len(live) <= 3:
            break
        r = random.Random(n)
        if op == "hand":  # chips change hands at a table; nobody logs it
            ids = [pid for pid in r.choice(list(tables.values())) if pid in live]
            if len(ids) >= 2:
                loser, winner = r.sample(ids, 2)
                amount = r.randint(0, real[loser] - 1) if real[loser] > 1 else 0
                real[loser] -= amount
                real[winner] += amount
        elif op in ("bust", "rebuy"):  # a player loses his last chip to someone at his table
            ids = [pid for pid in r.choice(list(tables.values())) if pid in live]
            if len(ids) >= 2:
                loser, winner = r.sample(ids, 2)
                if _run(t, {"cmd": "bust", "player": loser, "rebuy": op == "rebuy"}):
                    real[winner] += real[loser]
                    real[loser] = t.state.players[loser].stack  # 0, or the rebuy's fresh stack
        elif op == "balance":
            _run(t, {"cmd": "balance"})
        elif op == "move":
            pid = r.choice(live)
            src = t.state.players[pid].table
            others = [num for num, tb in t.state.tables.items() if num != src and tb.open_seats()]
            if others:
                dst = r.choice(others)
                _run(t, {"cmd": "move", "player": pid, "table": dst, "seat": t.state.tables[dst].open_seats()[0]})
        elif op == "absent_returned":  # he comes back and his stack is counted
            pid = r.choice(live)
            if _run(t, {"cmd": "absent", "player": pid}):
                assert _run(t, {"cmd": "returned", "player": pid, "stack": real[pid]})
        elif op == "count":  # one table, really counted: flagged or refused maybe (players moved), never wrong
            number = r.choice(list(tables))
            _run(t, {"cmd": "chip_count", "counts": {t.state.players[pid].name: real[pid] for pid in tables[number]}})
        elif op == "count_all":  # always possible: the real chips are the chips issued, never more
            counts = {t.state.players[pid].name: real[pid] for ids in tables.values() for pid in ids}
            corrections = len(t.state.extra.get("chip_corrections", []))
            assert _run(t, {"cmd": "chip_count", "counts": counts, "accept": not books_agree})
            if books_agree:  # it adds up: the chips won from busted players went with their holders
                assert t.state.pending_count is None
                assert len(t.state.extra.get("chip_corrections", [])) == corrections
            assert not any(t.state.loose_chips.values())
            assert chips_in_play(t.state) == sum(real[pid] for ids in tables.values() for pid in ids)
            books_agree = True
        elif op == "miscount":  # a wrong count, accepted or not
            number = r.choice(list(tables))
            counts = {t.state.players[pid].name: max(0, real[pid] + r.randint(-3_000, 3_000)) for pid in tables[number]}
            if _run(t, {"cmd": "chip_count", "counts": counts, "accept": flag}) and flag:
                books_agree = False  # the books believe the wrong count; the chips are where they were
    _in_play_never_above_issued(t)
