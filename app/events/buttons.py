"""Events of the button and the blinds: a hand finished, the button placed or drawn for (BTN, SEAT-5)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from app.events.base import Aspect, Event


class HandFinished(Event, tag="hand_finished"):
    """A table finished a hand: the positions of its next hand (BTN-1, BTN-4 to BTN-10).

    ``held``: the button stays where it is (a dead button); ``frozen``: the next hand is a stud game
    (BTN-7); ``sitting_out``: newcomers who sit the next hand out, and why (BTN-5(a), BTN-9/10);
    ``level``: the level of the next hand; ``halted``: why the next hand waits for a player (BAL-1);
    ``waiting``: the break the next hand waits for (CLK-3).

    The newcomers dealt into the next hand meet their obligation: players of the table the event does
    not name, so any player may have changed.
    """

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables"})

    table: int
    button: int | None
    sb_seat: int | None
    sb: int | None
    bb: int | None
    level: int
    held: bool = False
    frozen: bool = False
    sitting_out: dict[int, str] = {}
    halted: str | None = None
    waiting: str | None = None

    def touched_tables(self) -> Iterable[int]:
        return (self.table,)


class ButtonSet(Event, tag="button_set"):
    """The button (and the blinds) of the hand being played at a table: said by the director
    (``set_button``) or won by the high card of a button draw (SEAT-5, ``cards``: player: card)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"tables"})

    table: int
    button: int | None
    sb_seat: int | None
    sb: int | None
    bb: int | None
    cards: dict[int, str] = {}

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return (self.table,)
