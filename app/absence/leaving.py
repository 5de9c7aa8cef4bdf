"""Absent and leaving players, forfeits and no-shows (ABS-1 to ABS-5, REG-5, ELIM-7).

The engine does not track blinds: an absent player's stack is taken from the director when it
matters, at a forfeit (section 19). Nothing is removed on time alone: the director enters the
forfeit or the no-show removal, and the engine checks that the moment allows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.chips.race import in_play
from app.chips.stacks import note_counted
from app.clock.handstart import judged_level
from app.commands.absence import Absent, Forfeit, NoShow, Returned
from app.core import inputs
from app.core.questions import rebuys_decided_first
from app.core.registry import applies, command
from app.core.state import WAITING, Player, TournamentState
from app.eliminations.busts import check_winner
from app.entries.ledger import counted_stack, level_now, restack
from app.errors import RuleError
from app.events.absence import ChipsShared, PlayerAbsent, PlayerReturned
from app.events.eliminations import BustEntry, PlayersBusted
from app.i18n import _

if TYPE_CHECKING:
    from app.core.context import Context


@command
def absent(ctx: Context, cmd: Absent) -> None:
    """A player leaves the table; ``long``: he says he will be away longer than the limit (ABS-3 a).
    A person on the waiting list marked away is passed over when places free up (REG-2)."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    if p.absent_since is not None:
        raise RuleError("INVALID_INPUT", _("{name} is already away.", name=p.name), "ABS-3")
    long = cmd.long
    forfeits = long and ctx.profile["absence.forfeit_after_min"] is not None and p.status != WAITING
    if forfeits:
        _nobody_deciding(ctx, p)
    ctx.emit(PlayerAbsent(player=p.id, long=long))
    if forfeits:
        ctx.run(Forfeit(player=cmd.player, stack=cmd.stack))


@applies
def _absent(state: TournamentState, ev: PlayerAbsent) -> None:
    p = state.players[ev.player]
    p.absent_since, p.declared_long_absence = ev.at, ev.long


def _minutes_away(ctx: Context, since: float) -> float:
    return (ctx.now - since) / 60


@command
def returned(ctx: Context, cmd: Returned) -> None:
    """An absent player is back within the limit (ABS-3). ``stack``: his stack as counted, after the
    blinds and antes taken from it while he was away (section 19), as ``forfeit`` takes it."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    if p.absent_since is None:
        raise RuleError("INVALID_INPUT", _("{name} is not marked away.", name=p.name), "ABS-3")
    limit = ctx.profile["absence.forfeit_after_min"]
    if limit is not None and _minutes_away(ctx, p.absent_since) >= limit:
        raise RuleError(
            "WINDOW_CLOSED",
            _("{name} was away {limit} minutes or more: their chips are forfeited.", name=p.name, limit=limit),
            "ABS-3",
        )
    stack = counted_stack(cmd.stack)
    if stack is not None and p.table is None:
        raise RuleError("INVALID_INPUT", _("{name} has no seat, so no stack to count.", name=p.name), "ABS-1")
    ctx.emit(PlayerReturned(player=p.id, stack=stack))


@applies
def _returned(state: TournamentState, ev: PlayerReturned) -> None:
    p = state.players[ev.player]
    p.absent_since, p.declared_long_absence = None, False
    if ev.stack is not None:
        restack(state, p, ev.stack)
        note_counted(state, p, ev.at)


def smallest_chip(ctx: Context) -> int:
    """ABS-3's unit: the smallest denomination still in play (chip races may have removed smaller ones)."""
    return in_play(ctx.state)[0]


def _nobody_deciding(ctx: Context, p: Player) -> None:
    """ENT-5: a forfeit shares the chips among the table; a player there who lost his chips is not yet
    in or out, so his rebuy or decline comes first (he too, if he is the one forfeiting)."""
    table = ctx.state.tables.get(p.table) if p.table is not None else None
    pids = list(table.seats.values()) if table is not None else [p.id]
    rebuys_decided_first([ctx.state.players[pid] for pid in pids])


@command
def forfeit(ctx: Context, cmd: Forfeit) -> None:
    """ABS-3: an absent player forfeits; his chips are split among his table in units of the smallest chip
    still in play, odd units to the bank."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    limit = ctx.profile["absence.forfeit_after_min"]
    if limit is None:
        raise RuleError("NOT_OFFERED", _("This tournament has no forfeit rule: absent players are blinded."), "ABS-2")
    if not p.declared_long_absence and (p.absent_since is None or _minutes_away(ctx, p.absent_since) < limit):
        raise RuleError(
            "WINDOW_CLOSED", _("{name} has not been away {limit} minutes.", name=p.name, limit=limit), "ABS-3"
        )
    if ctx.state.in_field < 2:
        raise RuleError("INVALID_INPUT", _("{name} is the last player.", name=p.name), "ELIM-6")
    _nobody_deciding(ctx, p)
    counted = counted_stack(cmd.stack)
    chips = p.stack if counted is None else counted
    table = ctx.state.tables.get(p.table) if p.table is not None else None
    others = sorted(pid for pid in table.seats.values() if pid != p.id) if table is not None else []
    unit = smallest_chip(ctx)
    each = (chips // unit // len(others)) * unit if others else 0
    removed = chips - each * len(others)
    ctx.emit(ChipsShared(player=p.id, stack=chips, shares=[(pid, each) for pid in others], removed=removed))
    level = level_now(ctx)
    entry = BustEntry(player=p.id, table=p.table, seat=p.seat, level=level, stack=chips)
    ctx.emit(PlayersBusted(players=[entry], mode=str(ctx.profile["elim.same_hand"]), reason="forfeit", chips="none",
                           payout_order=[p.id]))
    check_winner(ctx)


@applies
def _shared(state: TournamentState, ev: ChipsShared) -> None:
    p = state.players[ev.player]
    restack(state, p, ev.stack)
    for pid, share in ev.shares:
        state.players[pid].stack += share
        p.stack -= share
    state.chips_removed += ev.removed
    p.stack -= ev.removed


def _removal_level(ctx: Context, cmd: NoShow, rule: str, players: list[Player]) -> int:
    """REG-5 (P004): the chips go when the first hand of level 2 is dealt at the no-show's table, not when
    the clock reaches level 2. Just after the change, with no hand reported since at his table, the
    engine asks whether the hand being played there started before level 2 (section 19)."""
    if rule != "level_2":
        return level_now(ctx)
    tables = [ctx.state.tables.get(p.table) if p.table is not None else None for p in players]
    numbers = sorted({str(p.table) for p in players if p.table is not None})

    def question(level: int) -> str:
        if not numbers:
            return _("Had the hand being played at their table started before level {level} began? A no-show's chips "
                     "are removed when the first hand of level 2 is dealt at their table.", level=level)
        return _("Had the hand being played at table {tables} started before level {level} began? A no-show's "
                 "chips are removed when the first hand of level 2 is dealt at their table.",
                 tables=_(" and ").join(numbers), level=level)

    return judged_level(ctx, cmd, tables, lambda level: level >= 2, question)


@command
def no_show(ctx: Context, cmd: NoShow) -> None:
    """Remove absent committed players' chips from play (REG-5, ABS-5); one batch (ELIM-3 d)."""
    rule = ctx.profile["absence.no_show_removal"]
    if rule == "blind_out":
        raise RuleError("NOT_OFFERED", _("No-shows are blinded out here, not removed."), "ABS-5")
    refs = cmd.players if cmd.players is not None else [] if cmd.player is None else [cmd.player]
    if not refs:
        raise RuleError("INVALID_INPUT", _("Name the players who never arrived."))
    players = [inputs.live(inputs.player(ctx.state, r)) for r in refs]
    if len({p.id for p in players}) != len(players):
        raise RuleError("INVALID_INPUT", _("A player is named twice."))
    # Refusals that no answer about the hand could change come first: the question is asked only when
    # its answer decides the outcome (section 19).
    for p in players:
        if p.absent_since is None:
            raise RuleError(
                "INVALID_INPUT", _("{name} is here; mark them away first if they are not.", name=p.name), "REG-5"
            )
    if ctx.state.in_field - len(players) < 1:
        raise RuleError("INVALID_INPUT", _("Somebody must remain."), "ELIM-6")
    level = _removal_level(ctx, cmd, rule, players)
    since = ctx.state.started_at
    late_enough = level >= 2 or (rule == "new_level_or_30" and since is not None and ctx.now - since >= 1800)
    if not late_enough:
        if rule == "level_2":
            raise RuleError("WINDOW_CLOSED", _("A no-show's chips are removed at their table's first hand of level 2."),
                            "REG-5")
        raise RuleError("WINDOW_CLOSED", _("A no-show's chips are removed at a new level or 30 minutes."), "REG-5")
    entries = [BustEntry(player=p.id, table=p.table, seat=p.seat, level=level, stack=p.stack) for p in players]
    ctx.emit(PlayersBusted(players=entries, mode=str(ctx.profile["elim.same_hand"]), reason="no_show",
                           chips="removed", payout_order=[p.id for p in players]))
    check_winner(ctx)
