"""What the balancing planner proposes: the moves, or a break or a redraw, and why (BAL, BRK)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Move:
    player: int | None  # None: not known yet (a button is missing, or the tied tables still draw a card)
    from_table: int
    from_seat: int | None
    to_table: int
    to_seat: int | None
    reason: str
    rule: str
    tied: list[int] = field(default_factory=list)  # P004: tables that draw a card; the low card gives
    needs: str | None = None
    needs_table: int | None = None  # the table whose button is needed (``needs``)


@dataclass
class Plan:
    moves: list[Move] = field(default_factory=list)
    break_table: int | None = None  # the first of ``break_tables``
    break_tables: list[int] = field(default_factory=list)  # every table that breaks in this rebalance
    redraw_to: int | None = None
    reason: str = ""
    rule: str = ""
    halted: list[int] = field(default_factory=list)
    spread: int = 0
    limit: int | None = None

    @property
    def needed(self) -> bool:
        return bool(self.moves) or self.break_table is not None or self.redraw_to is not None
