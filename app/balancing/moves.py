"""Balancing commands and the ``balance`` view: ``move`` (one move, planned or manual) and ``balance``
(carry out everything the plan says now: the redraw, the break, or the moves) (BAL, BRK).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NoReturn

from app.balancing.locks import carry_locks
from app.balancing.plan import plan_moves
from app.balancing.proposal import Move
from app.buttons.blinds import blind_paid
from app.buttons.halting import arrived, dealt_on_arrival
from app.chips import loose
from app.commands.balancing import Balance, BreakTable, Redraw
from app.commands.balancing import Move as MoveCommand
from app.core import inputs
from app.core.questions import button_question, rebuys_decided_first
from app.core.registry import applies, command
from app.core.state import Player, TournamentState
from app.errors import RuleError
from app.events.balancing import PlayerMoved
from app.i18n import _

if TYPE_CHECKING:
    from app.core.context import Context


def _check_mover(ctx: Context, ref: int | str) -> Player:
    p = inputs.seated(inputs.player(ctx.state, ref))
    rebuys_decided_first([p])
    return p


@command
def move(ctx: Context, cmd: MoveCommand) -> None:
    """Move one player to another table's open seat (a confirmed balance move or the director's own)."""
    p = _check_mover(ctx, cmd.player)
    table = inputs.table(ctx.state, cmd.table)
    seat = inputs.seat(table, cmd.seat)
    if table.number == p.table:
        raise RuleError("MOVE_NOT_ALLOWED", _("Players may not change seats at their own table."), "SEAT-7")
    if seat in table.seats:
        name = ctx.state.players[table.seats[seat]].name
        raise RuleError(
            "SEAT_TAKEN", _("Table {number} seat {seat} is taken by {name}.", number=table.number, seat=seat, name=name)
        )
    planned = any(
        m.player == p.id and m.to_table == table.number and m.to_seat == seat for m in plan_moves(ctx.state).moves
    )
    reason = cmd.reason or ("balance" if planned else "director")
    carry_locks(ctx, [p.id], f"moved to table {table.number}")  # LOCK-3
    assert p.table is not None and p.seat is not None  # seated: checked above
    ctx.emit(PlayerMoved(player=p.id, from_table=p.table, from_seat=p.seat, to_table=table.number, to_seat=seat,
                         reason=reason, draw={}, paid_blind=blind_paid(ctx.state, p.id)))


@applies
def _player_moved(state: TournamentState, ev: PlayerMoved) -> None:
    p = state.players[ev.player]
    src, dst = state.tables[ev.from_table], state.tables[ev.to_table]
    src.seats.pop(ev.from_seat, None)
    src.moved_out.append(ev.from_seat)
    if p.id in src.newcomers:
        src.newcomers.remove(p.id)
    src.sitting_out.pop(p.id, None)
    src.last_blinds.pop(p.id, None)
    dst.seats[ev.to_seat] = p.id
    p.table, p.seat = dst.number, ev.to_seat
    state.seat_moves.append(
        {"kind": "move", "player": p.id, "from_table": src.number, "from_seat": ev.from_seat,
         "to_table": dst.number, "to_seat": p.seat, "reason": ev.reason or "", "at": ev.at}
    )
    state.seats_changed(src.number, dst.number)
    loose.moved(state, src.number, dst.number)  # chips he won and nobody counted yet go with him
    dealt = dealt_on_arrival(state, dst, p.seat)  # BAL-1: he refills a halted table and posts its big blind
    arrived(state, dst.number)
    if dst.hands > 0 and p.id not in dst.newcomers and not dealt:
        dst.newcomers.append(p.id)
    if dst.hands > 0 and ev.paid_blind:
        dst.last_blinds[p.id] = ev.paid_blind  # BTN-5(a): what he paid on his last hand
    state.moves += 1


def _tie_cards(ctx: Context, given: Mapping[int | str, str] | None, tied: list[int]) -> dict[int, str]:
    """BAL-2 (P004): one card dealt to each tied table (given in ``cards`` or dealt now)."""
    if given is None:
        return dict(zip(tied, ctx.rng.deal(len(tied))))
    cards = {inputs.table(ctx.state, k).number: str(v) for k, v in given.items()}
    missing = [n for n in tied if n not in cards]
    if missing:
        raise RuleError(
            "INVALID_INPUT",
            _("Tables {tied} are tied: give a card for each (missing {missing}).", tied=tied, missing=missing),
            "BAL-2",
        )
    return cards


def _ask_for_the_button(ctx: Context, move: Move) -> NoReturn:
    table = ctx.state.tables[move.needs_table] if move.needs_table is not None else None
    text = (_("Which seat has the button at table {number}? It is needed to pick the mover.", number=table.number)
            if table is not None else
            _("Which seat has the button? {needs} is needed to pick the mover.", needs=move.needs))
    question = button_question(ctx.state, table, text) if table is not None else None
    raise RuleError("NEEDS_INPUT", text, "BAL-3", question=question)


def redraw_of(cmd: Balance, tables: int) -> Redraw:
    """The redraw ``balance`` turns into: the draw as it fell at the tables, if given, is the redraw's."""
    return Redraw(at=cmd.at, tables=tables, cards=cmd.cards, seats=cmd.seats, button_cards=cmd.button_cards,
                  dealers=cmd.dealers)


def breaks_of(cmd: Balance, numbers: list[int]) -> list[BreakTable]:
    """The table breaks ``balance`` turns into (BRK-1): a given card draw or seat order settles the first."""
    first = [BreakTable(at=cmd.at, table=numbers[0], seat_order=cmd.seat_order, cards=cmd.cards)] if numbers else []
    return first + [BreakTable(at=cmd.at, table=number) for number in numbers[1:]]


@command
def balance(ctx: Context, cmd: Balance) -> None:
    """Carry out what the field needs now: the redraw, the break, or every pending move."""
    plan = plan_moves(ctx.state)
    if plan.redraw_to is not None:
        ctx.run(redraw_of(cmd, plan.redraw_to))
        return
    if plan.break_table is not None:
        # BRK-1: every table the plan breaks goes now, each into the tables that stay
        for breaking in breaks_of(cmd, plan.break_tables or [plan.break_table]):
            ctx.run(breaking)
        return
    if not plan.moves:
        raise RuleError("INVALID_INPUT", _("The tables are balanced: no move is needed."), "BAL-1")
    needs = next((m for m in plan.moves if m.needs), None)
    if needs is not None:
        _ask_for_the_button(ctx, needs)
    # The rebalance is carried out as planned, as a whole (a table that receives a player is never
    # asked to give one). Only a P004 card draw between tied tables settles one move at a time: the
    # plan is made again after a drawn move, and while a drawn move is still to come.
    moves = list(plan.moves)
    given = cmd.cards
    while moves:
        m = moves.pop(0)
        draw: dict[int, str] = {}
        if m.tied:
            draw = _tie_cards(ctx, given, m.tied)
            m = plan_moves(ctx.state, draw).moves[0]
            if m.needs:  # the plan asks before the draw for what any tied table needs; never left unasked
                _ask_for_the_button(ctx, m)
        assert m.from_seat is not None and m.to_seat is not None
        pid = ctx.state.tables[m.from_table].seats[m.from_seat]
        carry_locks(ctx, [pid], f"moved to table {m.to_table}")  # LOCK-3: no other player could move
        ctx.emit(PlayerMoved(player=pid, from_table=m.from_table, from_seat=m.from_seat, to_table=m.to_table,
                             to_seat=m.to_seat, reason=m.reason, draw=draw, paid_blind=blind_paid(ctx.state, pid)))
        given = None  # a card draw settles one move
        if draw or any(x.tied for x in moves):
            plan = plan_moves(ctx.state)
            if plan.redraw_to is not None or plan.break_table is not None:
                return
            moves = list(plan.moves)
