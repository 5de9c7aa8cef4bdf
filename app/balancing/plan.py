"""What the field needs after a bust: a break, a redraw, or moves, and why (BAL-1 to BAL-4, BRK-1/3/4/5).

:func:`plan_moves` is pure and cheap: it reads the table populations from the state's index, which
buckets the tables by population (a table holds at most 12), and takes each move from the fullest to the shortest table,
so a field of a thousand tables with dozens short is planned in well under a millisecond or two. A
table that receives a player is never chosen to give one in the same plan (it stays below the
fullest), so nobody is moved twice where one move does.
"""

from __future__ import annotations

import heapq
from collections import Counter
from typing import Any

from app.balancing.break_plan import spread_limit, structural
from app.balancing.locks import lock_reason
from app.balancing.proposal import Move, Plan
from app.balancing.reasons import in_words, said
from app.buttons.blinds import positions
from app.buttons.halting import halted_tables
from app.buttons.positions import first_after, first_hand, position_of, worst_open_seat
from app.core.randomness import card_value
from app.core.state import Table, TournamentState
from app.games.catalogue import CATALOGUE
from app.games.rotation import mix_games, mode
from app.i18n import _, ngettext


class _Field:
    """Populations bucketed by size, with the seats each move changes (the tables are not touched).

    Each bucket is a heap of table numbers with lazy deletion (a number whose table has changed
    size is dropped when it comes to the top), so the lowest-numbered table of a size costs O(log t).
    """

    def __init__(self, state: TournamentState, populations: dict[int, int] | None = None) -> None:
        self.state = state
        index = state.table_index() if populations is None else None
        self.index = index  # the tables of each size at the start come from its buckets, without a scan
        if index is not None:
            self.pop = dict(index.live)
            self.count: dict[int, int] = {k: c for k, c in index.count.items() if k and c}
        else:
            self.pop = dict(populations or {})
            self.count = dict(Counter(self.pop.values()))
        self.changed: set[int] = set()  # tables whose size this plan's moves change
        self.heaps: dict[int, list[int]] = {}  # built on first use: only the sizes a plan touches
        self.occ: dict[int, set[int]] = {}
        self.received: set[int] = set()
        self.vacated: dict[int, set[int]] = {}  # seats this plan's moves empty: dealt into the hand all the same

    def heap(self, size: int) -> list[int]:
        if size not in self.heaps:
            if self.index is not None:  # the bucket at the start, and the tables moves brought to this size
                heap = list(self.index.by_size.get(size, ()))
                heap += [n for n in self.changed if self.pop[n] == size]
            else:
                heap = [n for n, k in self.pop.items() if k == size]
            heapq.heapify(heap)
            self.heaps[size] = heap
        return self.heaps[size]

    def occupied(self, number: int) -> set[int]:
        if number not in self.occ:
            self.occ[number] = set(self.state.tables[number].seats)
        return self.occ[number]

    def extremes(self) -> tuple[int, int]:
        sizes = [n for n, c in self.count.items() if c]
        return max(sizes), min(sizes)

    def has_room(self, number: int) -> bool:
        """A table opened with fewer seats than the others may be full: it cannot receive a player."""
        return self.pop[number] < self.state.tables[number].max_seats

    def lowest(self, size: int) -> int:
        """The lowest-numbered table of this size."""
        heap = self.heap(size)
        while self.pop[heap[0]] != size:
            heapq.heappop(heap)
        return heap[0]

    def all_of(self, size: int) -> list[int]:
        return sorted({n for n in self.heap(size) if self.pop[n] == size})

    def shift(self, src: int, dst: int, from_seat: int | None, to_seat: int | None) -> None:
        for number, delta in ((src, -1), (dst, 1)):
            self.count[self.pop[number]] -= 1
            self.pop[number] += delta
            size = self.pop[number]
            self.count[size] = self.count.get(size, 0) + 1
            self.changed.add(number)
            if size in self.heaps:
                heapq.heappush(self.heaps[size], number)
        if from_seat is not None:
            self.occupied(src).discard(from_seat)
            self.vacated.setdefault(src, set()).add(from_seat)
        if to_seat is not None:
            self.occupied(dst).add(to_seat)
        self.received.add(dst)


def _next_bb(table: Table, occ: set[int]) -> int | None:
    """The seat due the big blind next (BAL-3); in stud, the would-be big blind (TDA 11-B)."""
    if table.bb is None or table.button is None:
        return None
    if table.frozen:
        return first_hand(table.button, occ, table.max_seats).bb
    return first_after(table.bb, occ, table.max_seats)


def _dealt(table: Table, occ: set[int]) -> set[int]:
    """Seats dealt into the table's hand: the seated players and the seats vacated since the deal."""
    return occ | set(table.dead_seats) | set(table.moved_out)


def _relative(src: Table, src_occ: set[int], dst: Table, seat: int, vacated: set[int]) -> int | None:
    """BAL-3 (P004): the source player in the same position relative to the button as ``seat`` at ``dst``.

    ``vacated`` are the source seats that earlier moves of the same plan empty: those players were
    dealt into the hand, so they still count for the positions (BAL-4 makes the moves one by one).
    """
    if src.button is None or dst.button is None:
        return None
    k = position_of(seat, dst.button, _dealt(dst, set(dst.seats) | {seat}), dst.max_seats)
    dealt = [s for s in _clockwise_from(src.button, src.max_seats) if s in _dealt(src, src_occ) | vacated]
    if not dealt:
        return None
    target = dealt[(k - 1) % len(dealt)] if k > 0 else src.button
    return first_after(target - 1 if target > 1 else src.max_seats, src_occ, src.max_seats)


def _clockwise_from(button: int, max_seats: int) -> list[int]:
    return [(button - 1 + k) % max_seats + 1 for k in range(1, max_seats + 1)]


def _trigger_seat(dst: Table, occ: set[int]) -> int | None:
    """P004: the eliminated player's empty seat closest to the left of the button (BAL-4)."""
    empty = [s for s in dst.dead_seats if s not in occ]
    if not empty:
        return None
    if dst.button is None:
        return min(empty)
    order = {s: i for i, s in enumerate(_clockwise_from(dst.button, dst.max_seats))}
    return min(empty, key=lambda s: order[s])


def _source(f: _Field, top: int, method_tie: str, cards: dict[int, str] | None) -> tuple[int, list[int]]:
    """BAL-2: a table of the highest population; the lowest number, or P004's card draw when tied."""
    if method_tie != "card_draw" or f.count[top] == 1:
        return f.lowest(top), []
    tied = f.all_of(top)
    if cards and all(n in cards for n in tied):
        return min(tied, key=lambda n: card_value(cards[n])), tied
    return tied[0], tied


def _lowest_open(table: Table, occ: set[int]) -> int | None:
    return next((s for s in range(1, table.max_seats + 1) if s not in occ), None)


def _pick_move(f: _Field, src: int, dst: int, method: str, tied: list[int]) -> Move:
    """Who moves from ``src`` and to which seat of ``dst`` (BAL-3), by the profile's method."""
    st, dt = f.state.tables[src], f.state.tables[dst]
    s_occ, d_occ = f.occupied(src), f.occupied(dst)
    needs = None
    needs_table: int | None = None
    mover_seat: int | None
    to_seat: int | None
    if method == "highest_seat_to_lowest_open":
        mover_seat, to_seat = max(s_occ), _lowest_open(dt, d_occ)
        reason = said(lambda: _("the highest seat of the fullest table to the lowest open seat of the short table"))
    elif method == "same_relative_position":
        to_seat = _trigger_seat(dt, d_occ)
        reason = said(lambda: _("same position relative to the button as the eliminated player, to that seat"))
        if to_seat is None:
            to_seat = _lowest_open(dt, d_occ)
            reason = said(lambda: _("same position relative to the button (no eliminated player's seat: lowest open "
                                    "seat)"))
        mover_seat = _relative(st, s_occ, dt, to_seat, f.vacated.get(src, set())) if to_seat is not None else None
        if mover_seat is None:
            needs_table = src if st.button is None else dst
            needs = f"the button at table {needs_table}"
    elif stud_only(f.state):
        to_seat = _last_vacated(dt, d_occ)
        mover_seat = first_after(to_seat - 1 if to_seat > 1 else st.max_seats, s_occ, st.max_seats) if to_seat else None
        reason = said(lambda: _("stud only: the player in the same seat number (or the next one clockwise) to the seat "
                                "last vacated"))
    else:
        mover_seat = _next_bb(st, s_occ)
        to_seat = _worst_seat(dt, d_occ)
        reason = said(lambda: _("the player due the big blind next goes to the worst position"))
        if mover_seat is None or to_seat is None:
            needs_table = src if mover_seat is None else dst
            needs = f"the button at table {needs_table}"
    player = st.seats.get(mover_seat) if mover_seat is not None and not tied else None
    if player is not None and mover_seat is not None:
        mover_seat, player, reason = _skip_locked(f, src, mover_seat, player, reason, method)
    return Move(player, src, mover_seat, dst, to_seat, reason, "BAL-3", tied, needs, needs_table)


def _needs_of_any_tied(f: _Field, move: Move, dst: int, method: str, tied: list[int]) -> None:
    """BAL-2 (P004): the card draw may pick any of the tied tables, so a button that picking the mover
    at any of them needs is asked for before the cards are dealt, not after."""
    for other in tied:
        if other != move.from_table:
            alt = _pick_move(f, other, dst, method, tied)
            if alt.needs is not None:
                move.needs, move.needs_table = alt.needs, alt.needs_table
                return


def _skip_locked(f: _Field, src: int, seat: int, player: int, reason: str, method: str) -> tuple[int, int, str]:
    """LOCK-2: when the player the method picks is locked, the next one in the same order moves
    (clockwise after him; the next highest seat for ``highest_seat_to_lowest_open``); when every player
    is locked, he moves all the same and the lock moves with him (LOCK-3)."""
    why = lock_reason(f.state, player)
    if why is None:
        return seat, player, reason
    st, occ = f.state.tables[src], f.occupied(src)
    if method == "highest_seat_to_lowest_open":
        order = sorted((s for s in occ if s != seat), key=lambda s: (s > seat, -s))
    else:
        order = [s for s in _clockwise_from(seat, st.max_seats) if s in occ and s != seat]
    name = f.state.players[player].name
    for s in order:
        pid = st.seats.get(s)
        if pid is not None and lock_reason(f.state, pid) is None:
            return s, pid, said(lambda: _("{reason}; {name}'s seat is locked ({why}): the next player in that order "
                                          "moves (LOCK-2)", reason=in_words(reason), name=name, why=why))
    return seat, player, said(lambda: _("{reason}; every player at table {table} is locked: {name} moves, locked "
                                        "({why}), and the lock moves with the player (LOCK-3)",
                                        reason=in_words(reason), table=src, name=name, why=why))


def _all_locked(f: _Field, number: int) -> bool:
    table = f.state.tables[number]
    return all(lock_reason(f.state, table.seats.get(s)) is not None for s in f.occupied(number))


def _unlocked_source(f: _Field, src: int, size: int) -> int:
    """LOCK-2: a table of the same size with a player who may move, when every player at ``src`` is locked."""
    if not _all_locked(f, src):
        return src
    return next((n for n in f.all_of(size) if n != src and f.pop[n] == size and not _all_locked(f, n)), src)


def _worst_seat(table: Table, occ: set[int]) -> int | None:
    """BAL-3: the open seat that posts the big blind soonest at the destination.

    A table of one player has no blinds: the mover takes the first open seat clockwise after him, so
    the two of them start heads-up with the mover due the big blind (no button is needed for that).
    A halted table that reported its hand before the move records its next big blind on the open
    seat after the last one (BAL-1): that seat is the worst one, whatever order the two came in.
    """
    if len(table.seats) <= 1:
        after = next(iter(table.seats), None) or table.button or table.max_seats
        return next((s for s in _clockwise_from(after, table.max_seats) if s not in occ), None)
    if table.bb is None:
        return None
    if table.bb not in occ:
        return table.bb
    return worst_open_seat(_positions(table), occ, table.max_seats)


def stud_only(state: TournamentState) -> bool:
    """BAL-3: every game of the event is a stud game (one stud game, or a mix of stud games only)."""

    games = mix_games(state)[:1] if mode(state) == "none" else mix_games(state)
    return all(g in CATALOGUE and CATALOGUE[g].forced == "stud" for g in games)


def _last_vacated(table: Table, occ: set[int]) -> int | None:
    """BAL-3 stud only: the seat last vacated at the short table (its lowest open seat when none is known)."""
    for seat in reversed(table.moved_out + table.dead_seats):  # busts are what make a table short
        if seat not in occ:
            return seat
    return _lowest_open(table, occ)


def _positions(table: Table) -> Any:
    return positions(table)


def plan_moves(state: TournamentState, cards: dict[int, str] | None = None) -> Plan:
    """The break, redraw or moves the field needs now, with reasons; ``cards`` settles P004 ties."""
    assert state.profile is not None
    prof = state.profile
    due = structural(state)
    if due is not None:
        return due
    plan = Plan()
    index = state.table_index()
    tables = index.in_play()
    if tables < 2 or prof["stage.mode"] != "none" or prof["balance.trigger"] == "none":
        return plan
    method, tie = prof["balance.method"], prof["balance.source_tie"]
    sizes = index.sizes()
    if prof["balance.trigger"] == "below_five":
        if sizes[0] < int(prof["balance.min_players"]):
            _plan_below_five(state, _Field(state), plan, method)
        return plan
    plan.limit = spread_limit(state, tables)
    top, low = sizes[-1], sizes[0]
    plan.spread = top - low
    if prof["balance.trigger"] == "spread_tda":
        plan.halted = halted_tables(state)
    if plan.limit is None or top - low < plan.limit:
        return plan  # balanced: the tables need not be listed
    f = _Field(state)
    while plan.limit is not None and top - low >= plan.limit:
        if not any(f.has_room(n) for n in f.all_of(low)):
            break  # the shortest tables are full (opened with fewer seats): no move evens them out
        src, tied = _source(f, top, tie, cards)
        if not tied:
            src = _unlocked_source(f, src, top)
        dst = _destination(f, low, method)
        move = _pick_move(f, src, dst, method, tied if cards is None else [])
        if tied and cards is None and move.needs is None:
            _needs_of_any_tied(f, move, dst, method, tied)
        move.reason = _differ(top - low, move.reason)
        plan.moves.append(move)
        f.shift(src, dst, move.from_seat, move.to_seat)
        top, low = f.extremes()
    return plan


def _destination(f: _Field, low: int, method: str) -> int:
    candidates = [n for n in f.all_of(low) if f.has_room(n)]
    if method != "same_relative_position":
        return candidates[0]
    # BAL-4 (P004): the eliminated player at the lowest table, closest to the left of the button first.
    def key(number: int) -> tuple[int, int]:
        table = f.state.tables[number]
        seat = _trigger_seat(table, f.occupied(number))
        if seat is None or table.button is None:
            return (99, number)
        return (position_of(seat, table.button, _dealt(table, f.occupied(number)) | {seat}, table.max_seats), number)

    return min(candidates, key=key)


def _plan_below_five(state: TournamentState, f: _Field, plan: Plan, method: str) -> None:
    """BAL-1 (P003): a table below 5 receives a player while more than 10 remain; BRK-3(b) otherwise."""
    assert state.profile is not None
    short_of = int(state.profile["balance.min_players"])
    total = sum(f.pop.values())
    while True:
        short = [n for size in range(short_of) if f.count.get(size) for n in f.all_of(size) if f.has_room(n)]
        if not short:
            return
        if total < short_of * len(f.pop):
            plan.break_table, plan.break_tables, plan.rule = short[0], [short[0]], "BRK-3"
            plan.reason = _below(short[0], short_of, total)
            plan.moves.clear()
            return
        top, _low = f.extremes()
        src = _unlocked_source(f, f.lowest(top), top)  # the fullest table; the lowest number when tied [Reading]
        move = _pick_move(f, src, short[0], method, [])
        move.reason = _dropped(short[0], short_of, move.reason)
        plan.moves.append(move)
        f.shift(src, short[0], move.from_seat, move.to_seat)


def _differ(spread: int, reason: str) -> str:
    return said(lambda: _("tables differ by {spread}: {reason}", spread=spread, reason=in_words(reason)))


def _dropped(table: int, short_of: int, reason: str) -> str:
    return said(lambda: _("table {table} dropped below {short_of}: {reason}", table=table, short_of=short_of,
                          reason=in_words(reason)))


def _below(table: int, short_of: int, total: int) -> str:
    return said(lambda: ngettext(
        "table {table} is below {short_of}; {n} player cannot keep every table at {short_of}",
        "table {table} is below {short_of}; {n} players cannot keep every table at {short_of}", total,
        table=table, short_of=short_of))
