"""The rules of a multi-flight event (FLT), as pure functions of plain data.

Each rule's words are in docs/rules-flights.md. Nothing here reads a clock, a file or a random source:
the draw's seed comes in and goes out in the event that records it, so a replay seats the same.

- FLT-2 which stack goes forward: a player bagged in several flights takes the biggest bag, or the first
  flight's (by the order the flights were added), never the sum. The bags left behind leave play: their
  chips are out of the event, as when a live player forfeits them.
- FLT-4 the bag check: a table's counted bags against the chips in play at it, within a tolerance.
- FLT-5 the Day-2 draw: every Day-2 player drawn to a seat at random from a recorded seed, tables
  filled evenly (no table more than one player bigger than another), table.max_seats at most.
- FLT-7 the Day-1 finishers' order: below every Day-2 player; among them, a player who finished with
  fewer players left in his flight ranks higher; the same count left in two flights: the earlier
  flight's finisher first (the flights' order). A player who finished in several flights (re-entering
  across flights) and never reached Day 2 ranks by his best finish.
- FLT-8 the combined pool and the places paid: every entry of every flight counts (and a Day-2 late
  entry where the profile allows it); the places paid and their shares come from the profile's payout
  table chosen by the event's entries; amounts are exact cents, the odd cents to first.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from app.eliminations.payouts import places_by_percent, split_pool
from app.names import name_key
from app.tournament.day_end import day_is_over as day_is_over  # FLT-3, kept where the flights read it


@dataclass(frozen=True)
class Bag:
    """One survivor's bag: his name, the bag's number, the chips in it, the table and the flight."""

    player: str
    bag: str
    chips: int
    table: int
    flight: str


@dataclass(frozen=True)
class Finisher:
    """A player out on Day 1: his name, his flight and how many players were left in it after him."""

    player: str
    flight: str
    left: int


def key(name: str) -> str:
    """The same player across flights: his name as the tournament matches names (:func:`app.names.name_key`:
    Unicode's composed and decomposed accents alike, case folded, spaces tidied), so "José" typed on a Mac
    in one flight and on a PC in the next is one player, as it is within a tournament."""
    return name_key(name)


def stacks_forward(bags: Iterable[Bag], rule: str, flight_order: Sequence[str]) -> dict[str, Bag]:
    """FLT-2: one bag per player, the biggest (ties: the earlier flight) or the first flight's; never the sum."""
    order = {f: i for i, f in enumerate(flight_order)}
    chosen: dict[str, Bag] = {}
    for b in bags:
        k = key(b.player)
        held = chosen.get(k)
        if held is None or _better(b, held, rule, order):
            chosen[k] = b
    return chosen


def _better(b: Bag, held: Bag, rule: str, order: Mapping[str, int]) -> bool:
    earlier = order.get(b.flight, len(order)) < order.get(held.flight, len(order))
    if rule == "first":
        return earlier
    return b.chips > held.chips or (b.chips == held.chips and earlier)


def bag_difference(counted: int, in_play: int) -> int:
    """FLT-4: what the bags hold more (positive) or fewer (negative) than the chips in play at the table."""
    return counted - in_play


def within_tolerance(counted: int, in_play: int, tolerance: int) -> bool:
    return abs(bag_difference(counted, in_play)) <= tolerance


def draw_seats(players: Sequence[str], max_seats: int, seed: int) -> list[tuple[str, int, int]]:
    """FLT-5: (player, table, seat) for every Day-2 player, drawn from ``seed``; tables filled evenly."""
    if not players:
        return []
    tables = -(-len(players) // max_seats)
    rng = random.Random(seed)
    order = sorted(players, key=key)
    rng.shuffle(order)
    sizes = [len(players) // tables + (1 if i < len(players) % tables else 0) for i in range(tables)]
    slots = [(t + 1, s + 1) for t in range(tables) for s in range(sizes[t])]
    seats_per_table = [rng.sample(range(1, max_seats + 1), sizes[t]) for t in range(tables)]
    out: list[tuple[str, int, int]] = []
    for name, (table, i) in zip(order, slots, strict=True):
        out.append((name, table, sorted(seats_per_table[table - 1])[i - 1]))
    return out


def day1_order(finishers: Iterable[Finisher], flight_order: Sequence[str], reached_day2: Iterable[str]) -> list[str]:
    """FLT-7: the Day-1 finishers who did not reach Day 2, best first (one line per player, his best finish)."""
    order = {f: i for i, f in enumerate(flight_order)}
    skip = {key(n) for n in reached_day2}
    best: dict[str, tuple[int, int, str]] = {}
    for f in finishers:
        k = key(f.player)
        if k in skip:
            continue
        rank = (f.left, order.get(f.flight, len(order)), f.player)
        if k not in best or rank < best[k]:
            best[k] = rank
    return [r[2] for r in sorted(best.values())]


def payout_shares(settings: Mapping[str, Any], entries: int) -> list[Fraction]:
    """FLT-8: the shares of the combined pool, by place, from the profile's payout table for ``entries``."""
    kind = settings["payout.table"]
    if kind == "none" or entries <= 0:
        return []
    if kind == "fixed":
        return [Fraction(c) for c in settings["payout.fixed_cents"]]
    if kind == "bracket":
        brackets = settings["payout.brackets"]
        chosen = next((b for b in brackets if entries <= b["max_players"]), brackets[-1])
        shares = [Fraction(str(p)) for p in chosen["percents"]]
    else:
        shares = [Fraction(str(p)) for p in settings["payout.percents"]]
    share = settings.get("payout.places_percent")
    if share is not None:
        places = places_by_percent(entries, share, settings["payout.places_rounding"])
        shares = shares[:places] if len(shares) >= places else shares
    return shares


def prizes(settings: Mapping[str, Any], pool_cents: int, entries: int, players: int) -> list[int]:
    """FLT-8: the prize of each place paid, in cents, summing to the pool (fixed amounts: as listed).

    No more places are paid than there are players in the event; the shares of places nobody can take
    are spread over those paid, in proportion, so the whole pool is paid.
    """
    shares = payout_shares(settings, entries)[: max(players, 0)]
    if not shares:
        return []
    if settings["payout.table"] == "fixed":
        return [int(s) for s in shares]
    return split_pool(pool_cents, shares, None, 1)
