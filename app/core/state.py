"""The tournament's state: nothing but the fold of its events.

Appliers (see :mod:`app.core.registry`) mutate these objects in place, one event at a time. Nothing else
writes to them: command handlers read the state, decide, and emit events.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from app.profiles.profile import Profile

# Player statuses.
REGISTERED = "registered"  # entered, not seated yet
WAITING = "waiting"  # on the waiting list (no seat free, or the cap reached)
SEATED = "seated"  # in a seat with chips (or at zero, deciding on a rebuy)
OUT = "out"  # eliminated, forfeited, removed, or refunded
WINNER = "winner"  # last player holding chips


@dataclass(slots=True)
class Player:
    id: int
    name: str
    status: str = REGISTERED
    stack: int = 0
    table: int | None = None
    seat: int | None = None
    entries: int = 0
    rebuys: int = 0
    addons: int = 0
    topups: int = 0
    reentries: int = 0
    paid_cents: int = 0
    fees_paid: dict[str, int] = field(default_factory=dict)  # ENT-11: fee type (house, dealer, staff) -> cents
    identity: dict[str, str] = field(default_factory=dict)
    absent_since: float | None = None
    busted_level: int | None = None  # level of the hand in which the stack reached 0
    place: int | None = None  # finishing place (the best place of a tied block)
    tied: int = 1  # how many players share the block starting at ``place``
    out_at: float | None = None
    out_reason: str | None = None
    new_obligation: str | None = None  # "wait_bb", "sit_out_once", "post_bb" (BTN-9/10, REG-3)
    refunded: bool = False
    # Entries area (app.entries.registration, app.eliminations.busts, app.absence.leaving):
    deciding: bool = False  # lost all chips, may still rebuy (ENT-5); seated at 0 until rebuy or decline
    bust_batch: int | None = None  # index in ``batches`` of the hand in which he lost his chips
    committed: bool = False  # REG-5: committed before the start, may be seated before arriving
    hand_purchase_cents: int = 0  # ENT-9: bought since the last hand at his table
    hand_purchase_mark: int = -1  # the table's hand count when hand_purchase_cents was last reset
    declared_long_absence: bool = False  # ABS-3(a): said on leaving he will be away longer than the limit
    # [clock position ms, table (0: none), hands at that table] when his stack was last set to a known
    # figure (an entry, a rebuy, a count); app.chips.stacks says whether it is still known
    counted_mark: list[int] | None = None
    # Knockouts (app.knockouts.bounties):
    bounty_cents: int = 0  # KO-2, KO-3: the bounty on his head now, from the bounty pool
    bounties_won_cents: int = 0  # KO-2 to KO-8: bounty money he has won in cash (the house's bounties too)
    knockouts: int = 0  # KO-1: players he knocked out (alone or sharing the pot)

    @property
    def live(self) -> bool:
        """Still in the tournament (seated, waiting for a seat, or not yet seated)."""
        return self.status in (REGISTERED, WAITING, SEATED)


@dataclass(slots=True)
class Table:
    number: int
    max_seats: int
    seats: dict[int, int] = field(default_factory=dict)  # seat -> player id
    button: int | None = None  # button seat of the last hand (None: not known)
    sb: int | None = None  # small-blind seat of the last hand (None: no small blind)
    bb: int | None = None  # big-blind seat of the last hand (None: not known)
    hands: int = 0  # hands finished at this table
    hand_level: int | None = None  # level of the last hand started here
    button_held: bool = False  # BTN-5: the button stays put for one hand after a BB bust
    dead_seats: list[int] = field(default_factory=list)  # seats vacated since the last hand
    # Tables area (app/buttons/blinds.py, app/seating/draw.py, app/balancing/moves.py):
    sb_seat: int | None = None  # canonical small-blind seat of the hand, even when the blind is dead (BTN-1)
    frozen: bool = False  # BTN-7: the button is frozen while a stud game is played
    newcomers: list[int] = field(default_factory=list)  # players seated since the hand was dealt (BTN-9/10)
    sitting_out: dict[int, str] = field(default_factory=dict)  # player id -> why he is not dealt this hand
    moved_out: list[int] = field(default_factory=list)  # seats vacated by moves since the hand was dealt
    last_blinds: dict[int, str] = field(default_factory=dict)  # newcomer id -> "sb"/"bb" paid at his last table
    draw_cards: dict[int, str] = field(default_factory=dict)  # player id -> card of the last seat/button draw
    designated_dealer: int | None = None  # SEAT-4: the player named at the draw to deal at this table
    # Section 20.10: the last level change the director was asked about here ("had the hand started before
    # level N?") and the level his answer gave the hand in play; the table is not asked about it again.
    asked_level: int | None = None
    answered_level: int | None = None

    @property
    def population(self) -> int:
        return len(self.seats)

    def open_seats(self) -> list[int]:
        return [s for s in range(1, self.max_seats + 1) if s not in self.seats]


@dataclass
class Batch:
    """Players eliminated together (ELIM-3) and the places they take."""

    players: list[int]
    first_place: int  # best place of the block
    tie_groups: list[list[int]]  # best finishers first; each group shares its places
    at: float
    table: int | None = None
    reason: str = "bust"
    stacks: dict[int, int] = field(default_factory=dict)  # chips at the start of the hand (ELIM-4)
    pending: list[int] = field(default_factory=list)  # lost all chips, still deciding on a rebuy (ENT-5)
    mode: str = "stack_order"  # how the batch is ordered: stack_order, split_all, tie (ELIM-4)
    payout_order: list[int] = field(default_factory=list)  # PAY-4 odd-cent order
    seats: dict[int, list[int]] = field(default_factory=dict)  # player -> [table, seat] when he busted


@dataclass
class TableIndex:
    """Every table's population, and how many tables have each population (BAL, BRK).

    Kept by the appliers that seat and unseat players (:meth:`TournamentState.seats_changed`), so the
    balance planner reads the field's extremes and totals without scanning the tables: the engine's
    cost per action does not grow with the field.
    """

    pop: dict[int, int] = field(default_factory=dict)  # table -> players seated there
    count: dict[int, int] = field(default_factory=dict)  # population -> tables with it
    total: int = 0  # players seated at all tables
    by_size: dict[int, set[int]] = field(default_factory=dict)  # population -> the tables with it
    live: dict[int, int] = field(default_factory=dict)  # ``pop`` without the empty tables: those in play
    full: set[int] = field(default_factory=set)  # tables with every seat taken
    full_count: dict[int, int] = field(default_factory=dict)  # population -> full tables with it

    def __post_init__(self) -> None:
        # Caches, not state (plain attributes, so snapshots and comparisons leave them out):
        # population -> a heap of the numbers of the tables with it, made on the first :meth:`lowest` of
        # that population and pushed to since; a number whose table has changed size is dropped when it
        # surfaces. "lowest"/"highest" -> a heap of the numbers of the tables in play (negated for
        # "highest"), made on the first :meth:`in_play_ends` and pushed to when a table comes into play.
        self.heaps: dict[int, list[int]] = {}
        self.ends: dict[str, list[int]] = {}

    def update(self, number: int, population: int | None, full: bool = False) -> None:
        old = self.pop.pop(number, None)
        if old is not None:
            self.count[old] -= 1
            self.total -= old
            self.by_size[old].discard(number)
            self.live.pop(number, None)
            if number in self.full:
                self.full.discard(number)
                self.full_count[old] -= 1
        if population and not old:  # comes into play
            for key in list(self.ends):
                heap = self.ends[key]
                if len(heap) > 2 * len(self.live) + 64:  # mostly tables out of play since: start afresh
                    heap = self.ends[key] = self._ends_heap(key)
                heapq.heappush(heap, number if key == "lowest" else -number)
        if population is not None:
            if full:
                self.full.add(number)
                self.full_count[population] = self.full_count.get(population, 0) + 1
            self.pop[number] = population
            self.count[population] = self.count.get(population, 0) + 1
            self.total += population
            bucket = self.by_size.setdefault(population, set())
            bucket.add(number)
            if population:
                self.live[number] = population
            sized = self.heaps.get(population)
            if sized is not None:
                if len(sized) > 2 * len(bucket) + 64:  # mostly numbers that left: start afresh
                    self.heaps[population] = sorted(bucket)  # a sorted list is a heap
                else:
                    heapq.heappush(sized, number)

    def add_empty(self, numbers: list[int]) -> None:
        """Tables just opened, nobody seated yet: what :meth:`update` with population 0 does for each."""
        for number in numbers:
            if number in self.pop:
                self.update(number, 0)
        fresh = [number for number in numbers if number not in self.pop]
        self.pop.update(dict.fromkeys(fresh, 0))
        self.count[0] = self.count.get(0, 0) + len(fresh)
        bucket = self.by_size.setdefault(0, set())
        bucket.update(fresh)
        sized = self.heaps.get(0)
        if sized is not None:
            self.heaps[0] = sorted(bucket)

    def refill(self, tables: Iterable[Table]) -> None:
        """After a draw seated many tables at once: what :meth:`update` does for each, in bulk (the heaps,
        caches, are made again when next asked for)."""
        for table in tables:
            number = table.number
            old = self.pop.get(number)
            if old is not None:
                self.count[old] -= 1
                self.total -= old
                self.by_size[old].discard(number)
                self.live.pop(number, None)
                if number in self.full:
                    self.full.discard(number)
                    self.full_count[old] -= 1
            population = len(table.seats)
            self.pop[number] = population
            self.count[population] = self.count.get(population, 0) + 1
            self.total += population
            self.by_size.setdefault(population, set()).add(number)
            if population:
                self.live[number] = population
            if population >= table.max_seats:
                self.full.add(number)
                self.full_count[population] = self.full_count.get(population, 0) + 1
        self.heaps.clear()
        self.ends.clear()

    def _ends_heap(self, key: str) -> list[int]:
        return sorted(self.live) if key == "lowest" else sorted(-n for n in self.live)

    def in_play_ends(self, k: int, highest: bool) -> list[int]:
        """The ``k`` highest (or lowest) numbers of the tables in play, in that order."""
        key = "highest" if highest else "lowest"
        heap = self.ends.get(key)
        if heap is None:
            heap = self.ends[key] = self._ends_heap(key)
        out: list[int] = []
        while heap and len(out) < k:
            entry = heapq.heappop(heap)
            number = -entry if highest else entry
            if number in self.live and number not in out:
                out.append(number)  # else: out of play since, or pushed twice: dropped
        for number in out:
            heapq.heappush(heap, -number if highest else number)
        return out

    def with_room(self, population: int) -> int:
        """How many tables of this population have an open seat."""
        return self.count.get(population, 0) - self.full_count.get(population, 0)

    def lowest(self, population: int, k: int, accept: Callable[[int], bool] | None = None) -> list[int]:
        """The ``k`` lowest-numbered tables of this population (those ``accept`` takes), lowest first."""
        heap = self.heaps.get(population)
        if heap is None:
            heap = self.heaps[population] = sorted(self.by_size.get(population, ()))
        out: list[int] = []
        seen: list[int] = []
        while heap and len(out) < k:
            number = heapq.heappop(heap)
            if self.pop.get(number) != population or (seen and number in seen):
                continue  # the table has changed size since (or a number pushed twice): drop it
            seen.append(number)
            if accept is None or accept(number):
                out.append(number)
        for number in seen:
            heapq.heappush(heap, number)
        return out

    def sizes(self) -> list[int]:
        """The populations of the tables in play (with a player), smallest first."""
        return sorted(k for k, c in self.count.items() if c and k)

    def in_play(self) -> int:
        return sum(c for k, c in self.count.items() if k)


@dataclass
class TournamentState:
    profile: Profile | None = None
    name: str = ""
    created_at: float = 0.0
    seed: int = 0
    players: dict[int, Player] = field(default_factory=dict)
    by_name: dict[str, int] = field(default_factory=dict)  # app.names.name_key(name) -> id
    by_fold: dict[str, list[int]] = field(default_factory=dict)  # app.names.fold_key(name) -> ids
    tables: dict[int, Table] = field(default_factory=dict)
    waiting: list[int] = field(default_factory=list)
    next_player_id: int = 1
    pool_cents: int = 0
    fees_cents: int = 0
    fees_by_type: dict[str, int] = field(default_factory=dict)  # ENT-11: house, dealer, staff -> cents
    refunds_cents: int = 0
    forfeit_fees_cents: int = 0
    money_log: list[dict[str, Any]] = field(default_factory=list)
    chips_issued: int = 0
    chips_removed: int = 0  # forfeits to the bank, chip-race rounding, no-show removals
    chips_added: int = 0  # chips added by a race (raced-out players)
    batches: list[Batch] = field(default_factory=list)
    started_at: float | None = None  # when the clock first ran (ABS-5: half an hour from the start)
    ended: bool = False
    hand_for_hand: bool = False
    payout_override: list[int] | None = None  # director's edited table, in cents
    # PAY-10: {"prizes_cents": [...], "auto": bool, "at": float}: the table stops following the field
    payout_lock: dict[str, Any] | None = None
    # PAY-11: the agreed deal: {"method", "players": [ids], "chips": {id: n}, "amounts": {id: cents},
    # "save_cents", "prizes_cents": the prizes in play it replaced}
    deal: dict[str, Any] | None = None
    # Knockouts (app.knockouts.bounties): the bounty pool is money kept apart from the prize pool.
    bounty_pool_cents: int = 0  # KO-2: the bounty parts of the entries taken (less refunds)
    bounties_paid_cents: int = 0  # KO-2 to KO-8: paid out of the bounty pool in cash
    bounty_unclaimed_cents: int = 0  # KO-8: bounties nobody won yet (no eliminator named); to the winner
    house_bounties_paid_cents: int = 0  # KO-5: paid by the house, not out of the players' money
    house_bounties: dict[int, int] = field(default_factory=dict)  # KO-5: player -> cents, named by the director
    # KO-1: one record per knockout: {at, player, by: [ids], bounty, cash: {id: c}, added: {id: c},
    # house: {id: c}, unclaimed}; ids as text keys in the maps (they come back from the event log as JSON)
    knockout_log: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0
    tables_broken: int = 0
    redraws: int = 0
    clock: dict[str, Any] = field(default_factory=dict)  # owned by app.levels.timeline
    games: dict[str, Any] = field(default_factory=dict)  # owned by app.games.rotation
    extra: dict[str, Any] = field(default_factory=dict)  # area-specific bookkeeping
    seq: int = 0  # events applied
    # Entries area counters, kept so no command scans the whole field:
    in_field: int = 0  # players holding an entry and not eliminated (the winner included)
    deciding_count: int = 0  # of them, players who lost all their chips and are deciding on a rebuy (ENT-5)
    entrants: int = 0  # distinct players who ever held an entry (ELIM-2's N)
    money_counts: dict[str, int] = field(default_factory=dict)  # entry/reentry/rebuy/addon/topup -> count
    loose_chips: dict[int, int] = field(default_factory=dict)  # table -> chips of busted players, not counted
    # table -> the tables where those chips may be now, when not only there (app.chips.loose)
    loose_tables: dict[int, list[int]] = field(default_factory=dict)
    # groups of tables that players moved between since they were counted: only their sum is known
    moved_between: list[list[int]] = field(default_factory=list)
    count_corrections: int = 0  # net chips added to play by accepted counts (never above 0 after a count)
    pending_count: dict[str, Any] | None = None  # a flagged chip count awaiting the director
    # Every change of seat by a move, a broken table, a redraw or a stage: {kind, player, from_table,
    # from_seat, to_table, to_seat, reason, at} (app.balancing, app.seating; read by app.views).
    seat_moves: list[dict[str, Any]] = field(default_factory=list)
    index: TableIndex = field(default_factory=TableIndex)  # populations, kept by seats_changed

    @property
    def started(self) -> bool:
        """The tournament has started: its clock has first run (level 1 began). Nothing else starts it,
        not the seat draw, not a seat given by hand (section 20.6). It comes from the ``clock_started``
        event alone, so any log replays to the same answer."""
        return bool(self.clock.get("started"))

    # -- the table index ----------------------------------------------------------------------
    def seats_changed(self, *numbers: int) -> None:
        """Appliers call this after seating or unseating players at these tables, or adding or removing them."""
        for number in numbers:
            table = self.tables.get(number)
            if table is None:
                self.index.update(number, None)
            else:
                self.index.update(number, len(table.seats), len(table.seats) >= table.max_seats)

    def reindex(self) -> None:
        """After ``tables`` was set afresh (a redraw, a new stage)."""
        self.index = TableIndex()
        self.seats_changed(*self.tables)

    def table_index(self) -> TableIndex:
        """The index, rebuilt when tables were added or dropped without :meth:`seats_changed` (tests)."""
        if len(self.index.pop) != len(self.tables):
            self.reindex()
        return self.index

    # -- lookups ------------------------------------------------------------------------------
    def live_players(self) -> list[Player]:
        return [p for p in self.players.values() if p.live]

    def seated_count(self) -> int:
        return sum(t.population for t in self.tables.values())

    def remaining(self) -> int:
        """Players still holding a place in the tournament (live)."""
        return sum(1 for p in self.players.values() if p.live)

    def chips_in_play(self) -> int:
        return sum(p.stack for p in self.players.values() if p.live)

    def expected_chips(self) -> int:
        return self.chips_issued + self.chips_added - self.chips_removed
