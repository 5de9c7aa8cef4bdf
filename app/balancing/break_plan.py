"""Whole-field checks over the table populations (O(tables)): a break or a full redraw due now (BRK-1,
BRK-3(a), BRK-4, BRK-5, BRK-6), the spread that calls for a move, and the halted tables (BAL-1).

:mod:`app.balancing.plan` asks :func:`structural` first, before planning single moves.
"""

from __future__ import annotations

from app.balancing.proposal import Plan
from app.core.state import TournamentState


def capacity(tables: int, max_seats: int, final_size: int) -> int:
    return final_size if tables == 1 else max_seats * tables


def structural(state: TournamentState, populations: dict[int, int]) -> Plan | None:
    """A break or a full redraw due now, by the profile's break mode; None when none is due."""
    assert state.profile is not None
    prof = state.profile
    total, t = sum(populations.values()), len(populations)
    if t <= 1 or prof["stage.mode"] != "none":
        return None
    max_seats, final = int(prof["table.max_seats"]), int(prof["final_table.size"])
    mode = prof["break.mode"]
    if mode == "below_five":
        if total <= max_seats:
            return Plan(redraw_to=1, reason=f"{total} players left: all at one table", rule="BRK-3")
        return None
    if mode == "redraw_only":
        for th in sorted(prof["break.redraw_at_players"]):
            target = max(1, -(-th // max_seats))
            if total <= th and t > target:
                return Plan(redraw_to=target, reason=f"{total} players left (redraw at {th})", rule="BRK-4")
        if t <= 3:
            return None  # BRK-4: with three tables or fewer, tables play internally until the redraws
    if total <= capacity(t - 1, max_seats, final):
        if t - 1 == 1 and final > max_seats:
            # TDA RP-9: an 8-handed event's final table seats 9; it is drawn afresh at a bigger table.
            return Plan(redraw_to=1, reason=f"{total} players left: the final table of {final}", rule="BRK-6")
        if t - 1 in prof["break.redraw_at_tables"]:
            return Plan(redraw_to=t - 1, reason=f"play reaches {_tables(t - 1)}: redraw", rule="BRK-5")
        pick = max if prof["break.order"] == "highest_number" else min
        victim = pick(populations)
        why = f"{total} players fit into {_tables(t - 1)}"
        return Plan(break_table=victim, reason=why, rule="BRK-6" if t == 2 else "BRK-1")
    return None


def populations(state: TournamentState) -> dict[int, int]:
    return {n: len(t.seats) for n, t in state.tables.items()}


def spread_limit(state: TournamentState, tables: int) -> int | None:
    """BAL-1: the population difference that calls for a move (None: this trigger has no spread)."""
    assert state.profile is not None
    trigger, spread = state.profile["balance.trigger"], int(state.profile["balance.spread"])
    if trigger == "spread":
        return spread
    if trigger == "spread_tda":
        return spread if tables <= 6 else spread + 1  # RRoP 15: within one with six tables or fewer, else two
    return None


def halted_tables(state: TournamentState, pops: dict[int, int]) -> list[int]:
    """BAL-1 halting: 3 or more short of the largest table, and the seat after the last BB is vacant."""
    if not pops:
        return []
    top = max(pops.values())
    out = []
    for number, n in pops.items():
        table = state.tables[number]
        if top - n >= 3 and table.bb is not None and (table.bb % table.max_seats) + 1 not in table.seats:
            out.append(number)
    return sorted(out)


def _tables(n: int) -> str:
    return f"{n} table" if n == 1 else f"{n} tables"
