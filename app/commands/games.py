"""Declarations of the mixed-game commands: the hat, dealer's choice and the stud order (MIX)."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DIRECTOR_ONLY, Command
from app.i18n import N_


class RecordDraw(Command, tag="record_draw"):
    """Record the game pulled from the hat for a level; it swaps with the level that held it."""

    label: ClassVar[str] = N_("game drawn for level {level}: {game}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("MIX-1",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "record_draw", "level": 3, "game": "razz"},)

    level: int
    game: str


class ChooseGame(Command, tag="choose_game"):
    """Record the game the player on the button chose (dealer's choice), at one table or all."""

    label: ClassVar[str] = N_("game chosen: {game}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("MIX-9",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "choose_game", "game": "stud_hilo", "table": 2},)

    game: str
    table: int | None = None


class StudActionOrder(Command, tag="stud_action_order"):
    """Rule who brings it in (3rd street) or acts first (4th to 7th) from the cards showing (seat: cards).

    On a tie ruled by the dealer's position, ``dealer_seat`` is the dealer's seat.
    """

    label: ClassVar[str] = N_("stud action order at table {table}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("MIX-4", "MIX-6")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "stud_action_order", "game": "razz", "street": 3, "cards": {"2": "Kh", "4": "Ks"}},
        {"cmd": "stud_action_order", "game": "stud", "street": 4, "dealer_seat": 3,
         "cards": {"2": ["Kc", "Kd"], "6": ["Kh", "Ks"]}},
    )

    cards: dict[int | str, str | list[str]]
    table: int | None = None
    game: str | None = None
    street: int = 3
    dealer_seat: int | None = None
