"""Benchmark: the balance plan after a bust in a 10,000-player field (1,112 tables of 9), and the
moves each rebalance makes against the fewest possible.

Run: .venv/bin/python -m tests.bench.bench_balance
Prints the time of one ``plan_moves`` call with one table short, and with dozens short at once. Then,
for a few hundred random seatings (3 to 12 tables of 9), it carries out the whole rebalance through
the engine (``balance`` until nothing is due) with each ``break.order`` and counts the seat changes:
nobody may move twice, and with ``fewest_players`` every rebalance must make the fewest moves. The
fewest is found here independently of the planner: by brute force over which tables break, then the
arithmetic of the fewest players that must leave the tables that stay.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time
from collections import Counter

from app.balancing.plan import plan_moves
from app.core.randomness import RandomSource
from app.core.state import SEATED, Player, Table, TournamentState
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict


def field(players: int = 10_000, seats: int = 9, breaks: bool = True) -> TournamentState:
    profile = load_profile("tda")
    if not breaks:
        # Only the move loop: with breaks on, dozens of short tables mean a table breaks first.
        data = profile.to_dict()
        data["settings"] = {**data["settings"], "break.mode": "below_five"}
        profile = profile_from_dict(data)
    state = TournamentState(profile=profile)
    tables = -(-players // seats)
    pid = 1
    for number in range(1, tables + 1):
        table = Table(number=number, max_seats=seats, button=1, sb_seat=2, sb=2, bb=3)
        size = players // tables + (1 if number > tables - players % tables else 0)
        for seat in range(1, size + 1):
            state.players[pid] = Player(id=pid, name=f"P{pid}", status=SEATED, stack=10_000, table=number, seat=seat)
            table.seats[seat] = pid
            pid += 1
        state.tables[number] = table
    return state


def bust(state: TournamentState, number: int, seat: int) -> None:
    table = state.tables[number]
    pid = table.seats.pop(seat)
    table.dead_seats.append(seat)
    state.players[pid].status, state.players[pid].table, state.players[pid].seat = "out", None, None
    state.seats_changed(number)


def timed(state: TournamentState, repeat: int = 200) -> tuple[float, float, int]:
    runs = []
    moves = 0
    for _ in range(repeat):
        start = time.perf_counter()
        plan = plan_moves(state)
        runs.append((time.perf_counter() - start) * 1000)
        moves = len(plan.moves)
    runs.sort()
    return statistics.median(runs), runs[int(len(runs) * 0.99) - 1], moves


def report(label: str, state: TournamentState) -> None:
    p50, p99, moves = timed(state)
    plan = plan_moves(state)
    extra = f"break table {plan.break_table}" if plan.break_table else f"moves {moves}"
    print(f"{label:34} p50 {p50:.3f} ms  p99 {p99:.3f} ms  {extra}")


SEATS = 9


def seating(sizes: list[int], order: str) -> Tournament:
    """A tournament whose tables 1..n hold ``sizes`` players in seats 1..k, button 1, blinds 2 and 3."""
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], "break.order": order}
    state = TournamentState(profile=profile_from_dict(data))
    pid = 1
    for number, size in enumerate(sizes, start=1):
        table = Table(number=number, max_seats=SEATS, button=1, sb_seat=2, sb=2, bb=3)
        for seat in range(1, size + 1):
            state.players[pid] = Player(id=pid, name=f"P{pid}", status=SEATED, stack=10_000, table=number, seat=seat)
            table.seats[seat] = pid
            pid += 1
        state.tables[number] = table
    state.in_field = state.entrants = pid - 1
    state.reindex()
    t = Tournament(time=FakeClock(), rng=RandomSource(7))
    t.state = state
    return t


def rebalance(t: Tournament) -> Counter[int]:
    """Confirm every balance the plan asks for; how often each player changed seats."""
    start = len(t.log)
    for _ in range(60):
        if not plan_moves(t.state).needed:
            break
        t.execute({"cmd": "balance"})
    moved: Counter[int] = Counter()
    for ev in t.log[start:]:
        if ev.type == "player_moved":
            moved[int(ev.data["player"])] += 1
        elif ev.type == "table_broken":
            moved.update(int(a[0]) for a in ev.data["assignments"])
    return moved


def fewest_leaving(stays: list[int], total: int, limit: int) -> int | None:
    """The fewest players who must leave the tables that stay, so that they seat ``total`` within the spread."""
    best: int | None = None
    for low in range(SEATS + 1):
        high = min(SEATS, low + limit - 1)
        kept = [min(max(p, low), high) for p in stays]  # keep what fits the band; fill short tables
        if low * len(stays) > total or high * len(stays) < total:
            continue
        cost = sum(max(0, p - high) for p in stays) + max(0, sum(kept) - total)
        best = cost if best is None else min(best, cost)
    return best


def fewest_moves(sizes: list[int]) -> int:
    """Brute force over which tables break (as many as the field allows), then the arithmetic above."""
    total, tables = sum(sizes), len(sizes)
    keep = max(1, -(-total // SEATS))
    limit = 2 if keep <= 6 else 3  # BAL-1 P-TDA: within one with six tables or fewer, else within two
    best: int | None = None
    for broken in itertools.combinations(range(tables), tables - keep):
        stays = [k for i, k in enumerate(sizes) if i not in broken]
        leaving = fewest_leaving(stays, total, limit)
        if leaving is not None:
            cost = sum(sizes[i] for i in broken) + leaving
            best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def moves_against_fewest(count: int = 300, seed: int = 1) -> bool:
    rng = random.Random(seed)
    fields = []
    while len(fields) < count:
        tables = rng.randint(3, 12)
        sizes = [rng.randint(1, SEATS) for _ in range(tables)]
        if plan_moves(seating(sizes, "highest_number").state).needed:
            fields.append(sizes)
    ok = True
    print(f"{count} random seatings of 3 to 12 tables of {SEATS} that need a rebalance (seed {seed}):")
    for order in ("highest_number", "lowest_number", "fewest_players"):
        made = fewest = twice = at_min = 0
        worst = 0
        for sizes in fields:
            moved = rebalance(seating(sizes, order))
            low = fewest_moves(sizes)
            n = sum(moved.values())
            made, fewest = made + n, fewest + low
            twice += sum(1 for c in moved.values() if c > 1)
            at_min += n == low
            worst = max(worst, n - low)
        print(
            f"  break.order {order:15} moves {made:5} against the fewest {fewest:5}; "
            f"at the fewest {at_min}/{count}, worst +{worst}; players moved twice: {twice}"
        )
        ok = ok and twice == 0 and (order != "fewest_players" or at_min == count)
    return ok


def main() -> None:
    ok = moves_against_fewest()
    state = field()
    print(f"field: {sum(t.population for t in state.tables.values())} players at {len(state.tables)} tables of 9")
    report("balanced field", state)
    bust(state, 700, 5)
    report("one bust (a table breaks)", state)
    state = field(breaks=False)
    report("moves only: balanced", state)
    for seat in (4, 6, 8):  # three busts at one 9-handed table: 6 against 9 calls for a move
        bust(state, 1000, seat)
    report("moves only: one table 3 short", state)
    for n in range(1001, 1112, 3):
        for seat in (4, 6, 8):
            bust(state, n, seat)
    report("moves only: 38 tables 3 short", state)
    if not ok:
        print("FAILED: a player moved twice, or a fewest_players rebalance made more moves than needed")
        sys.exit(1)


if __name__ == "__main__":
    main()
