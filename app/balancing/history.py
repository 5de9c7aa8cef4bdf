"""The last balance (BAL-6): every move, break and redraw of the latest action that changed seats.

The seat changes of one action share its time (:attr:`TournamentState.seat_moves` records each with the
time of its event), so the last balance is the run of seat changes at the time of the newest one: one
``balance`` (all its moves, or every table it broke), one ``break_table``, one redraw, or one move made by
the director. The window shows it ("Show the last balance") and prints its slips again; ``floorman
last-balance FILE`` prints it.
"""

from __future__ import annotations

from typing import Any

from app.balancing.locks import lock_reason
from app.core.registry import view_part
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


@view_part("last_balance")
def last_balance_view(state: TournamentState) -> dict[str, Any] | None:
    """BAL-6: the last balance, or None before any seat changed after the draw."""
    rows = last_balance_moves(state)
    if not rows:
        return None
    names = state.players
    broken = sorted({int(m["from_table"]) for m in rows if m.get("kind") == "break" and m.get("from_table")})
    kinds = {str(m.get("kind")) for m in rows}
    what = ("redraw" if "redraw" in kinds else "break" if "break" in kinds else
            "stage" if "stage" in kinds else "moves")
    return {
        "at": rows[-1].get("at"),
        "what": what,
        "tables_broken": broken,
        "moves": [
            {"player": names[m["player"]].name if m.get("player") in names else None,
             "from_table": m.get("from_table"), "from_seat": m.get("from_seat"),
             "to_table": m.get("to_table"), "to_seat": m.get("to_seat"), "reason": m.get("reason") or "",
             "kind": m.get("kind"), "locked": lock_reason(state, m.get("player"))}
            for m in rows
        ],
    }
