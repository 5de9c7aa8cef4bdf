"""A small tournament driver for store tests and the store benchmark: always picks a legal action.

Before the draw it registers players, then runs the seat draw, then busts seated players one at a
time (answering rebuy offers when the profile makes a busted player decide), with a note now and
then, until a winner is left.
"""

from __future__ import annotations

import random
from typing import Any

from app.core.state import SEATED, TournamentState


def next_command(state: TournamentState, rng: random.Random, players: int) -> dict[str, Any] | None:
    """The next legal command for a tournament of ``players`` entrants, or None once it has ended."""
    if state.ended:
        return None
    if not state.tables:
        if len(state.players) < players:
            return {"cmd": "register", "name": f"Player {len(state.players) + 1:05d}"}
        return {"cmd": "seat_all"}
    if not state.started:  # nobody busts before the clock has run (ELIM-6)
        return {"cmd": "start_clock"}
    deciding = [p for p in state.players.values() if getattr(p, "deciding", False)]
    if deciding:
        p = deciding[0]
        return {"cmd": "decline_rebuy", "player": p.id}
    if rng.random() < 0.05:
        return {"cmd": "note", "text": f"floor note {state.seq}"}
    seated = [p for p in state.players.values() if p.status == SEATED and not getattr(p, "deciding", False)]
    if len(seated) < 2:
        return None
    return {"cmd": "bust", "player": rng.choice(seated).id}


def chip_problem(state: TournamentState) -> str | None:
    """Chips conserved: stacks of players still in, plus loose chips, equal what was issued."""
    held = sum(p.stack for p in state.players.values() if p.status != "out")
    loose = sum(getattr(state, "loose_chips", {}).values())
    if held + loose != state.expected_chips():
        return f"chips not conserved: {held} held + {loose} loose != {state.expected_chips()} issued"
    return None
