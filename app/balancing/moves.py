"""Balancing commands and the ``balance`` view: ``move`` (one move, planned or manual) and ``balance``
(carry out everything the plan says now: the redraw, the break, or the moves) (BAL, BRK).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, NoReturn

import msgspec

from app.balancing.locks import carry_locks
from app.balancing.plan import Move, Plan, plan_moves
from app.buttons.blinds import blind_paid
from app.buttons.halting import arrived, dealt_on_arrival, halts
from app.chips import loose
from app.commands import by_name
from app.core import inputs
from app.core.events import Event
from app.core.questions import button_question, rebuys_decided_first
from app.core.registry import applies, command, view_part
from app.core.state import TournamentState
from app.errors import RuleError

if TYPE_CHECKING:
    from app.core.context import Context


def _move_view(state: TournamentState, m: Move) -> dict[str, Any]:
    src = state.tables[m.from_table]
    name = state.players[src.seats[m.from_seat]].name if m.from_seat in src.seats else None
    return {
        "player": name if m.player is not None else None,
        "mover_seat": m.from_seat if not m.tied else None,
        "from_table": m.from_table if not m.tied else None,
        "to_table": m.to_table,
        "to_seat": m.to_seat,
        "card_draw": m.tied,
        "needs": m.needs,
        "reason": m.reason,
        "rule": m.rule,
    }


def plan_view(state: TournamentState, plan: Plan) -> dict[str, Any]:
    stops = halts(state)
    return {
        "needed": plan.needed,
        "moves": [_move_view(state, m) for m in plan.moves],
        "break": {"table": plan.break_table, "tables": plan.break_tables, "reason": plan.reason, "rule": plan.rule}
        if plan.break_table is not None
        else None,
        "redraw": {"tables": plan.redraw_to, "reason": plan.reason, "rule": plan.rule}
        if plan.redraw_to is not None
        else None,
        "halted": [n for n, h in sorted(stops.items()) if not h["waived"]],
        "halts": [{"table": n, **h} for n, h in sorted(stops.items())],
        "spread": plan.spread,
        "limit": plan.limit,
    }


@view_part("balance")
def balance_view(state: TournamentState) -> dict[str, Any]:
    """Pending moves, breaks and redraws with their reasons (empty when the field is balanced)."""
    if state.profile is None:
        return {}
    return plan_view(state, plan_moves(state))


def _check_mover(ctx: Context, ref: Any) -> Any:
    p = inputs.seated(inputs.player(ctx.state, ref))
    rebuys_decided_first([p])
    return p


@command("move")
def move(ctx: Context, cmd: dict[str, Any]) -> None:
    """Move one player to another table's open seat (a confirmed balance move or the director's own)."""
    p = _check_mover(ctx, inputs.field(cmd, "player"))
    table = inputs.table(ctx.state, inputs.field(cmd, "table"))
    seat = inputs.seat(table, inputs.field(cmd, "seat"))
    if table.number == p.table:
        raise RuleError("MOVE_NOT_ALLOWED", "Players may not change seats at their own table.", "SEAT-7")
    if seat in table.seats:
        name = ctx.state.players[table.seats[seat]].name
        raise RuleError("SEAT_TAKEN", f"Table {table.number} seat {seat} is taken by {name}.")
    planned = any(
        m.player == p.id and m.to_table == table.number and m.to_seat == seat for m in plan_moves(ctx.state).moves
    )
    reason = str(cmd.get("reason") or ("balance" if planned else "director"))
    carry_locks(ctx, [p.id], f"moved to table {table.number}")  # LOCK-3
    ctx.emit(
        "player_moved", player=p.id, from_table=p.table, from_seat=p.seat, to_table=table.number, to_seat=seat,
        reason=reason, draw={}, paid_blind=blind_paid(ctx.state, p.id),
    )


@applies("player_moved")
def _player_moved(state: TournamentState, ev: Event) -> None:
    d = ev.data
    p = state.players[int(d["player"])]
    src, dst = state.tables[int(d["from_table"])], state.tables[int(d["to_table"])]
    src.seats.pop(int(d["from_seat"]), None)
    src.moved_out.append(int(d["from_seat"]))
    if p.id in src.newcomers:
        src.newcomers.remove(p.id)
    src.sitting_out.pop(p.id, None)
    src.last_blinds.pop(p.id, None)
    dst.seats[int(d["to_seat"])] = p.id
    p.table, p.seat = dst.number, int(d["to_seat"])
    state.seat_moves.append(
        {"kind": "move", "player": p.id, "from_table": src.number, "from_seat": int(d["from_seat"]),
         "to_table": dst.number, "to_seat": p.seat, "reason": str(d.get("reason") or ""), "at": ev.at}
    )
    state.seats_changed(src.number, dst.number)
    loose.moved(state, src.number, dst.number)  # chips he won and nobody counted yet go with him
    dealt = dealt_on_arrival(state, dst, p.seat)  # BAL-1: he refills a halted table and posts its big blind
    arrived(state, dst.number)
    if dst.hands > 0 and p.id not in dst.newcomers and not dealt:
        dst.newcomers.append(p.id)
    if dst.hands > 0 and d.get("paid_blind"):
        dst.last_blinds[p.id] = str(d["paid_blind"])  # BTN-5(a): what he paid on his last hand
    state.moves += 1


def _tie_cards(ctx: Context, cmd: dict[str, Any], tied: list[int]) -> dict[int, str]:
    """BAL-2 (P004): one card dealt to each tied table (given in ``cards`` or dealt now)."""
    given = cmd.get("cards")
    if given is None:
        return dict(zip(tied, ctx.rng.deal(len(tied))))
    if not isinstance(given, dict):
        raise RuleError("INVALID_INPUT", "cards is an object of table number: card.")
    cards = {inputs.table(ctx.state, k).number: str(v) for k, v in given.items()}
    missing = [n for n in tied if n not in cards]
    if missing:
        raise RuleError("INVALID_INPUT", f"Tables {tied} are tied: give a card for each (missing {missing}).", "BAL-2")
    return cards


@functools.cache
def _field_names(name: str) -> frozenset[str]:
    """The fields a command declares (read once: the declarations do not change while running)."""
    decl = by_name(name)
    return frozenset(f.encode_name for f in msgspec.structs.fields(decl)) if decl is not None else frozenset()


def _passed_on(cmd: dict[str, Any], to: str) -> dict[str, Any]:
    """The fields of ``balance`` that the redraw or the table break it turns into also takes."""
    fields = _field_names(to)
    return {k: v for k, v in cmd.items() if k in fields and k not in ("cmd", "table", "tables")}


def _ask_for_the_button(ctx: Context, move: Move) -> NoReturn:
    table = ctx.state.tables[move.needs_table] if move.needs_table is not None else None
    text = (f"Which seat has the button at table {table.number}? It is needed to pick the mover." if table is not None
            else f"Which seat has the button? {move.needs} is needed to pick the mover.")
    question = button_question(ctx.state, table, text) if table is not None else None
    raise RuleError("NEEDS_INPUT", text, "BAL-3", question=question)


@command("balance")
def balance(ctx: Context, cmd: dict[str, Any]) -> None:
    """Carry out what the field needs now: the redraw, the break, or every pending move."""
    plan = plan_moves(ctx.state)
    if plan.redraw_to is not None:
        ctx.run({"cmd": "redraw", "tables": plan.redraw_to, **_passed_on(cmd, "redraw")})
        return
    if plan.break_table is not None:
        # BRK-1: every table the plan breaks goes now, each into the tables that stay; a given card draw
        # or seat order settles the first break.
        rest = _passed_on(cmd, "break_table")
        for number in plan.break_tables or [plan.break_table]:
            ctx.run({"cmd": "break_table", **rest, "table": number})
            rest = {k: v for k, v in rest.items() if k not in ("cards", "seat_order")}
        return
    if not plan.moves:
        raise RuleError("INVALID_INPUT", "The tables are balanced: no move is needed.", "BAL-1")
    needs = next((m for m in plan.moves if m.needs), None)
    if needs is not None:
        _ask_for_the_button(ctx, needs)
    # The rebalance is carried out as planned, as a whole (a table that receives a player is never
    # asked to give one). Only a P004 card draw between tied tables settles one move at a time: the
    # plan is made again after a drawn move, and while a drawn move is still to come.
    moves = list(plan.moves)
    while moves:
        m = moves.pop(0)
        draw: dict[int, str] = {}
        if m.tied:
            draw = _tie_cards(ctx, cmd, m.tied)
            m = plan_moves(ctx.state, draw).moves[0]
            if m.needs:  # the plan asks before the draw for what any tied table needs; never left unasked
                _ask_for_the_button(ctx, m)
        assert m.from_seat is not None and m.to_seat is not None
        pid = ctx.state.tables[m.from_table].seats[m.from_seat]
        carry_locks(ctx, [pid], f"moved to table {m.to_table}")  # LOCK-3: no other player could move
        ctx.emit(
            "player_moved", player=pid, from_table=m.from_table, from_seat=m.from_seat, to_table=m.to_table,
            to_seat=m.to_seat, reason=m.reason, draw={str(k): v for k, v in draw.items()},
            paid_blind=blind_paid(ctx.state, pid),
        )
        cmd = {k: v for k, v in cmd.items() if k != "cards"}  # a card draw settles one move
        if draw or any(x.tied for x in moves):
            plan = plan_moves(ctx.state)
            if plan.redraw_to is not None or plan.break_table is not None:
                return
            moves = list(plan.moves)
