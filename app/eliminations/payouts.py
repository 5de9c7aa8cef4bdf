"""Payout tables and prizes (PAY-1 to PAY-6, ELIM-5).

The prize pool paid out is the pool (ENT-2), or the guarantee when it is larger. A percentage table
gives floor(pool x pct / 100) per place and the cents left over to 1st (PAY-3); a field smaller than
the paid places adds the places nobody can take to 1st (PAY-5). Tied players share their block's
prizes, the odd cents going one each to the first tied players in payout order (PAY-4).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from app.core import inputs
from app.core.events import Event
from app.core.registry import applies, command, view_part
from app.core.state import WINNER, TournamentState
from app.errors import RuleError

if TYPE_CHECKING:
    from app.core.context import Context


def prize_pool(state: TournamentState) -> int:
    assert state.profile is not None
    return max(state.pool_cents, int(state.profile["money.guarantee_cents"]))


def bracket_count(state: TournamentState) -> int:
    """PAY-2: the field size a bracket is chosen by (players, or entries counting rebuys)."""
    assert state.profile is not None
    if state.profile["payout.bracket_basis"] == "entries":
        counts = state.money_counts
        return counts.get("entry", 0) + counts.get("reentry", 0) + counts.get("rebuy", 0)
    return state.entrants


def percents(state: TournamentState) -> list[float] | None:
    """The percentage table in force, or None for a fixed or no table."""
    assert state.profile is not None
    kind = state.profile["payout.table"]
    if kind == "percent":
        return list(state.profile["payout.percents"])
    if kind == "bracket":
        n = bracket_count(state)
        brackets = state.profile["payout.brackets"]
        for b in brackets:
            if n <= b["max_players"]:
                return list(b["percents"])
        return list(brackets[-1]["percents"])
    return None


def prize_table(state: TournamentState) -> list[int]:
    """Cents per place, 1st first."""
    assert state.profile is not None
    kind = state.profile["payout.table"]
    if state.payout_override is not None:
        prizes = list(state.payout_override)
    elif kind == "none":
        return []
    elif kind == "fixed":
        prizes = [int(c) for c in state.profile["payout.fixed_cents"]]
    else:
        prizes = _percent_prizes(prize_pool(state), tuple(percents(state) or ()))
    field = max(state.entrants, 1)
    if len(prizes) > field:  # PAY-5: places nobody can take go to 1st
        prizes[0] += sum(prizes[field:])
        prizes = prizes[:field]
    return prizes


_PERCENT_PRIZES: dict[tuple[int, tuple[float, ...]], list[int]] = {}


def _percent_prizes(pool: int, pcts: tuple[float, ...]) -> list[int]:
    """floor(pool x pct / 100) per place, the cents left over to 1st (PAY-3); kept per (pool, percents):
    a bust changes neither, and the table is asked for after each command."""
    key = (pool, pcts)
    prizes = _PERCENT_PRIZES.get(key)
    if prizes is None:
        prizes = [int(Fraction(pool) * Fraction(str(pct)) / 100) for pct in pcts]
        if prizes:
            prizes[0] += pool - sum(prizes)  # PAY-3: leftover cents to 1st
        if len(_PERCENT_PRIZES) >= 16:
            _PERCENT_PRIZES.pop(next(iter(_PERCENT_PRIZES)))
        _PERCENT_PRIZES[key] = prizes
    return list(prizes)


def awards(state: TournamentState, table: list[int] | None = None) -> dict[int, tuple[int, int, bool]]:
    """Each placed player's (place, cents, tied) under the current table (``table``: already computed)."""
    if table is None:
        table = prize_table(state)

    def prize(place: int) -> int:
        return table[place - 1] if 0 < place <= len(table) else 0

    out: dict[int, tuple[int, int, bool]] = {}
    if state.ended:  # a winner only once the tournament ended (not a scan of the field after each bust)
        for p in state.players.values():
            if p.status == WINNER:
                out[p.id] = (1, prize(1), False)
    for batch in state.batches:
        order = {pid: i for i, pid in enumerate(batch.payout_order)}
        for group in batch.tie_groups:
            first = state.players[group[0]].place or 0
            total = sum(prize(first + i) for i in range(len(group)))
            share, odd = divmod(total, len(group))
            for i, pid in enumerate(sorted(group, key=lambda x: order.get(x, len(order) + x))):
                out[pid] = (first, share + (1 if i < odd else 0), len(group) > 1)
    return out


def payout_rows(
    state: TournamentState,
    table: list[int] | None = None,
    won: dict[int, tuple[int, int, bool]] | None = None,
) -> list[dict[str, Any]]:
    """One row per paid place; a tied block shows one row per tied player, in payout order.

    ``table`` and ``won`` are the prize table and awards when the caller has them already."""
    if table is None:
        table = prize_table(state)
    if won is None:
        won = awards(state, table)
    by_place: dict[int, list[int]] = {}
    for pid, (place, _, _) in won.items():
        by_place.setdefault(place, []).append(pid)
    rows: list[dict[str, Any]] = []
    place = 1
    while place <= len(table):
        pids = by_place.get(place)
        if not pids:
            rows.append({"place": place, "player": None, "amount_cents": table[place - 1], "tied": False})
            place += 1
            continue
        pids.sort(key=lambda pid: -won[pid][1])
        for pid in pids:
            rows.append(
                {"place": place, "player": state.players[pid].name, "amount_cents": won[pid][1], "tied": len(pids) > 1}
            )
        place += len(pids)
    return rows


@command("set_payouts")
def set_payouts(ctx: Context, cmd: dict[str, Any]) -> None:
    """Replace the payout table by the director's amounts in cents (null: back to the profile's)."""
    amounts = inputs.field(cmd, "amounts_cents")
    if amounts is not None:
        if not isinstance(amounts, list) or not amounts:
            raise RuleError("INVALID_INPUT", "amounts_cents is a list of prizes in cents, 1st first.")
        amounts = [inputs.cents(a, f"Prize {i + 1}") for i, a in enumerate(amounts)]
        if any(a < b for a, b in zip(amounts, amounts[1:])):
            raise RuleError("AMOUNT_INVALID", "A place may not pay more than the place above it.", "PAY-6")
    ctx.emit("payouts_set", amounts_cents=amounts)


@applies("payouts_set")
def _payouts_set(state: TournamentState, ev: Event) -> None:
    amounts = ev.data["amounts_cents"]
    state.payout_override = None if amounts is None else [int(a) for a in amounts]


@view_part("payouts")
def payouts_view(state: TournamentState) -> list[dict[str, Any]]:
    return payout_rows(state)


def payout_check(state: TournamentState, table: list[int] | None = None) -> dict[str, Any]:
    """PAY-6: the prizes must add up to the prize pool; a table that does not is flagged."""
    total = sum(prize_table(state) if table is None else table)
    pool = prize_pool(state)
    assert state.profile is not None
    paying = state.profile["payout.table"] != "none" or state.payout_override is not None
    return {"total_cents": total, "difference_cents": total - pool, "valid": not paying or total == pool}
