"""A multi-flight event played headless: N flights of P entries each, bagged, merged into Day 2, to a winner.

Each flight is a tournament played by the simulated director of :mod:`app.tools.simulate` (the seat draw,
busts, balancing, late entries) until the profile's end of the day (FLT-3; where the director decides,
at a tenth of the flight's entries left). About a fifth of each flight's players entered an earlier
flight too, so best stack forward (FLT-2) has work to do. The simulated floor counts the survivors'
chips (the flight's chips, shared among them at random, every chip accounted for), enters each table's
bags, makes Day 2 and busts Day-2 players one hand at a time, the chips to a player at the same table,
until one is left.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from app.chips.chipcount import issued
from app.commands.entries import Register
from app.commands.tournament import EndFlightDay
from app.core.state import WINNER
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.flights.event import (
    AddFlight,
    AddSeats,
    BagRow,
    BustDay2,
    EnterBags,
    EventCommand,
    EventFact,
    FlightEvent,
    MakeDay2,
    RegisterDay2,
    UseSeat,
    chips_bagged,
    chips_conserved,
    day_end_of,
    entries,
    paid_cents,
    prize_pool,
    results,
)
from app.flights.rules import day_is_over
from app.levels.timeline import current_level
from app.tools.simulate import Director, Simulation, simulation_profile

DEFAULT_SHARE = 10  # percent of a flight's entries left when the simulated director ends its day
OVERLAP = 5  # one player in OVERLAP entered an earlier flight too

EventExecute = Callable[[EventCommand], list[EventFact]]


def flight_names(n: int) -> list[str]:
    return [f"Day 1{chr(ord('A') + i)}" if i < 26 else f"Day 1-{i + 1}" for i in range(n)]


def play_flight(name: str, index: int, sim: Simulation, seed: int) -> tuple[Tournament, dict[str, int]]:
    """Play one flight to the end of its day; the counted stacks of its survivors (the flight's chips)."""
    clock = FakeClock()
    profile = simulation_profile(sim.profile, sim.players)
    t = Tournament.create(profile, name=name, time=clock, seed=seed)
    director = Director(Simulation(players=sim.players, seed=seed, profile=sim.profile, check_every=0), t, clock,
                        None)
    first = index * (sim.players - sim.players // OVERLAP) + 1
    for i in range(first, first + sim.players):
        director.act(Register(name_=f"Player {i:05d}", identity=director.identity(i)))
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
        if seats:
            first = i * (players - players // OVERLAP) + 1
            winners = [f"Player {n:05d}" for n in range(first, first + min(seats, players))]
            run(AddSeats(satellite=f"Satellite for {name}", target=name, winners=winners,
                         seat_value_cents=int(event.profile["money.buy_in_cents"])))
            for w in winners:
                run(UseSeat(flight=name, player=w))
        t, counted = play_flight(name, i, sim, seed * 1000 + i)
        flight_chips += issued(t.state)
        run(day_end_of(name, t.state, counted))
        for cmd in bag_tables(name, t, counted, bag_no):
            run(cmd)
            bag_no += len(cmd.bags)
    run(MakeDay2())
    for i in range(late_entries):
        run(RegisterDay2(player=f"Day 2 Player {i + 1:05d}"))
    state = event.state
    assert state.day2 is not None
    day2_players = len(state.day2.stacks)
    rng = random.Random(seed)
    busts = 0
    while len(live := sorted(state.day2.live())) > 1:
        by_table: dict[int, list[str]] = {}
        for n in live:
            by_table.setdefault(state.day2.seats[n][0], []).append(n)
        tables = [ps for ps in by_table.values() if len(ps) >= 2] or [live]
        at = rng.choice(tables)
        out, winner = rng.sample(at, 2)
        run(BustDay2(players=[out], won_by=winner))
        busts += 1
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
        "chips_conserved": chips_conserved(state) and chips_bagged(state) == flight_chips
        and sum(state.day2.stacks.values())
        == flight_chips + state.day2.late_chips - sum(state.day2.left_behind.values()),
        "day2_late_entries": state.day2.late_entries,
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
