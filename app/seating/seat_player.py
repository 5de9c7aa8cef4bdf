"""Seating one player (late entrants, re-entries, the waiting list) and the high-card button (SEAT-5).

``seat_player`` without a table and seat draws among the open seats of the least populated tables,
so a late entrant never unbalances the field (SEAT-2, BAL-1). A player seated at a table where hands
have been played is a newcomer there: BTN-9/10 decide when he is first dealt in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.buttons.halting import arrived, dealt_on_arrival
from app.buttons.positions import first_hand
from app.commands.seating import DrawButton, SeatPlayer
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import REGISTERED, SEATED, WAITING, Player, TournamentState
from app.entries.registration import late_entry_check
from app.errors import RuleError
from app.events.buttons import ButtonSet
from app.events.seating import PlayerSeated
from app.i18n import _
from app.seating.draw import button_draws, high_card

if TYPE_CHECKING:
    from app.core.context import Context


def open_seats_at_shortest(state: TournamentState) -> list[tuple[int, int]]:
    """(table, seat) of every open seat at the least populated tables that have one."""
    index = state.table_index()
    for size in sorted(k for k, c in index.count.items() if c):  # the index: no scan of every table
        numbers = sorted(n for n in index.by_size[size] if size < state.tables[n].max_seats)
        if numbers:
            return [(n, s) for n in numbers for s in state.tables[n].open_seats()]
    return []


def _check_window(ctx: Context, p: Player) -> None:
    """Once the clock runs, a new seat is a late entry: the late-registration window decides (REG-3,
    REG-4, REG-6), except for a committed player where the profile seats committed players (REG-5) and
    for an entrant who paid while the window was open and waits for a seat (REG-3)."""
    if ctx.profile["late.mode"] == "committed" and p.committed:
        return
    if p.status == WAITING and p.entries and not ctx.profile["late.refund_unseated"]:
        return
    late_entry_check(ctx, "REG-3" if ctx.profile["late.blind_policy"] == "post_bb_or_wait" else "REG-4")


@command
def seat_player(ctx: Context, cmd: SeatPlayer) -> None:
    """Seat one entrant: at the given table and seat, or drawn among the open seats (SEAT-1)."""
    p = inputs.live(inputs.player(ctx.state, cmd.player))
    if p.status not in (REGISTERED, WAITING) or p.table is not None:
        raise RuleError(
            "MOVE_NOT_ALLOWED", _("{name} is already seated; seats change only by a move.", name=p.name), "SEAT-7"
        )
    if ctx.state.clock.get("started"):
        _check_window(ctx, p)
    if cmd.table is not None:
        table = inputs.table(ctx.state, cmd.table)
        if cmd.seat is not None:
            seat = inputs.seat(table, cmd.seat)
            if seat in table.seats:
                name = ctx.state.players[table.seats[seat]].name
                raise RuleError(
                    "SEAT_TAKEN",
                    _("Table {number} seat {seat} is taken by {name}.", number=table.number, seat=seat, name=name),
                )
        else:
            open_here = table.open_seats()
            if not open_here:
                raise RuleError("NO_OPEN_SEAT", _("Table {number} is full.", number=table.number), "REG-3")
            seat = ctx.rng.choice(open_here)
        how = "director"
    elif cmd.seat is not None:
        raise RuleError("INVALID_INPUT", _("Give the table with the seat."))
    else:
        choices = open_seats_at_shortest(ctx.state)
        if not choices:
            raise RuleError("NO_OPEN_SEAT", _("Every seat is taken."), "REG-3")
        number, seat = ctx.rng.choice(choices)
        table = ctx.state.tables[number]
        how = "draw"
    ctx.emit(PlayerSeated(player=p.id, table=table.number, seat=seat, how=how, from_table=p.table, from_seat=p.seat))


@applies
def _player_seated(state: TournamentState, ev: PlayerSeated) -> None:
    p = state.players[ev.player]
    table = state.tables[ev.table]
    seat = ev.seat
    dealt = dealt_on_arrival(state, table, seat)  # BAL-1: he refills a halted table and posts its big blind
    table.seats[seat] = p.id
    state.seats_changed(table.number)
    p.status, p.table, p.seat = SEATED, table.number, seat
    if p.id in state.waiting:
        state.waiting.remove(p.id)
    if dealt:
        p.new_obligation = None  # posting the big blind meets a late entrant's obligation (BTN-10)
    elif table.hands > 0 and p.id not in table.newcomers:
        table.newcomers.append(p.id)
    arrived(state, table.number)


@command
def draw_button(ctx: Context, cmd: DrawButton) -> None:
    """SEAT-5: deal one card to each player at a table; the highest card by suit takes the button."""
    table = inputs.table(ctx.state, cmd.table)
    if table.population < 2:
        raise RuleError(
            "INVALID_INPUT", _("Table {number} needs two players for a button draw.", number=table.number), "SEAT-5"
        )
    pids = [table.seats[s] for s in sorted(table.seats)]
    cards = button_draws(ctx, {table.number: pids}, cmd.cards)[table.number]
    if set(cards) != set(pids):
        raise RuleError(
            "INVALID_INPUT", _("Give a card for every player at table {number}.", number=table.number), "SEAT-5"
        )
    winner_seat = next(s for s, pid in table.seats.items() if pid == high_card(cards))
    pos = first_hand(winner_seat, table.seats, table.max_seats)
    ctx.emit(ButtonSet(table=table.number, button=pos.button, sb_seat=pos.sb_seat, sb=pos.sb, bb=pos.bb, cards=cards))
