"""Whole-field checks over the table populations: a break or a full redraw due now (BRK-1, BRK-3(a),
BRK-4, BRK-5, BRK-6) and the spread that calls for a move.

They read the state's table index (populations kept by the appliers), so asking whether anything is
due costs the same in a field of ten tables or of three thousand; the tables are listed only when a
break is due or a short table may be halted.

:mod:`app.balancing.plan` asks :func:`structural` first, before planning single moves.
"""

from __future__ import annotations

import heapq

from app.balancing.proposal import Plan
from app.balancing.reasons import said
from app.core.state import TournamentState
from app.i18n import _, ngettext


def structural(state: TournamentState, pops: dict[int, int] | None = None) -> Plan | None:
    """A break or a full redraw due now, by the profile's break mode; None when none is due."""
    assert state.profile is not None
    prof = state.profile
    index = state.table_index()
    total, t = index.total, index.in_play()
    # BRK-4's redraws go by the players left and seat everyone at tables 1..n afresh, so they also
    # close a table that busts emptied; everywhere else only tables with players are in play (BRK-1).
    opened = len(state.tables) if prof["break.mode"] == "redraw_only" else t
    if opened <= 1 or prof["stage.mode"] != "none":
        return None
    max_seats, final = int(prof["table.max_seats"]), int(prof["final_table.size"])
    mode = prof["break.mode"]
    if mode == "below_five":
        if total <= max_seats:
            return Plan(redraw_to=1, reason=said(lambda: ngettext(
                "{n} player left: all at one table", "{n} players left: all at one table", total)), rule="BRK-3")
        return None
    if mode == "redraw_only":
        for th in sorted(prof["break.redraw_at_players"]):
            target = max(1, -(-th // max_seats))
            if total <= th and opened > target:
                return Plan(redraw_to=target, reason=_redraw_at(total, th), rule="BRK-4")
        if t <= 3:
            return None  # BRK-4: with three tables or fewer, tables play internally until the redraws
    target = tables_needed(total, max_seats, final)
    if target >= t:
        return None
    if target == 1 and final > max_seats:
        # TDA RP-9: an 8-handed event's final table seats 9; it is drawn afresh at a bigger table.
        return Plan(redraw_to=1, reason=said(lambda: ngettext(
            "{n} player left: the final table of {final}", "{n} players left: the final table of {final}", total,
            final=final)), rule="BRK-6")
    if any(target <= m < t for m in prof["break.redraw_at_tables"]):
        return Plan(redraw_to=target, reason=said(lambda: ngettext(
            "play reaches {n} table: redraw", "play reaches {n} tables: redraw", target)), rule="BRK-5")
    order = prof["break.order"]
    if pops is None and order in ("highest_number", "lowest_number"):  # from the index's heaps: no scan
        victims = index.in_play_ends(t - target, highest=order == "highest_number")
    else:
        victims = break_order(index.live if pops is None else pops, order, t - target)
    listed = ", ".join(map(str, victims))

    def fit() -> str:
        # Translators: "{players}" is "270 players"; "{tables}" is "27 tables".
        fits = _("{players} fit into {tables}", players=ngettext("{n} player", "{n} players", total),
                 tables=ngettext("{n} table", "{n} tables", target))
        if len(victims) > 1:
            return _("{fits}: tables {tables} break together, into the tables that stay", fits=fits, tables=listed)
        return fits

    why = said(fit)
    rule = "BRK-6" if target == 1 else "BRK-1"
    return Plan(break_table=victims[0], break_tables=victims, reason=why, rule=rule)


def tables_needed(total: int, max_seats: int, final: int) -> int:
    """BRK-1/BRK-6: the fewest tables that seat ``total`` players (one table when the final table holds them)."""
    return 1 if total <= final else max(1, -(-total // max_seats))


def break_order(populations: dict[int, int], order: str, k: int) -> list[int]:
    """The ``k`` tables in play that break first (BRK-1 ``break.order``), in order."""
    if order == "lowest_number":
        return heapq.nsmallest(k, populations)
    if order == "fewest_players":
        return heapq.nsmallest(k, populations, key=lambda n: (populations[n], -n))
    return heapq.nlargest(k, populations)


def breaking_with(state: TournamentState, number: int) -> list[int]:
    """The tables that break in the same rebalance as table ``number`` (just it, when the plan breaks none)."""
    if state.profile is None:
        return [number]
    due = structural(state)
    if due is not None and number in due.break_tables:
        return list(due.break_tables)
    return [number]


def populations(state: TournamentState) -> dict[int, int]:
    """The tables in play and their players: a table nobody sits at is not in play (BRK-1)."""
    return dict(state.table_index().live)  # kept by the index: a copy, no scan


def spread_limit(state: TournamentState, tables: int) -> int | None:
    """BAL-1: the population difference that calls for a move (None: this trigger has no spread)."""
    assert state.profile is not None
    trigger, spread = state.profile["balance.trigger"], int(state.profile["balance.spread"])
    if trigger == "spread":
        return spread
    if trigger == "spread_tda":
        return spread if tables <= 6 else spread + 1  # RRoP 15: within one with six tables or fewer, else two
    return None


def _redraw_at(total: int, at: int) -> str:
    return said(lambda: ngettext("{n} player left (redraw at {at})", "{n} players left (redraw at {at})", total,
                                 at=at))
