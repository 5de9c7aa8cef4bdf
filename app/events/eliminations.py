"""Events of the bust-outs, the rebuy decisions and the end of the tournament (ELIM, ENT-5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Literal

import msgspec

from app.events.base import Aspect, Event, PlayerEvent


class BustEntry(msgspec.Struct, kw_only=True):
    """One player who lost all their chips in the hand: where they sat, at what level, with what stack."""

    player: int
    table: int | None = None
    seat: int | None = None
    level: int | None = None
    deciding: bool = False  # may still rebuy: stays seated at 0 chips until the rebuy or the decline
    stack: int = 0  # chips at the start of the hand (what orders the batch)


class PlayersBusted(Event, tag="players_busted"):
    """Players lost all their chips in one hand (a batch), or were removed (a no-show, a forfeit).

    ``join``: the hand-for-hand round's batch they join (ELIM-3 b). ``chips``: "loose" (still on the
    table, counted at the next chip count), "removed" (out of play) or "none" (shared out already).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "money", "payouts"})

    players: list[BustEntry]
    mode: str
    reason: str = "bust"
    chips: Literal["loose", "removed", "none"] = "loose"
    payout_order: list[int] = []
    join: int | None = None

    def touched_players(self) -> Iterable[int]:
        return [e.player for e in self.players]

    def touched_tables(self) -> Iterable[int]:
        return [e.table for e in self.players if e.table is not None]


class RebuyDeclined(Event, tag="rebuy_declined"):
    """A player who lost all their chips does not rebuy: out, placed by the hand they lost them in."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "payouts"})

    player: int
    table: int | None = None
    seat: int | None = None

    def touched_players(self) -> Iterable[int]:
        return (self.player,)

    def touched_tables(self) -> Iterable[int]:
        return () if self.table is None else (self.table,)


class TournamentWon(PlayerEvent, tag="tournament_won"):
    """ELIM-6: the last player holding chips takes first place; the tournament is over."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "clock", "payouts"})



# -- payouts (PAY-6, PAY-10) ------------------------------------------------------------------------------
class PayoutsSet(Event, tag="payouts_set"):
    """PAY-6: the director replaced the payout table by these amounts in cents, 1st first (None: the
    profile's table again)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"payouts"})

    amounts_cents: list[int] | None = None

    def touched_tables(self) -> Iterable[int]:
        return ()


class PayoutsLocked(Event, tag="payouts_locked"):
    """PAY-10: the payout table is locked with these prizes (``auto``: it locked by itself at the money)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"payouts"})

    prizes_cents: list[int]
    auto: bool = False

    def touched_tables(self) -> Iterable[int]:
        return ()


class PayoutsUnlocked(Event, tag="payouts_unlocked"):
    """PAY-10: the payout table follows the field again; ``prizes_cents`` is the table it became."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"payouts"})

    prizes_cents: list[int] = []

    def touched_tables(self) -> Iterable[int]:
        return ()


# -- hand for hand (ELIM-3 b, CLK-5) ---------------------------------------------------------------------
class HandForHandStarted(Event, tag="hand_for_hand_started"):
    """Hand-for-hand play began: every table plays one hand at a time. ``first_batch``: the index of the
    first bust batch its rounds may hold."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"clock", "tables"})

    first_batch: int
    announcement: str = ""

    def touched_players(self) -> Iterable[int]:
        return ()


class HandForHandEnded(Event, tag="hand_for_hand_ended"):
    """Hand-for-hand play ended after ``rounds`` rounds finished."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"clock", "tables"})

    rounds: int = 0

    def touched_players(self) -> Iterable[int]:
        return ()


class HandForHandRoundFinished(Event, tag="hand_for_hand_round"):
    """Every table finished its hand of round ``round``; ``deducted``: its time came off the clock (the
    deduction is an event of its own). ``next_batch``: where the next round's busts begin."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"clock", "tables"})

    round: int
    next_batch: int
    deducted: bool = False

    def touched_players(self) -> Iterable[int]:
        return ()


# -- satellites (SAT-3, SAT-5) ----------------------------------------------------------------------------
class SeatsWon(Event, tag="seats_won"):
    """SAT-3, SAT-5: every player still in won a seat in ``event``; they leave play and the satellite ends."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "clock", "payouts"})

    players: list[int]
    event: str = ""
    reason: str = ""

    def touched_players(self) -> Iterable[int]:
        return list(self.players)


# -- the deal (PAY-11) -------------------------------------------------------------------------------------
class DealLineRecord(msgspec.Struct, kw_only=True):
    """One player's part of a recorded deal: the chips it was worked out from and the amount agreed."""

    player: int
    chips: int
    amount_cents: int


class DealRecorded(Event, tag="deal_recorded"):
    """PAY-11: the players still in agreed a deal (``icm``, ``chip_chop`` or typed ``amounts``); it replaces
    the prizes of the places in play (``prizes_cents``: those prizes when it was made). ``save_cents`` is
    left to play for."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"payouts"})

    method: str
    lines: list[DealLineRecord]
    prizes_cents: list[int]
    save_cents: int = 0

    def touched_players(self) -> Iterable[int]:
        return [ln.player for ln in self.lines]

    def touched_tables(self) -> Iterable[int]:
        return ()
