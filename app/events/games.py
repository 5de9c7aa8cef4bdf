"""Events of the mixed games: the hat's draws, dealer's choice and the stud action order (MIX).

They change which game is played (and the ruling shown), never a player or a table row: a face
redraws what shows the games.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import msgspec

from app.events.base import Aspect, Event

GAMES: frozenset[Aspect] = frozenset({"games"})


class GamesEvent(Event):
    """An event of the games alone: it changes no player and no table."""

    changes: ClassVar[frozenset[Aspect]] = GAMES

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class HatDraw(msgspec.Struct, kw_only=True):
    """The game drawn from the hat for one level, and the games left in the hat after it."""

    level: int
    game: str
    left: list[str] = []


class HatDrawn(GamesEvent, tag="hat_drawn"):
    """The games of a hat mix drawn for every level, without replacement, refilled when empty (MIX-1)."""

    draws: list[HatDraw]
    games: list[str] = []


class HatDrawRecorded(GamesEvent, tag="hat_draw_recorded"):
    """The slip pulled from the hat for ``level``: ``game``, which swaps with ``swapped_level`` (MIX-1)."""

    level: int
    game: str
    swapped_level: int
    swapped_game: str


class GameChosen(GamesEvent, tag="game_chosen"):
    """The button chose ``game`` (dealer's choice, MIX-9) at ``table`` (None: every table), until the
    table has played ``until_hand`` hands."""

    game: str
    table: int | None = None
    from_hand: int | None = None
    until_hand: int | None = None


class StudOrderRuled(GamesEvent, tag="stud_order_ruled"):
    """Who brings it in (3rd street, MIX-4) or acts first (4th to 7th, MIX-6): ``seat``, from the cards
    showing at each seat."""

    game: str
    street: int
    seat: int
    rule: str
    table: int | None = None
    cards: dict[int, list[str]] = {}
