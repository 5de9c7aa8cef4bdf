"""The one read path: :func:`read` gives a typed, frozen :class:`TournamentView` of a tournament.

Everything a screen or a sheet shows comes from here: the field (players left, paid places, the
bubble, in the money, the final table, the average stack, the prize pool, the next paid place), the
tables, every seat change with where the player came from, the moves the balancing plan asks for,
the places (ELIM-5), the payouts and the clock.

The view is worked out once per change of the state (cached by the state object and its event
count ``seq``): the prize table is computed once per bust, however many screens read it. Only the
clock depends on the time; it is computed from the clock's timestamps at each read, which is cheap.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from operator import attrgetter
from types import MappingProxyType
from typing import Any

import msgspec

from app import format as fmt
from app.balancing import plan as balancing_plan
from app.buttons.halting import halts
from app.buttons.positions import effective_dealer
from app.chips.loose import field_chips
from app.clock import view as clock_views
from app.core.state import WINNER, TournamentState
from app.eliminations import payouts as money_rules
from app.eliminations import satellite
from app.entries.registration import open_seat_exists
from app.entries.waitlist import first_waiting
from app.games.catalogue import CATALOGUE
from app.i18n import _, ngettext, pgettext
from app.tournament.day_end import day2_of, day_over_by_field
from app.views.parts.tournament import AnnouncementView, PreregisteredView, announcements, preregistered
from app.views.tables import TableDetail, table_detail


@dataclass(frozen=True, slots=True)
class FieldView:
    """The field and the money at a glance."""

    started: bool = False
    ended: bool = False
    entries: int = 0  # buy-ins and re-entries
    rebuys: int = 0
    addons: int = 0
    topups: int = 0  # ENT-6: top-ups bought (their money is in the pool)
    players_left: int = 0  # players holding an entry and not eliminated (an unpaid registration is not)
    registered: int = 0  # players registered, entered or not
    paid_places: int = 0
    bubble: bool = False  # one more bust and everyone left is paid
    in_the_money: bool = False
    final_table: bool = False
    hand_for_hand: bool = False
    day_over: bool = False  # FLT-3: this flight's day has ended, or its players left say it is over (bag the chips)
    average_stack: int | None = None
    pool_cents: int = 0  # the money paid in (ENT-2)
    prize_pool_cents: int = 0  # what the prizes add up to: the pool, or the guarantee (PAY-1)
    fees_cents: int = 0  # fees taken on purchases, kept out of the pool (ENT-11)
    bounty_kind: str = "none"  # KO: none, fixed or progressive
    bounty_pool_cents: int = 0  # KO-2: the bounty parts of the entries, kept apart from the prize pool
    bounties_paid_cents: int = 0  # KO-2 to KO-8: paid out of the bounty pool
    house_bounties_paid_cents: int = 0  # KO-5: paid by the house
    prize_unit_cents: int = 1  # PAY-8: every prize a multiple of this, the remainder to 1st
    min_cash_cents: int | None = None  # PAY-9: the least a paid place pays
    payouts_locked: bool = False  # PAY-10: the payout table no longer follows the field
    next_paid_place: int | None = None  # the next place to be paid as the field shrinks
    next_paid_cents: int | None = None  # and its prize
    winner: str = ""
    tables: int = 0  # tables with players
    seats: int = 0  # SAT-1: a satellite's seats (0: not a satellite)
    seat_event: str = ""  # the event they are for
    seats_awarded: int = 0  # seats won so far
    seat_winners: tuple[str, ...] = ()  # SAT-3: once the seats are awarded, who won one (best place first)
    chips_counted: bool = False  # a chip count was entered: stacks are more than the chips bought

    @property
    def players_shown(self) -> int:
        """The players left as every face shows them: once a satellite's seats are awarded, its seat
        winners, who won and are not out (SAT-3)."""
        return self.players_left or len(self.seat_winners)


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    player_id: int
    name: str
    stack: int


class HandView(msgspec.Struct, frozen=True):
    """The hand a table is playing (CONV-6, CLK-4): it keeps the level in force when it started."""

    number: int  # the table's hands finished, plus this one
    level: int
    game: str = ""  # the game's name, "" while not known (dealer's choice before the choice)
    forced_bets: Mapping[str, Any] = msgspec.field(default_factory=dict)  # sb, bb, ante (or the stud column)
    waiting: bool = False  # finished during a break: the next hand starts when the break ends (CLK-3)
    raw: Mapping[str, Any] = msgspec.field(default_factory=dict)  # the clock's words for the hand (every key)


class TableView(msgspec.Struct, frozen=True):
    number: int
    max_seats: int
    seats: tuple[SeatView, ...] = ()
    button: int | None = None  # button seat of the last hand
    button_marker: int | None = None  # where the button is shown (the effective dealer, if the profile says so)
    sb: int | None = None  # small-blind seat of the last hand
    bb: int | None = None  # big-blind seat of the last hand
    hand: HandView | None = None  # the hand it plays
    detail: TableDetail | None = None  # the rest of what the JSON view shows (app.views.detail only)

    @property
    def population(self) -> int:
        return len(self.seats)


@dataclass(frozen=True, slots=True)
class MoveView:
    """One change of seat: a move (``move``), a broken table (``break``), a redraw or a stage's end.

    ``from_table``/``from_seat`` are None when not known (an older log, or a player not seated before).
    """

    kind: str
    player_id: int | None
    name: str
    from_table: int | None
    from_seat: int | None
    to_table: int
    to_seat: int
    reason: str = ""
    at: float = 0.0


@dataclass(frozen=True, slots=True)
class PendingView:
    """What the balancing plan asks for now: a ``move``, a table ``break`` or a ``redraw``; before it, a
    late entrant waiting for a free seat (``seat``, REG-3).

    ``command`` is the command that carries it out (``{"cmd": "move", ...}``, ``{"cmd": "balance"}`` ...).
    """

    kind: str
    player_id: int | None
    name: str
    from_table: int
    from_seat: int | None
    to_table: int
    to_seat: int | None
    reason: str
    command: Mapping[str, Any] = field(default_factory=dict)

    def text(self, _state: Any = None) -> str:
        """The pending action in words (``_state`` is accepted and unused, for older callers)."""
        if self.kind == "break":
            return _("Break table {table}", table=self.from_table)
        if self.kind == "redraw":
            return ngettext("Redraw: all players to {n} table", "Redraw: all players to {n} tables", self.to_table)
        if self.kind == "seat":
            return _("Seat {name}: waiting for a seat", name=self.name)
        who = self.name or _("a player")
        where = dict(who=who, table=self.from_table, seat=self.from_seat, to_table=self.to_table, to_seat=self.to_seat)
        if self.from_seat and self.to_seat:
            return _("Balance: move seat {seat} of table {table} ({who}) to table {to_table} seat {to_seat}", **where)
        if self.from_seat:
            return _("Balance: move seat {seat} of table {table} ({who}) to table {to_table}", **where)
        if self.to_seat:
            return _("Balance: move table {table} ({who}) to table {to_table} seat {to_seat}", **where)
        return _("Balance: move table {table} ({who}) to table {to_table}", **where)


class _PlaceBlock:
    """A block of places starting at ``place`` and ``span`` long: its tie and its label (``T-11th``)."""

    __slots__ = ()
    place: int
    span: int

    @property
    def tied(self) -> bool:
        return self.span > 1

    @property
    def label(self) -> str:
        return fmt.place(self.place, self.span)


class PlaceView(msgspec.Struct, _PlaceBlock, frozen=True):
    """A decided place (ELIM-5): the best place of the block, how many share it, and each one's prize."""

    place: int
    span: int  # players sharing the block of places starting at ``place`` (1: no tie)
    player_ids: tuple[int, ...]
    names: tuple[str, ...]
    shares_cents: tuple[int, ...]  # each player's prize, in the order of ``names`` (PAY-4)
    reason: str = ""
    seat: str = ""  # SAT-4: "Seat in Main Event" when the block's prizes are satellite seats
    seat_cents: int = 0  # the seat's value: each share above it is paid in cash
    recorded: tuple[str, ...] = ()  # the names in the order the elimination recorded them

    def prize_text(self, share_cents: int, currency: str = fmt.USD) -> str:
        """One player's prize in words: "Seat in Main Event", "Seat in Main Event + $0.03", or the amount."""
        if not self.seat:
            return fmt.money(share_cents, currency) if share_cents else ""
        extra = share_cents - self.seat_cents
        return self.seat + (f" + {fmt.money(extra, currency)}" if extra > 0 else "")


class PayoutView(msgspec.Struct, _PlaceBlock, frozen=True):
    """One row of the payout table: one per paid place; a tied block has one row per tied player."""

    place: int
    prize_cents: int
    player_id: int | None = None  # None while the place is not decided
    name: str | None = None
    span: int = 1  # players sharing the block starting at ``place``
    seat: str = ""  # SAT-4: "Seat in Main Event" (and the cash over it) when the prize is a satellite seat

    def prize_text(self, currency: str = fmt.USD) -> str:
        """The prize as the director says it: the seat's words, else the amount."""
        return self.seat or fmt.money(self.prize_cents, currency)

@dataclass(frozen=True, slots=True)
class DealLineView:
    """One player's part of a recorded deal (PAY-11)."""

    player_id: int
    name: str
    chips: int
    amount_cents: int


@dataclass(frozen=True, slots=True)
class DealView:
    """The deal the players still in agreed (PAY-11): it replaced the prizes of the places in play."""

    method: str  # icm, chip_chop or amounts
    lines: tuple[DealLineView, ...]
    save_cents: int = 0  # left to play for: the winner takes it on top of his amount
    prizes_cents: tuple[int, ...] = ()  # the prizes in play it replaced, 1st first

    @property
    def method_text(self) -> str:
        return {"icm": "ICM", "chip_chop": "chip chop", "amounts": "amounts agreed"}.get(self.method, self.method)


class PlayerView(msgspec.Struct, frozen=True):
    """One player as every face shows him (a ``msgspec.Struct``: a field of 10,000 is built in a blink)."""

    id: int
    name: str
    status: str
    stack: int
    table: int | None
    seat: int | None
    place: int | None
    span: int
    prize_cents: int
    entries: int  # his entries, re-entries included
    paid_cents: int
    bounty_cents: int = 0  # KO-2, KO-3: the bounty on his head now
    bounties_won_cents: int = 0  # KO: bounty money he has won (the house's bounties too)
    knockouts: int = 0  # KO-1: players he knocked out
    rebuys: int = 0
    addons: int = 0
    topups: int = 0
    reentries: int = 0
    deciding: bool = False  # lost all his chips and may still rebuy (ENT-5)
    absent_since: float | None = None  # ABS-1
    out_reason: str | None = None
    refunded: bool = False
    waiting: bool = False  # on the waiting list (REG-3)

    @property
    def place_label(self) -> str:
        return fmt.place(self.place, self.span)

    @property
    def tied(self) -> bool:
        return self.span > 1


@dataclass(frozen=True, slots=True)
class ClockView:
    """The clock at the time it was read, computed from the clock's timestamps."""

    at: float = 0.0
    started: bool = False
    running: bool = False
    paused: bool = False
    on_break: bool = False
    level: int = 1
    game: str = ""  # the game's name, "" while not known
    forced_bets: Mapping[str, Any] = field(default_factory=dict)  # sb, bb, ante / ante, bring_in, complete
    seconds_left: float | None = None
    next_level: int | None = None
    next_game: str = ""
    next_forced_bets: Mapping[str, Any] = field(default_factory=dict)
    break_first: bool = False  # a break comes before the next level
    race_after: int | None = None  # on a break with a chip race: the level the break follows
    late_seconds_left: float | None = None
    late_open: bool = False  # late registration is open now (the clock's one rule)
    late_closed_early: bool = False  # REG-8: the director closed it before the profile's deadline
    ended: bool = False  # the tournament is over (won, or a satellite's seats awarded): the clock stopped there
    raw: Mapping[str, Any] = field(default_factory=dict)  # the engine's clock view as JSON (every key)

    @property
    def time_text(self) -> str:
        return fmt.clock(self.seconds_left)

    @property
    def blinds(self) -> str:
        """This level's forced bets on one line."""
        return fmt.bets(self.forced_bets)

    @property
    def next_text(self) -> str:
        """What comes next: ``break, then level 5 · Razz ante 10 bring in 25``."""
        if self.next_level is None:
            return ""
        words = dict(level=self.next_level, game=self.next_game, bets=fmt.bets(self.next_forced_bets))
        if self.break_first:
            return _("break, then level {level} · {game} {bets}", **words).strip()
        return _("level {level} · {game} {bets}", **words).strip()

    @property
    def registration_text(self) -> str:
        """Late registration in words (REG-4 countdown, REG-8 closed early by the director), or ""."""
        return fmt.late_registration(self.late_seconds_left, self.late_closed_early)

    @property
    def state_text(self) -> str:
        if self.ended:
            return pgettext("clock", "tournament over")
        if not self.started:
            return pgettext("clock", "not started")
        if self.on_break:
            # Translators: the clock's state: the room is on a break between levels.
            return pgettext("clock", "break")
        return pgettext("clock", "running") if self.running else pgettext("clock", "paused")


@dataclass(frozen=True, slots=True)
class Day1PlaceView:
    """FLT-7: a player out on Day 1 of an event, below every Day-2 player: his place, flight and prize."""

    place: int
    name: str
    flight: str
    prize_cents: int


@dataclass(frozen=True, slots=True)
class EventLinkView:
    """FLT-1, FLT-10: the event this tournament belongs to: its file, and this tournament's part of it (a flight's
    name, or "Day 2")."""

    file: str
    part: str
    title: str = ""


@dataclass(frozen=True, slots=True)
class TournamentView:
    """Everything the faces read of one tournament state."""

    seq: int
    name: str
    currency: str
    field: FieldView
    tables: tuple[TableView, ...]
    players: tuple[PlayerView, ...]
    moves: tuple[MoveView, ...]  # every seat change, oldest first
    pending: tuple[PendingView, ...]  # what the balancing plan asks for now
    places: tuple[PlaceView, ...]  # decided places, best first
    payouts: tuple[PayoutView, ...]  # the payout table, 1st first
    prizes_cents: tuple[int, ...]  # prize per place, 1st first (the table before any tie is split)
    chip_names: Mapping[int, str]  # chip value -> "red 5" for the room
    clock: ClockView
    deal: DealView | None = None  # PAY-11: the recorded deal, if any
    # The director's announcements for the room's screens, in the order they show (not cancelled).
    announcements: tuple[AnnouncementView, ...] = ()
    # REG-10: the names pre-registered and not yet checked in (no seat, not in the field).
    preregistered: tuple[PreregisteredView, ...] = ()
    # FLT-7, FLT-10: an event's Day 2: the Day-1 finishers, placed below every Day-2 player, best first.
    day1: tuple[Day1PlaceView, ...] = ()
    event: EventLinkView | None = None  # FLT-1, FLT-10: the event of flights this tournament belongs to

    def money(self, cents: int | None) -> str:
        """An amount in this tournament's currency."""
        return fmt.money(cents, self.currency)

    def player(self, player_id: int) -> PlayerView | None:
        return next((p for p in self.players if p.id == player_id), None)

    def last_moves(self) -> tuple[MoveView, ...]:
        """The seat changes of the latest action that moved anyone (one balance, one broken table)."""
        if not self.moves:
            return ()
        last = self.moves[-1].at
        return tuple(m for m in self.moves if m.at == last)


# -- building ---------------------------------------------------------------------------------------


def game_name(game: str | None) -> str:
    """A game's name: a catalogue id becomes the catalogue's name, a name stays as it is."""
    if not game:
        return ""

    if game in CATALOGUE:
        return str(CATALOGUE[game].name)
    if "_" in game or game.islower():
        return game.replace("_", " ").title()
    return game


def _game_name(game: Any) -> str:
    return str(game.get("name") or game.get("id") or "") if isinstance(game, Mapping) else str(game or "")


def clock_at(state: TournamentState, now: float | None) -> ClockView:
    """The clock of ``state`` at ``now`` (None: as of its last change)."""
    if state.profile is None:
        return ClockView()
    raw = clock_views.clock_part(state, now)
    nxt = raw.get("next") if isinstance(raw.get("next"), Mapping) else None
    brk = raw.get("break") if isinstance(raw.get("break"), Mapping) else None
    left = raw.get("ms_left")
    late = raw.get("late_registration_seconds_left")
    forced = raw.get("forced_bets")
    if not isinstance(forced, Mapping):
        forced = dict(raw.get("blinds") or {})
    return ClockView(
        at=float(raw.get("as_of") or 0.0),
        started=bool(raw.get("started")),
        running=bool(raw.get("running")),
        paused=bool(raw.get("paused")),
        on_break=bool(raw.get("on_break")),
        level=int(raw.get("level") or 1),
        game=_game_name(raw.get("game")),
        forced_bets=forced,
        seconds_left=left / 1000 if isinstance(left, int | float) else None,
        next_level=int(nxt["level"]) if nxt and nxt.get("level") is not None else None,
        next_game=_game_name(nxt.get("game")) if nxt else "",
        next_forced_bets=dict(nxt.get("forced_bets") or {}) if nxt else {},
        break_first=bool(nxt and nxt.get("break_first")),
        race_after=int(brk["after_level"]) if raw.get("on_break") and brk and brk.get("race") else None,
        late_seconds_left=float(late) if isinstance(late, int | float) and late > 0 else None,
        late_open=bool(raw.get("late_registration_open")),
        late_closed_early=bool(raw.get("late_registration_closed_early")),
        ended=bool(state.ended),
        raw=raw,
    )


def _hand(state: TournamentState, table: Any, now: float | None) -> HandView | None:
    if state.profile is None:
        return None
    raw = clock_views.current_hand(state, table, clock_views.as_of(state, now))
    return HandView(
        number=int(raw["number"]),
        level=int(raw["level"]),
        game=_game_name(raw.get("game")),
        forced_bets=dict(raw.get("forced_bets") or raw["blinds"]),
        waiting=bool(raw["waiting"]),
        raw=raw,
    )


def _hands_follow_time(state: TournamentState) -> bool:
    """A table's hand changes with time alone: it has not reported a hand yet (the clock decides), or
    it waits for a break's end."""
    return bool(state.extra.get("break_waiting")) or any(t.hand_level is None for t in state.tables.values())


def _tables(state: TournamentState, now: float | None = None, detail: bool = False) -> tuple[TableView, ...]:
    """Every table; with ``detail``, each with what the JSON view shows besides (:class:`TableDetail`)."""
    out = []
    on_dealer = bool(state.profile is not None and state.profile["button.display_on_effective_dealer"])
    stops = halts(state) if detail and state.profile is not None else {}
    for number in sorted(state.tables):
        t = state.tables[number]
        players = state.players
        seats = tuple(SeatView(s, pid, players[pid].name, players[pid].stack) for s, pid in sorted(t.seats.items()))
        marker = effective_dealer(t.button, t.seats, t.max_seats) if on_dealer else t.button
        more = table_detail(state, t, stops.get(number)) if detail else None
        out.append(TableView(t.number, t.max_seats, seats, t.button, marker, t.sb, t.bb, _hand(state, t, now), more))
    return tuple(out)


# Tables whose hands follow the time, by state object: rebuilt only when the level or a break changes
# (what a table's next hand depends on), not at every read of the clock (ten a second on the display).
_TABLES_AT: dict[int, tuple[weakref.ref[TournamentState], tuple[int, int, bool], tuple[TableView, ...]]] = {}


def _tables_at(state: TournamentState, now: float | None, clock: ClockView) -> tuple[TableView, ...]:
    key = (state.seq, clock.level, clock.on_break)
    hit = _TABLES_AT.get(id(state))
    if hit is not None and hit[0]() is state and hit[1] == key:
        return hit[2]
    tables = _tables(state, now)
    if len(_TABLES_AT) >= 8:
        _TABLES_AT.pop(next(iter(_TABLES_AT)))
    _TABLES_AT[id(state)] = (weakref.ref(state), key, tables)
    return tables


def _moves(state: TournamentState) -> tuple[MoveView, ...]:
    names = state.players
    return tuple(
        MoveView(
            kind=str(m["kind"]),
            player_id=m.get("player"),
            name=names[m["player"]].name if m.get("player") in names else str(m.get("player") or ""),
            from_table=m.get("from_table"),
            from_seat=m.get("from_seat"),
            to_table=int(m["to_table"]),
            to_seat=int(m["to_seat"]),
            reason=str(m.get("reason") or ""),
            at=float(m.get("at") or 0.0),
        )
        for m in state.seat_moves
    )


def _seat_waiting(state: TournamentState) -> tuple[PendingView, ...]:
    """REG-3: a seat is free and a late entrant who paid waits for one (the first on the list who is there)."""
    if not state.waiting or not state.tables:
        return ()
    p = first_waiting(state, paid=True)
    if p is None or not open_seat_exists(state):
        return ()
    cmd = {"cmd": "seat_waiting", "player": p.id}
    return (PendingView("seat", p.id, p.name, 0, None, 0, None, "paid, waiting for a seat (REG-3)", cmd),)


def _pending(state: TournamentState) -> tuple[PendingView, ...]:
    """The waiting entrant to seat first (his seat counts in the balance), then the balancing plan."""
    if state.profile is None:
        return ()
    seat = _seat_waiting(state)
    if len(state.tables) < 2:
        return seat
    plan = balancing_plan.plan_moves(state)
    if plan.redraw_to is not None:
        cmd: dict[str, Any] = {"cmd": "redraw", "tables": plan.redraw_to}
        return (*seat, PendingView("redraw", None, "", 0, None, int(plan.redraw_to), None, plan.reason, cmd))
    if plan.break_table is not None:
        cmd = {"cmd": "break_table", "table": plan.break_table}
        return (*seat, PendingView("break", None, "", int(plan.break_table), None, 0, None, plan.reason, cmd))
    out = list(seat)
    for m in plan.moves:
        table = state.tables.get(m.from_table)
        pid = table.seats.get(m.from_seat) if table is not None and m.from_seat is not None else None
        if m.player is not None and pid is not None and m.to_seat is not None and not m.tied:
            cmd = {"cmd": "move", "player": pid, "table": m.to_table, "seat": m.to_seat}
        else:
            cmd = {"cmd": "balance"}
        who = pid if m.player is not None else None
        name = state.players[who].name if who is not None and who in state.players else ""
        reason = m.reason + (f" ({m.rule})" if m.rule else "")
        out.append(PendingView("move", who, name, m.from_table, m.from_seat, m.to_table, m.to_seat, reason, cmd))
    return tuple(out)


def _places(state: TournamentState, won: Mapping[int, tuple[int, int, bool]]) -> tuple[PlaceView, ...]:
    rows: list[PlaceView] = []
    players = state.players
    seat_of = money_rules.seat_test(state)
    seat = f"Seat in {money_rules.event_name(state)}" if money_rules.is_satellite(state) else ""
    value = money_rules.seat_value(state) if seat else 0
    nothing = (0, 0, False)
    if state.ended:
        for p in players.values():
            if p.status == WINNER:
                prize = won.get(p.id, (1, 0, False))[1]
                seated = seat_of(1, prize)  # SAT-3: played to a winner, 1st takes a seat
                rows.append(PlaceView(1, 1, (p.id,), (p.name,), (prize,), "winner", seat if seated else "",
                                      value if seated else 0, (p.name,)))
    for batch in reversed(state.batches):
        reason = batch.reason
        for group in batch.tie_groups:
            place = players[group[0]].place
            if place is None:
                continue
            if len(group) == 1:  # most places: one player, no tie
                pid = group[0]
                names = (players[pid].name,)
                share = won.get(pid, nothing)[1]
                seated = seat_of(place, share)
                rows.append(PlaceView(place, 1, (pid,), names, (share,), reason, seat if seated else "",
                                      value if seated else 0, names))
                continue
            ids = tuple(sorted(group, key=lambda pid: -won.get(pid, nothing)[1]))
            shares = tuple(won.get(pid, nothing)[1] for pid in ids)
            seated = bool(shares) and seat_of(place, min(shares))
            rows.append(
                PlaceView(place, len(group), ids, tuple(players[pid].name for pid in ids), shares, reason,
                          seat if seated else "", value if seated else 0, tuple(players[pid].name for pid in group))
            )
    rows.sort(key=attrgetter("place"))
    return tuple(rows)


def _payouts(state: TournamentState, table: list[int], won: dict[int, tuple[int, int, bool]]) -> tuple[PayoutView, ...]:
    rows = money_rules.payout_rows(state, table, won)
    span: dict[int, int] = {}
    for r in rows:
        span[int(r["place"])] = span.get(int(r["place"]), 0) + 1
    ids = {state.players[pid].name: pid for pid in won if pid in state.players}  # the placed players only
    seat = money_rules.is_satellite(state)
    return tuple(
        PayoutView(int(r["place"]), int(r["amount_cents"]), ids.get(r["player"]) if r["player"] else None,
                   r["player"], span[int(r["place"])],
                   _seat_words(state, int(r["place"]), int(r["amount_cents"])) if seat else "")
        for r in rows
    )


def _seat_words(state: TournamentState, place: int, cents: int) -> str:
    """SAT-4: "Seat in Main Event" (+ the cash over the seat) for a seat place, else ""."""
    if not money_rules.seat_of(state, place, cents):
        return ""
    return satellite.prize_words(state, place, cents, currency_of(state))


def chips_counted(state: TournamentState) -> bool:
    """Some chip count was entered: before it, every stack is only the chips bought (no chip leaders yet)."""
    return bool(state.extra.get("counts_applied"))


def _seat_winners(state: TournamentState, won: Mapping[int, tuple[int, int, bool]]) -> tuple[str, ...]:
    """SAT-3, SAT-4: the players whose prize is a seat, by place then name."""
    seat_of = money_rules.seat_test(state)
    seated = [(place, state.players[pid].name) for pid, (place, cents, _t) in won.items()
              if pid in state.players and seat_of(place, cents)]
    return tuple(name for _place, name in sorted(seated, key=lambda r: (r[0], r[1].lower())))


def _field(state: TournamentState, table: list[int], won: Mapping[int, tuple[int, int, bool]]) -> FieldView:
    counts = state.money_counts
    left = state.in_field
    paid = len(table)
    begun = state.started
    occupied = sum(1 for t in state.tables.values() if t.seats)
    final = bool(
        begun and occupied == 1 and left > 1 and state.profile is not None
        and left <= int(state.profile["final_table.size"])
    )
    next_place = min(left, paid) if paid and left > 1 else None
    seats = money_rules.seat_count(state) if money_rules.is_satellite(state) else 0
    bubble = begun and paid > 0 and left == paid + 1
    if seats:  # SAT-3: a satellite's bubble is the last seat
        bubble = begun and not state.ended and left == seats + 1
    return FieldView(
        started=begun,
        ended=bool(state.ended),
        entries=counts.get("entry", 0) + counts.get("reentry", 0),
        rebuys=counts.get("rebuy", 0),
        addons=counts.get("addon", 0),
        topups=counts.get("topup", 0),
        players_left=left,
        registered=len(state.players),
        paid_places=paid,
        bubble=bubble,
        in_the_money=begun and paid > 0 and 1 < left <= paid,
        final_table=final,
        hand_for_hand=bool(state.hand_for_hand),
        day_over=begun and not state.ended and (bool(state.extra.get("day_ended")) or day_over_by_field(state)),
        # The chips the players still in hold, including those won from busted players that no count has
        # credited yet; never more than were issued (section 20.9).
        average_stack=round(field_chips(state) / left) if left else None,
        pool_cents=state.pool_cents,
        prize_pool_cents=money_rules.prize_pool(state) if state.profile is not None else state.pool_cents,
        fees_cents=state.fees_cents,
        bounty_kind=str(state.profile["bounty.kind"]) if state.profile is not None else "none",
        bounty_pool_cents=state.bounty_pool_cents,
        bounties_paid_cents=state.bounties_paid_cents,
        house_bounties_paid_cents=state.house_bounties_paid_cents,
        prize_unit_cents=int(state.profile["payout.round_to_cents"] or 1) if state.profile is not None else 1,
        min_cash_cents=(int(state.profile["payout.min_cash_cents"])
                        if state.profile is not None and state.profile["payout.min_cash_cents"] else None),
        payouts_locked=state.payout_lock is not None,
        next_paid_place=next_place,
        next_paid_cents=table[next_place - 1] if next_place else None,
        winner=next((p.name for p in state.players.values() if p.status == WINNER), "") if state.ended else "",
        tables=occupied,
        seats=seats,
        seat_event=money_rules.event_name(state) if seats else "",
        seats_awarded=satellite.seats_awarded(state) if seats and state.ended else 0,
        seat_winners=_seat_winners(state, won) if seats and state.ended else (),
        chips_counted=chips_counted(state),
    )


def _players(state: TournamentState, won: Mapping[int, tuple[int, int, bool]]) -> tuple[PlayerView, ...]:
    waiting = set(state.waiting)
    return tuple(
        PlayerView(p.id, p.name, p.status, p.stack, p.table, p.seat, p.place, p.tied,
                   won[p.id][1] if p.id in won else 0, p.entries, p.paid_cents,
                   p.bounty_cents, p.bounties_won_cents, p.knockouts, p.rebuys, p.addons, p.topups, p.reentries,
                   p.deciding, p.absent_since, p.out_reason, p.refunded, p.id in waiting)
        for p in state.players.values()
    )


def _chip_names(state: TournamentState) -> dict[int, str]:
    out: dict[int, str] = {}
    if state.profile is not None:
        for chip in state.profile["chips"]:
            colour = str(chip.get("colour") or "").strip()
            out[int(chip["value"])] = f"{colour} {fmt.chips(chip['value'])}".strip()
    return out


@dataclass(frozen=True, slots=True)
class SummaryView:
    """The part of :class:`TournamentView` that does not list every player, table or decided place: the
    field, the money, the balancing plan and the clock. Cheap to read after each command (a window
    showing 10,000 players reads this, and its own rows only for the players a command touched)."""

    seq: int
    name: str
    currency: str
    field: FieldView
    pending: tuple[PendingView, ...]
    payouts: tuple[PayoutView, ...]
    prizes_cents: tuple[int, ...]
    awards: Mapping[int, tuple[int, int, bool]]  # player id -> (place, prize in cents, tied); place 0: none yet
    chip_names: Mapping[int, str]
    clock: ClockView

    def money(self, cents: int | None) -> str:
        return fmt.money(cents, self.currency)

    def prize_of(self, player_id: int) -> int | None:
        """What a placed player is awarded (his share of a tie), or None while he has no place."""
        won = self.awards.get(player_id)
        return won[1] if won is not None and won[0] else None


Awards = dict[int, tuple[int, int, bool]]  # player id -> (place, prize in cents, tied), as payouts.awards gives


def currency_of(state: TournamentState) -> str:
    """The tournament's currency (``money.currency``, an ISO code; USD by default), for every amount shown."""
    return str(state.profile.settings.get("money.currency", fmt.USD)) if state.profile is not None else fmt.USD


def build_summary(state: TournamentState, now: float | None = None) -> tuple[SummaryView, Awards]:
    """The summary of ``state`` computed afresh, and the awards it was made from."""
    if state.profile is None:
        table: list[int] = []
        won: dict[int, tuple[int, int, bool]] = {}
    else:
        table = money_rules.prize_table(state)
        won = money_rules.awards(state, table)
    currency = currency_of(state)
    summary = SummaryView(
        seq=state.seq,
        name=state.name,
        currency=currency,
        field=_field(state, table, won),
        pending=_pending(state),
        payouts=_payouts(state, table, won) if state.profile is not None else (),
        prizes_cents=tuple(table),
        awards=MappingProxyType(won),
        chip_names=_chip_names(state),
        clock=clock_at(state, now),
    )
    return summary, won


def build(state: TournamentState, now: float | None = None) -> TournamentView:
    """The view of ``state``, computed afresh (use :func:`read`, which keeps it per state change)."""
    brief, won = build_summary(state, now)
    return _full(state, brief, won, now)


def _full(state: TournamentState, brief: SummaryView, won: Mapping[int, tuple[int, int, bool]],
          now: float | None, players: tuple[PlayerView, ...] | None = None,
          tables: tuple[TableView, ...] | None = None) -> TournamentView:
    """The whole view from its summary (``players`` and ``tables``: when the caller has built them)."""
    clock = brief.clock if brief.clock.at == now else clock_at(state, now)
    return TournamentView(
        seq=brief.seq,
        name=brief.name,
        currency=brief.currency,
        field=brief.field,
        tables=_tables(state, now) if tables is None else tables,
        players=_players(state, won) if players is None else players,
        moves=_moves(state),
        pending=brief.pending,
        places=_places(state, won),
        payouts=brief.payouts,
        prizes_cents=brief.prizes_cents,
        chip_names=brief.chip_names,
        clock=clock,
        deal=_deal(state),
        announcements=announcements(state),
        preregistered=preregistered(state),
        day1=tuple(Day1PlaceView(place, name, flight, cents)
                   for place, name, flight, cents in money_rules.day1_awards(state, list(brief.prizes_cents))),
        event=event_link(state),
    )


def event_link(state: TournamentState) -> EventLinkView | None:
    """FLT-1, FLT-10: the event this tournament is part of, as its file remembers it (None: none)."""
    day2 = day2_of(state)
    if day2 is not None:
        return EventLinkView(str(day2.get("event_file", "")), "Day 2", str(day2.get("event", "")))
    joined = state.extra.get("event")
    if isinstance(joined, dict):
        return EventLinkView(str(joined["file"]), str(joined["flight"]))
    return None


def _deal(state: TournamentState) -> DealView | None:
    d = state.deal
    if d is None:
        return None
    lines = tuple(DealLineView(int(ln["player"]), state.players[int(ln["player"])].name, int(ln["chips"]),
                               int(ln["amount_cents"])) for ln in d["lines"])
    return DealView(str(d["method"]), lines, int(d.get("save_cents", 0)), tuple(int(c) for c in d["prizes_cents"]))


# The newest views, by state object: id(state) -> (state, seq, summary, awards, full view or None). A weak
# reference checks that the id is still the same state object (an undo or a replay builds a new one). The
# summary (the payout table, the balancing plan) is worked out once per change; the full view, with a row
# for every player and table, only when someone reads it.
_CACHE: dict[int, tuple[weakref.ref[TournamentState], int, SummaryView, Awards, TournamentView | None]] = {}
_CACHE_SIZE = 8
BUILDS = {"summary": 0, "full": 0}  # how many were computed (tests read it)


def _cached(state: TournamentState, now: float | None) -> tuple[SummaryView, Awards, TournamentView | None]:
    hit = _CACHE.get(id(state))
    if hit is not None and hit[0]() is state and hit[1] == state.seq:
        return hit[2], hit[3], hit[4]
    summary, won = build_summary(state, now)
    BUILDS["summary"] += 1
    if len(_CACHE) >= _CACHE_SIZE and id(state) not in _CACHE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[id(state)] = (weakref.ref(state), state.seq, summary, won, None)
    return summary, won, None


def _state_of(tournament_or_state: Any) -> TournamentState:
    if isinstance(tournament_or_state, TournamentState):
        return tournament_or_state
    state = getattr(tournament_or_state, "state", None)
    if isinstance(state, TournamentState):
        return state
    inner = getattr(getattr(tournament_or_state, "tournament", None), "state", None)  # a session's tournament
    if isinstance(inner, TournamentState):
        return inner
    raise TypeError(f"not a tournament or a state: {type(tournament_or_state).__name__}")


def _time_of(tournament_or_state: Any) -> float | None:
    for holder in (tournament_or_state, getattr(tournament_or_state, "tournament", None)):
        time = getattr(holder, "time", None)
        if time is not None and hasattr(time, "now"):
            return float(time.now())
    return None


def read(tournament_or_state: Any, now: float | None = None) -> TournamentView:
    """The view of a tournament (or a session holding one, or a bare state) with its clock at ``now``.

    ``now`` defaults to the tournament's own time source; for a bare state, to the clock's last change.
    Everything but the clock is computed once per change of the state.
    """
    state = _state_of(tournament_or_state)
    if now is None:
        now = _time_of(tournament_or_state)
    brief, won, view = _cached(state, now)
    if view is None:
        view = _full(state, brief, won, now)
        BUILDS["full"] += 1
        _CACHE[id(state)] = (weakref.ref(state), state.seq, brief, won, view)
        return view
    if view.clock.at == now:
        return view
    clock = clock_at(state, now)
    if _hands_follow_time(state):  # a table's hand waits for a break or keeps a level: it moves with time
        return replace(view, clock=clock, tables=_tables_at(state, now, clock))
    return replace(view, clock=clock)


def summary(tournament_or_state: Any, now: float | None = None) -> SummaryView:
    """What :func:`read` gives but the player and table lists: the field, the money, the places, the
    pending moves and the clock at ``now`` (computed once per change of the state, shared with :func:`read`)."""
    state = _state_of(tournament_or_state)
    if now is None:
        now = _time_of(tournament_or_state)
    view, _won, _full_view = _cached(state, now)
    return view if view.clock.at == now else replace(view, clock=clock_at(state, now))


def forget() -> None:
    """Drop every kept view (tests that change a state by hand, without an event)."""
    _CACHE.clear()
    _TABLES_AT.clear()


__all__ = [
    "currency_of",
    "ClockView",
    "DealLineView",
    "DealView",
    "FieldView",
    "HandView",
    "MoveView",
    "PayoutView",
    "PendingView",
    "PlaceView",
    "PlayerView",
    "SeatView",
    "SummaryView",
    "TableView",
    "TournamentView",
    "clock_at",
    "forget",
    "game_name",
    "read",
    "summary",
]
