"""Halted tables (BAL-1, TDA 11-D): a short table waits for a player before its next hand.

Under the TDA trigger (``balance.trigger`` = ``spread_tda``) a table 3 or more players short of the
largest table is halted once its blinds are affected: the seat just clockwise of its last big blind's
seat is vacant. It does not start its next hand until it has been refilled. The halt is worked out
from the seats, so a move or a break that refills the table lifts it at once.

``hand_finished`` at a halted table is accepted: it reports the hand that ended, and the positions it
records are those of the hand the table deals once refilled, with the mover in the open seat after the
last big blind (the worst position, BAL-3), so the hand and the move may be reported in either order;
the ``tables`` view says the next hand waits. The director may waive the halt (``waive_halt``; a
waived halt is not a misdeal). The waiver is recorded in the log and lasts until a player arrives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.commands.balancing import WaiveHalt
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import Table, TournamentState
from app.errors import RuleError
from app.events.balancing import HaltWaived
from app.i18n import N_, _

if TYPE_CHECKING:
    from app.core.context import Context

WAIT = N_("halted: wait for a player")  # marked English words: shown with _() by the view


def waivers(state: TournamentState) -> dict[str, Any]:
    """Table number (as text) -> the waiver's record, for tables whose halt the director waived."""
    return dict(state.extra.get("halt_waived", {}))


def _reason(short: int, after: int) -> str:
    return (
        f"{short} players short of the largest table and seat {after}, after the big blind, is empty: "
        "no next hand until a player arrives (BAL-1, TDA 11-D)"
    )


def halt_now(state: TournamentState, table: Table) -> str | None:
    """Why ``table`` is halted by its seats now (None: it is not), judged against the largest table."""
    assert state.profile is not None
    if state.profile["balance.trigger"] != "spread_tda" or len(state.tables) < 2 or table.bb is None:
        return None
    after = table.bb % table.max_seats + 1
    if after in table.seats:
        return None  # checked first: the blinds are unaffected, no need to look at the other tables
    sizes = state.table_index().sizes()
    if not sizes:
        return None  # nobody is seated anywhere (the last players were refunded or awarded their seats)
    top = sizes[-1]
    if top - table.population < 3:
        return None
    return _reason(top - table.population, after)


def halted_tables(state: TournamentState) -> list[int]:
    """BAL-1 halting: 3 or more short of the largest table, and the seat after the last BB is vacant."""
    index = state.table_index()
    sizes = index.sizes()
    if not sizes or sizes[0] > sizes[-1] - 3:
        return []  # no table is 3 short: nothing to look at
    top = sizes[-1]
    out = []
    for size in sizes:  # only the tables 3 or more short: the index's buckets of those sizes
        if top - size < 3:
            break
        for number in index.by_size[size]:
            table = state.tables[number]
            if table.bb is not None and (table.bb % table.max_seats) + 1 not in table.seats:
                out.append(number)
    return sorted(out)


def halts(state: TournamentState) -> dict[int, dict[str, Any]]:
    """Every table halted now: table -> {"reason", "waived"} (only under the TDA trigger).

    A table is halted while its seats say so, and also when it finished a hand while halted and
    nobody has arrived since (its next hand waits, whatever the positions recorded for that hand).
    """
    assert state.profile is not None
    if state.profile["balance.trigger"] != "spread_tda" or len(state.tables) < 2:
        return {}
    waiting: dict[str, str] = state.extra.get("halt_waiting", {})
    halted = halted_tables(state)
    sizes = state.table_index().sizes()
    if (not halted and not waiting) or not sizes:  # nobody seated (a satellite's seats were awarded)
        return {}
    pops = state.table_index().pop
    top, waived = sizes[-1], waivers(state)
    out: dict[int, dict[str, Any]] = {}
    for number in halted:
        table = state.tables[number]
        assert table.bb is not None
        reason = _reason(top - pops[number], table.bb % table.max_seats + 1)
        out[number] = {"reason": reason, "waived": str(number) in waived}
    for key, reason in waiting.items():
        if int(key) in state.tables and int(key) not in out:
            out[int(key)] = {"reason": reason, "waived": key in waived}
    return dict(sorted(out.items()))


def dealt_on_arrival(state: TournamentState, table: Table, seat: int) -> bool:
    """A player taking the seat a halted table waits for is dealt into its next hand (BAL-1, BAL-3).

    The table reported its last hand while halted: the positions it recorded are those of the hand it
    deals once refilled, with the big blind on the seat kept for the mover. That hand has not been dealt
    yet, so the player who sits there posts the big blind and is dealt in; he did not arrive during a
    hand. Call this before :func:`arrived` ends the wait.
    """
    return str(table.number) in state.extra.get("halt_waiting", {}) and seat == table.bb


def arrived(state: TournamentState, number: int) -> None:
    """A player arrived at the table (a move, a break): its halt and any waiver of it end."""
    for key in ("halt_waived", "halt_waiting"):
        book = state.extra.get(key)
        if book:
            book.pop(str(number), None)


def finished_halted(state: TournamentState, number: int, reason: str | None) -> None:
    """``hand_finished`` at a halted table: its next hand waits for a player (the applier calls this)."""
    if reason is not None:
        state.extra.setdefault("halt_waiting", {})[str(number)] = reason


@command
def waive_halt(ctx: Context, cmd: WaiveHalt) -> None:
    """The director lets a halted table deal its next hand before it is refilled (BAL-1, TDA 11-D)."""
    table = inputs.table(ctx.state, cmd.table)
    found = halts(ctx.state).get(table.number)
    if found is None:
        raise RuleError("INVALID_INPUT", _("Table {number} is not halted.", number=table.number), "BAL-1")
    if found["waived"]:
        raise RuleError(
            "INVALID_INPUT", _("The halt of table {number} is already waived.", number=table.number), "BAL-1"
        )
    ctx.emit(HaltWaived(table=table.number, hands=table.hands, reason=cmd.reason or None))


@applies
def _halt_waived(state: TournamentState, ev: HaltWaived) -> None:
    waived = state.extra.setdefault("halt_waived", {})
    waived[str(ev.table)] = {"at": ev.at, "hands": ev.hands, "reason": ev.reason}
