"""Bust-outs, batches, the winner and the end of the tournament (ELIM-1 to ELIM-7, ENT-5).

``bust`` takes every player who lost all his chips in one hand at one table (ELIM-3 a), or in one
hand-for-hand round at any tables (ELIM-3 b). With two or more busts under ``stack_order`` the
director gives each player's chips at the start of the hand (section 19). A player who may still
rebuy stays seated at 0 chips, deciding (see :mod:`app.entries.purchases`); the others leave their seats at
once, the seat going to ``table.dead_seats`` for the button and balancing areas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.buttons.blinds import seat_order_from_button
from app.chips import loose
from app.commands import Command
from app.commands.eliminations import Bust, DeclineRebuy, Finish
from app.commands.entries import Rebuy
from app.core import inputs
from app.core.registry import applies, command, due_check
from app.core.state import REGISTERED, SEATED, WINNER, Batch, Player, TournamentState
from app.eliminations.hand_for_hand import round_batch
from app.eliminations.payouts import lock_at_money
from app.eliminations.satellite import stop_at_seats
from app.entries.ledger import has_started, late_entry_open
from app.entries.purchases import rebuy_block, rebuy_hand_level
from app.errors import Question, RuleError
from app.events.clock import ClockPaused
from app.events.eliminations import BustEntry, PlayersBusted, RebuyDeclined, TournamentWon
from app.i18n import _
from app.knockouts.bounties import eliminators, emit_knockouts, knockout_records, pay_winner
from app.levels.timeline import (
    adhoc_break_left_ms,
    late_registration_open,
    position_ms,
    to_ms,
    window_close_ms,
)
from app.places import eliminate, renumber

if TYPE_CHECKING:
    from app.core.context import Context


def check_started(ctx: Context) -> None:
    """ELIM-6: nobody busts before the tournament has started: its clock has first run (section 20.6)."""
    if not has_started(ctx.state):
        raise RuleError("NOT_STARTED", _("The tournament has not started: nobody can bust yet."), "ELIM-6")


def busted_players(ctx: Context, cmd: Bust) -> list[Player]:
    check_started(ctx)
    refs = cmd.players if cmd.players is not None else [] if cmd.player is None else [cmd.player]
    if not refs:
        raise RuleError("INVALID_INPUT", _("Name the players who lost all their chips."))
    players = [inputs.live(inputs.player(ctx.state, r)) for r in refs]
    if len({p.id for p in players}) != len(players):
        raise RuleError("INVALID_INPUT", _("A player is named twice."))
    for p in players:
        if p.deciding:
            raise RuleError(
                "INVALID_INPUT", _("{name} already lost all their chips: rebuy or decline.", name=p.name), "ENT-5"
            )
        if p.status != SEATED and not (p.status == REGISTERED and not ctx.state.tables and p.entries):
            raise RuleError("NOT_SEATED", _("{name} is not playing at a table.", name=p.name))
        if not p.entries:  # seated before paying (REG-5): he is not in the field and holds no chips
            raise RuleError(
                "INVALID_INPUT",
                _(
                    "{name} has not bought in, so there are no chips to lose: take the buy-in (buy_in) first.",
                    name=p.name,
                ),
                "ELIM-1",
            )
    return players


def seat_order(ctx: Context, table_no: int | None, pids: list[int]) -> list[int]:
    """PAY-4: clockwise from the first seat left of the button (seat order when no button is known)."""
    table = ctx.state.tables.get(table_no) if table_no is not None else None
    if table is None:
        return list(pids)
    rank = {seat: i for i, seat in enumerate(seat_order_from_button(table))}
    return sorted(pids, key=lambda pid: rank.get(ctx.state.players[pid].seat or 0, len(rank)))


def batch_stacks(ctx: Context, cmd: Bust, players: list[Player], mode: str) -> dict[int, int]:
    """Chips at the start of the hand: needed to order two or more busts by stack (ELIM-4)."""
    given = cmd.stacks or {}
    stacks: dict[int, int] = {}
    for ref, chips in given.items():
        p = inputs.player(ctx.state, ref)
        if p not in players:
            raise RuleError("INVALID_INPUT", _("{name} is not one of the players busting.", name=p.name))
        stacks[p.id] = inputs.whole(chips, _("{name}'s starting stack", name=p.name), minimum=1)
    if mode == "stack_order" and len(players) > 1:
        missing = [p.name for p in players if p.id not in stacks]
        if missing:
            text = _("Two or more players busted in one hand: give each one's chips at the start of the hand "
                     "(missing: {names}).", names=", ".join(missing))
            question = Question(text, "stacks", "amounts", keys=tuple(missing))
            raise RuleError("NEEDS_INPUT", text, "ELIM-4", question=question)
    return stacks


@command
def bust(ctx: Context, cmd: Bust) -> None:
    """Players lost all their chips in one hand (one batch); rebuy or out (ELIM-1, ELIM-3, ENT-5)."""
    players = busted_players(ctx, cmd)
    tables = sorted({p.table for p in players if p.table is not None})
    h4h = ctx.state.hand_for_hand if cmd.hand_for_hand is None else cmd.hand_for_hand
    if len(tables) > 1 and not h4h:
        raise RuleError(
            "INVALID_INPUT", _("Busts at different tables are different hands: enter one bust per table."), "ELIM-3"
        )
    join = round_batch(ctx.state) if h4h else None  # ELIM-3(b): the round's busts so far, one batch
    spans = set(tables) | ({t for t, _s in ctx.state.batches[join].seats.values()} if join is not None else set())
    mode = "tie" if len(spans) > 1 else str(ctx.profile["elim.same_hand"])
    stacks = batch_stacks(ctx, cmd, players, mode)
    # KO-1: the eliminators are asked for before anything moves
    knocked = knockout_records(ctx, players, eliminators(ctx, cmd, players))
    wants = cmd.rebuy
    if isinstance(wants, list):
        rebuying = {inputs.player(ctx.state, r).id for r in wants}
    else:
        rebuying = {p.id for p in players} if wants else set()
    undecided = wants is None  # "rebuy": false means he declines at once
    # Somebody must win the hand: a player still holding chips once these lost theirs (players deciding
    # on a rebuy still count in the field, but hold no chips). Checked before the level question, which
    # cannot change it.
    if ctx.state.in_field - ctx.state.deciding_count - len(players) < 1:
        raise RuleError("INVALID_INPUT", _("Somebody must win the hand: not every player can bust."), "ELIM-6")
    entries: list[BustEntry] = []
    for p in players:
        level = rebuy_hand_level(ctx, p, cmd)
        block = rebuy_block(ctx, p, level)
        if p.id in rebuying and block is not None:
            raise block
        deciding = block is None and (undecided or p.id in rebuying)
        entries.append(BustEntry(player=p.id, table=p.table, seat=p.seat, level=level, deciding=deciding,
                                 stack=stacks.get(p.id, p.stack)))
    order: list[int] = []
    groups: list[int | None] = list(tables) if tables else [None]
    for t in groups:
        order += seat_order(ctx, t, [p.id for p in players if p.table == t])
    ctx.emit(PlayersBusted(players=entries, mode=mode, reason="bust", chips="loose", payout_order=order, join=join))
    emit_knockouts(ctx, knocked, {e.player for e in entries if not e.deciding})
    for pid in rebuying:
        ctx.run(Rebuy(player=pid, amount_cents=cmd.amount_cents))
    check_winner(ctx)


@command
def decline_rebuy(ctx: Context, cmd: DeclineRebuy) -> None:
    """A player who lost his chips does not rebuy: he is out, placed by the hand he lost (ENT-5)."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    if not p.deciding:
        raise RuleError("INVALID_INPUT", _("{name} has not lost all their chips.", name=p.name), "ENT-5")
    ctx.emit(RebuyDeclined(player=p.id, table=p.table, seat=p.seat))
    check_winner(ctx)


def last_standing(state: TournamentState) -> Player | None:
    """The one player still holding chips, when only one is left (and he is not deciding on a rebuy)."""
    if state.in_field != 1 or state.ended:
        return None
    last = [p for p in state.players.values() if p.live and p.entries]
    return last[0] if len(last) == 1 and not last[0].deciding else None


def check_winner(ctx: Context) -> None:
    """ELIM-6: the last player holding chips takes 1st place and the tournament ends; the clock stops.

    While late registration (and with it re-entry) is open, entries can still arrive: the last player
    standing is not yet the winner. The tournament then ends when the window closes: see
    :func:`finish_due`.
    """
    lock_at_money(ctx)  # PAY-10: the money is reached
    if stop_at_seats(ctx):  # SAT-3: a satellite stops when the players left all win a seat
        return
    if last_standing(ctx.state) is None or late_entry_open(ctx):
        return
    finish(ctx)


def finish(ctx: Context) -> None:
    last = last_standing(ctx.state)
    assert last is not None
    c = ctx.state.clock
    if c.get("started") and c.get("running"):
        now_ms = to_ms(ctx.now)
        pos = position_ms(ctx.state, now_ms)
        close = window_close_ms(ctx.state)
        ctx.emit(ClockPaused(pos_ms=pos if close is None else min(pos, close),
                             adhoc_left_ms=adhoc_break_left_ms(ctx.state, now_ms), reason="tournament over"))
    ctx.emit(TournamentWon(player=last.id))
    pay_winner(ctx, last)  # KO-7, KO-8


@due_check
def finish_due(state: TournamentState, now: float) -> Command | None:
    """ELIM-6 as time passes: one player was left while late registration was open, and it has closed.

    The engine checks this before every command (:meth:`app.engine.Tournament.execute`; the store
    records it as an automatic action of its own): the ``finish`` command then ends the tournament, and
    the clock stops where the window closed.
    """
    if last_standing(state) is None or not state.clock.get("started"):
        return None
    return None if late_registration_open(state, now) else Finish()


@command
def finish_command(ctx: Context, cmd: Finish) -> None:
    """The tournament ends: late registration closed with one player left, who wins (ELIM-6)."""
    if last_standing(ctx.state) is None:
        raise RuleError("INVALID_INPUT", _("More than one player still holds chips."), "ELIM-6")
    if late_registration_open(ctx.state, ctx.now):
        raise RuleError("INVALID_INPUT", _("Late registration is still open: entries can still arrive."), "ELIM-6")
    finish(ctx)


@applies
def _busted(state: TournamentState, ev: PlayersBusted) -> None:
    entries = ev.players
    if ev.join is not None:
        _join(state.batches[ev.join], ev)
        _take_out(state, ev, ev.join)
        return
    batch = Batch(
        players=[e.player for e in entries],
        first_place=0,
        tie_groups=[],
        at=ev.at,
        table=entries[0].table if len({e.table for e in entries}) == 1 else None,
        reason=ev.reason,
        stacks={e.player: e.stack for e in entries},
        pending=[e.player for e in entries if e.deciding],
        mode=ev.mode,
        payout_order=list(ev.payout_order),
        seats={e.player: [e.table, e.seat] for e in entries if e.table is not None and e.seat is not None},
    )
    state.batches.append(batch)
    _take_out(state, ev, len(state.batches) - 1)


def _join(batch: Batch, ev: PlayersBusted) -> None:
    """ELIM-3(b): busts of the same hand-for-hand round join the round's batch."""
    entries = ev.players
    batch.players += [e.player for e in entries]
    batch.stacks.update({e.player: e.stack for e in entries})
    batch.pending += [e.player for e in entries if e.deciding]
    batch.payout_order += list(ev.payout_order)
    batch.seats.update({e.player: [e.table, e.seat] for e in entries if e.table is not None and e.seat is not None})
    batch.mode = ev.mode
    if any(e.table != batch.table for e in entries):
        batch.table = None


def _take_out(state: TournamentState, ev: PlayersBusted, index: int) -> None:
    for e in ev.players:
        p = state.players[e.player]
        p.bust_batch, p.busted_level = index, e.level
        if ev.chips == "removed":
            state.chips_removed += p.stack
        else:
            key = p.table if p.table is not None else loose.NO_TABLE
            if p.stack:
                loose.add(state, key, p.stack, at=key)
        p.stack = 0
        if e.deciding:
            if not p.deciding:
                state.deciding_count += 1
            p.deciding = True
        else:
            eliminate(state, p, ev.at, ev.reason)
    renumber(state, index)


@applies
def _declined(state: TournamentState, ev: RebuyDeclined) -> None:
    p = state.players[ev.player]
    index = p.bust_batch
    assert index is not None
    batch = state.batches[index]
    batch.pending.remove(p.id)
    eliminate(state, p, ev.at, "bust")
    renumber(state, index)


@applies
def _won(state: TournamentState, ev: TournamentWon) -> None:
    p = state.players[ev.player]
    p.status, p.place, p.tied = WINNER, 1, 1
    state.ended = True
