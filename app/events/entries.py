"""Events of registration, purchases, the waiting list and refunds (ENT, REG)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Literal

import msgspec

from app.events.base import Aspect, Event, PlayerEvent

PurchaseKind = Literal["entry", "reentry", "rebuy", "addon", "topup", "purchase"]


class PlayerRegistered(PlayerEvent, tag="player_registered"):
    """A player signed in (REG-1); ``obligation``: a late entrant's big-blind obligation (REG-3, BTN-9)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players"})

    # "name" in the file; the attribute is name_ (Event.name() is the event's name)
    name_: str = msgspec.field(name="name")
    identity: dict[str, str] = {}
    committed: bool = False
    obligation: str | None = None


class PlayerWaitlisted(PlayerEvent, tag="player_waitlisted"):
    """A player goes on the waiting list: no seat free (REG-3), the event full or registration closed (REG-1)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players"})

    reason: str = ""


class PlayerRenamed(Event, tag="player_renamed"):
    """A name typed wrong at registration is corrected (REG-1); ``old`` is kept for the history."""

    # the name shows at the player's seat too (the table is not named here: any table)
    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    new: str
    old: str = ""

    def touched_players(self) -> Iterable[int]:
        return (self.player,)


class StackForfeited(Event, tag="stack_forfeited"):
    """TDA 8-B: a player re-entering forfeits the chips he still has (``stack``: as counted); they leave play."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    player: int
    stack: int

    def touched_players(self) -> Iterable[int]:
        return (self.player,)


class ChipsBought(Event, tag="chips_bought"):
    """One purchase (an entry, re-entry, rebuy, add-on, top-up or chips from the dealer): the price to the
    pool (less ``bounty_cents``, the entry's bounty, KO-2), the fees apart (ENT-11), the chips to the stack.

    ``stack_before``: the stack counted before the purchase; ``hand_mark``: the table's hand count, for the
    per-hand maximum (ENT-9).
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "money", "payouts"})

    player: int
    kind: PurchaseKind
    cents: int
    chips: int
    fee_cents: int = 0
    fees: dict[str, int] = {}  # fee type -> cents; older files give only fee_cents (the house's)
    hand_mark: int = -1
    stack_before: int | None = None
    bounty_cents: int = 0
    paid_by: str = ""  # FLT-9: the satellite whose seat paid this entry ("": paid at the desk)

    def touched_players(self) -> Iterable[int] | None:
        # an entry changes the field's size, so every provisional place (ELIM-2)
        return None if self.kind in ("entry", "reentry") else (self.player,)


class ForfeitFee(PlayerEvent, tag="forfeit_fee"):
    """REG-2: a registrant absent at the start pays the forfeit fee (not prize money)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "money"})

    cents: int


class PlayerPromoted(PlayerEvent, tag="player_promoted"):
    """The first person waiting moves up into the event (REG-1, REG-2)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players"})



class EntryRefunded(Event, tag="entry_refunded"):
    """A player's money goes back (a withdrawal, a late entrant never seated: REG-1, REG-3, ENT-10).

    ``cents`` (the bounty part, ``bounty_cents``, included) from the pools, ``fee_cents`` (split as ``fees``)
    from the fees; he leaves the field and any seat.
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "money", "payouts"})

    player: int
    cents: int
    fee_cents: int = 0
    fees: dict[str, int] = {}  # older files give only fee_cents (the house's)
    reason: str = "refund"
    bounty_cents: int = 0


class PlayersPreregistered(Event, tag="players_preregistered"):
    """Names put on the pre-registered list (REG-10): no seat, not in the field nor the pool until they check in."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players"})

    names: list[str]
    paid_ahead: bool = False
    paid_names: list[str] = []  # of ``names``, those who paid ahead (when not all did)

    def touched_players(self) -> Iterable[int]:
        return ()


class PreregistrationEnded(Event, tag="preregistration_ended"):
    """A name leaves the pre-registered list (REG-10): ``checked_in`` (he is registered next) or removed."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players"})

    name_: str = msgspec.field(name="name")
    checked_in: bool = False

    def touched_players(self) -> Iterable[int]:
        return ()
