"""Words as the director reads them: player status, command labels. Numbers are :mod:`app.format`'s."""

from __future__ import annotations

from app.api import OUT, SEATED, WAITING, WINNER, Player, fmt
from app.i18n import N_, _, ngettext

money = fmt.money
chips = fmt.chips
ordinal = fmt.ordinal


# English words, marked: shown through _() (e.g. ``_(DECIDING_KEYS)``).
DECIDING = N_("deciding: rebuy or out")
DECIDING_KEYS = N_("F4 rebuys, Ctrl+D declines (out)")


STATUS_WORDS = {SEATED: N_("seated"), WAITING: N_("waiting"), WINNER: N_("winner"), OUT: N_("out"),
                "registered": N_("registered")}


def status_word(status: str) -> str:
    """A player's status code in words ("seated", "out")."""
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def deciding_text(p: Player) -> str:
    """The strip's next action for a player who lost all their chips while rebuys are open."""
    return _("{name}: rebuy or out?", name=p.name)


def place_text(p: Player) -> str:
    return fmt.place(p.place, p.tied)


def status_text(p: Player, now: float) -> str:
    """The status column: "seated T3 S7", "waiting", "out 41st", "won a seat", "absent 12 min"."""
    if p.absent_since is not None and p.live:
        minutes = max(0, int((now - p.absent_since) // 60))
        return _("absent {minutes} min", minutes=minutes)
    if p.deciding and p.live:
        return _(DECIDING)
    if p.status == SEATED and p.table is not None:
        # Translators: T is the table's number, S the seat's (a short column)
        return _("seated T{table} S{seat}", table=p.table, seat=p.seat)
    if p.status == WAITING:
        return _("waiting")
    if p.status == WINNER:
        return _("winner")
    if p.status == OUT:
        place = place_text(p)
        if p.refunded:
            return _("refunded")
        if p.out_reason == "seat":  # SAT-3: won a satellite seat
            return _("won a seat")
        return _("out {place}", place=place) if place else _("out")
    return _("registered")


def status_rank(p: Player) -> int:
    """Sort key for the status column: seated, waiting, registered, then out by place."""
    order = {SEATED: 0, WAITING: 1, WINNER: 2, OUT: 4}
    base = order.get(p.status, 3)
    return base * 100_000 + (p.table or 0) * 100 + (p.seat or 0) + (p.place or 0)


def players_words(n: int) -> str:
    """``3`` -> "3 players", in the window's language (a count inside a sentence)."""
    return ngettext("{count} player", "{count} players", n, count=fmt.chips(n))


def tables_words(n: int) -> str:
    """``2`` -> "2 tables", in the window's language."""
    return ngettext("{count} table", "{count} tables", n, count=fmt.chips(n))


def at_tables_words(n: int) -> str:
    """``2`` -> "at 2 tables" (German "an 2 Tischen": the place takes its own case)."""
    return ngettext("at {count} table", "at {count} tables", n, count=fmt.chips(n))


def widest_status() -> str:
    """The widest of the status column's usual texts in the window's language (for sizing the column)."""
    samples = [_("seated T{table} S{seat}", table=112, seat=10), _("out {place}", place=fmt.place(1000, 2)),
               _("absent {minutes} min", minutes=999), _(DECIDING), _("won a seat"), _("refunded"), _("registered")]
    return max(samples, key=len)
