"""What the sheets print, as plain data. :mod:`sheets.source` fills it from the engine.

Renderers take these objects only, so each sheet can be drawn (and tested) from hand-built data.
Nothing here decides a rule: places, amounts, moves and race plans are copied from the engine.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.api import fmt

if TYPE_CHECKING:
    from sheets.money_data import MoneyTrail


MAX_PRINTED_NAME = 80  # longer names (from a file written before names were checked) are cut short


def printable(text: str, limit: int = MAX_PRINTED_NAME) -> str:
    """A name as a sheet can print it: control and invisible characters shown as "?", runs of spaces made
    one, and at most ``limit`` characters ("..." marks a cut). Registration refuses such names; this
    keeps every sheet printable for a file written before it did."""
    if text.isprintable() and len(text) <= limit and "  " not in text:
        return text
    chars = ["?" if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") else ch for ch in text]
    clean = " ".join("".join(chars).split())
    return clean if len(clean) <= limit else clean[: limit - 3].rstrip() + "..."


def _printable_name(obj: object) -> None:
    name = getattr(obj, "name", None)
    if isinstance(name, str):
        object.__setattr__(obj, "name", printable(name))


@dataclass(frozen=True)
class Seat:
    name: str
    table: int
    seat: int

    def __post_init__(self) -> None:
        _printable_name(self)


@dataclass(frozen=True)
class Move:
    name: str
    from_table: int | None
    from_seat: int | None
    to_table: int
    to_seat: int
    reason: str

    def __post_init__(self) -> None:
        _printable_name(self)


@dataclass(frozen=True)
class Level:
    """One row of the structure: a level, or a break (``number`` None)."""

    number: int | None
    minutes: int
    game: str = ""
    bets: dict[str, str] = field(default_factory=dict)  # game family -> forced bets as printed
    note: str = ""  # e.g. "Chip race: 25s leave"


@dataclass(frozen=True)
class Chip:
    value: int
    colour: str = ""

    def label(self) -> str:
        return f"{fmt.chips(self.value)} ({self.colour})" if self.colour else fmt.chips(self.value)


@dataclass(frozen=True)
class Race:
    """One colour-up at a break: the chips leaving play and the chip they become."""

    after: int  # the level whose break this race is in
    when: str  # "Break after level 4"
    leaving: tuple[Chip, ...]
    into: Chip  # the smallest chip still in play after the race
    race_out: str = "tda_add"  # a player who would be raced out: profile setting race.race_out
    rounding: str = "half_up"  # how the odd chips' value rounds: race.pool_rounding


@dataclass(frozen=True)
class RaceTable:
    """A table as the chip-race grid lists it: its seats and who sits in them."""

    number: int
    max_seats: int
    seats: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", {seat: printable(name) for seat, name in self.seats.items()})


@dataclass(frozen=True)
class Payout:
    place: int
    amount_cents: int
    name: str | None = None  # None until the place is decided
    tied: int = 1  # players sharing the block of places starting at ``place``
    bounties_cents: int = 0  # KO: bounty money the player won (apart from the prize)
    knockouts: int = 0  # KO-1: how many players this one knocked out
    seat: str = ""  # SAT-4: "Seat in Main Event" when the prize is a satellite seat
    knocked_out_by: str = ""  # KO-1: who knocked the player out ("Bo Chen", "Bo Chen and Cy Lo"), if recorded

    def __post_init__(self) -> None:
        _printable_name(self)
        object.__setattr__(self, "knocked_out_by", printable(self.knocked_out_by, 3 * MAX_PRINTED_NAME))


@dataclass
class DealLine:
    """One player's part of the deal sheet (PAY-11)."""

    name: str
    chips: int
    amount_cents: int

    def __post_init__(self) -> None:
        _printable_name(self)


@dataclass
class Deal:
    """A recorded deal, for the players to sign."""

    method: str  # words: "ICM", "chip chop", "amounts agreed"
    lines: list[DealLine] = field(default_factory=list)
    save_cents: int = 0  # left to play for, to the winner


@dataclass
class Sheet:
    """Everything any sheet may need, for one tournament."""

    tournament: str
    seats: list[Seat] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    levels: list[Level] = field(default_factory=list)
    families: list[str] = field(default_factory=list)  # forced-bet columns in the structure sheet
    games: list[str] = field(default_factory=list)  # the games in the hat / rotation
    structure_notes: list[str] = field(default_factory=list)
    races: list[Race] = field(default_factory=list)
    race_tables: list[RaceTable] = field(default_factory=list)
    payouts: list[Payout] = field(default_factory=list)
    results: list[Payout] = field(default_factory=list)  # every finisher so far: place, name, prize
    pool_cents: int = 0
    fees_cents: int = 0  # fees kept out of the prize pool (ENT-11)
    bounty_pool_cents: int = 0  # KO-2: bounties, kept apart from the prize pool
    prize_unit_cents: int = 1  # PAY-8: prizes rounded to this, the remainder to 1st
    min_cash_cents: int | None = None  # PAY-9: the least a paid place pays
    entries: int = 0
    players_left: int = 0
    level: int = 1  # the level in play now
    currency: str = "USD"  # the tournament's currency (a sheet option may override it)
    money: MoneyTrail | None = None  # every movement of money, for the money trail
    deal: Deal | None = None  # the recorded deal (PAY-11), for the deal sheet

    def __post_init__(self) -> None:
        self.tournament = printable(self.tournament, 120)

    def names(self) -> list[str]:
        """Every name a sheet might print (checked for printable characters before drawing)."""
        out = [self.tournament]
        out += [s.name for s in self.seats]
        out += [m.name for m in self.moves]
        out += [p.name for p in self.payouts + self.results if p.name]
        out += self.money.names() if self.money is not None else []
        out += [ln.name for ln in self.deal.lines] if self.deal is not None else []
        return out
