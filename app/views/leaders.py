"""The chip leaders: the biggest stacks still in play, for the room display's panel.

Read from a :class:`app.views.TournamentView` (its ``players``), so it is computed from the same
frozen read as everything else on screen; a stack is what the last chip count recorded.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.state import SEATED, WINNER
from app.views.read import TournamentView

IN_PLAY = (SEATED, WINNER)


@dataclass(frozen=True, slots=True)
class ChipLeader:
    rank: int  # 1 for the biggest stack; equal stacks share a rank
    player_id: int
    name: str
    stack: int
    table: int | None


def chip_leaders(view: TournamentView, count: int = 5) -> tuple[ChipLeader, ...]:
    """The ``count`` biggest stacks of the players in play, biggest first (equal stacks by name)."""
    in_play = sorted(
        (p for p in view.players if p.status in IN_PLAY and p.stack > 0), key=lambda p: (-p.stack, p.name.lower())
    )
    out: list[ChipLeader] = []
    for i, p in enumerate(in_play[:count]):
        rank = out[-1].rank if out and out[-1].stack == p.stack else i + 1
        out.append(ChipLeader(rank, p.id, p.name, p.stack, p.table))
    return tuple(out)
