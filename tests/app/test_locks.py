"""Locked seats (LOCK-1 to LOCK-5): balancing never takes a locked player while another may move."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.balancing.locks import lock_reason
from app.balancing.plan import plan_moves
from app.engine import Tournament
from app.errors import RuleError
from tests.app.tables_support import add_players, bust, names, tournament

PROFILES = ["tda", "home-nl", "home-rebuy"]


def _movable(t: Tournament, table: int, planned: set[int]) -> list[int]:
    """Players at ``table`` the plan could take instead: unlocked, and not moved by the plan already."""
    return [pid for pid in t.state.tables[table].seats.values()
            if lock_reason(t.state, pid) is None and pid not in planned]


def _check_plan(t: Tournament) -> None:
    plan = plan_moves(t.state)
    moved: set[int] = set()
    touched: set[int] = set()  # tables an earlier move of the plan gave to or took from
    for m in plan.moves:
        if m.player is None:
            continue
        if lock_reason(t.state, m.player) is not None and not touched:
            size = len(t.state.tables[m.from_table].seats)
            same = [n for n, tb in t.state.tables.items() if len(tb.seats) == size and n != m.to_table]
            assert not any(_movable(t, n, moved) for n in same), (
                f"a locked player moves from table {m.from_table} while another could: {m.reason}")
            assert "locked" in m.reason
        moved.add(m.player)
        touched |= {m.from_table, m.to_table}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    profile=st.sampled_from(PROFILES),
    players=st.integers(min_value=12, max_value=40),
    seed=st.integers(min_value=0, max_value=10_000),
    locks=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=12),
    busts=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30),
)
def test_lock_2_locked_players_move_only_when_no_other_can(
    profile: str, players: int, seed: int, locks: list[int], busts: list[int]
) -> None:
    t = tournament(profile, seed=seed)
    add_players(t, names(min(players, 30) if profile == "home-nl" else players))
    t.execute({"cmd": "seat_all"})
    seated = sorted(p.id for p in t.state.players.values() if p.status == "seated")
    locked = {seated[k % len(seated)] for k in locks}
    for pid in locked:
        t.execute({"cmd": "lock_seat", "player": pid, "reason": "test"})
    for pick in busts:
        live = [p for p in t.state.players.values() if p.status == "seated"]
        if len(live) <= 2:
            break
        bust(t, live[pick % len(live)].name)
        for _ in range(20):
            if not plan_moves(t.state).needed:
                break
            _check_plan(t)
            t.execute({"cmd": "balance"})
        for pid in locked:  # LOCK-3: the lock stays with the player wherever he went
            if t.state.players[pid].status == "seated":
                assert lock_reason(t.state, pid) == "test"


def test_lock_1_lock_needs_a_live_player_and_a_short_reason() -> None:
    t = tournament("tda", seed=1)
    add_players(t, names(4))
    t.execute({"cmd": "seat_all"})
    name = names(4)[0]
    try:
        t.execute({"cmd": "lock_seat", "player": name, "reason": "x" * 201})
    except RuleError as err:
        assert err.code == "INVALID_INPUT" and "200" in err.message
    else:
        raise AssertionError("a 201-character reason was taken")
    t.execute({"cmd": "lock_seat", "player": name})
    assert lock_reason(t.state, t.state.players[1].id) == "locked by the director"
