"""FLT-10: an event's Day 2 played as a tournament of its own, its players carried in with their bags.

``day2_of_event`` makes a new tournament the Day 2 of an event of flights: the flights' entries and prize money
it plays for (FLT-8: the payout table and its places are counted over every entry of every flight), the Day-1
finishers who rank below every Day-2 player (FLT-7) and the level its clock starts at. ``carry_in`` brings each
Day-2 player in with his bagged stack at the seat of the event's draw (FLT-5): an entry with chips and no money
(section 20.9: the chips in play come from the entries; a carried-in stack is one). From then on Day 2 is a
tournament like any other: its clock, balancing, breaking tables, busts, places and payouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.chips.stacks import note_counted
from app.commands.tournament import CarryIn, Day2OfEvent
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.entries.registration import checked_name
from app.errors import RuleError
from app.events.entries import PlayerRegistered
from app.events.seating import PlayerSeated, TableOpened
from app.events.tournament import Day2Set, StackCarriedIn
from app.i18n import _
from app.names import name_key
from app.tournament.day_end import day2_of

if TYPE_CHECKING:
    from app.core.context import Context


def _before_play(state: TournamentState, words: str) -> None:
    if state.started:
        raise RuleError("PLAY_BEGAN", words, "FLT-10")


@command
def day2_of_event(ctx: Context, cmd: Day2OfEvent) -> None:
    """FLT-10: this tournament is the Day 2 of an event (once, before anybody is in it)."""
    state = ctx.state
    made = day2_of(state)
    if made is not None:
        raise RuleError("DAY2_SET", _("This tournament is already the Day 2 of {event}.", event=made["event"]),
                        "FLT-10")
    _before_play(state, _("This tournament's clock has run: it can no longer become an event's Day 2."))
    if state.players:
        raise RuleError("PLAY_BEGAN", _("This tournament already has players; Day 2 is made in a new tournament "
                                        "from the event's bags."), "FLT-10")
    event = " ".join(cmd.event.split())
    if not event:
        raise RuleError("INVALID_INPUT", _("Day 2 needs the event's name."), "FLT-10")
    entries = inputs.whole(cmd.entries, _("The flights' entries"), minimum=0)
    pool = inputs.cents(cmd.pool_cents, _("The flights' prize money"))
    level = inputs.whole(cmd.level, _("The level Day 2 starts at"), minimum=1)
    day1: list[tuple[str, str]] = []
    seen: set[str] = set()
    for player, flight in cmd.day1:
        name = " ".join(player.split())
        if not name or name_key(name) in seen:
            raise RuleError("INVALID_INPUT", _("Each Day-1 finisher is named once ({player}).", player=player or "?"),
                            "FLT-7")
        seen.add(name_key(name))
        day1.append((name, " ".join(flight.split())))
    ctx.emit(Day2Set(event=event, event_file=cmd.event_file, entries=entries, pool_cents=pool, day1=day1,
                     level=level))


@applies
def _day2_set(state: TournamentState, ev: Day2Set) -> None:
    state.extra["day2"] = {"event": ev.event, "event_file": ev.event_file, "entries": ev.entries,
                           "pool_cents": ev.pool_cents, "day1": [list(x) for x in ev.day1], "level": ev.level,
                           "carried": {}}


@command
def carry_in(ctx: Context, cmd: CarryIn) -> None:
    """FLT-10: a Day-2 player carried in with his bag, at his drawn seat; no money is taken."""
    state = ctx.state
    d = day2_of(state)
    if d is None:
        raise RuleError("NOT_DAY2", _("Only an event's Day 2 carries players in with their bags; this tournament "
                                      "was not made from an event (its players buy in)."), "FLT-10")
    _before_play(state, _("Day 2's clock has run: players are carried in with their bags only before play begins."))
    name = cmd.name_
    if name.strip() and name_key(name) in state.by_name:
        raise RuleError("CARRIED_IN", _("{name} is already in Day 2; a player brings one bag.",
                                        name=" ".join(name.split())), "FLT-2")
    name = checked_name(ctx, name)
    chips = inputs.whole(cmd.chips, _("{name}'s bag", name=name), minimum=1)
    number = inputs.whole(cmd.table, _("The table"), minimum=1)
    max_seats = int(ctx.profile["table.max_seats"])
    table = state.tables.get(number)
    seats = table.max_seats if table is not None else max_seats
    seat = inputs.whole(cmd.seat, _("The seat"), minimum=1)
    if seat > seats:
        raise RuleError("SEAT_OUT_OF_RANGE", _("Table {table} has seats 1 to {seats}.", table=number, seats=seats),
                        "FLT-10")
    if table is not None and seat in table.seats:
        held = state.players[table.seats[seat]].name
        raise RuleError("SEAT_TAKEN", _("Table {table} seat {seat} is already {name}'s.", table=number, seat=seat,
                                        name=held), "FLT-10")
    pid = state.next_player_id
    ctx.emit(PlayerRegistered(player=pid, name_=name))
    ctx.emit(StackCarriedIn(player=pid, chips=chips, flight=" ".join(cmd.flight.split()), bag=cmd.bag.strip()))
    if table is None:
        ctx.emit(TableOpened(table=number, seats=max_seats))
    ctx.emit(PlayerSeated(player=pid, table=number, seat=seat, how="day2_draw"))


@applies
def _carried_in(state: TournamentState, ev: StackCarriedIn) -> None:
    """An entry with chips and no money: he is in the field, his stack counted, the chips issued (section 20.9)."""
    p = state.players[ev.player]
    p.entries += 1
    state.entrants += 1
    state.in_field += 1
    p.stack += ev.chips
    note_counted(state, p, ev.at)
    state.chips_issued += ev.chips
    state.money_counts["carried_in"] = state.money_counts.get("carried_in", 0) + 1
    d = day2_of(state)
    if d is not None:
        d["carried"][str(p.id)] = {"flight": ev.flight, "bag": ev.bag, "chips": ev.chips}
