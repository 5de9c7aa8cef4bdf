"""The waiting list, refunds, withdrawals and the forfeit at the start (REG-1, REG-2, REG-3, ENT-10).

Two kinds of people wait: registrants over the cap, who have no entry yet (REG-1), and late entrants
who paid but found no seat (REG-3). Both lists are first come, first served.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.commands.entries import ForfeitAtStart, RefundWaiting, SeatWaiting, Withdraw
from app.commands.seating import SeatPlayer
from app.core import inputs
from app.core.registry import COMMANDS, applies, command
from app.core.state import OUT, REGISTERED, WAITING, Player, TournamentState
from app.entries.ledger import emit_purchase, has_started, level_now, log_money
from app.entries.registration import draw_done, open_seat_exists, seat_if_possible
from app.errors import RuleError
from app.events.eliminations import BustEntry, PlayersBusted
from app.events.entries import EntryRefunded, ForfeitFee, PlayerPromoted
from app.i18n import _
from app.places import renumber

if TYPE_CHECKING:
    from app.core.context import Context


def first_waiting(state: TournamentState, paid: bool) -> Player | None:
    """The first person on the waiting list (paid or not) who is present: the director marks a waiting
    person away with ``absent`` and back with ``returned`` (REG-2)."""
    for pid in state.waiting:
        p = state.players[pid]
        if p.status == WAITING and bool(p.entries) == paid and p.absent_since is None:
            return p
    return None


@command
def seat_waiting(ctx: Context, cmd: SeatWaiting) -> None:
    """Seat the first paid entrant on the waiting list (or the one named) in a freed seat (REG-3)."""
    if cmd.player is not None:
        p: Player | None = inputs.live(inputs.player(ctx.state, cmd.player))
    else:
        p = first_waiting(ctx.state, paid=True)
    if p is None or p.status != WAITING or not p.entries:
        raise RuleError("INVALID_INPUT", _("Nobody who paid is waiting for a seat."), "REG-3")
    if ctx.profile["late.refund_unseated"] and level_now(ctx) > int(ctx.profile["late.last_level"]):
        raise RuleError("WINDOW_CLOSED", _("Late entry is over: a waiting entrant is refunded instead."), "REG-3")
    if not open_seat_exists(ctx.state) or "seat_player" not in COMMANDS:
        raise RuleError("NO_OPEN_SEAT", _("No seat is free yet."), "REG-3")
    ctx.run(SeatPlayer(player=p.id))


def _refund(ctx: Context, p: Player, reason: str) -> None:
    fees = dict(p.fees_paid)
    fee = min(p.paid_cents, sum(fees.values()))
    # KO-2: his bounty goes back to him
    ctx.emit(EntryRefunded(player=p.id, cents=p.paid_cents - fee, fee_cents=fee, fees=fees, reason=reason,
                           bounty_cents=p.bounty_cents))


@command
def refund_waiting(ctx: Context, cmd: RefundWaiting) -> None:
    """Late entry is over: refund every paid entrant who never got a seat (REG-3, ENT-10)."""
    if not ctx.profile["late.refund_unseated"]:
        raise RuleError("NOT_OFFERED", _("Waiting entrants are not refunded in this tournament."), "ENT-10")
    if level_now(ctx) <= int(ctx.profile["late.last_level"]):
        raise RuleError(
            "WINDOW_CLOSED", _("Late entry is still open; the waiting entrants may yet be seated."), "REG-3"
        )
    waiting = [ctx.state.players[pid] for pid in ctx.state.waiting]
    for p in waiting:
        if p.entries and p.status == WAITING:
            _refund(ctx, p, "never_seated")


@command
def withdraw(ctx: Context, cmd: Withdraw) -> None:
    """A registrant drops out before the start: refunded; the first on the waiting list moves up (REG-1)."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    if has_started(ctx.state):
        raise RuleError("ALREADY_STARTED", _("Play has begun: no refunds or withdrawals now."), "ENT-10")
    _refund(ctx, p, "withdrawn")
    promote(ctx, 1)


def promote(ctx: Context, places: int) -> None:
    """The first waiting people who are present move up, one per place freed (REG-1, REG-2)."""
    for _unused in range(places):
        nxt = first_waiting(ctx.state, paid=False)
        if nxt is None:
            return
        ctx.emit(PlayerPromoted(player=nxt.id))
        emit_purchase(ctx, nxt, "entry", int(ctx.profile["money.buy_in_cents"]), int(ctx.profile["money.start_stack"]))
        if draw_done(ctx.state):  # after the draw he takes a seat at once, as a new entrant does
            seat_if_possible(ctx, nxt, True)


@command
def forfeit_at_start(ctx: Context, cmd: ForfeitAtStart) -> None:
    """REG-2: registrants absent at the start forfeit (a loss and the forfeit fee); waiting people move up."""
    if has_started(ctx.state):
        raise RuleError("ALREADY_STARTED", _("The start has passed; use no_show or forfeit."), "REG-2")
    refs = cmd.players if cmd.players is not None else [] if cmd.player is None else [cmd.player]
    if not refs:
        raise RuleError("INVALID_INPUT", _("Name the registrants who are absent."))
    players = [inputs.live(inputs.player(ctx.state, r)) for r in refs]
    if len({p.id for p in players}) != len(players) or any(p.status == WAITING for p in players):
        raise RuleError("INVALID_INPUT", _("Name each absent registrant once (not people on the waiting list)."))
    fee = int(ctx.profile["reg.forfeit_fee_cents"])
    entries = [BustEntry(player=p.id, level=1, stack=p.stack) for p in players]
    for p in players:
        ctx.emit(ForfeitFee(player=p.id, cents=fee))
    ctx.emit(PlayersBusted(players=entries, mode="tie", reason="forfeit_at_start", chips="removed",
                           payout_order=[p.id for p in players]))
    promote(ctx, len(players))


@applies
def _forfeit_fee(state: TournamentState, ev: ForfeitFee) -> None:
    cents = ev.cents
    state.forfeit_fees_cents += cents
    state.players[ev.player].paid_cents += cents
    log_money(state, ev.at, "forfeit_fee", ev.player, cents, "forfeit_fee")


@applies
def _promoted(state: TournamentState, ev: PlayerPromoted) -> None:
    p = state.players[ev.player]
    p.status = REGISTERED
    state.waiting.remove(p.id)


@applies
def _refunded(state: TournamentState, ev: EntryRefunded) -> None:
    p = state.players[ev.player]
    cents, fee = ev.cents, ev.fee_cents
    bounty = ev.bounty_cents
    state.pool_cents -= cents - bounty
    state.bounty_pool_cents -= bounty
    p.bounty_cents -= bounty
    state.fees_cents -= fee
    split = dict(ev.fees or ({"house": fee} if fee else {}))
    for name, c in split.items():
        state.fees_by_type[name] = state.fees_by_type.get(name, 0) - c
    p.fees_paid = {}
    state.refunds_cents += cents + fee
    log_money(state, ev.at, "refund", p.id, -(cents - bounty), "pool")
    if bounty:
        log_money(state, ev.at, "refund", p.id, -bounty, "bounty")
    if fee:
        log_money(state, ev.at, "refund", p.id, -fee, "fee", {k: -v for k, v in split.items()})
    log_money(state, ev.at, "refund", p.id, cents + fee, "refund")
    state.chips_removed += p.stack
    p.stack = 0
    if p.id in state.waiting:
        state.waiting.remove(p.id)
    if p.entries:
        state.in_field -= 1
        state.entrants -= 1
        state.money_counts["refunded_entries"] = state.money_counts.get("refunded_entries", 0) + p.entries
    _leave_seat(state, p)
    p.status, p.refunded, p.out_reason, p.out_at = OUT, True, ev.reason, ev.at
    if state.batches:
        renumber(state, 0)


def _leave_seat(state: TournamentState, p: Player) -> None:
    """A player seated by the draw who withdraws before the start gives up his seat; it is open again."""
    table = state.tables.get(p.table) if p.table is not None else None
    if table is not None and p.seat is not None and table.seats.get(p.seat) == p.id:
        del table.seats[p.seat]
        state.seats_changed(table.number)
    p.table = p.seat = None
