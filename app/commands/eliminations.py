"""Declarations of the bust-out commands (ELIM, ENT-5)."""

from __future__ import annotations

from typing import ClassVar

from app.commands.base import Command, PlayerRef


class Bust(Command, tag="bust"):
    """Players lost all their chips in one hand (one batch); each rebuys or is out.

    Name one player, or several who busted in the same hand. Starting stacks are given only when the
    engine asks for them (ELIM-4).
    """

    label: ClassVar[str] = "bust-out of {player}"
    rules: ClassVar[tuple[str, ...]] = ("ELIM-1", "ELIM-3", "ELIM-4", "ENT-5")

    player: PlayerRef | None = None
    players: list[PlayerRef] | None = None
    stacks: dict[str, int] | None = None
    hand_for_hand: bool | None = None
    level: int | None = None
    hand_started_before_level_change: bool | None = None
