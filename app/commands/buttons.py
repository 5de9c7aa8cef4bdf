"""Declarations of the button commands: a hand finished, and where the button is (BTN)."""

from __future__ import annotations

from typing import Any, ClassVar

from msgspec import UNSET, UnsetType

from app.commands.base import ON_THE_FLOOR, Command
from app.i18n import N_


class HandFinished(Command, tag="hand_finished"):
    """A table finished a hand: the button and blinds move for the next one.

    ``stud``: whether the next hand is a stud game (the button stays where it is); by default the game
    rotation says. Enter the hand's busts before it.
    """

    label: ClassVar[str] = N_("hand finished at table {table}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = (
        "BTN-1", "BTN-4", "BTN-5", "BTN-6", "BTN-7", "BTN-9", "BTN-10", "BAL-1", "ENT-5",
    )
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "hand_finished", "table": 1, "stud": False},)

    table: int
    stud: bool | None = None


class SetButton(Command, tag="set_button"):
    """Say which seat has the button at a table for the hand being played (and, if need be, the blinds).

    The blinds follow the button unless given: ``bb`` the big blind's seat, ``sb`` the small blind's
    (null: no small blind this hand).
    """

    label: ClassVar[str] = N_("button placed at table {table}")
    roles: ClassVar[frozenset[str]] = ON_THE_FLOOR
    rules: ClassVar[tuple[str, ...]] = ("BTN-4",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "set_button", "table": 1, "seat": 4, "sb": 5, "bb": 6},)

    table: int
    seat: int
    sb: int | None | UnsetType = UNSET  # left out: the small blind follows the button
    bb: int | None = None
