"""The chip leaders: the biggest stacks still in play, for the room display and the window.

One ranking for both: :func:`chip_leaders` reads a :class:`app.views.TournamentView` (its ``players``),
:func:`top_stacks` the state itself, for the window, which must not build the whole view for every
player after each bust. A stack is what the last chip count recorded; equal stacks share a rank and
are listed by name. Before the first chip count there are no chip leaders: every stack is only the
chips bought, and ten players tied at the starting stack say nothing.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from app.core.state import SEATED, WINNER, TournamentState
from app.views.read import TournamentView, chips_counted

IN_PLAY = (SEATED, WINNER)


@dataclass(frozen=True, slots=True)
class ChipLeader:
    rank: int  # 1 for the biggest stack; equal stacks share a rank
    player_id: int
    name: str
    stack: int
    table: int | None


def _ranked(rows: Iterable[tuple[int, str, int, int | None]], count: int) -> tuple[ChipLeader, ...]:
    """(player id, name, stack, table) rows in play -> the ``count`` biggest, ranked."""
    best = heapq.nsmallest(count, rows, key=lambda r: (-r[2], r[1].lower()))
    out: list[ChipLeader] = []
    for i, (pid, name, stack, table) in enumerate(best):
        rank = out[-1].rank if out and out[-1].stack == stack else i + 1
        out.append(ChipLeader(rank, pid, name, stack, table))
    return tuple(out)


def chip_leaders(view: TournamentView, count: int = 5) -> tuple[ChipLeader, ...]:
    """The ``count`` biggest stacks of the players in play, biggest first (equal stacks by name); none
    before the first chip count."""
    if not view.field.chips_counted:
        return ()
    return _ranked(((p.id, p.name, p.stack, p.table) for p in view.players if p.status in IN_PLAY and p.stack > 0),
                   count)


def top_stacks(state: TournamentState, count: int = 10) -> tuple[ChipLeader, ...]:
    """The same ranking read from the state in one pass (the window's chip leaders after each command)."""
    if not chips_counted(state):
        return ()
    return _ranked(((p.id, p.name, p.stack, p.table) for p in state.players.values()
                    if p.status in IN_PLAY and p.stack > 0), count)


@dataclass(frozen=True, slots=True)
class BountyLeader:
    rank: int  # 1 for the largest bounty; equal bounties share a rank
    player_id: int
    name: str
    bounty_cents: int
    table: int | None


def largest_bounties(view: TournamentView, count: int = 5) -> tuple[BountyLeader, ...]:
    """KO: the ``count`` largest bounties on the heads of the players in play, largest first (the room
    display's and the phones' list; empty without bounties)."""
    rows = ((p.id, p.name, p.bounty_cents, p.table) for p in view.players if p.status in IN_PLAY and p.bounty_cents)
    return tuple(BountyLeader(c.rank, c.player_id, c.name, c.stack, c.table) for c in _ranked(rows, count))

