"""Events of knockouts and bounties (KO-1 to KO-8): every amount is worked out by the command and kept
here, so a replay never recomputes money."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import msgspec

from app.events.base import Aspect, Event, PlayerEvent


class KnockoutLine(msgspec.Struct, kw_only=True):
    """What one eliminator takes from a knockout: ``cash`` (paid now), ``added`` (put on his own head, a
    progressive bounty, KO-3) and ``house`` (the house's bounty, KO-5), in cents."""

    player: int
    cash: int = 0
    added: int = 0
    house: int = 0


class KnockoutRecord(msgspec.Struct, kw_only=True):
    """The money of one knockout: ``player`` knocked out by ``by`` (empty: nobody known), the ``bounty`` on
    his head and the ``house_bounty``, shared as ``lines``; ``unclaimed``: the bounty waiting for the
    winner (KO-8); ``table``: where he busted (the order of the shares, PAY-4)."""

    player: int
    by: list[int] = []
    bounty: int = 0
    house_bounty: int = 0
    lines: list[KnockoutLine] = []
    unclaimed: int = 0
    table: int | None = None

    def players(self) -> list[int]:
        """The knocked-out player and every eliminator, each once."""
        return list(dict.fromkeys([self.player, *self.by, *(ln.player for ln in self.lines)]))


class Knockout(Event, tag="knockout"):
    """KO-1 to KO-5: a player was knocked out; his bounty (and any house bounty) goes to the eliminators."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "money"})

    player: int
    by: list[int] = []
    bounty: int = 0
    house_bounty: int = 0
    lines: list[KnockoutLine] = []
    unclaimed: int = 0
    table: int | None = None

    @classmethod
    def of(cls, rec: KnockoutRecord) -> Knockout:
        return cls(player=rec.player, by=list(rec.by), bounty=rec.bounty, house_bounty=rec.house_bounty,
                   lines=list(rec.lines), unclaimed=rec.unclaimed, table=rec.table)

    def record(self) -> KnockoutRecord:
        return KnockoutRecord(player=self.player, by=list(self.by), bounty=self.bounty,
                              house_bounty=self.house_bounty, lines=list(self.lines), unclaimed=self.unclaimed,
                              table=self.table)

    def touched_players(self) -> Iterable[int]:
        return self.record().players()

    def touched_tables(self) -> Iterable[int]:
        return ()


class BountyToWinner(Event, tag="bounty_to_winner"):
    """KO-7, KO-8: the winner takes his own bounty (``own``), the bounties left on the heads of players who
    left play another way (``left``: player -> cents) and the bounties nobody won (``unclaimed``)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "money"})

    player: int
    own: int = 0
    left: dict[int, int] = {}
    unclaimed: int = 0

    def touched_players(self) -> Iterable[int]:
        return (self.player, *self.left)

    def touched_tables(self) -> Iterable[int]:
        return ()


class EliminatorCorrected(Event, tag="eliminator_corrected"):
    """KO-6: the knockout at ``index`` of the knockout log was entered with the wrong eliminators: its money
    (``old``) is taken back and paid as ``new``."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "money"})

    index: int
    old: KnockoutRecord
    new: KnockoutRecord

    def touched_players(self) -> Iterable[int]:
        return (*self.old.players(), *self.new.players())

    def touched_tables(self) -> Iterable[int]:
        return ()


class HouseBountySet(PlayerEvent, tag="house_bounty_set"):
    """KO-5: the house puts a bounty of ``cents`` on a player (0 takes it off)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "money"})

    cents: int
