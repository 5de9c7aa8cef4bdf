"""A multi-flight event played headless: N flights of P entries each, bagged, merged into Day 2, to a winner.

Each flight is a tournament played by the simulated director of :mod:`app.tools.simulate` (the seat draw,
busts, balancing, late entries) until the profile's end of the day (FLT-3; where the director decides,
at a tenth of the flight's entries left). About a fifth of each flight's players entered an earlier
flight too, so best stack forward (FLT-2) has work to do. The simulated floor counts the survivors'
chips (the flight's chips, shared among them at random, every chip accounted for), enters each table's
bags and makes Day 2. Day 2 is then a tournament of its own (FLT-10): made from the draw, every Day-2 player
carried in with his bag, its late entries (FLT-6) taken before its first bust, played by the same simulated
director (busts, balancing, breaking tables) to its winner, and its places and prizes read back into the event.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from app.chips.chipcount import issued
from app.commands.clock import CloseRegistration, StartClock
from app.commands.eliminations import Finish
from app.commands.entries import Register
from app.commands.seating import DrawButton
from app.commands.tournament import EndFlightDay
from app.core.state import WINNER
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.flights.event import (
    AddFlight,
    AddSeats,
    BagRow,
    EnterBags,
    EventCommand,
    EventFact,
    EventState,
    FlightEvent,
    MakeDay2,
    UseSeat,
    chips_bagged,
    chips_conserved,
    day2_commands,
    day2_results_of,
    day_end_of,
    entries,
    paid_cents,
    prize_pool,
    results,
)
from app.flights.rules import day_is_over
from app.invariants import chip_problems, money_problems
from app.levels.timeline import current_level
from app.tools.simulate import Director, InvariantBroken, Simulation, simulation_profile

DEFAULT_SHARE = 10  # percent of a flight's entries left when the simulated director ends its day
OVERLAP = 5  # one player in OVERLAP entered an earlier flight too

EventExecute = Callable[[EventCommand], list[EventFact]]


def flight_names(n: int) -> list[str]:
    return [f"Day 1{chr(ord('A') + i)}" if i < 26 else f"Day 1-{i + 1}" for i in range(n)]


def play_flight(name: str, index: int, sim: Simulation, seed: int,
                seats: dict[str, str] | None = None) -> tuple[Tournament, dict[str, int]]:
    """Play one flight to the end of its day; the counted stacks of its survivors (the flight's chips).
    ``seats``: player -> the satellite whose seat pays his entry (FLT-9: recorded in the flight, no cash)."""
    clock = FakeClock()
    profile = simulation_profile(sim.profile, sim.players)
    t = Tournament.create(profile, name=name, time=clock, seed=seed)
    director = Director(Simulation(players=sim.players, seed=seed, profile=sim.profile, check_every=0), t, clock,
                        None)
    first = index * (sim.players - sim.players // OVERLAP) + 1
    for i in range(first, first + sim.players):
        player = f"Player {i:05d}"
        director.act(Register(name_=player, identity=director.identity(i), seat=(seats or {}).get(player)))
    director.seat_and_start()
    target = max(2, sim.players * DEFAULT_SHARE // 100)
    per_hand = max(1.0, sim.hours * 3600 / max(1, sim.players))
    settings = profile.settings
    for _ in range(sim.players * 20 + 1000):
        state = t.state
        live = sum(1 for p in state.players.values() if p.live)
        entered = sum(p.entries for p in state.players.values())
        if day_is_over(settings, entered, live, current_level(state, clock.now())) or live <= target:
            break
        director.one_hand(per_hand)
    if not t.state.ended:  # a tiny flight may have played down to one player, who bags
        t.execute(EndFlightDay(reason="share"))  # FLT-3: the chips are bagged, nobody plays on
    state = t.state
    survivors = sorted((p for p in state.players.values() if p.live or p.status == WINNER), key=lambda p: p.id)
    rng = random.Random(seed)
    total = issued(state)
    cuts = sorted(rng.sample(range(1, total), len(survivors) - 1))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return t, {p.name: c for p, c in zip(survivors, counts, strict=True)}


def bag_tables(flight: str, t: Tournament, counted: dict[str, int], first_bag: int) -> list[EnterBags]:
    """Each table's bags, numbered from ``first_bag`` (a bag-and-tag sheet's numbers)."""
    by_table: dict[int, list[BagRow]] = {}
    n = first_bag
    left = (p for p in t.state.players.values() if p.live or p.status == WINNER)
    for p in sorted(left, key=lambda p: (p.table or 0, p.seat or 0)):
        by_table.setdefault(p.table or 0, []).append(BagRow(p.name, f"{n:06d}", counted[p.name]))
        n += 1
    return [EnterBags(flight=flight, table=table, bags=rows) for table, rows in sorted(by_table.items())]


def play_day2(state: EventState, sim: Simulation, seed: int, late_entries: int = 0) -> Director:
    """FLT-10: Day 2 as a tournament of its own, made from the event's draw and played to its winner by the
    simulated director; ``late_entries`` new players buy in before its first bust (FLT-6)."""
    clock = FakeClock()
    assert state.profile is not None
    t = Tournament.create(state.profile, name=f"{state.title} Day 2", time=clock, seed=seed)
    for cmd in day2_commands(state):
        t.execute(cmd)
    players = len(t.state.players) + late_entries
    director = Director(Simulation(players=players, seed=seed, profile=sim.profile, check_every=0), t, clock, None)
    for number in sorted(t.state.tables):  # SEAT-5: a card to each player of each table for its button
        if t.state.tables[number].population >= 2:
            director.act(DrawButton(table=number))
    director.act(StartClock())
    for i in range(late_entries):
        director.act(Register(name_=f"Day 2 Player {i + 1:05d}", identity=director.identity(i + 1)))
    director.confirm_plan()
    if len(t.state.players) == 1:  # one player bagged in the whole event: he wins Day 2 as it starts
        director.try_act(CloseRegistration())
        if not t.state.ended:
            director.act(Finish())
    per_hand = max(1.0, sim.hours * 3600 / max(1, players))
    guard = players * 20 + 1000
    while not t.state.ended and guard > 0:
        guard -= 1
        before = t.state.seq
        director.one_hand(per_hand)
        if t.state.seq == before and not any(tb.population >= 2 for tb in t.state.tables.values()):
            director.confirm_plan()
            if t.state.seq == before:
                raise InvariantBroken("Day 2 is stuck: no table has two players and no move is suggested")
    if not t.state.ended:
        raise InvariantBroken("Day 2 did not reach a winner")
    director.check("the end of Day 2")
    money = money_problems(t.state)
    if money:
        raise InvariantBroken(f"at the end of Day 2: {money[0]}")
    return director


def run_flights(flights: int, players: int, *, seed: int = 1, profile: str = "tda",
                execute: EventExecute | None = None, event: FlightEvent | None = None,
                late_entries: int = 0, seats: int = 0) -> dict[str, Any]:
    """Play the event and report its figures (the JSON of ``floorman simulate --flights``); ``late_entries``
    new players buy in on Day 2 before its first bust (FLT-6: the event's profile must allow it); ``seats``:
    each flight's first players enter it with a seat won in a satellite for that flight (FLT-9)."""
    started = time.perf_counter()
    sim = Simulation(players=players, seed=seed, profile=profile)
    if event is None:
        event = FlightEvent.create(simulation_profile(profile, players * flights), title=f"Simulation {seed}",
                                   seed=seed)
    run = execute or event.execute
    flight_chips = 0
    bag_no = 1
    for i, name in enumerate(flight_names(flights)):
        run(AddFlight(flight=name))
        paid_by: dict[str, str] = {}
        if seats:
            first = i * (players - players // OVERLAP) + 1
            winners = [f"Player {n:05d}" for n in range(first, first + min(seats, players))]
            run(AddSeats(satellite=f"Satellite for {name}", target=name, winners=winners,
                         seat_value_cents=int(event.profile["money.buy_in_cents"])))
            for w in winners:
                run(UseSeat(flight=name, player=w))
                paid_by[w] = f"Satellite for {name}"
        t, counted = play_flight(name, i, sim, seed * 1000 + i, paid_by)
        flight_chips += issued(t.state)
        run(day_end_of(name, t.state, counted))
        for cmd in bag_tables(name, t, counted, bag_no):
            run(cmd)
            bag_no += len(cmd.bags)
    run(MakeDay2())
    state = event.state
    assert state.day2 is not None
    day2 = play_day2(state, sim, seed, late_entries)
    run(day2_results_of(day2.t.state))
    assert state.day2.played is not None
    day2_players = state.day2.played.players
    busts = day2.sim.counts.get("bust", 0)
    day2_chips = issued(day2.t.state)
    day2_chips_kept = not chip_problems(day2.t.state)  # its chips in play are the chips it issued, to the chip
    rows = results(state)
    return {
        "flights": flights,
        "players_per_flight": players,
        "seed": seed,
        "entries": entries(state),
        "bags": sum(len(b) for f in state.flights.values() for b in f.bags.values()),
        "day2_players": day2_players,
        "day2_seed": state.day2.seed,
        "chips_issued": flight_chips,
        "chips_bagged": chips_bagged(state),
        "chips_left_behind": sum(state.day2.left_behind.values()),
        # every chip issued on Day 1 was bagged; the bags that went forward were carried into Day 2, whose
        # chips are those and its late entries' stacks, every one of them still in play at its end
        "chips_conserved": chips_conserved(state) and chips_bagged(state) == flight_chips
        and state.day2.played.carried_chips == flight_chips - sum(state.day2.left_behind.values())
        and day2_chips_kept and day2_chips == state.day2.played.carried_chips
        + state.day2.played.late_entries * int(event.profile["money.start_stack"]),
        "day2_chips": day2_chips,
        "day2_late_entries": state.day2.played.late_entries,
        "seat_entries": sum(1 for x in state.seats if x.used_in),
        "prize_pool_cents": prize_pool(state),
        "paid_cents": paid_cents(state),
        "places": len(rows),
        "places_paid": sum(1 for r in rows if r.prize_cents),
        "day2_busts": busts,
        "payouts": [{"place": r.place, "player": r.player, "day": r.day, "amount_cents": r.prize_cents}
                    for r in rows if r.prize_cents],
        "elapsed_s": round(time.perf_counter() - started, 3),
    }
