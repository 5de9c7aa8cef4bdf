"""The balancing plan (the JSON view's ``balance``), the last balance (``last_balance``, BAL-6) and the
locked seats (``locks``, LOCK-5)."""

from __future__ import annotations

import msgspec

from app.balancing.history import last_balance_moves
from app.balancing.locks import lock_reason, locked_players
from app.balancing.plan import plan_moves
from app.balancing.proposal import Move
from app.buttons.halting import halts
from app.core.state import TournamentState


class PlannedMove(msgspec.Struct, frozen=True):
    player: str | None  # None: not known yet (a button is missing, or tied tables still draw a card)
    mover_seat: int | None
    from_table: int | None  # None while tied tables draw a card for it
    to_table: int
    to_seat: int | None
    card_draw: tuple[int, ...]  # P004: the tables that draw a card for the move
    needs: str | None  # what the plan waits for (a button)
    reason: str
    rule: str


class PlannedBreak(msgspec.Struct, frozen=True):
    table: int  # the first table to break
    tables: tuple[int, ...]  # every table this rebalance breaks
    reason: str
    rule: str


class PlannedRedraw(msgspec.Struct, frozen=True):
    tables: int  # the tables the field is redrawn to
    reason: str
    rule: str


class Halt(msgspec.Struct, frozen=True):
    """BAL-1: a table halted until a player arrives (``waived`` by the director)."""

    table: int
    reason: str
    waived: bool


class BalanceView(msgspec.Struct, frozen=True):
    """What the balancing plan asks for now; the JSON names ``break_plan`` ``break`` and ``redraw_plan``
    ``redraw``."""

    needed: bool
    moves: tuple[PlannedMove, ...]
    break_plan: PlannedBreak | None
    redraw_plan: PlannedRedraw | None
    halted: tuple[int, ...]  # the tables halted and not waived
    halts: tuple[Halt, ...]
    spread: int  # the largest table's players less the smallest's
    limit: int | None  # the spread the profile allows


class LastMove(msgspec.Struct, frozen=True):
    player: str | None
    from_table: int | None
    from_seat: int | None
    to_table: int | None
    to_seat: int | None
    reason: str
    kind: str | None  # move, break, redraw or stage
    locked: str | None  # why the player's seat is locked now (LOCK-5)


class LastBalance(msgspec.Struct, frozen=True):
    """BAL-6: the seat changes of the latest action that changed seats."""

    at: float | None
    what: str  # moves, break, redraw or stage
    tables_broken: tuple[int, ...]
    moves: tuple[LastMove, ...]


class LockedSeat(msgspec.Struct, frozen=True):
    player: str
    table: int | None
    seat: int | None
    reason: str


def _planned(state: TournamentState, m: Move) -> PlannedMove:
    src = state.tables[m.from_table]
    name = state.players[src.seats[m.from_seat]].name if m.from_seat in src.seats else None
    tied = bool(m.tied)
    return PlannedMove(
        player=name if m.player is not None else None,
        mover_seat=m.from_seat if not tied else None,
        from_table=m.from_table if not tied else None,
        to_table=m.to_table,
        to_seat=m.to_seat,
        card_draw=tuple(m.tied),
        needs=m.needs,
        reason=m.reason,
        rule=m.rule,
    )


def balance(state: TournamentState) -> BalanceView | None:
    """Pending moves, breaks and redraws with their reasons (None without a profile)."""
    if state.profile is None:
        return None
    plan = plan_moves(state)
    stops = halts(state)
    return BalanceView(
        needed=plan.needed,
        moves=tuple(_planned(state, m) for m in plan.moves),
        break_plan=PlannedBreak(plan.break_table, tuple(plan.break_tables), plan.reason, plan.rule)
        if plan.break_table is not None else None,
        redraw_plan=PlannedRedraw(plan.redraw_to, plan.reason, plan.rule) if plan.redraw_to is not None else None,
        halted=tuple(n for n, h in sorted(stops.items()) if not h["waived"]),
        halts=tuple(Halt(n, str(h["reason"]), bool(h["waived"])) for n, h in sorted(stops.items())),
        spread=plan.spread,
        limit=plan.limit,
    )


def last_balance(state: TournamentState) -> LastBalance | None:
    """BAL-6: the last balance, or None before any seat changed after the draw."""
    rows = last_balance_moves(state)
    if not rows:
        return None
    names = state.players
    broken = sorted({int(m["from_table"]) for m in rows if m.get("kind") == "break" and m.get("from_table")})
    kinds = {str(m.get("kind")) for m in rows}
    what = ("redraw" if "redraw" in kinds else "break" if "break" in kinds else
            "stage" if "stage" in kinds else "moves")
    return LastBalance(
        at=rows[-1].get("at"),
        what=what,
        tables_broken=tuple(broken),
        moves=tuple(
            LastMove(names[m["player"]].name if m.get("player") in names else None,
                     m.get("from_table"), m.get("from_seat"), m.get("to_table"), m.get("to_seat"),
                     m.get("reason") or "", m.get("kind"), lock_reason(state, m.get("player")))
            for m in rows
        ),
    )


def locks(state: TournamentState) -> tuple[LockedSeat, ...]:
    """LOCK-5: every locked player, where he sits, and why, by table and seat."""
    rows = []
    for pid, reason in locked_players(state).items():
        p = state.players[pid]
        rows.append(LockedSeat(p.name, p.table, p.seat, reason))
    return tuple(sorted(rows, key=lambda r: (r.table or 0, r.seat or 0, r.player)))
