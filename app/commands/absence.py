"""Declarations of the absence commands: away, back, forfeit and no-show (ABS, REG-5)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import ON_THE_FLOOR, Command, PlayerRef
from app.i18n import N_


class Absent(Command, tag="absent"):
    """A player leaves the table; ``long``: the player will be away longer than the limit (and forfeits now).

    ``stack`` is the player's counted stack, used when the chips are forfeited.
    """

    label: ClassVar[str] = N_("{player} marked absent")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ABS-3", "ENT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "absent", "player": "Ann", "long": False},)

    player: PlayerRef
    long: bool = False
    stack: int | None = None


class Returned(Command, tag="returned"):
    """An absent player is back within the time limit (``stack``: their counted chips, when the director
    counted them); a waiting person marked away is present again."""

    label: ClassVar[str] = N_("{player} back at the table")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ABS-3",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "returned", "player": "Ann"},)

    player: PlayerRef
    stack: int | None = None


class Forfeit(Command, tag="forfeit"):
    """An absent player forfeits: their chips (``stack``: counted) are shared among their table, odd chips to the
    bank."""

    label: ClassVar[str] = N_("forfeit of {player}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("ABS-2", "ABS-3", "ELIM-6", "ENT-5")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "forfeit", "player": "Ann", "stack": 1015},)

    player: PlayerRef
    stack: int | None = None


class NoShow(Command, tag="no_show"):
    """Remove the chips of committed players who never arrived; they are out together, as one batch."""

    label: ClassVar[str] = N_("no-show of {player}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("REG-5", "ABS-5", "ELIM-3", "ELIM-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "no_show", "players": ["Dan"]},)

    player: PlayerRef | None = None
    players: list[PlayerRef] | None = None
    hand_level: int | None = None
    hand_started_before_level_change: bool | None = None
