"""The knockouts recorded (KO-1), for the window's correction of an eliminator (KO-6).

Each knockout with the players recorded as its eliminators, and the players who may be named instead:
those seated now at the table where the bust happened, and those recorded (even if out since), in seat
order. Read from the state, never changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.core.state import TournamentState


@dataclass(frozen=True, slots=True)
class KnockoutRow:
    player_id: int  # the player knocked out
    name: str
    by: tuple[int, ...]  # the eliminators recorded
    by_names: tuple[str, ...]
    candidates: tuple[tuple[int, str], ...]  # (id, "Bob Ray (T1 S2)") who may be named instead
    bounty_cents: int = 0
    corrected: bool = False


def _label(state: TournamentState, pid: int) -> str:
    p = state.players[pid]
    return f"{p.name} (T{p.table} S{p.seat})" if p.table is not None else p.name


def knockouts(tournament_or_state: Any) -> tuple[KnockoutRow, ...]:
    """Every player's latest knockout, the newest first."""
    state: TournamentState = getattr(tournament_or_state, "state", tournament_or_state)
    latest: dict[int, dict[str, Any]] = {}
    for rec in state.knockout_log:
        latest[int(rec["player"])] = rec
    rows = []
    for pid, rec in sorted(latest.items(), key=lambda kv: -float(kv[1].get("at", 0.0))):
        by = tuple(int(x) for x in rec["by"])
        table = state.tables.get(rec["table"]) if rec.get("table") is not None else None
        seated = [table.seats[s] for s in sorted(table.seats)] if table is not None else []
        ids = list(dict.fromkeys([*seated, *by]))
        rows.append(KnockoutRow(
            pid, state.players[pid].name, by, tuple(state.players[x].name for x in by),
            tuple((x, _label(state, x)) for x in ids if x != pid),
            int(rec["bounty"]), bool(rec.get("corrected")),
        ))
    return tuple(rows)
