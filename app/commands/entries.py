"""Declarations of the entry and money commands: registration, buy-ins, re-entries, rebuys, add-ons,
top-ups, purchases and the waiting list (ENT, REG)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from app.commands.base import AT_THE_DESK, DIRECTOR_ONLY, ON_THE_FLOOR, Command, PlayerRef
from app.i18n import N_


class Register(Command, tag="register"):
    """Sign a player in and take their buy-in; once play has begun, this is a late entry.

    Without ``"pay": false`` the buy-in is taken at once. After the draw a late entrant is seated, or put
    on the waiting list when no seat is free or the event is full (unless ``"waitlist": false``).
    ``amount_cents`` may differ from the buy-in only where the profile caps what a player brings in.
    A name that differs from a registered one only in its accents is asked about (REG-9): ``another``
    true registers a second player, false refuses. So is a word that mixes look-alike alphabets (a
    Cyrillic "а" in a Latin name): ``mixed_scripts`` true registers it as typed, false refuses. A name
    made only of invisible characters (zero-width spaces) is refused. ``seat`` names the satellite whose
    seat pays the buy-in (FLT-9): the entry goes into the pool as any other, and the money trail says
    "seat", not cash.
    """

    label: ClassVar[str] = N_("registration of {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-1", "ENT-9", "REG-1", "REG-3", "REG-4", "REG-6", "REG-9")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "register", "name": "Ann Lee", "identity": {"first_name": "Ann", "last_name": "Lee",
         "student_id": "S1"}, "pay": True, "amount_cents": 2500, "waitlist": True, "committed": False,
         "post_bb": False},
    )

    # "name" on the wire; the Python attribute is name_ (Command.name() is the command's name).
    name_: str = msgspec.field(name="name")
    identity: dict[str, str] = msgspec.field(default_factory=dict)
    pay: bool = True
    waitlist: bool = True
    amount_cents: int | None = None
    committed: bool = False
    post_bb: bool = False
    another: bool | None = None  # REG-9: the answer to "already registered; register another?"
    mixed_scripts: bool | None = None  # REG-9: the answer to "mixes alphabets in one word; register as typed?"
    seat: str | None = None  # FLT-9: the satellite whose seat pays this buy-in (no cash at the desk)


class RenamePlayer(Command, tag="rename_player"):
    """Correct a player's name typed wrong at registration; the history keeps the old name.

    The new name is checked like a registration: not empty, and not the name of another player
    (capitals and spaces do not make a name different).
    """

    label: ClassVar[str] = N_("name of {player} corrected to {name}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("REG-1",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "rename_player", "player": "Ann Le", "name": "Ann Lee"},)

    player: PlayerRef
    name_: str = msgspec.field(name="name")  # the corrected name


class BuyIn(Command, tag="buy_in"):
    """Take the buy-in of a player who registered without paying."""

    label: ClassVar[str] = N_("buy-in of {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-1", "ENT-9", "REG-1", "REG-3", "REG-4", "REG-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "buy_in", "player": "Ann Lee", "amount_cents": 2500},)

    player: PlayerRef
    amount_cents: int | None = None
    waitlist: bool = True


class Reenter(Command, tag="reenter"):
    """An eliminated player buys a new entry during late registration.

    Where the house allows it, a player who still has chips forfeits them (``stack``: their counted stack)
    and buys a new stack in the same seat.
    """

    label: ClassVar[str] = N_("re-entry of {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-8", "ENT-1", "ENT-5", "ENT-9", "REG-3", "REG-4", "REG-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "reenter", "player": "Ann Lee"},
        {"cmd": "reenter", "player": "Ann Lee", "stack": 7000},
    )

    player: PlayerRef
    amount_cents: int | None = None
    stack: int | None = None
    waitlist: bool = True


class Rebuy(Command, tag="rebuy"):
    """A player who lost all their chips buys the rebuy stack.

    When the clock has just moved to a new level and that decides whether they may rebuy, the engine asks
    whether their last hand started before the change (``hand_started_before_level_change``), or takes
    ``hand_level``.
    """

    label: ClassVar[str] = N_("rebuy for {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-3", "ENT-4", "ENT-1", "ENT-9", "CONV-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "rebuy", "player": "Ann Lee", "amount_cents": 2000},)

    player: PlayerRef
    amount_cents: int | None = None
    hand_level: int | None = None
    hand_started_before_level_change: bool | None = None


class Addon(Command, tag="addon"):
    """Buy the add-on stack during its level or the break after it (``stack``: the player's counted stack).

    Where only a player with no chips may add on, the engine asks for the player's counted stack unless
    it was counted since the last play at the player's table.
    """

    label: ClassVar[str] = N_("add-on for {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-7", "ENT-5", "ENT-9")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "addon", "player": "Ann Lee", "stack": 0, "amount_cents": 10000},
    )

    player: PlayerRef
    amount_cents: int | None = None
    stack: int | None = None


class Topup(Command, tag="topup"):
    """Buy chips up to the starting stack at the end of the first level (``chips``: how many, default all).

    ``stack`` is the player's counted stack; without it the engine asks for it, unless it was counted
    since the last play at the player's table. Early in the next level the engine may ask whether the
    hand at the player's table started before the change.
    """

    label: ClassVar[str] = N_("top-up for {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-6", "ENT-5", "ENT-9", "CONV-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "topup", "player": "Bob", "stack": 1200, "chips": 800, "amount_cents": 800},
    )

    player: PlayerRef
    amount_cents: int | None = None
    stack: int | None = None
    chips: int | None = None
    hand_level: int | None = None
    hand_started_before_level_change: bool | None = None


class BuyChips(Command, tag="buy_chips"):
    """Buy chips from the dealer between hands, within the per-hand maximum."""

    label: ClassVar[str] = N_("chips bought by {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("ENT-9", "ENT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "buy_chips", "player": "Ann", "amount_cents": 10000},)

    player: PlayerRef
    amount_cents: int


class SeatWaiting(Command, tag="seat_waiting"):
    """Seat the first paid entrant on the waiting list (or the one named) in a freed seat."""

    label: ClassVar[str] = N_("seating from the waiting list")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("REG-3",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "seat_waiting", "player": "W1"},)

    player: PlayerRef | None = None


class RefundWaiting(Command, tag="refund_waiting"):
    """Late entry is over: refund every paid entrant who never got a seat."""

    label: ClassVar[str] = N_("refunds to the waiting list")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("REG-3", "ENT-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "refund_waiting"},)


class Withdraw(Command, tag="withdraw"):
    """A registrant drops out before the start: they are refunded and the first on the waiting list moves up."""

    label: ClassVar[str] = N_("withdrawal of {player}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("REG-1", "ENT-10")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "withdraw", "player": "Ann Lee"},)

    player: PlayerRef


class ForfeitAtStart(Command, tag="forfeit_at_start"):
    """Registrants absent at the start forfeit (a loss and the forfeit fee); waiting people move up."""

    label: ClassVar[str] = N_("forfeit of {player}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("REG-2",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "forfeit_at_start", "players": ["Bob", "Cat"]},)

    player: PlayerRef | None = None
    players: list[PlayerRef] | None = None


class Preregister(Command, tag="preregister"):
    """Put names from a sign-up list (or a phone call) on the pre-registered list (REG-10).

    A pre-registered player has no seat and does not count in the field, the prize pool or the places
    until they check in at the door (``check_in``); the seat draw and the balancing never see them.
    ``paid_ahead`` says the buy-in was paid before the day (taken into the pool at check-in), for every
    name, or ``paid_names`` for those named (a sign-up list's "paid" column). A name
    already registered or already pre-registered is refused, as is a name a player could not have; one
    that differs from such a name only in its accents is asked about (``another``, as ``register`` asks).
    """

    label: ClassVar[str] = N_("pre-registration of {names}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("REG-10", "REG-1")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "preregister", "names": ["Ann Lee", "José Núñez"], "paid_ahead": True},
    )

    names: list[str]
    paid_ahead: bool = False
    paid_names: list[str] = msgspec.field(default_factory=list)  # those of ``names`` who paid ahead
    another: bool | None = None  # REG-9: a name that differs from one already in only in its accents


class CheckIn(Command, tag="check_in"):
    """A pre-registered player arrives at the door and is registered as ``register`` does (REG-10).

    The player pays (or the buy-in paid ahead is taken into the pool) unless ``"pay": false``, and after the
    draw is seated as a late entrant is, within the late-registration window. Refused ``NOT_PREREGISTERED``
    for a name not on the list and ``ALREADY_CHECKED_IN`` for one who has checked in.
    """

    label: ClassVar[str] = N_("check-in of {name}")
    roles: ClassVar[frozenset[str]] = AT_THE_DESK
    rules: ClassVar[tuple[str, ...]] = ("REG-10", "REG-1", "REG-3", "REG-4")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "check_in", "name": "Ann Lee"},)

    name_: str = msgspec.field(name="name")
    pay: bool = True
    waitlist: bool = True
    post_bb: bool = False
    another: bool | None = None  # REG-9, as register asks it
    mixed_scripts: bool | None = None  # REG-9, as register asks it


class RemovePreregistration(Command, tag="remove_preregistration"):
    """Take a name off the pre-registered list (a player who called to say they will not come; REG-10)."""

    label: ClassVar[str] = N_("pre-registration of {name} removed")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("REG-10",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "remove_preregistration", "name": "Ann Lee"},)

    name_: str = msgspec.field(name="name")
