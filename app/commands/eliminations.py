"""Declarations of the bust-out, hand-for-hand and payout commands (ELIM, ENT-5, PAY)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DIRECTOR_ONLY, ON_THE_FLOOR, Command, PlayerRef
from app.i18n import N_


class Bust(Command, tag="bust"):
    """Players lost all their chips in one hand (one batch); each rebuys or is out.

    Name one player, or several who busted in the same hand. Starting stacks are given only when the
    engine asks for them (two or more busts ordered by stack). ``rebuy``: true (they all rebuy), false
    (they decline at once) or the list of those who rebuy; left out, a player who may rebuy stays seated
    at 0 chips until the rebuy or the decline.

    ``eliminated_by`` (KO-1): who won the pot: one player, a list when the pot was split, or an object
    busted player: eliminator(s) when several busted; an empty list: nobody known. Where a bounty rides on
    it and it is left out, the engine asks.
    """

    label: ClassVar[str] = N_("bust-out of {player}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ELIM-1", "ELIM-3", "ELIM-4", "ELIM-6", "ENT-5", "CONV-6", "KO-1", "KO-4")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "bust", "player": "Ann", "rebuy": True, "hand_started_before_level_change": True},
        {"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": 800, "Bob": 800}, "hand_level": 1,
         "hand_for_hand": False, "rebuy": ["Ann"]},
        {"cmd": "bust", "player": "Ann", "eliminated_by": ["Bob", "Cat"]},
        {"cmd": "bust", "players": ["Ann", "Dan"], "stacks": {"Ann": 800, "Dan": 500},
         "eliminated_by": {"Ann": ["Bob"], "Dan": ["Bob", "Cat"]}},
    )

    player: PlayerRef | None = None
    players: list[PlayerRef] | None = None
    stacks: dict[PlayerRef, int] | None = None
    hand_for_hand: bool | None = None
    rebuy: bool | list[PlayerRef] | None = None
    amount_cents: int | None = None
    hand_level: int | None = None
    hand_started_before_level_change: bool | None = None
    eliminated_by: PlayerRef | list[PlayerRef] | dict[PlayerRef, list[PlayerRef]] | None = None


class DeclineRebuy(Command, tag="decline_rebuy"):
    """A player who lost all their chips does not rebuy: they are out, placed by the hand in which they lost them."""

    label: ClassVar[str] = N_("{player} declines the rebuy")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ENT-5",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "decline_rebuy", "player": "Ann Lee"},)

    player: PlayerRef


class Finish(Command, tag="finish"):
    """The tournament ends: late registration closed with one player left, who wins.

    The engine runs it by itself at the first command after the window closes; it is refused while more
    than one player holds chips or entries can still arrive.
    """

    label: ClassVar[str] = N_("end of the tournament")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    by_time: ClassVar[bool] = True  # ELIM-6: run by the engine once late registration closed
    rules: ClassVar[tuple[str, ...]] = ("ELIM-6",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "finish"},)


class HandForHand(Command, tag="hand_for_hand"):
    """Start (``"on": true``) or end (``"on": false``) hand-for-hand play; the clock pauses meanwhile."""

    label: ClassVar[str] = N_("hand-for-hand on or off")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "ELIM-3")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "hand_for_hand", "on": True},)

    on: bool


class HandForHandRound(Command, tag="hand_for_hand_round"):
    """Every table finished its hand of the round: the fixed time comes off the clock."""

    label: ClassVar[str] = N_("hand-for-hand round finished")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("CLK-5", "ELIM-3")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "hand_for_hand_round"},)


class SetPayouts(Command, tag="set_payouts"):
    """Replace the payout table by the director's amounts in cents, 1st place first (null: the profile's)."""

    label: ClassVar[str] = N_("payout table change")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("PAY-6", "CONV-8")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "set_payouts", "amounts_cents": [50000, 30000, 20000]},
    )

    amounts_cents: list[int] | None


class LockPayouts(Command, tag="lock_payouts"):
    """Lock the payout table: late entries no longer change its places or shares.

    Under ``payout.lock_at_money`` it locks by itself when the players left are all paid. Refused
    ``NOT_OFFERED`` without a payout table.
    """

    label: ClassVar[str] = N_("payout table locked")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("PAY-10",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "lock_payouts"},)


class UnlockPayouts(Command, tag="unlock_payouts"):
    """Let the payout table follow the field again.

    When that changes the table, the engine says in words what changes and asks (``confirm``: true to go
    ahead). Refused once a paid place was decided on the locked table, or a deal was made on it.
    """

    label: ClassVar[str] = N_("payout table unlocked")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("PAY-10",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "unlock_payouts", "confirm": True},)

    confirm: bool = False


class AwardSeats(Command, tag="award_seats"):
    """End a satellite: every player still in wins a seat in the target event.

    Accepted when the players left are no more than the seats (SAT-1) and late registration is closed;
    under ``satellite.stop_at_seats`` play stops there by itself. Refused ``NOT_OFFERED`` when the
    tournament is not a satellite.
    """

    label: ClassVar[str] = N_("seats awarded to the players left")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    by_time: ClassVar[bool] = True  # SAT-3: run by the engine once late registration closed
    rules: ClassVar[tuple[str, ...]] = ("SAT-3", "SAT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "award_seats"},)


class RecordDeal(Command, tag="record_deal"):
    """Record the deal the players still in agreed; it replaces the prizes of the places in play.

    ``method``: ``icm`` or ``chip_chop`` (worked out from ``chips``, default the stacks the engine knows), or
    ``amounts`` typed by the director (``amounts_cents``, one per player). ``save_cents`` is left to play
    for: the winner takes it on top of their amount. ``players`` (optional) lists who takes part: every
    player still in. Undo removes the deal. Refused ``NOT_OFFERED`` without a payout table.
    """

    label: ClassVar[str] = N_("deal recorded")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("PAY-11", "ELIM-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "record_deal", "method": "icm", "chips": {"Ann": 60000, "Bob": 40000}, "save_cents": 10000},
        {"cmd": "record_deal", "method": "amounts", "amounts_cents": {"Ann": 70000, "Bob": 50000},
         "players": ["Ann", "Bob"]},
    )

    method: str = "icm"
    chips: dict[str, int] | None = None
    amounts_cents: dict[str, int] | None = None
    save_cents: int = 0
    players: list[PlayerRef] | None = None
