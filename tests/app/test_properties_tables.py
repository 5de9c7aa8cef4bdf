"""Properties of seating, balancing and breaking over random fields and random busts (SEAT, BAL, BRK)."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from app.balancing.plan import plan_moves, spread_limit
from app.engine import Tournament
from tests.app.tables_support import add_players, bust, names, tournament

PROFILES = ["tda", "home-nl", "home-rebuy"]


def seated_ok(t: Tournament) -> None:
    """Every live seated player sits in exactly one seat, and no table exceeds its seats."""
    where: dict[int, tuple[int, int]] = {}
    for number, table in t.state.tables.items():
        assert len(table.seats) <= table.max_seats
        for seat, pid in table.seats.items():
            assert 1 <= seat <= table.max_seats
            assert pid not in where, "a player in two seats"
            where[pid] = (number, seat)
    for p in t.state.players.values():
        if p.status == "seated":
            assert where.get(p.id) == (p.table, p.seat)
        else:
            assert p.id not in where


def settle(t: Tournament) -> None:
    """Carry out every break, redraw and move the plan asks for, checking each plan as it comes."""
    for _ in range(20):
        plan = plan_moves(t.state)
        if not plan.needed:
            return
        movers = [m.player for m in plan.moves if m.player is not None]
        assert len(movers) == len(set(movers)), "a plan moves a player twice"
        t.execute({"cmd": "balance"})
        seated_ok(t)
    raise AssertionError("the plan never settles")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    profile=st.sampled_from(PROFILES),
    players=st.integers(min_value=12, max_value=45),
    seed=st.integers(min_value=0, max_value=10_000),
    busts=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30),
)
def test_seat_bal_brk_random_busts_keep_seats_consistent_and_balanced(
    profile: str, players: int, seed: int, busts: list[int]
) -> None:
    t = tournament(profile, seed=seed)
    count = min(players, 30) if profile == "home-nl" else players
    add_players(t, names(count))
    t.execute({"cmd": "seat_all"})
    seated_ok(t)
    for pick in busts:
        live = [p for p in t.state.players.values() if p.status == "seated"]
        if len(live) <= 2:
            break
        bust(t, live[pick % len(live)].name)
        seated_ok(t)
        settle(t)
        pops = [len(tb.seats) for tb in t.state.tables.values()]
        limit = spread_limit(t.state, len(pops))
        if limit is not None:
            assert max(pops) - min(pops) < limit, f"spread {pops} after the plan, limit {limit}"
        if t.state.profile and t.state.profile["balance.trigger"] == "below_five" and sum(pops) > 10:
            assert min(pops) >= 5


@settings(max_examples=25, deadline=None)
@given(
    sizes=st.lists(st.integers(min_value=2, max_value=9), min_size=2, max_size=12),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_bal_3_a_plan_never_moves_a_player_twice_and_settles_the_spread(sizes: list[int], seed: int) -> None:
    assume(sum(sizes) > 9)  # 9 or fewer would sit at one table
    t = tournament("tda", seed=seed, **{"break__mode": "below_five"})  # moves only, no breaks
    add_players(t, names(sum(sizes)))
    pid = 1
    for number, size in enumerate(sizes, start=1):
        t.execute({"cmd": "open_table", "table": number})
        for seat in range(1, size + 1):
            t.execute({"cmd": "seat_player", "player": pid, "table": number, "seat": seat})
            pid += 1
        t.execute({"cmd": "set_button", "table": number, "seat": 1})
    plan = plan_moves(t.state)
    movers = [m.player for m in plan.moves]
    assert None not in movers and len(movers) == len(set(movers))
    assert all(m.from_table != m.to_table for m in plan.moves)
    assert not {m.from_table for m in plan.moves} & {m.to_table for m in plan.moves}
    if plan.moves:
        t.execute({"cmd": "balance"})
    seated_ok(t)
    pops = [len(tb.seats) for tb in t.state.tables.values()]
    limit = spread_limit(t.state, len(pops))
    assert limit is not None and max(pops) - min(pops) < limit
