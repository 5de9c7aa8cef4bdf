"""Words and numbers as the director reads them: money, places, player status, command labels."""

from __future__ import annotations

from typing import Any

from app.names import name_key
from app.state import OUT, SEATED, WAITING, WINNER, Player, TournamentState


def money(cents: int | None) -> str:
    """Whole dollars without decimals, otherwise two decimals: 2500 -> "$25", 1050 -> "$10.50"."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}${whole:,}" if part == 0 else f"{sign}${whole:,}.{part:02d}"


def chips(n: int | None) -> str:
    return "" if n is None else f"{int(n):,}"


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_text(p: Player) -> str:
    if p.place is None:
        return ""
    if p.tied > 1:
        return f"{ordinal(p.place)}-{ordinal(p.place + p.tied - 1)} (tie)"
    return ordinal(p.place)


def status_text(p: Player, now: float) -> str:
    """The status column: "seated T3 S7", "waiting", "out 41st", "absent 12 min"."""
    if p.absent_since is not None and p.live:
        minutes = max(0, int((now - p.absent_since) // 60))
        return f"absent {minutes} min"
    if p.status == SEATED and p.table is not None:
        return f"seated T{p.table} S{p.seat}"
    if p.status == WAITING:
        return "waiting"
    if p.status == WINNER:
        return "winner"
    if p.status == OUT:
        place = place_text(p)
        if p.refunded:
            return "refunded"
        return f"out {place}" if place else "out"
    return "registered"


def status_rank(p: Player) -> int:
    """Sort key for the status column: seated, waiting, registered, then out by place."""
    order = {SEATED: 0, WAITING: 1, WINNER: 2, OUT: 4}
    base = order.get(p.status, 3)
    return base * 100_000 + (p.table or 0) * 100 + (p.seat or 0) + (p.place or 0)


def player_name(state: TournamentState, ref: Any) -> str:
    if isinstance(ref, int) and ref in state.players:
        return state.players[ref].name
    if isinstance(ref, str):
        pid = state.by_name.get(name_key(ref))
        if pid is not None:
            return state.players[pid].name
        return ref
    return str(ref)
