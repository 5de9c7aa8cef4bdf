"""Breaking a table with the 2-step seat draw, and full redraws (BRK-1 to BRK-5, BRK-7).

BRK-1's seat pool holds exactly the seats needed to leave the receiving tables as even as possible:
each seat goes to the least populated table (lowest number first), at its lowest-numbered open seat.
The seat cards are scrambled; the broken table's players are dealt one card each, and the highest
card by suit takes the first seat card, the next highest the next one, and so on.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection
from functools import partial
from typing import TYPE_CHECKING

from app.balancing.break_plan import breaking_with
from app.balancing.locks import carry_locks
from app.buttons.blinds import blind_paid
from app.buttons.halting import arrived, dealt_on_arrival
from app.chips import loose
from app.commands.balancing import BreakTable, Redraw
from app.core import inputs
from app.core.questions import rebuys_decided_first
from app.core.randomness import card_value
from app.core.registry import applies, command
from app.core.state import Table, TournamentState
from app.errors import RuleError
from app.events.balancing import BreakRow, TableBroken, TablesReset
from app.games.rotation import level_of_next_hand
from app.i18n import _, ngettext
from app.seating.draw import card_map, draw_everyone

if TYPE_CHECKING:
    from app.core.context import Context


def seat_pool(
    state: TournamentState, broken: int, count: int, also: Collection[int] = ()
) -> list[tuple[int, int]]:
    """The ``count`` seats (table, seat) that leave the tables that stay as even as possible.

    Only tables in play receive (an opened table nobody sits at does not), and never a table that
    breaks in the same rebalance (``also``): nobody is moved twice (BRK-1).
    """
    tables, skip, index = state.tables, {broken, *also}, state.table_index()
    # Each seat goes to the least populated table, so only the ``count`` least populated can receive:
    # they are taken from the index's buckets, smallest population first, lowest numbers first.
    heap: list[tuple[int, int]] = []
    for size in index.sizes():
        if len(heap) >= count:
            break
        if not index.with_room(size):
            continue  # every table of this size is full
        room = index.lowest(size, count - len(heap), partial(_receives, tables, skip, size))
        heap += [(size, n) for n in room]
    free = {n: tables[n].open_seats() for _k, n in heap}
    heapq.heapify(heap)
    pool: list[tuple[int, int]] = []
    while len(pool) < count and heap:
        pop, number = heapq.heappop(heap)
        seats = free[number]
        pool.append((number, seats.pop(0)))
        if seats:
            heapq.heappush(heap, (pop + 1, number))
    return pool


def _receives(tables: dict[int, Table], skip: set[int], size: int, number: int) -> bool:
    return number not in skip and size < tables[number].max_seats


def _no_deciding(ctx: Context, tables: list[Table]) -> None:
    for table in tables:
        for pid in table.seats.values():
            rebuys_decided_first([ctx.state.players[pid]])


@command
def break_table(ctx: Context, cmd: BreakTable) -> None:
    """Break a table: its players draw seats at the other tables (BRK-1 2-step random draw)."""
    table = inputs.table(ctx.state, cmd.table)
    if len(ctx.state.tables) < 2:
        raise RuleError("MOVE_NOT_ALLOWED", _("The last table cannot be broken."), "BRK-1")
    _no_deciding(ctx, [table])
    pids = [table.seats[s] for s in sorted(table.seats)]
    pool = seat_pool(ctx.state, table.number, len(pids), breaking_with(ctx.state, table.number))
    if len(pool) < len(pids):
        raise RuleError(
            "NO_OPEN_SEAT", _("The other tables have {n} open seats for {n2} players.", n=len(pool), n2=len(pids))
        )
    order = cmd.seat_order
    if order is None:
        scrambled = ctx.rng.shuffle(pool)
    else:
        if sorted(map(tuple, order)) != sorted(pool):
            shown = ", ".join(f"T{t} S{s}" for t, s in pool)
            raise RuleError(
                "INVALID_INPUT", _("seat_order must be these seat cards in any order: {shown}.", shown=shown), "BRK-1"
            )
        scrambled = [(int(t), int(s)) for t, s in order]
    given = cmd.cards
    cards = card_map(ctx.state, given, "cards") if given is not None else dict(zip(pids, ctx.rng.deal(len(pids))))
    if set(cards) != set(pids):
        raise RuleError(
            "INVALID_INPUT", _("Give a card to every player at table {number}.", number=table.number), "BRK-1"
        )
    ranked = sorted(pids, key=lambda pid: card_value(cards[pid]), reverse=True)
    assignments: list[BreakRow] = [(pid, cards[pid], t, s) for pid, (t, s) in zip(ranked, scrambled)]
    paid = {pid: blind for pid in pids if (blind := blind_paid(ctx.state, pid)) is not None}  # BTN-5(a)
    from_seats = {pid: seat for seat, pid in table.seats.items()}
    carry_locks(ctx, pids, f"table {table.number} broken")  # LOCK-3
    ctx.emit(TableBroken(table=table.number, assignments=assignments, seat_cards=list(scrambled), paid_blinds=paid,
                         from_seats=from_seats))


@applies
def _table_broken(state: TournamentState, ev: TableBroken) -> None:
    broken = state.tables.pop(ev.table)
    paid = ev.paid_blinds
    # Logs written before the event named the seats left behind: the broken table still knows them.
    from_seats = ev.from_seats or {pid: seat for seat, pid in broken.seats.items()}
    for pid, _card, number, seat in ev.assignments:
        p = state.players[pid]
        state.seat_moves.append(
            {"kind": "break", "player": pid, "from_table": broken.number, "from_seat": from_seats.get(pid),
             "to_table": number, "to_seat": seat, "reason": f"table {broken.number} broken", "at": ev.at}
        )
        dst = state.tables[number]
        dealt = dealt_on_arrival(state, dst, seat)  # BAL-1: he refills a halted table and posts its big blind
        dst.seats[seat] = pid
        p.table, p.seat = number, seat
        if dst.hands > 0 and pid not in dst.newcomers and not dealt:
            dst.newcomers.append(pid)
        if dst.hands > 0 and pid in paid:
            dst.last_blinds[pid] = paid[pid]  # BTN-5(a): what he paid on his last hand
        arrived(state, number)
    receiving = {row[2] for row in ev.assignments}
    state.seats_changed(broken.number, *receiving)
    # A player's chips go with him (section 20.9), those won from busted players and not counted yet too.
    loose.broken(state, broken.number, receiving)
    del broken
    state.tables_broken += 1


@command
def redraw(ctx: Context, cmd: Redraw) -> None:
    """Everyone draws new seats for ``tables`` tables (BRK-3(a), BRK-4, BRK-5); button by the draw."""
    players = [ctx.state.players[pid] for t in ctx.state.tables.values() for pid in t.seats.values()]
    if not players:
        raise RuleError("INVALID_INPUT", _("Nobody is seated: use seat_all for the first draw."))
    _no_deciding(ctx, list(ctx.state.tables.values()))
    max_seats = int(ctx.profile["table.max_seats"])
    need = -(-len(players) // max_seats)
    count = inputs.whole(need if cmd.tables is None else cmd.tables, _("The number of tables"), minimum=1)
    room = int(ctx.profile["final_table.size"]) if count == 1 else count * max_seats
    if count == 1 and ctx.profile["stage.mode"] != "none":
        room = max_seats
    if len(players) > room:
        raise RuleError(
            "NO_OPEN_SEAT",
            ngettext("{players} players do not fit at {n} table of {room}.",
                     "{players} players do not fit at {n} tables of {room}.", count, players=len(players),
                     room=room // count),
        )
    came_from = {p.id: (p.table, p.seat) for p in players}
    drawn = draw_everyone(ctx, players, count, cmd)
    drawn.came_from = came_from
    # The new tables' first hand is dealt now: its level judges that hand's busts (ENT-4, CONV-6).
    seats = room if count == 1 else max_seats  # BRK-6: the final table may seat more than the others
    carry_locks(ctx, [p.id for p in players], "redraw")  # LOCK-3: the redraw keeps the locks
    ctx.emit(TablesReset(tables=count, seats=seats, level=level_of_next_hand(ctx.state, ctx.now)))
    ctx.emit(drawn)


@applies
def _tables_reset(state: TournamentState, ev: TablesReset) -> None:
    """Before a redraw: everyone leaves his seat, and play continues at tables 1..n, set afresh (BRK-7)."""
    for table in state.tables.values():
        for pid in table.seats.values():
            state.players[pid].table = state.players[pid].seat = None
    state.tables = {n: Table(number=n, max_seats=ev.seats, hand_level=ev.level) for n in range(1, ev.tables + 1)}
    state.reindex()
    loose.everywhere(state)  # everyone draws a new seat, with his chips
    state.extra.pop("halt_waived", None)
    state.extra.pop("halt_waiting", None)
    state.redraws += 1
