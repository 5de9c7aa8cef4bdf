"""P001's winners' table: each first-stage table's chip leader advances (ELIM-8, SEAT-6).

A first-stage table ends when one player holds all its chips, or when the director ends the stage
(``stage.end`` = ``time_limit``, or ``"end": true``). The stacks come from the command (``stacks``)
or from the last chip count; an exact tie for the lead is settled by a high-card draw. The others are
out "in stage 1". The winners draw seats at a fresh table with equal starting stacks unless
``stage.carry_chips`` is set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.buttons.positions import first_hand
from app.chips import loose
from app.core import inputs
from app.core.events import Event
from app.core.questions import rebuys_decided_first
from app.core.randomness import card_value
from app.core.registry import applies, command
from app.core.state import OUT, SEATED, Table, TournamentState
from app.errors import Choice, Question, RuleError
from app.seating.draw import card_map

if TYPE_CHECKING:
    from app.core.context import Context


def _stacks(ctx: Context, cmd: dict[str, Any]) -> dict[int, int]:
    given = cmd.get("stacks", {})
    if not isinstance(given, dict):
        raise RuleError("INVALID_INPUT", "stacks is an object of player: chips.")
    out = {}
    for ref, chips in given.items():
        p = inputs.seated(inputs.player(ctx.state, ref))
        out[p.id] = inputs.whole(chips, f"{p.name}'s chips")
    return out


@command("advance_winners")
def advance_winners(ctx: Context, cmd: dict[str, Any]) -> None:
    """End the first stage: every table's chip leader goes to the winners' table (ELIM-8)."""
    if ctx.profile["stage.mode"] != "winners_table":
        raise RuleError("NOT_OFFERED", "This tournament has no winners' table.", "ELIM-8")
    if ctx.state.extra.get("stage", 1) != 1:
        raise RuleError("INVALID_INPUT", "The winners' table is already playing.", "ELIM-8")
    playing = sorted(n for n, t in ctx.state.tables.items() if t.seats)  # an empty table has no leader
    if len(playing) < 2:
        raise RuleError("INVALID_INPUT", "The first stage needs two tables or more.", "ELIM-8")
    rebuys_decided_first([ctx.state.players[pid] for n in playing for pid in ctx.state.tables[n].seats.values()],
                         "before the winners go to the winners' table")
    stacks = _stacks(ctx, cmd)
    ending = cmd.get("end", ctx.profile["stage.end"] == "time_limit")
    forced = card_map(ctx.state, cmd["cards"], "cards") if "cards" in cmd else {}
    winners: list[dict[str, Any]] = []
    out: list[int] = []
    for number in playing:
        pids = list(ctx.state.tables[number].seats.values())
        if len(pids) > 1 and not ending:
            text = (
                f"Table {number} still has {len(pids)} players: play on, or end the stage now with end: true "
                "and the chip counts."
            )
            question = Question(
                text, "end", "bool", (Choice("End the first stage now", True), Choice("Play on", False))
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
        winners.append({"player": leader, "table": number, "stack": chips[leader], "cards": cards})
        out += [pid for pid in pids if pid != leader]
    seats = int(ctx.profile["stage.final_seats"] or len(winners))
    if seats < len(winners) or seats > 12:
        raise RuleError("INVALID_INPUT", f"The winners' table must seat {len(winners)} (stage.final_seats).")
    order = ctx.rng.shuffle(list(range(1, len(winners) + 1)))
    button_cards = dict(zip([w["player"] for w in winners], ctx.rng.deal(len(winners))))
    start = int(ctx.profile["money.start_stack"])
    ctx.emit(
        "stage_advanced",
        winners=[
            {**w, "seat": s, "from_seat": ctx.state.players[w["player"]].seat,
             "cards": {str(k): v for k, v in w["cards"].items()}}
            for w, s in zip(winners, order)
        ],
        out=out,
        seats=seats,
        new_stack=None if ctx.profile["stage.carry_chips"] else start,
        button_cards={str(k): v for k, v in button_cards.items()},
    )


@applies("stage_advanced")
def _stage_advanced(state: TournamentState, ev: Event) -> None:
    d = ev.data
    for pid in d["out"]:
        p = state.players[pid]
        state.chips_removed += p.stack
        p.status, p.table, p.seat, p.stack = OUT, None, None, 0
        p.out_at, p.out_reason = ev.at, "out in stage 1"
        state.in_field -= 1
    table = Table(number=1, max_seats=int(d["seats"]))
    state.tables = {1: table}
    for w in d["winners"]:
        p = state.players[w["player"]]
        state.seat_moves.append(
            {"kind": "stage", "player": p.id, "from_table": w.get("table"), "from_seat": w.get("from_seat", p.seat),
             "to_table": 1, "to_seat": int(w["seat"]), "reason": "winners' table", "at": ev.at}
        )
        if d["new_stack"] is not None:
            delta = int(d["new_stack"]) - p.stack
            if delta >= 0:
                state.chips_added += delta
            else:
                state.chips_removed -= delta
            p.stack = int(d["new_stack"])
        p.status, p.table, p.seat = SEATED, 1, int(w["seat"])
        table.seats[p.seat] = p.id
    state.reindex()
    if d["new_stack"] is not None:  # new stacks: the chips won in stage 1 and not counted leave play too
        state.chips_removed += sum(state.loose_chips.values())
        state.loose_chips.clear()
        state.loose_tables.clear()
    loose.everywhere(state)
    cards = {int(k): v for k, v in d["button_cards"].items()}
    table.draw_cards = cards
    top = max(cards, key=lambda pid: card_value(cards[pid]))
    pos = first_hand(state.players[top].seat or 1, table.seats, table.max_seats)
    table.button, table.sb_seat, table.sb, table.bb = pos.button, pos.sb_seat, pos.sb, pos.bb
    state.extra["stage"] = 2
