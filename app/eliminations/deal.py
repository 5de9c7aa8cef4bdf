"""Deal calculator for the final table: ICM and chip chop (a calculator only, ELIM-6).

Deals between players are not enforced by the engine: nothing here changes the tournament. Given the
remaining players' chips and the prizes still in play (places 1 to N of the payout table, N being the
players left), it works out what each player would take.

Methods:

* chip chop: each player gets the smallest prize in play plus a share of the rest proportional to his
  chips;
* ICM (Malmuth-Harville): the chance of taking 1st is one's share of the chips; once a place is taken,
  the next place goes the same way among those left. Each player's amount is his expected prize over
  all finishing orders, computed exactly (fractions) over the subsets of players already placed, so it
  is offered for :data:`ICM_LIMIT` players or fewer.

An optional *save* is kept aside for the winner of the play that goes on: it comes off the 1st prize
before the split, and may not make 1st pay less than 2nd.

Rounding (:func:`split_cents`): every exact amount is rounded down to the cent, then the cents left
over go one each to the largest fractional remainders; equal remainders go to the bigger stack first,
then to the player listed first (seat order). The amounts then add up exactly to the prizes in play
less the save.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from app.core import inputs
from app.core.state import TournamentState
from app.eliminations.payouts import prize_table
from app.errors import RuleError

ICM = "icm"
CHIP_CHOP = "chip_chop"
METHODS = (ICM, CHIP_CHOP)
ICM_LIMIT = 10


@dataclass(frozen=True)
class DealPlayer:
    """A remaining player as the calculator sees him: chips may be the director's counted figure."""

    player: int
    name: str
    chips: int


@dataclass(frozen=True)
class DealLine:
    player: int
    name: str
    chips: int
    chip_share: Fraction  # of all chips in the deal, 0 to 1
    exact: Fraction  # the method's amount in cents before rounding
    amount_cents: int


@dataclass(frozen=True)
class Deal:
    method: str
    prizes_cents: tuple[int, ...]  # places 1 to N in play, 1st first
    save_cents: int  # kept aside for the winner of the play that goes on
    lines: tuple[DealLine, ...]  # in the order the players were given

    @property
    def split_cents(self) -> int:
        return sum(line.amount_cents for line in self.lines)

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "prizes_cents": list(self.prizes_cents),
            "save_cents": self.save_cents,
            "lines": [
                {"player": ln.player, "name": ln.name, "chips": ln.chips,
                 "chip_percent": float(ln.chip_share * 100), "amount_cents": ln.amount_cents}
                for ln in self.lines
            ],
        }


# -- from the tournament ---------------------------------------------------------------------------
def deal_players(state: TournamentState) -> list[DealPlayer]:
    """The players still in, with the chips the engine knows: seated ones by table and seat, then the rest."""
    seated = [(t.number, seat, pid) for t in state.tables.values() for seat, pid in t.seats.items()]
    order = [pid for _, _, pid in sorted(seated)]
    placed = set(order)
    order += sorted(p.id for p in state.players.values() if p.live and p.id not in placed)
    return [DealPlayer(pid, state.players[pid].name, state.players[pid].stack)
            for pid in order if state.players[pid].live]


def prizes_in_play(state: TournamentState) -> list[int]:
    """The prizes of the places not decided yet (1st to the number of players left), 1st first.

    Places beyond the paid ones count as 0. Empty when there is no payout table or nobody is left.
    """
    if state.profile is None or state.ended:
        return []
    left = state.remaining()
    table = prize_table(state)
    return [table[i] if i < len(table) else 0 for i in range(left)]


def deal_for_state(
    state: TournamentState, chips: dict[int, int], method: str = ICM, save_cents: int = 0
) -> Deal:
    """The deal among every player still in, with ``chips`` (player id -> counted stack) for each."""
    live = {p.player: p for p in deal_players(state)}
    for pid in chips:
        if pid not in live:
            known = state.players.get(pid)
            why = "is already out" if known is not None else "is not in this tournament"
            raise RuleError("UNKNOWN_PLAYER", f"Player #{pid} {why}; a deal is among the players still in.", "ELIM-6")
    missing = [p.name for pid, p in live.items() if pid not in chips]
    if missing:
        names = ", ".join(missing)
        raise RuleError("INVALID_INPUT", f"Every player still in takes part in the deal; no chips for {names}.")
    players = [DealPlayer(pid, p.name, chips[pid]) for pid, p in live.items()]
    return calculate(players, prizes_in_play(state), method, save_cents)


# -- the calculation ----------------------------------------------------------------------------------
def calculate(players: Sequence[DealPlayer], prizes: Sequence[int], method: str = ICM, save_cents: int = 0) -> Deal:
    """The deal for ``players`` (in seat order) over ``prizes`` (cents, 1st first, at most one per player)."""
    if method not in METHODS:
        raise RuleError("INVALID_INPUT", f"The deal method is 'icm' or 'chip_chop', not {method!r}.")
    if len(players) < 2:
        raise RuleError("INVALID_INPUT", "A deal needs at least 2 players still in.")
    for p in players:
        if isinstance(p.chips, bool) or not isinstance(p.chips, int) or p.chips <= 0:
            raise RuleError("INVALID_INPUT", f"{p.name}'s chips must be a whole number above 0, not {p.chips!r}.")
    if len({p.player for p in players}) != len(players):
        raise RuleError("INVALID_INPUT", "A player is listed twice in the deal.")
    if len(prizes) > len(players):
        raise RuleError(
            "INVALID_INPUT", f"{len(prizes)} prizes for {len(players)} players: one prize per place in play."
        )
    table = [inputs.cents(c, f"Prize {i + 1}") for i, c in enumerate(prizes)]
    table += [0] * (len(players) - len(table))
    save = inputs.cents(save_cents, "The amount left to play for")
    if save and save > table[0] - max(table[1:]):
        raise RuleError("AMOUNT_INVALID", "The amount left to play for may not make 1st pay less than 2nd.", "ELIM-6")
    in_play = tuple(table)
    table[0] -= save
    stacks = [p.chips for p in players]
    if method == ICM:
        exact = icm_values(stacks, table)
    else:
        exact = chip_chop_values(stacks, table)
    amounts = split_cents(exact, stacks, sum(table))
    total = sum(stacks)
    lines = tuple(DealLine(p.player, p.name, p.chips, Fraction(p.chips, total), e, a)
                  for p, e, a in zip(players, exact, amounts))
    return Deal(method, in_play, save, lines)


def chip_chop_values(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Smallest prize to each, the rest shared by chips."""
    floor = min(prizes) if len(prizes) == len(stacks) else 0  # a place not listed pays 0
    rest = sum(prizes) - floor * len(stacks)
    total = sum(stacks)
    return [floor + Fraction(rest * s, total) for s in stacks]


def icm_values(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Malmuth-Harville expected prizes, exact, over the subsets of players already placed."""
    n = len(stacks)
    if n > ICM_LIMIT:
        raise RuleError("INVALID_INPUT", f"ICM is computed for {ICM_LIMIT} players or fewer; use chip chop for {n}.")
    table = list(prizes) + [0] * (n - len(prizes))
    paid = max((i + 1 for i, c in enumerate(table) if c), default=0)
    total = sum(stacks)
    ev = [Fraction(0)] * n
    reach: dict[int, Fraction] = {0: Fraction(1)}  # placed set (bits) -> chance those took the top places
    for mask in range(1 << n):  # a set always comes before the sets that contain it
        chance = reach.pop(mask, None)
        if chance is None:
            continue
        place = mask.bit_count()
        if place >= paid:  # every place from here on pays nothing
            continue
        left = total - sum(stacks[i] for i in range(n) if mask >> i & 1)
        for i in range(n):
            if mask >> i & 1:
                continue
            p = chance * Fraction(stacks[i], left)
            ev[i] += p * table[place]
            nxt = mask | 1 << i
            reach[nxt] = reach.get(nxt, Fraction(0)) + p
    return ev


def split_cents(exact: Sequence[Fraction], stacks: Sequence[int], total: int) -> list[int]:
    """Whole cents adding up to ``total``: round down, then one cent each to the largest remainders
    (equal remainders: bigger stack first, then the player listed first)."""
    amounts = [int(e) for e in exact]  # exact amounts are never negative: int() rounds down
    left = total - sum(amounts)
    order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), -stacks[i], i))
    for i in order[:left]:
        amounts[i] += 1
    return amounts
