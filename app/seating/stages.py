"""P001's winners' table: each first-stage table's chip leader advances (ELIM-8, SEAT-6).

A first-stage table ends when one player holds all its chips, or when the director ends the stage
(``stage.end`` = ``time_limit``, or ``"end": true``). The stacks come from the command (``stacks``)
or from the last chip count; an exact tie for the lead is settled by a high-card draw. The others are
out "in stage 1". The winners draw seats at a fresh table with equal starting stacks unless
``stage.carry_chips`` is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from app.buttons.positions import first_hand
from app.chips import loose
from app.commands import PlayerRef
from app.commands.seating import AdvanceWinners
from app.core import inputs
from app.core.questions import rebuys_decided_first
from app.core.randomness import card_value
from app.core.registry import applies, command
from app.core.state import OUT, SEATED, Table, TournamentState
from app.errors import Choice, Question, RuleError
from app.events.seating import StageAdvanced, StageWinner
from app.i18n import _
from app.seating.draw import card_map

if TYPE_CHECKING:
    from app.core.context import Context


def _stacks(ctx: Context, given: Mapping[PlayerRef, int]) -> dict[int, int]:
    out = {}
    for ref, chips in given.items():
        p = inputs.seated(inputs.player(ctx.state, ref))
        out[p.id] = inputs.whole(chips, _("{name}'s chips", name=p.name))
    return out


@command
def advance_winners(ctx: Context, cmd: AdvanceWinners) -> None:
    """End the first stage: every table's chip leader goes to the winners' table (ELIM-8)."""
    if ctx.profile["stage.mode"] != "winners_table":
        raise RuleError("NOT_OFFERED", _("This tournament has no winners' table."), "ELIM-8")
    if ctx.state.extra.get("stage", 1) != 1:
        raise RuleError("INVALID_INPUT", _("The winners' table is already playing."), "ELIM-8")
    playing = sorted(n for n, t in ctx.state.tables.items() if t.seats)  # an empty table has no leader
    if len(playing) < 2:
        raise RuleError("INVALID_INPUT", _("The first stage needs two tables or more."), "ELIM-8")
    rebuys_decided_first([ctx.state.players[pid] for n in playing for pid in ctx.state.tables[n].seats.values()],
                         _("before the winners go to the winners' table"))
    stacks = _stacks(ctx, cmd.stacks or {})
    ending = ctx.profile["stage.end"] == "time_limit" if cmd.end is None else cmd.end
    forced = card_map(ctx.state, cmd.cards, "cards") if cmd.cards is not None else {}
    leaders_of: list[tuple[int, int, int, dict[int, str]]] = []  # (leader, his table, his chips, tie cards)
    out: list[int] = []
    for number in playing:
        pids = list(ctx.state.tables[number].seats.values())
        if len(pids) > 1 and not ending:
            text = _("Table {number} still has {n} players: play on, or end the stage now with end: true and the chip "
                     "counts.", number=number, n=len(pids))
            question = Question(
                text, "end", "bool", (Choice(_("End the first stage now"), True), Choice(_("Play on"), False))
            )
            raise RuleError("NEEDS_INPUT", text, "ELIM-8", question=question)
        chips = {pid: stacks.get(pid, ctx.state.players[pid].stack) for pid in pids}
        best = max(chips.values())
        leaders = [pid for pid in pids if chips[pid] == best]
        cards: dict[int, str] = {}
        if len(leaders) > 1:
            cards = {pid: forced[pid] for pid in leaders if pid in forced}
            if len(cards) != len(leaders):
                cards = dict(zip(leaders, ctx.rng.deal(len(leaders))))
        leader = max(leaders, key=lambda pid: card_value(cards[pid])) if cards else leaders[0]
        leaders_of.append((leader, number, chips[leader], cards))
        out += [pid for pid in pids if pid != leader]
    seats = int(ctx.profile["stage.final_seats"] or len(leaders_of))
    if seats < len(leaders_of) or seats > 12:
        raise RuleError("INVALID_INPUT", _("The winners' table must seat {n} (stage.final_seats).", n=len(leaders_of)))
    order = ctx.rng.shuffle(list(range(1, len(leaders_of) + 1)))
    button_cards = dict(zip([leader for leader, *_ in leaders_of], ctx.rng.deal(len(leaders_of))))
    winners = [
        StageWinner(player=leader, seat=s, table=number, from_seat=ctx.state.players[leader].seat, stack=chips,
                    cards=cards)
        for (leader, number, chips, cards), s in zip(leaders_of, order)
    ]
    start = int(ctx.profile["money.start_stack"])
    ctx.emit(
        StageAdvanced(
            winners=winners,
            out=out,
            seats=seats,
            new_stack=None if ctx.profile["stage.carry_chips"] else start,
            button_cards=button_cards,
        )
    )


@applies
def _stage_advanced(state: TournamentState, ev: StageAdvanced) -> None:
    for pid in ev.out:
        p = state.players[pid]
        state.chips_removed += p.stack
        p.status, p.table, p.seat, p.stack = OUT, None, None, 0
        p.out_at, p.out_reason = ev.at, "out in stage 1"
        state.in_field -= 1
    table = Table(number=1, max_seats=ev.seats)
    state.tables = {1: table}
    for w in ev.winners:
        p = state.players[w.player]
        state.seat_moves.append(
            {"kind": "stage", "player": p.id, "from_table": w.table,
             "from_seat": p.seat if w.from_seat is None else w.from_seat,
             "to_table": 1, "to_seat": w.seat, "reason": "winners' table", "at": ev.at}
        )
        if ev.new_stack is not None:
            delta = ev.new_stack - p.stack
            if delta >= 0:
                state.chips_added += delta
            else:
                state.chips_removed -= delta
            p.stack = ev.new_stack
        p.status, p.table, p.seat = SEATED, 1, w.seat
        table.seats[w.seat] = p.id
    state.reindex()
    if ev.new_stack is not None:  # new stacks: the chips won in stage 1 and not counted leave play too
        state.chips_removed += sum(state.loose_chips.values())
        state.loose_chips.clear()
        state.loose_tables.clear()
    loose.everywhere(state)
    cards = dict(ev.button_cards)
    table.draw_cards = cards
    top = max(cards, key=lambda pid: card_value(cards[pid]))
    pos = first_hand(state.players[top].seat or 1, table.seats, table.max_seats)
    table.button, table.sb_seat, table.sb, table.bb = pos.button, pos.sb_seat, pos.sb, pos.bb
    state.extra["stage"] = 2
