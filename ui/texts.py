"""Words as the director reads them: player status, command labels. Numbers are :mod:`app.format`'s."""

from __future__ import annotations

from app.api import OUT, SEATED, WAITING, WINNER, Player, fmt

money = fmt.money
chips = fmt.chips
ordinal = fmt.ordinal


DECIDING = "deciding: rebuy or out"
DECIDING_KEYS = "F4 rebuys, Ctrl+D declines (out)"


def deciding_text(p: Player) -> str:
    """The strip's next action for a player who lost all their chips while rebuys are open."""
    return f"{p.name}: rebuy or out?"


def place_text(p: Player) -> str:
    return fmt.place(p.place, p.tied)


def status_text(p: Player, now: float) -> str:
    """The status column: "seated T3 S7", "waiting", "out 41st", "won a seat", "absent 12 min"."""
    if p.absent_since is not None and p.live:
        minutes = max(0, int((now - p.absent_since) // 60))
        return f"absent {minutes} min"
    if p.deciding and p.live:
        return DECIDING
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
        if p.out_reason == "seat":  # SAT-3: won a satellite seat
            return "won a seat"
        return f"out {place}" if place else "out"
    return "registered"


def status_rank(p: Player) -> int:
    """Sort key for the status column: seated, waiting, registered, then out by place."""
    order = {SEATED: 0, WAITING: 1, WINNER: 2, OUT: 4}
    base = order.get(p.status, 3)
    return base * 100_000 + (p.table or 0) * 100 + (p.seat or 0) + (p.place or 0)
