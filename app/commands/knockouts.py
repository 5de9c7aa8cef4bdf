"""Declarations of the knockout commands (KO): a corrected eliminator, a house bounty on a player."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DIRECTOR_ONLY, Command, PlayerRef
from app.i18n import N_


class CorrectEliminator(Command, tag="correct_eliminator"):
    """The latest knockout of a player was entered with the wrong eliminator(s): name the right ones.

    The bounty (and any house bounty) moves from the players first named to those named now, shared as
    at the bust; under a progressive knockout the part that went on the wrong player's head moves too.
    ``eliminated_by`` is a list (several players when the pot was split; empty: nobody known). Refused
    once money it would move was won since (undo back to that bust instead).
    """

    label: ClassVar[str] = N_("eliminator of {player} corrected")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("KO-6", "KO-4")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "correct_eliminator", "player": "Ann", "eliminated_by": ["Cat"]},
        {"cmd": "correct_eliminator", "player": "Ann", "eliminated_by": ["Bob", "Cat"]},
    )

    player: PlayerRef
    eliminated_by: list[PlayerRef]


class SetHouseBounty(Command, tag="set_house_bounty"):
    """The house puts a bounty on a player ("bounty on the director"), paid by the house to whoever
    knocks them out, on top of any bounty of the event; 0 takes it off."""

    label: ClassVar[str] = N_("house bounty on {player}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("KO-5",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "set_house_bounty", "player": "Dana Lee", "amount_cents": 10000},
    )

    player: PlayerRef
    amount_cents: int
