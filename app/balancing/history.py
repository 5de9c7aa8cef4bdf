"""The last balance (BAL-6): every move, break and redraw of the latest action that changed seats.

The seat changes of one action share its time (:attr:`TournamentState.seat_moves` records each with the
time of its event), so the last balance is the run of seat changes at the time of the newest one: one
``balance`` (all its moves, or every table it broke), one ``break_table``, one redraw, or one move made by
the director. The window shows it ("Show the last balance") and prints its slips again; ``floorman
last-balance FILE`` prints it.
"""

from __future__ import annotations

from typing import Any

from app.core.state import TournamentState

KINDS = ("move", "break", "redraw", "stage")


def last_balance_moves(state: TournamentState) -> list[dict[str, Any]]:
    """The seat changes of the latest action that changed seats, oldest first."""
    moves = state.seat_moves
    if not moves:
        return []
    at = moves[-1].get("at")
    i = len(moves)
    while i > 0 and moves[i - 1].get("at") == at and moves[i - 1].get("kind") in KINDS:
        i -= 1
    return list(moves[i:])
