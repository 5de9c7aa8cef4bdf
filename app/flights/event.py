"""A multi-flight event: the flights, the bags at the end of each day, Day 2, satellite seats (FLT-1..FLT-10).

Each flight stays a tournament of its own (its own file, clock, tables and room). The event ties them:
it keeps what each flight ended with (its entries, its prize money, the chips in play at each table and
the players who finished, taken from the flight's state by :func:`day_end_of` when the director ends the
day), the bags counted at each table, and Day 2's draw, made from the bags.

Day 2 is then played as a tournament of its own (FLT-10): :func:`day2_commands` makes it from the draw (what it
plays for: every flight's entries and prize money and the Day-1 finishers, who rank below its players; then each
Day-2 player carried in with his bag, an entry with chips and no money, so its chips are the bags, section 20.9),
and :func:`day2_results_of` reads its one list of places and prizes back (``record_day2``), so the event's results,
sheets and exports show the whole event. A small event may instead play Day 2 in the event itself
(``bust_day2``: its busts hand the busted players' chips to the player who won them); one way or the other,
never both.

The event is folded from its own typed events, like a tournament: a command is checked first (a
:class:`~app.errors.RuleError` with a reason code and words, nothing changed), then its events are
applied. The random draw's seed is written in the event that seats Day 2, so a replay seats the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

import msgspec

from app.core.state import WINNER, TournamentState
from app.eliminations.payouts import awards, day1_awards, is_satellite, prize_table, seat_test, seat_value
from app.eliminations.payouts import prize_pool as payout_pool
from app.errors import RuleError
from app.flights.rules import (
    Bag,
    Finisher,
    bag_difference,
    day1_order,
    draw_seats,
    key,
    prizes,
    stacks_forward,
    within_tolerance,
)
from app.format import chips as fmt_chips
from app.format import money, ordinal
from app.i18n import N_, _, ngettext
from app.levels.timeline import current_level
from app.profiles.profile import Profile, profile_from_dict
from app.tournament.day_end import DAY_END_REASONS

# -- the commands ------------------------------------------------------------------------------------


class EventCommand(msgspec.Struct, tag_field="cmd", forbid_unknown_fields=True, kw_only=True):
    rules: ClassVar[tuple[str, ...]] = ()


class AddFlight(EventCommand, tag="add_flight"):
    """Add a flight (Day 1A, 1B...) to the event, by its name."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-1",)
    flight: str


class FlightMoney(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One row of a flight's money log, its player named: ``cents`` moved to ``to`` (pool, fee, bounty, refund...)."""

    at: float
    kind: str
    player: str
    cents: int
    to: str
    split: dict[str, int] = {}
    seat: str = ""  # FLT-9: the satellite whose seat paid it, as the flight recorded it (no cash at the desk)


class EndDay(EventCommand, tag="end_day"):
    """FLT-3: stop a flight; nobody plays on. What it ended with comes from its state (see day_end_of)."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-3",)
    flight: str
    entries: int
    pool_cents: int
    chips_in_play: dict[int, int]  # table -> chips at it when the day ended
    survivors: dict[str, int]  # player -> the table he bags at
    finishers: list[tuple[str, int]]  # (player, players left in the flight after him)
    reason: str = "director"
    money_log: list[FlightMoney] = []  # every movement of the flight's money (the exports list them)
    level: int = 0  # the level the flight was playing when its day ended (0: not said); Day 2 starts after it


class BagRow(msgspec.Struct, forbid_unknown_fields=True):
    player: str
    bag: str
    chips: int


class EnterBags(EventCommand, tag="enter_bags"):
    """FLT-4: a table's bags (player, bag number, count), checked against the chips in play at it."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-4",)
    flight: str
    table: int
    bags: list[BagRow]


class MakeDay2(EventCommand, tag="make_day2"):
    """FLT-2, FLT-5: Day 2 from every flight's bags, best stack forward, seated by a recorded draw."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-2", "FLT-5", "FLT-8")


class RegisterDay2(EventCommand, tag="register_day2"):
    """FLT-6: a new player buys in on Day 2 (where the profile allows it), with a starting stack."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-6",)
    player: str


class BustDay2(EventCommand, tag="bust_day2"):
    """Day 2: players out in one hand; their chips go to the player who won them."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-7", "FLT-8")
    players: list[str]
    won_by: str


class AddSeats(EventCommand, tag="add_seats"):
    """FLT-9: a satellite's seats: its title, the event its seats are for (its ``satellite.event``: this event's
    title, for any flight, or one flight's name), a seat's value and who won one (SAT-1)."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-9", "SAT-1")
    satellite: str
    target: str
    seat_value_cents: int
    winners: list[str]


class UseSeat(EventCommand, tag="use_seat"):
    """FLT-9: a seat winner's entry into a flight is paid by his seat (no cash at the desk)."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-9",)
    flight: str
    player: str


class ResultLine(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One line of the results: a place (the best of a tied block), how many share it, the player, where he
    finished ("Day 2" or his flight) and his prize."""

    place: int
    tied: int = 1
    player: str
    day: str
    prize_cents: int


class RecordDay2(EventCommand, tag="record_day2", kw_only=True):
    """FLT-10: what the Day-2 tournament says (see day2_results_of): its late entries and their prize money, its
    players, the prize pool and the results (its places, then the Day-1 finishers'), and whether it is over."""

    rules: ClassVar[tuple[str, ...]] = ("FLT-10", "FLT-7", "FLT-8")
    file: str = ""
    late_entries: int
    late_pool_cents: int
    players: int
    prize_pool_cents: int
    carried_chips: int  # the chips its players were carried in with (their bags)
    results: list[ResultLine]
    over: bool = False
    late: list[tuple[str, int]] = []  # FLT-6: each Day-2 late entry and what it put in the prize pool


_COMMAND_DECODER = msgspec.json.Decoder(AddFlight | EndDay | EnterBags | MakeDay2 | RegisterDay2 | BustDay2
                                        | AddSeats | UseSeat | RecordDay2)


# -- the events ----------------------------------------------------------------------------------------


class EventFact(msgspec.Struct, tag_field="type", kw_only=True):
    pass


class EventCreated(EventFact, tag="event_created"):
    title: str
    profile: dict[str, Any]
    seed: int


class FlightAdded(EventFact, tag="flight_added"):
    flight: str


class DayEnded(EventFact, tag="day_ended"):
    flight: str
    entries: int
    pool_cents: int
    chips_in_play: dict[int, int]
    survivors: dict[str, int]
    finishers: list[tuple[str, int]]
    reason: str
    # Every movement of the flight's money (its money log, each player named): what the event's entries and
    # money exports list. Empty in files written before it was kept; the exports then say the flight's totals.
    money_log: list[FlightMoney] = []
    level: int = 0


class BagsEntered(EventFact, tag="bags_entered"):
    flight: str
    table: int
    bags: list[BagRow]
    difference: int


class Day2Made(EventFact, tag="day2_made"):
    seed: int
    seats: list[tuple[str, int, int]]  # player, table, seat
    stacks: dict[str, int]
    left_behind: dict[str, int]  # FLT-2: chips of the bags that did not go forward, by flight


class Day2Registered(EventFact, tag="day2_registered"):
    player: str
    table: int
    seat: int
    chips: int
    pool_cents: int


class Day2Busted(EventFact, tag="day2_busted"):
    players: list[str]
    won_by: str
    place: int  # the best place of the block (out in one hand with the same stack, or ELIM-4 split_all: a tie)
    chips: int  # moved to won_by


class SeatsAdded(EventFact, tag="seats_added"):
    satellite: str
    flight: str  # "" : a seat for any flight of the event
    value_cents: int
    winners: list[str]


class SeatUsed(EventFact, tag="seat_used"):
    satellite: str
    flight: str
    player: str


class Day2Recorded(EventFact, tag="day2_recorded", kw_only=True):
    file: str = ""
    late_entries: int
    late_pool_cents: int
    players: int
    prize_pool_cents: int
    carried_chips: int
    results: list[ResultLine]
    over: bool = False
    late: list[tuple[str, int]] = []


FACTS = (EventCreated | FlightAdded | DayEnded | BagsEntered | Day2Made | Day2Registered | Day2Busted | SeatsAdded
         | SeatUsed | Day2Recorded)
_FACT_DECODER = msgspec.json.Decoder(FACTS)


def decode_command(data: bytes | str) -> EventCommand:
    """A command from its JSON; a wrong or unknown field is refused INVALID_INPUT naming it."""
    try:
        cmd: EventCommand = _COMMAND_DECODER.decode(data)
    except msgspec.ValidationError as exc:
        raise RuleError("INVALID_INPUT", _("That is not an event command: {error}.", error=exc)) from None
    except msgspec.DecodeError as exc:
        raise RuleError("INVALID_INPUT", _("That is not JSON: {error}.", error=exc)) from None
    return cmd


def encode_fact(fact: EventFact) -> bytes:
    return msgspec.json.encode(fact)


def decode_fact(data: bytes) -> EventFact:
    fact: EventFact = _FACT_DECODER.decode(data)
    return fact


# -- the state -----------------------------------------------------------------------------------------


@dataclass
class Flight:
    name: str
    ended: bool = False
    entries: int = 0
    pool_cents: int = 0
    chips_in_play: dict[int, int] = field(default_factory=dict)
    survivors: dict[str, int] = field(default_factory=dict)  # key -> table
    names: dict[str, str] = field(default_factory=dict)  # key -> the name as entered
    finishers: list[Finisher] = field(default_factory=list)
    bags: dict[int, list[Bag]] = field(default_factory=dict)  # table -> its bags
    differences: dict[int, int] = field(default_factory=dict)  # table -> counted minus in play
    money_log: list[FlightMoney] = field(default_factory=list)  # the flight's money log, players named
    level: int = 0  # the level it was playing when its day ended (0: not said)

    def tables_to_bag(self) -> list[int]:
        """The tables a player survived at when the day ended, lowest first: each enters its bags once."""
        return sorted(set(self.survivors.values()))

    def tables_waiting(self) -> list[int]:
        """The tables still to enter their bags, lowest first (none: the flight is bagged)."""
        return [t for t in self.tables_to_bag() if t not in self.bags]


@dataclass
class Day2:
    seed: int
    seats: dict[str, tuple[int, int]]  # name -> (table, seat)
    stacks: dict[str, int]  # name -> chips (0 once out)
    left_behind: dict[str, int]
    out: list[tuple[list[str], int]] = field(default_factory=list)  # (players, best place of the block)
    late_entries: int = 0
    late_pool_cents: int = 0
    late_chips: int = 0
    late: list[tuple[str, int]] = field(default_factory=list)  # FLT-6: (player, cents into the prize pool)
    played: Day2Recorded | None = None  # FLT-10: what the Day-2 tournament said when last read

    def live(self) -> list[str]:
        return [n for n, c in self.stacks.items() if c > 0]


@dataclass
class Seat:
    """FLT-9: one seat won in a satellite: for one flight, or any ("" ), and the flight it paid for once used."""

    satellite: str
    flight: str
    value_cents: int
    player: str
    used_in: str = ""


@dataclass
class EventState:
    title: str = ""
    profile: Profile | None = None
    seed: int = 0
    flights: dict[str, Flight] = field(default_factory=dict)  # in the order added
    day2: Day2 | None = None
    facts: int = 0
    seats: list[Seat] = field(default_factory=list)  # FLT-9, in the order won


def _apply(state: EventState, fact: EventFact) -> None:
    state.facts += 1
    if isinstance(fact, EventCreated):
        state.title, state.profile, state.seed = fact.title, profile_from_dict(fact.profile), fact.seed
    elif isinstance(fact, FlightAdded):
        state.flights[fact.flight] = Flight(fact.flight)
    elif isinstance(fact, DayEnded):
        f = state.flights[fact.flight]
        f.ended, f.entries, f.pool_cents = True, fact.entries, fact.pool_cents
        f.chips_in_play = dict(fact.chips_in_play)
        f.survivors = {key(n): t for n, t in fact.survivors.items()}
        f.names = {key(n): n for n in fact.survivors}
        f.finishers = [Finisher(n, fact.flight, left) for n, left in fact.finishers]
        f.money_log = list(fact.money_log)
        f.level = fact.level
    elif isinstance(fact, BagsEntered):
        f = state.flights[fact.flight]
        f.bags[fact.table] = [Bag(f.names.get(key(r.player), r.player), r.bag, r.chips, fact.table, fact.flight)
                              for r in fact.bags]
        f.differences[fact.table] = fact.difference
    elif isinstance(fact, Day2Made):
        state.day2 = Day2(fact.seed, {n: (t, s) for n, t, s in fact.seats}, dict(fact.stacks), dict(fact.left_behind))
    elif isinstance(fact, Day2Registered):
        d = state.day2
        assert d is not None
        d.seats[fact.player] = (fact.table, fact.seat)
        d.stacks[fact.player] = fact.chips
        d.late_entries += 1
        d.late_pool_cents += fact.pool_cents
        d.late_chips += fact.chips
        d.late.append((fact.player, fact.pool_cents))
    elif isinstance(fact, SeatsAdded):
        state.seats.extend(Seat(fact.satellite, fact.flight, fact.value_cents, n) for n in fact.winners)
    elif isinstance(fact, SeatUsed):
        seat = next(x for x in state.seats if x.satellite == fact.satellite and key(x.player) == key(fact.player))
        seat.used_in = fact.flight
    elif isinstance(fact, Day2Recorded):
        assert state.day2 is not None
        state.day2.played = fact
    elif isinstance(fact, Day2Busted):
        d = state.day2
        assert d is not None
        moved = sum(d.stacks[n] for n in fact.players)
        for n in fact.players:
            d.stacks[n] = 0
        d.stacks[fact.won_by] += moved
        d.out.append((list(fact.players), fact.place))


# -- the event -----------------------------------------------------------------------------------------


class FlightEvent:
    """One event of several flights and a Day 2: commands in, typed facts out, state folded from them."""

    def __init__(self) -> None:
        self.state = EventState()
        self.log: list[EventFact] = []

    @classmethod
    def create(cls, profile: Profile, *, title: str = "Event", seed: int = 0) -> FlightEvent:
        e = cls()
        e._record([EventCreated(title=title, profile=profile.to_dict(), seed=seed)])
        return e

    @classmethod
    def replay(cls, facts: list[EventFact]) -> FlightEvent:
        e = cls()
        e._record(facts)
        return e

    def record(self, facts: list[EventFact]) -> None:
        """Fold facts already decided (and, with a file, already committed)."""
        self._record(facts)

    def _record(self, facts: list[EventFact]) -> None:
        for fact in facts:
            _apply(self.state, fact)
            self.log.append(fact)

    @property
    def profile(self) -> Profile:
        assert self.state.profile is not None
        return self.state.profile

    def execute(self, cmd: EventCommand | dict[str, Any]) -> list[EventFact]:
        """Run one command: every rule is checked first; a refusal changes nothing."""
        facts = self.decide(cmd)
        self._record(facts)
        return facts

    def decide(self, cmd: EventCommand | dict[str, Any]) -> list[EventFact]:
        """The facts ``cmd`` makes, every rule checked; nothing is applied (RuleError: refused)."""
        if isinstance(cmd, dict):
            cmd = decode_command(msgspec.json.encode(cmd))
        return self._decide(cmd)

    def _decide(self, cmd: EventCommand) -> list[EventFact]:
        if isinstance(cmd, AddFlight):
            return self._add_flight(cmd)
        if isinstance(cmd, EndDay):
            return self._end_day(cmd)
        if isinstance(cmd, EnterBags):
            return self._enter_bags(cmd)
        if isinstance(cmd, MakeDay2):
            return self._make_day2()
        if isinstance(cmd, RegisterDay2):
            return self._register_day2(cmd)
        if isinstance(cmd, BustDay2):
            return self._bust_day2(cmd)
        if isinstance(cmd, AddSeats):
            return self._add_seats(cmd)
        if isinstance(cmd, UseSeat):
            return self._use_seat(cmd)
        if isinstance(cmd, RecordDay2):
            return self._record_day2(cmd)
        raise RuleError("INVALID_INPUT", _("Unknown event command {name}.", name=type(cmd).__name__))

    # -- flights and the end of a day ---------------------------------------------------------------
    def flight(self, name: str) -> Flight:
        f = self.state.flights.get(name)
        if f is None:
            known = ", ".join(self.state.flights) or _("none yet")
            raise RuleError("FLIGHT_UNKNOWN", _("There is no flight {name} in this event (flights: {known}).",
                                                name=repr(name), known=known))
        return f

    def _add_flight(self, cmd: AddFlight) -> list[EventFact]:
        name = cmd.flight.strip()
        if not name:
            raise RuleError("INVALID_INPUT", _("A flight needs a name, such as Day 1A."))
        if name in self.state.flights:
            raise RuleError("FLIGHT_EXISTS", _("The event already has a flight {name}.", name=name))
        if self.state.day2 is not None:
            raise RuleError("DAY2_MADE", _("Day 2 is already made; a flight cannot be added any more."))
        return [FlightAdded(flight=name)]

    # -- satellite seats (FLT-9) ----------------------------------------------------------------------
    def _add_seats(self, cmd: AddSeats) -> list[EventFact]:
        satellite = " ".join(cmd.satellite.split())
        winners = [" ".join(n.split()) for n in cmd.winners]
        if not satellite or not winners or not all(winners):
            raise RuleError("INVALID_INPUT", _("Seats need the satellite's name and the name of each seat winner."))
        if cmd.seat_value_cents <= 0:
            raise RuleError("INVALID_INPUT", _("A seat needs its value, more than nothing."))
        if len({key(n) for n in winners}) != len(winners):
            raise RuleError("INVALID_INPUT", _("A player is named twice; a satellite gives one seat per player."))
        if any(key(s.satellite) == key(satellite) for s in self.state.seats):
            raise RuleError("SEATS_ENTERED", _("The seats of {satellite} are already in this event.",
                                               satellite=satellite))
        if self.state.day2 is not None:
            raise RuleError("DAY2_MADE", _("Day 2 is already made; a seat into a flight can no longer be used."))
        target = key(cmd.target)
        flights = {key(f): f for f in self.state.flights}
        if target == key(self.state.title):
            flight = ""
        elif target in flights:
            flight = flights[target]
        else:
            flights_named = ", ".join(self.state.flights) or _("none")
            said = (_("{satellite}'s seats are for {target}, not for {event} or one of its flights ({flights}).",
                      satellite=satellite, target=cmd.target, event=self.state.title, flights=flights_named)
                    if cmd.target else
                    _("{satellite}'s seats are for no event named, not for {event} or one of its flights "
                      "({flights}).", satellite=satellite, event=self.state.title, flights=flights_named))
            raise RuleError("SEAT_OTHER_EVENT", said)
        return [SeatsAdded(satellite=satellite, flight=flight, value_cents=cmd.seat_value_cents, winners=winners)]

    def _use_seat(self, cmd: UseSeat) -> list[EventFact]:
        self.check_play(cmd.flight)
        if self.state.day2 is not None:
            raise RuleError("DAY2_MADE", _("Day 2 is already made; a flight takes no more entries."))
        held = [s for s in self.state.seats if key(s.player) == key(cmd.player)]
        if not held:
            raise RuleError("NO_SEAT", _("{name} has won no seat into this event.", name=cmd.player))
        fits = [s for s in held if s.flight in ("", cmd.flight)]
        if not fits:
            raise RuleError("SEAT_OTHER_FLIGHT", _("{name}'s seat is for {seat_flight}, not {flight}.", name=cmd.player,
                                                   seat_flight=held[0].flight, flight=cmd.flight))
        free = [s for s in fits if not s.used_in]
        if not free:
            raise RuleError("SEAT_USED", _("{name}'s seat from {satellite} already paid an entry, in {flight}; a "
                                           "seat pays one entry.", name=cmd.player, satellite=fits[0].satellite,
                                           flight=fits[0].used_in))
        self.may_enter(cmd.flight, cmd.player)
        return [SeatUsed(satellite=free[0].satellite, flight=cmd.flight, player=free[0].player)]

    def check_play(self, flight: str) -> None:
        """FLT-3: nobody plays on in a flight whose day has ended (FLIGHT_BAGGED)."""
        if self.flight(flight).ended:
            raise RuleError("FLIGHT_BAGGED", _("{flight} has ended and its chips are bagged; nobody plays on.",
                                               flight=flight))

    def may_enter(self, flight: str, player: str) -> None:
        """FLT-1: refuse an entry in ``flight`` of a player who entered another flight, where the profile says
        one flight per player (ENTERED_OTHER_FLIGHT)."""
        self.check_play(flight)
        self._one_flight_each(flight, player)

    def _one_flight_each(self, flight: str, player: str) -> None:
        """FLT-1: ENTERED_OTHER_FLIGHT when ``player`` is in a flight other than ``flight`` and the profile says one
        flight per player."""
        if self.profile["flight.enter_several"]:
            return
        other = self._entered_elsewhere(flight, player)
        if other is not None:
            raise RuleError("ENTERED_OTHER_FLIGHT", _("{name} entered {flight}; this event allows one flight per "
                                                      "player.", name=player, flight=other))

    def _entered_elsewhere(self, flight: str, player: str) -> str | None:
        k = key(player)
        for f in self.state.flights.values():
            if f.name != flight and (k in f.survivors or any(key(x.player) == k for x in f.finishers)):
                return f.name
        return None

    def _end_day(self, cmd: EndDay) -> list[EventFact]:
        self.check_play(cmd.flight)
        if self.state.day2 is not None:
            raise RuleError("DAY2_MADE", _("Day 2 is already made; this flight can no longer end its day."))
        if cmd.reason not in DAY_END_REASONS:
            raise RuleError("INVALID_INPUT", _("A day ends by the director, at a level, or at a number or share left."))
        if cmd.entries < len(cmd.survivors) or cmd.pool_cents < 0:
            raise RuleError("INVALID_INPUT",
                            _("A flight cannot have fewer entries than survivors, nor a negative pool."))
        if any(t not in cmd.chips_in_play for t in cmd.survivors.values()):
            raise RuleError("INVALID_INPUT", _("Every survivor's table needs its chips in play."))
        for name in [*cmd.survivors, *(n for n, _place in cmd.finishers)]:
            self._one_flight_each(cmd.flight, name)
        return [DayEnded(flight=cmd.flight, entries=cmd.entries, pool_cents=cmd.pool_cents,
                         chips_in_play=dict(cmd.chips_in_play), survivors=dict(cmd.survivors),
                         finishers=list(cmd.finishers), reason=cmd.reason, money_log=list(cmd.money_log),
                         level=max(0, cmd.level))]

    def _enter_bags(self, cmd: EnterBags) -> list[EventFact]:
        f = self.flight(cmd.flight)
        if not f.ended:
            raise RuleError("FLIGHT_NOT_BAGGED", _("{flight} is still playing; end its day before its bags.",
                                                   flight=cmd.flight))
        if self.state.day2 is not None:
            raise RuleError("DAY2_MADE", _("Day 2 is already made from the bags; they cannot change."))
        if cmd.table not in f.chips_in_play:
            raise RuleError("TABLE_UNKNOWN", _("{flight} had no table {table} playing when the day ended.",
                                               flight=cmd.flight, table=cmd.table))
        if cmd.table in f.bags:
            raise RuleError("BAGS_ENTERED", _("Table {table}'s bags of {flight} are already entered.", table=cmd.table,
                                                   flight=cmd.flight))
        at_table = {k for k, t in f.survivors.items() if t == cmd.table}
        seen: set[str] = set()
        numbers: set[str] = set()
        taken = {b.bag for fl in self.state.flights.values() for bags in fl.bags.values() for b in bags}
        for row in cmd.bags:
            k = key(row.player)
            if k not in at_table:
                raise RuleError("NOT_AT_TABLE", _("{name} did not survive at table {table} of {flight}.",
                                                     name=row.player, table=cmd.table, flight=cmd.flight))
            if k in seen:
                raise RuleError("BAG_TWICE", _("{name} has two bags at table {table}.", name=row.player,
                                                 table=cmd.table))
            if row.chips <= 0:
                raise RuleError("INVALID_INPUT", _("{name}'s bag must hold chips (a bust is not bagged).",
                                                      name=row.player))
            bag = row.bag.strip()
            if not bag or bag in numbers or bag in taken:
                raise RuleError("BAG_NUMBER_TAKEN", _("Bag number {bag} is empty or already used in this event.",
                                                         bag=repr(row.bag)))
            seen.add(k)
            numbers.add(bag)
        missing = sorted(f.names[k] for k in at_table - seen)
        if missing:
            raise RuleError("BAGS_MISSING", _("Table {table} still needs a bag for {names}.", table=cmd.table,
                                                 names=", ".join(missing)))
        counted = sum(r.chips for r in cmd.bags)
        in_play = f.chips_in_play[cmd.table]
        tolerance = int(self.profile["flight.bag_tolerance_chips"])
        diff = bag_difference(counted, in_play)
        if not within_tolerance(counted, in_play, tolerance):
            figures = {"table": cmd.table, "counted": fmt_chips(counted), "off": fmt_chips(abs(diff)),
                       "in_play": fmt_chips(in_play), "tolerance": fmt_chips(tolerance)}
            raise RuleError(
                "BAG_COUNT_OFF",
                _("Table {table}'s bags hold {counted} chips, {off} more than the {in_play} in play there "
                  "(tolerance {tolerance}); count again.", **figures) if diff > 0 else
                _("Table {table}'s bags hold {counted} chips, {off} fewer than the {in_play} in play there "
                  "(tolerance {tolerance}); count again.", **figures),
            )
        rows = [BagRow(f.names[key(r.player)], r.bag.strip(), r.chips) for r in cmd.bags]
        return [BagsEntered(flight=cmd.flight, table=cmd.table, bags=rows, difference=diff)]

    # -- Day 2 ----------------------------------------------------------------------------------
    def _make_day2(self) -> list[EventFact]:
        if self.state.day2 is not None:
            raise RuleError("DAY2_MADE", _("Day 2 is already made."))
        if not self.state.flights:
            raise RuleError("NO_FLIGHTS", _("The event has no flight yet."))
        for f in self.state.flights.values():
            if not f.ended:
                raise RuleError("FLIGHT_NOT_BAGGED", _("{flight} is still playing; end its day first.", flight=f.name))
            waiting = f.tables_waiting()  # every survivor's table is one with chips in play (end_day checks it)
            if waiting:
                raise RuleError("BAGS_MISSING", ngettext("{flight} still needs the bags of table {tables}.",
                                                         "{flight} still needs the bags of tables {tables}.",
                                                         len(waiting), flight=f.name,
                                                         tables=", ".join(str(t) for t in waiting)))
        order = list(self.state.flights)
        every = every_bag(self.state)
        if not every:
            raise RuleError("BAGS_MISSING", _("No flight bagged a player; Day 2 has nobody to seat."))
        chosen = stacks_forward(every, self.profile["flight.stack_forward"], order)
        left_behind: dict[str, int] = {}
        kept = {id(b) for b in chosen.values()}
        for b in every:
            if id(b) not in kept:
                left_behind[b.flight] = left_behind.get(b.flight, 0) + b.chips
        seed = random.Random(self.state.seed * 7_919 + self.state.facts).randrange(1, 2**31)
        names: dict[str, str] = {}  # a player is named as his first flight named him
        for b in every:
            names.setdefault(key(b.player), b.player)
        seats = draw_seats([names[k] for k in chosen], int(self.profile["table.max_seats"]), seed)
        stacks = {names[k]: b.chips for k, b in chosen.items()}
        return [Day2Made(seed=seed, seats=seats, stacks=stacks, left_behind=left_behind)]

    def day2(self) -> Day2:
        if self.state.day2 is None:
            raise RuleError("DAY2_NOT_MADE", _("Day 2 is not made yet; make it from the bags first."))
        return self.state.day2

    def _played_apart(self, d: Day2) -> None:
        if d.played is not None:
            where = d.played.file or _("its own file")
            raise RuleError("DAY2_PLAYED_APART", _("Day 2 is played as a tournament of its own ({file}): enter its "
                                                   "players and busts there, and read its results back into the "
                                                   "event.", file=where))

    def _record_day2(self, cmd: RecordDay2) -> list[EventFact]:
        d = self.day2()
        if d.out or d.late:
            raise RuleError("DAY2_PLAYED_HERE", _(PLAYED_HERE))
        if min(cmd.late_entries, cmd.late_pool_cents, cmd.players, cmd.prize_pool_cents, cmd.carried_chips) < 0:
            raise RuleError("INVALID_INPUT", _("Day 2's figures are whole numbers, none below nothing."))
        if cmd.players < len(d.stacks):
            raise RuleError("INVALID_INPUT", ngettext(
                "Day 2 has {n} player from the bags; that tournament has {players}: it is not this event's Day 2.",
                "Day 2 has {n} players from the bags; that tournament has {players}: it is not this event's Day 2.",
                len(d.stacks), players=cmd.players))
        return [Day2Recorded(file=cmd.file, late_entries=cmd.late_entries, late_pool_cents=cmd.late_pool_cents,
                             players=cmd.players, prize_pool_cents=cmd.prize_pool_cents,
                             carried_chips=cmd.carried_chips, results=list(cmd.results), over=cmd.over,
                             late=list(cmd.late))]

    def _register_day2(self, cmd: RegisterDay2) -> list[EventFact]:
        d = self.day2()
        self._played_apart(d)
        if not self.profile["flight.day2_late_reg"]:
            raise RuleError("DAY2_REG_CLOSED", _("This event takes no new players on Day 2."))
        if d.out:
            raise RuleError("DAY2_REG_CLOSED", _("Day 2 has had its first bust; late registration is over."))
        name = " ".join(cmd.player.split())
        if not name:
            raise RuleError("INVALID_INPUT", _("A player needs a name."))
        if any(key(n) == key(name) for n in d.stacks):
            raise RuleError("ALREADY_IN_DAY2", _("{name} is already in Day 2.", name=name))
        if self._entered_elsewhere("", name) is not None and not self.profile["flight.enter_several"]:
            raise RuleError("ENTERED_OTHER_FLIGHT", _("{name} entered a flight; this event allows one entry per "
                                                              "player.", name=name))
        max_seats = int(self.profile["table.max_seats"])
        tables: dict[int, set[int]] = {}
        for t, s in d.seats.values():
            tables.setdefault(t, set()).add(s)
        live_at = {t: sum(1 for n, (tt, _) in d.seats.items() if tt == t and d.stacks[n] > 0) for t in tables}
        free = sorted((live_at[t], t) for t in tables if len(tables[t]) < max_seats)
        if free:
            table = free[0][1]
        else:
            table = max(tables, default=0) + 1
            tables[table] = set()
        seat = min(s for s in range(1, max_seats + 1) if s not in tables[table])
        return [Day2Registered(player=name, table=table, seat=seat, chips=int(self.profile["money.start_stack"]),
                               pool_cents=self._prize_per_entry())]

    def _prize_per_entry(self) -> int:
        """FLT-6: what a Day-2 entry adds to the prize pool: the buy-in (fees are taken on top of it, ENT-11),
        less its bounty where the event has bounties (KO-2)."""
        s = self.profile
        bounty = int(s["bounty.amount_cents"]) if s["bounty.kind"] != "none" else 0
        return max(0, int(s["money.buy_in_cents"]) - bounty)

    def _bust_day2(self, cmd: BustDay2) -> list[EventFact]:
        d = self.day2()
        self._played_apart(d)
        names = {key(n): n for n in d.stacks}
        live = {key(n) for n in d.live()}
        if len(live) <= 1:
            raise RuleError("EVENT_OVER", _("The event is over; nobody is left to bust."))
        busted: list[str] = []
        for p in cmd.players:
            k = key(p)
            if k not in names:
                raise RuleError("NOT_IN_DAY2", _("{name} is not a Day-2 player.", name=p))
            if k not in live:
                raise RuleError("ALREADY_OUT", _("{name} is already out.", name=names[k]))
            if names[k] in busted:
                raise RuleError("INVALID_INPUT", _("{name} is named twice.", name=names[k]))
            busted.append(names[k])
        if not busted:
            raise RuleError("INVALID_INPUT", _("Name at least one player who is out."))
        w = key(cmd.won_by)
        if w not in live or names[w] in busted:
            raise RuleError("WINNER_NOT_LIVE", _("{name} is not a Day-2 player still in who won the pot.",
                                                       name=cmd.won_by))
        first = len(live) - len(busted) + 1
        if self.profile["elim.same_hand"] == "split_all":  # ELIM-4 (P004): all out in one hand tie
            groups = [busted]
        else:  # ELIM-4 (TDA): who started the hand with more chips finishes higher; equal stacks tie
            by_stack: dict[int, list[str]] = {}
            for n in busted:
                by_stack.setdefault(d.stacks[n], []).append(n)
            groups = [by_stack[c] for c in sorted(by_stack, reverse=True)]
        facts: list[EventFact] = []
        for group in groups:
            facts.append(Day2Busted(players=group, won_by=names[w], place=first,
                                    chips=sum(d.stacks[n] for n in group)))
            first += len(group)
        return facts


# -- reading the event ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRow:
    place: int
    tied: int
    player: str
    day: str  # "Day 2" or the flight where he finished
    prize_cents: int


def entries(state: EventState) -> int:
    """FLT-8: every entry of every flight, and Day 2's late entries."""
    late = state.day2.late_entries if state.day2 else 0
    if state.day2 is not None and state.day2.played is not None:
        late = state.day2.played.late_entries
    return sum(f.entries for f in state.flights.values()) + late


def prize_pool(state: EventState) -> int:
    if state.day2 is not None and state.day2.played is not None:  # FLT-10: as the Day-2 tournament says it
        return state.day2.played.prize_pool_cents
    late = state.day2.late_pool_cents if state.day2 else 0
    assert state.profile is not None
    return max(sum(f.pool_cents for f in state.flights.values()) + late, int(state.profile["money.guarantee_cents"]))


def every_bag(state: EventState) -> list[Bag]:
    """Every bag of the event: flight by flight, table by table."""
    return [b for f in state.flights.values() for bags in f.bags.values() for b in bags]


def bags_forward(state: EventState) -> dict[str, Bag]:
    """FLT-2: the bag each player takes to Day 2, by his key, as the profile's ``flight.stack_forward`` picks it."""
    assert state.profile is not None
    return stacks_forward(every_bag(state), str(state.profile["flight.stack_forward"]), list(state.flights))


def chips_bagged(state: EventState) -> int:
    return sum(b.chips for b in every_bag(state))


def chips_conserved(state: EventState) -> bool:
    """Every chip bagged is in Day 2 or left behind with a bag that did not go forward (FLT-2)."""
    d = state.day2
    if d is None:
        return True
    if d.played is not None:  # FLT-10: the Day-2 tournament was carried in with the bags that went forward
        return chips_bagged(state) == d.played.carried_chips + sum(d.left_behind.values())
    return chips_bagged(state) + d.late_chips == sum(d.stacks.values()) + sum(d.left_behind.values())


def results(state: EventState) -> list[ResultRow]:
    """FLT-7, FLT-8: every player of the event once, Day 2's places first, then the Day-1 finishers' in order;
    a block busted in one hand ties and shares its places' prizes (the odd cents to the better place)."""
    assert state.profile is not None
    d = state.day2
    if d is not None and d.played is not None:  # FLT-10: the Day-2 tournament's one list, read back
        return [ResultRow(r.place, r.tied, r.player, r.day, r.prize_cents) for r in d.played.results]
    day2_names = list(d.stacks) if d else []
    lines: list[tuple[int, list[str], str]] = []  # (best place, players, day)
    if d is not None:
        live = d.live()
        if len(live) == 1:
            lines.append((1, live, "Day 2"))
        lines.extend((place, players, "Day 2") for players, place in d.out)
        lines.sort(key=lambda x: x[0])
    first_day1 = len(day2_names) + 1
    for i, (name, flight) in enumerate(day1_finishers(state)):
        lines.append((first_day1 + i, [name], flight))
    players = len(day2_names) + len(lines) - sum(1 for _, _, day in lines if day == "Day 2")
    table = prizes(state.profile.settings, prize_pool(state), entries(state), players)
    rows: list[ResultRow] = []
    for place, names, day in lines:
        tied = len(names)
        block = sum(table[place - 1: place - 1 + tied]) if place - 1 < len(table) else 0
        share, odd = divmod(block, tied)
        for i, name in enumerate(sorted(names, key=key)):
            rows.append(ResultRow(place, tied, name, day, share + (1 if i < odd else 0)))
    return rows


def late_entries(state: EventState) -> list[tuple[str, int]]:
    """FLT-6: Day 2's late entries, each with what it put in the prize pool (as the Day-2 tournament says it,
    once read back)."""
    d = state.day2
    if d is None:
        return []
    return list(d.played.late) if d.played is not None else list(d.late)


def seat_entries(state: EventState) -> dict[tuple[str, str], str]:
    """FLT-9: (flight, player's key) -> the satellite whose seat paid that player's entry into the flight
    (the key: :func:`player_key`)."""
    return {(x.used_in, key(x.player)): x.satellite for x in state.seats if x.used_in}


def player_key(name: str) -> str:
    """The same player, case and spaces aside (FLT-1)."""
    return key(name)


def came_from(state: EventState) -> dict[str, str]:
    """Each Day-2 player's flight: the flight of the bag he took forward (FLT-2); a Day-2 late entry: "Day 2"."""
    assert state.profile is not None
    d = state.day2
    if d is None:
        return {}
    forward = bags_forward(state)
    return {n: forward[key(n)].flight if key(n) in forward else "Day 2" for n in d.stacks}


def paid_cents(state: EventState) -> int:
    return sum(r.prize_cents for r in results(state))


def summary(state: EventState) -> list[str]:
    """The event in words, for the sheets and the command line (figures by the one format module)."""
    assert state.profile is not None
    cur = state.profile["money.currency"]
    lines = [_("{event}: {flights}, {entries}, prize pool {pool}", event=state.title,
               flights=ngettext("{count} flight", "{count} flights", len(state.flights),
                                 count=fmt_chips(len(state.flights))),
               entries=_entries(entries(state)), pool=money(prize_pool(state), cur))]
    for f in state.flights.values():
        bagged = sum(len(b) for b in f.bags.values())
        off = sum(f.differences.values())
        bags = ngettext("{count} bag", "{count} bags", bagged, count=fmt_chips(bagged))
        lines.append(_("{flight}: {entries}, {bags}, bags {off} chips off the chips in play", flight=f.name,
                       entries=_entries(f.entries), bags=bags, off=fmt_chips(off)) if off else
                     _("{flight}: {entries}, {bags}", flight=f.name, entries=_entries(f.entries), bags=bags))
    for r in results(state):
        if r.prize_cents:
            lines.append(_("{place} {name} ({day}): {prize}", place=ordinal(r.place), name=r.player,
                           day=day_name(r.day), prize=money(r.prize_cents, cur)))
    return lines


def _entries(n: int) -> str:
    return ngettext("{count} entry", "{count} entries", n, count=fmt_chips(n))


DAY2 = "Day 2"
"""The day a Day-2 player finished, as the event and its files record it (the others': their flight's name)."""


def day_name(day: str) -> str:
    """Where a player finished, in the reader's language: Day 2, or his flight's own name (data, as written)."""
    return _("Day 2") if day == DAY2 else day


def day_end_of(flight: str, state: TournamentState, counted: dict[str, int] | None = None,
               reason: str = "director") -> EndDay:
    """The end of ``flight``'s day as its tournament state says it: its entries, its prize money, the
    survivors and their tables, the players out with how many were left after them, and the chips in
    play at each table (the counted stacks where given, else the stacks the flight knows)."""
    if "day_ended" not in state.extra and not state.ended:
        raise RuleError("FLIGHT_NOT_BAGGED", _("{flight} is still playing: end its day (end_flight_day) first, so "
                                               "nobody plays on while its bags are counted.", flight=flight))
    survivors: dict[str, int] = {}
    in_play: dict[int, int] = {}
    finishers: list[tuple[str, int]] = []
    for p in state.players.values():
        if p.live or p.status == WINNER:  # a flight played down to one player bags its winner
            table = p.table if p.table is not None else 0
            survivors[p.name] = table
            chips = counted.get(p.name, p.stack) if counted is not None else p.stack
            in_play[table] = in_play.get(table, 0) + chips
        elif p.place is not None:
            finishers.append((p.name, p.place - 1))
    entries_ = sum(p.entries for p in state.players.values())
    names = {pid: p.name for pid, p in state.players.items()}
    money_log = [FlightMoney(at=float(r["at"]), kind=str(r["kind"]), cents=int(r["cents"]), to=str(r["to"]),
                             player=names.get(r["player"], "") if isinstance(r.get("player"), int)
                             else str(r.get("player") or ""),
                             split={str(k): int(v) for k, v in (r.get("split") or {}).items()},
                             seat=str(r.get("seat") or ""))
                 for r in state.money_log]
    ended = state.extra.get("day_ended")
    level = current_level(state, float(ended["at"])) if isinstance(ended, dict) and state.started else 0
    return EndDay(flight=flight, entries=entries_, pool_cents=state.pool_cents, chips_in_play=in_play,
                  survivors=survivors, finishers=finishers, reason=reason, money_log=money_log, level=level)


# -- Day 2 as a tournament of its own (FLT-10) ------------------------------------------------------------


PLAYED_HERE = N_("Day 2 is being played in this event (its busts are here); it cannot also be played as a "
                 "tournament of its own.")


def day2_start_level(state: EventState) -> int:
    """FLT-10: the level Day 2 starts at unless the director picks another: the one after the last level any
    flight played (level 1 where no flight said)."""
    return max((f.level for f in state.flights.values()), default=0) + 1


def day1_finishers(state: EventState) -> list[tuple[str, str]]:
    """FLT-7: the players out on Day 1 who did not reach Day 2, best first, each with the flight of his best
    finish."""
    order = list(state.flights)
    finishers = [f for fl in state.flights.values() for f in fl.finishers]
    best: dict[str, Finisher] = {}
    for f in finishers:
        k = key(f.player)
        if k not in best or (f.left, order.index(f.flight)) < (best[k].left, order.index(best[k].flight)):
            best[k] = f
    reached = list(state.day2.stacks) if state.day2 is not None else []
    return [(name, best[key(name)].flight) for name in day1_order(finishers, order, reached)]


def day2_commands(state: EventState, event_file: str = "", level: int | None = None) -> list[dict[str, Any]]:
    """FLT-10: the commands that make a new tournament this event's Day 2: what it plays for (every flight's
    entries and prize money, the Day-1 finishers below its players, the level it starts at), then every Day-2
    player carried in with the bag he took forward (FLT-2), at the seat of the recorded draw (FLT-5)."""
    d = state.day2
    if d is None:
        raise RuleError("DAY2_NOT_MADE", _("Day 2 is not made yet; make it from the bags first."))
    if d.out or d.late:
        raise RuleError("DAY2_PLAYED_HERE", _(PLAYED_HERE))
    start = day2_start_level(state) if level is None else level
    if start < 1:
        raise RuleError("INVALID_INPUT", _("Day 2 starts at level 1 or later."))
    forward = bags_forward(state)
    cmds: list[dict[str, Any]] = [{
        "cmd": "day2_of_event", "event": state.title, "event_file": event_file,
        "entries": sum(f.entries for f in state.flights.values()),
        "pool_cents": sum(f.pool_cents for f in state.flights.values()),
        "day1": [list(x) for x in day1_finishers(state)], "level": start,
    }]
    for name, (table, seat) in sorted(d.seats.items(), key=lambda x: x[1]):
        bag = forward[key(name)]
        cmds.append({"cmd": "carry_in", "name": name, "chips": d.stacks[name], "table": table, "seat": seat,
                     "flight": bag.flight, "bag": bag.bag})
    return cmds


def day2_results_of(state: TournamentState, file: str = "") -> RecordDay2:
    """FLT-10: an event's Day-2 tournament as its state says it: its late entries (FLT-6) and their prize
    money, its players, the prize pool, the chips carried in and the one list of places (its own players'
    places, then the Day-1 finishers'), each prize to the cent as its payout table says."""
    carried = state.extra.get("day2")
    if not isinstance(carried, dict):
        raise RuleError("NOT_DAY2", _("{name} is not an event's Day 2 (it was not made from an event's bags).",
                                      name=state.name or file or _("That tournament")))
    table = prize_table(state)
    won = awards(state, table)
    lines = [ResultLine(place=place, tied=state.players[pid].tied if tied else 1, player=state.players[pid].name,
                        day="Day 2", prize_cents=cents)
             for pid, (place, cents, tied) in won.items()]
    lines.sort(key=lambda r: (r.place, key(r.player)))
    lines += [ResultLine(place=place, player=name, day=flight, prize_cents=cents)
              for place, name, flight, cents in day1_awards(state, table)]
    counts = state.money_counts
    late = counts.get("entry", 0) + counts.get("reentry", 0) - counts.get("refunded_entries", 0)
    names = {pid: p.name for pid, p in state.players.items()}
    paid_in = [(names.get(int(r["player"]), ""), int(r["cents"])) for r in state.money_log
               if r["kind"] in ("entry", "reentry", "refund") and r["to"] == "pool"
               and isinstance(r.get("player"), int)]
    return RecordDay2(file=file, late_entries=late, late=paid_in, late_pool_cents=state.pool_cents,
                      players=state.entrants,
                      prize_pool_cents=payout_pool(state),
                      carried_chips=sum(int(c["chips"]) for c in carried.get("carried", {}).values()),
                      results=lines, over=state.ended)


def seats_of(satellite: str, state: TournamentState) -> AddSeats:
    """FLT-9: a satellite's seats as its tournament state says them: its ``satellite.event``, a seat's value,
    and the players whose prize is a seat (SAT-1, SAT-3), in place order."""
    if not is_satellite(state):
        raise RuleError("NOT_A_SATELLITE", _("{satellite} is not a satellite: its profile gives no seat value.",
                                                   satellite=satellite))
    won = seat_test(state)
    placed = sorted((place, state.players[pid].name) for pid, (place, cents, _tied) in awards(state).items()
                    if won(place, cents))
    if not placed:
        raise RuleError("NO_SEATS_YET", _("{satellite} has awarded no seat yet; add its seats once they are "
                                                "won.", satellite=satellite))
    assert state.profile is not None
    return AddSeats(satellite=satellite, target=str(state.profile["satellite.event"] or ""),
                    seat_value_cents=seat_value(state), winners=[n for _, n in placed])


def view(state: EventState) -> dict[str, Any]:
    """The event as JSON: what its scenario files check (every figure a plain number or a name)."""
    d = state.day2
    flights = {
        f.name: {
            "ended": f.ended, "entries": f.entries, "pool_cents": f.pool_cents, "survivors": len(f.survivors),
            "chips_in_play": {str(t): c for t, c in f.chips_in_play.items()},
            "bags": {str(t): [{"player": b.player, "bag": b.bag, "chips": b.chips} for b in bags]
                     for t, bags in f.bags.items()},
            "differences": {str(t): c for t, c in f.differences.items()},
        }
        for f in state.flights.values()
    }
    day2: dict[str, Any] | None = None
    if d is not None:
        day2 = {"seed": d.seed, "players": len(d.stacks), "live": len(d.live()), "stacks": dict(d.stacks),
                "seats": {n: list(ts) for n, ts in d.seats.items()}, "left_behind": dict(d.left_behind),
                "tables": len({t for t, _ in d.seats.values()}),
                "played": None if d.played is None else {"file": d.played.file, "players": d.played.players,
                                                          "over": d.played.over}}
    return {
        "flights": flights,
        "day2": day2,
        "entries": entries(state),
        "prize_pool_cents": prize_pool(state),
        "paid_cents": paid_cents(state),
        "chips_conserved": chips_conserved(state),
        "results": [{"place": r.place, "tied": r.tied, "player": r.player, "day": r.day, "prize_cents": r.prize_cents}
                    for r in results(state)],
        "seats": [{"satellite": x.satellite, "flight": x.flight, "player": x.player, "value_cents": x.value_cents,
                   "used_in": x.used_in} for x in state.seats],
    }
