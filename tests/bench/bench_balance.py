"""Micro-benchmark: the balance plan after a bust in a 10,000-player field (1,112 tables of 9).

Run: .venv/bin/python tests/bench/bench_balance.py
Prints the time of one ``plan_moves`` call with one table short, and with dozens short at once.
"""

from __future__ import annotations

import statistics
import time

from app.balancing.plan import plan_moves
from app.core.state import SEATED, Player, Table, TournamentState
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


def main() -> None:
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


if __name__ == "__main__":
    main()
