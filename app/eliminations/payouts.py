"""Payout tables and prizes (PAY-1 to PAY-6, ELIM-5).

The prize pool paid out is the pool (ENT-2), or the guarantee when it is larger. A percentage table
gives floor(pool x pct / 100) per place and the cents left over to 1st (PAY-3); a field smaller than
the paid places adds the places nobody can take to 1st (PAY-5). Tied players share their block's
prizes, the odd cents going one each to the first tied players in payout order (PAY-4).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from app.commands.eliminations import LockPayouts, SetPayouts, UnlockPayouts
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import WINNER, TournamentState
from app.errors import Question, RuleError
from app.events.eliminations import PayoutsLocked, PayoutsSet, PayoutsUnlocked
from app.format import money, ordinal
from app.i18n import _, ngettext
from app.tournament.day_end import day2_of

if TYPE_CHECKING:
    from app.core.context import Context


def prize_pool(state: TournamentState) -> int:
    """The pool taken (ENT-2) or the guarantee; an event's Day 2 (FLT-8, FLT-10): every flight's prize money too."""
    assert state.profile is not None
    return max(state.pool_cents + event_part(state, "pool_cents"), int(state.profile["money.guarantee_cents"]))


def event_part(state: TournamentState, what: str) -> int:
    """FLT-10: the flights' ``entries`` or ``pool_cents`` an event's Day 2 plays for (0 in any other tournament)."""
    d = day2_of(state)
    return int(d[what]) if d is not None else 0


def day1_finishers(state: TournamentState) -> list[tuple[str, str]]:
    """FLT-7: an event's Day-1 finishers (player, flight), best first: they take the places below Day 2's."""
    d = day2_of(state)
    return [(str(n), str(f)) for n, f in d["day1"]] if d is not None else []


def bracket_count(state: TournamentState) -> int:
    """PAY-2: the field size a bracket is chosen by (players, or entries counting rebuys)."""
    assert state.profile is not None
    if state.profile["payout.bracket_basis"] == "entries":
        counts = state.money_counts
        return counts.get("entry", 0) + counts.get("reentry", 0) + counts.get("rebuy", 0) + event_part(state, "entries")
    if day2_of(state) is not None:  # FLT-8: an event's bracket is chosen by its entries
        counts = state.money_counts
        return counts.get("entry", 0) + counts.get("reentry", 0) + event_part(state, "entries")
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


def paid_entries(state: TournamentState) -> int:
    """Buy-ins and re-entries that were not refunded: what PAY-7's share of the entries counts."""
    counts = state.money_counts
    return (counts.get("entry", 0) + counts.get("reentry", 0) - counts.get("refunded_entries", 0)
            + event_part(state, "entries"))  # FLT-8: an event's Day 2 counts every flight's entries


def places_by_percent(entries: int, percent: float, rounding: str) -> int:
    """PAY-7: ``percent`` of ``entries`` places, rounded up, down or to the nearest (a half up); at least 1."""
    exact = Fraction(entries) * Fraction(str(percent)) / 100
    if rounding == "up":
        n = -(-exact.numerator // exact.denominator)
    elif rounding == "down":
        n = exact.numerator // exact.denominator
    else:
        n = int(exact + Fraction(1, 2))
    return max(1, min(n, max(entries, 1)))


def share_weights(state: TournamentState) -> tuple[list[Fraction], Fraction | None] | None:
    """The shares of the places (1st first) and what they are out of (None: their sum), or None for a
    fixed or no table. A percent table is out of 100; PAY-7 shares 1 : 1/2 : 1/3 ...; a locked table
    (PAY-10) keeps the prizes it had when it was locked, as shares."""
    assert state.profile is not None
    if state.payout_lock is not None:
        return [Fraction(int(c)) for c in state.payout_lock["prizes_cents"]], None
    pct = percents(state)
    if pct is None:
        return None
    share = state.profile["payout.places_percent"]
    if share is not None:
        n = places_by_percent(paid_entries(state), share, str(state.profile["payout.places_rounding"]))
        return [Fraction(1, k) for k in range(1, n + 1)], None
    return [Fraction(str(p)) for p in pct], Fraction(100)


def split_pool(pool: int, weights: list[Fraction], out_of: Fraction | None, unit: int) -> list[int]:
    """PAY-3, PAY-8: floor(pool x share) per place, each a multiple of ``unit`` (1: whole cents), the
    rest to 1st."""
    total = out_of if out_of is not None else sum(weights, Fraction(0))
    if not weights:
        return []
    if total <= 0:
        return [pool] + [0] * (len(weights) - 1)
    prizes = [int(Fraction(pool) * w / total) for w in weights]
    if unit > 1:
        prizes = [c - c % unit for c in prizes]
    prizes[0] += pool - sum(prizes)
    return prizes


def shaped_prizes(state: TournamentState, weights: list[Fraction], out_of: Fraction | None) -> list[int]:
    """PAY-3, PAY-8, PAY-9: the pool split by ``weights``, rounded to ``payout.round_to_cents``; while the
    last paid place would pay less than ``payout.min_cash_cents`` it is dropped and the pool is split
    again over the places above it (a locked table keeps its places)."""
    assert state.profile is not None
    pool = prize_pool(state)
    unit = int(state.profile["payout.round_to_cents"] or 1)
    least = state.profile["payout.min_cash_cents"]
    n = len(weights)
    while True:
        part = weights[:n]
        prizes = split_pool(pool, part, out_of if n == len(weights) else None, unit)
        if n <= 1 or not least or state.payout_lock is not None or prizes[-1] >= int(least):
            return prizes
        n -= 1


# -- a satellite's seats in another event (SAT-1, SAT-2) ---------------------------------------------
def is_satellite(state: TournamentState) -> bool:
    return state.profile is not None and state.profile["satellite.seat_value_cents"] is not None


def seat_value(state: TournamentState) -> int:
    assert state.profile is not None
    return int(state.profile["satellite.seat_value_cents"] or 0)


def event_name(state: TournamentState) -> str:
    assert state.profile is not None
    return str(state.profile["satellite.event"] or "the target event")


def seat_count(state: TournamentState, pool: int | None = None) -> int:
    """SAT-1: floor(prize pool / seat value)."""
    value = seat_value(state)
    if value <= 0:
        return 0
    return (prize_pool(state) if pool is None else pool) // value


def satellite_prizes(state: TournamentState, pool: int) -> list[int]:
    """SAT-1, SAT-2: the prize of each place, 1st first: the seats at their value, the cash by the profile's rule."""
    assert state.profile is not None
    value = seat_value(state)
    seats = seat_count(state, pool)
    if seats == 0:
        return [pool] if pool else []
    rest = pool - seats * value
    if state.profile["satellite.remainder"] == "split":
        share, odd = divmod(rest, seats)
        return [value + share + (1 if i < odd else 0) for i in range(seats)]
    return [value] * seats + ([rest] if rest else [])


def seat_of(state: TournamentState, place: int | None, cents: int) -> bool:
    """Whether a placed player's prize is a seat (a place within the seats, paying at least the seat's value)."""
    return seat_test(state)(place, cents)


def seat_test(state: TournamentState) -> Callable[[int | None, int], bool]:
    """:func:`seat_of` for many places at once: the seats and their value are worked out once."""
    if not is_satellite(state):
        return lambda _place, _cents: False
    seats, value = seat_count(state), seat_value(state)
    return lambda place, cents: place is not None and 1 <= place <= seats and cents >= value


def prize_table(state: TournamentState) -> list[int]:
    """Cents per place, 1st first."""
    assert state.profile is not None
    kind = state.profile["payout.table"]
    if state.payout_override is not None:
        prizes = list(state.payout_override)
    elif state.profile["satellite.seat_value_cents"] is not None:  # SAT-1, SAT-2: seats, then the cash
        prizes = satellite_prizes(state, prize_pool(state))
    elif kind == "none":
        return []
    elif kind == "fixed":
        prizes = [int(c) for c in state.profile["payout.fixed_cents"]]
    else:
        weights = share_weights(state)
        prizes = shaped_prizes(state, *weights) if weights else []
    field = max(state.entrants + len(day1_finishers(state)), 1)  # FLT-8: the event's players, Day 1's too
    if len(prizes) > field:  # PAY-5: places nobody can take go to 1st
        prizes[0] += sum(prizes[field:])
        prizes = prizes[:field]
    if state.deal is not None:  # PAY-11: the deal replaces the prizes of the places still in play
        lines = state.deal["lines"]
        dealt = sorted((int(ln["amount_cents"]) for ln in lines), reverse=True)
        if dealt:
            dealt[0] += deal_save(state, prizes)
        prizes = dealt + prizes[len(lines):]
    return prizes


def deal_save(state: TournamentState, prizes: list[int]) -> int:
    """PAY-11: what the winner of the play after a deal takes on top of his amount: the amount left to play
    for, and any money paid into the places in play since the deal (a rebuy, a late entry)."""
    assert state.deal is not None
    k = len(state.deal["lines"])
    now = sum(prizes[:k])
    return int(state.deal.get("save_cents", 0)) + now - sum(int(c) for c in state.deal["prizes_cents"])


def has_payout_table(state: TournamentState) -> bool:
    """The tournament pays prizes: a table in the profile, or the director's own."""
    assert state.profile is not None
    return (state.profile["payout.table"] != "none" or state.payout_override is not None
            or state.profile["satellite.seat_value_cents"] is not None)


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
    if state.deal is not None:  # PAY-11: each player in the deal takes his amount; the winner the save too
        save = table[0] - max(int(ln["amount_cents"]) for ln in state.deal["lines"]) if table else 0
        for ln in state.deal["lines"]:
            pid = int(ln["player"])
            if pid in out:
                place, _unused, tied = out[pid]
                out[pid] = (place, int(ln["amount_cents"]) + (save if place == 1 else 0), tied)
    return out


def day1_awards(state: TournamentState, table: list[int] | None = None) -> list[tuple[int, str, str, int]]:
    """FLT-7, FLT-8: an event's Day-1 finishers below every Day-2 player: (place, player, flight, cents), best
    first; their places follow the Day-2 players' (the carried-in and Day 2's late entries)."""
    finishers = day1_finishers(state)
    if not finishers:
        return []
    if table is None:
        table = prize_table(state)
    first = state.entrants + 1
    return [(first + i, name, flight, table[first + i - 1] if first + i <= len(table) else 0)
            for i, (name, flight) in enumerate(finishers)]


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
    for pid, (place, _unused, _unused) in won.items():
        by_place.setdefault(place, []).append(pid)
    rows: list[dict[str, Any]] = []
    open_amounts: list[int] = []  # PAY-11: the deal's amounts of the players not placed yet, largest first
    if state.deal is not None and table:
        lines = state.deal["lines"]
        open_amounts = sorted((int(ln["amount_cents"]) for ln in lines if int(ln["player"]) not in won), reverse=True)
        if open_amounts and 1 not in by_place:
            open_amounts[0] += table[0] - max(int(ln["amount_cents"]) for ln in lines)
    day1 = {place: name for place, name, _flight, _cents in day1_awards(state, table)}  # FLT-7
    place = 1
    while place <= len(table):
        pids = by_place.get(place)
        if not pids and place in day1:
            rows.append({"place": place, "player": day1[place], "amount_cents": table[place - 1], "tied": False})
            place += 1
            continue
        if not pids:
            amount = open_amounts.pop(0) if open_amounts else table[place - 1]
            rows.append({"place": place, "player": None, "amount_cents": amount, "tied": False})
            place += 1
            continue
        pids.sort(key=lambda pid: -won[pid][1])
        for pid in pids:
            rows.append(
                {"place": place, "player": state.players[pid].name, "amount_cents": won[pid][1], "tied": len(pids) > 1}
            )
        place += len(pids)
    return rows


@command
def set_payouts(ctx: Context, cmd: SetPayouts) -> None:
    """Replace the payout table by the director's amounts in cents (null: back to the profile's)."""
    amounts = cmd.amounts_cents
    if amounts is not None:
        if not amounts:
            raise RuleError("INVALID_INPUT", _("amounts_cents is a list of prizes in cents, 1st first."))
        amounts = [inputs.cents(a, _("Prize {place}", place=i + 1)) for i, a in enumerate(amounts)]
        if any(a < b for a, b in zip(amounts, amounts[1:])):
            raise RuleError("AMOUNT_INVALID", _("A place may not pay more than the place above it."), "PAY-6")
    ctx.emit(PayoutsSet(amounts_cents=amounts))


@applies
def _payouts_set(state: TournamentState, ev: PayoutsSet) -> None:
    state.payout_override = None if ev.amounts_cents is None else list(ev.amounts_cents)


# -- payout lock (PAY-10) --------------------------------------------------------------------------------
def _no_table(what: str) -> RuleError:
    if what == "lock":
        return RuleError(
            "NOT_OFFERED", _("This tournament has no payout table, so there is nothing to lock."), "PAY-10"
        )
    return RuleError("NOT_OFFERED", _("This tournament has no payout table, so there is nothing to unlock."), "PAY-10")


@command
def lock_payouts(ctx: Context, cmd: LockPayouts) -> None:
    """The director locks the payout table: late entries no longer change its places and shares."""
    if not has_payout_table(ctx.state):
        raise _no_table("lock")
    if ctx.profile["satellite.seat_value_cents"] is not None:
        raise RuleError(
            "NOT_OFFERED",
            _(
                "A satellite pays seats: they follow the prize pool until late registration closes (SAT-1), so "
                "there is no table to lock."
            ),
            "PAY-10",
        )
    if ctx.state.payout_lock is not None:
        raise RuleError("INVALID_INPUT", _("The payout table is already locked."), "PAY-10")
    ctx.emit(PayoutsLocked(prizes_cents=prize_table(ctx.state), auto=False))


def lock_at_money(ctx: Context) -> None:
    """PAY-10 under ``payout.lock_at_money``: the table locks by itself once the players left are all paid."""
    state = ctx.state
    if not ctx.profile["payout.lock_at_money"] or state.payout_lock is not None or state.ended:
        return
    if ctx.profile["satellite.seat_value_cents"] is not None:
        return  # SAT-1: a satellite's seats follow the pool
    if not has_payout_table(state):
        return
    table = prize_table(state)
    if table and 0 < state.in_field <= len(table):
        ctx.emit(PayoutsLocked(prizes_cents=table, auto=True))


@applies
def _payouts_locked(state: TournamentState, ev: PayoutsLocked) -> None:
    state.payout_lock = {"prizes_cents": list(ev.prizes_cents), "auto": ev.auto, "at": ev.at}


def unlocked_table(state: TournamentState) -> list[int]:
    """The table as it would be without the lock."""
    lock, state.payout_lock = state.payout_lock, None
    try:
        return prize_table(state)
    finally:
        state.payout_lock = lock


def _changes(before: list[int], after: list[int], currency: str) -> str:
    parts = []
    if len(before) != len(after):
        parts.append(ngettext("{n} place paid instead of {before}", "{n} places paid instead of {before}", len(after),
                              before=len(before)))
    for i in range(max(len(before), len(after))):
        old = before[i] if i < len(before) else 0
        new = after[i] if i < len(after) else 0
        if old != new:
            parts.append(_("{place} {new} instead of {old}", place=ordinal(i + 1), new=money(new, currency),
                           old=money(old, currency)))
    return "; ".join(parts[:8]) + ("; ..." if len(parts) > 8 else "")


@command
def unlock_payouts(ctx: Context, cmd: UnlockPayouts) -> None:
    """The payout table follows the field again; refused once a prize was decided or a deal was made."""
    state = ctx.state
    if not has_payout_table(state):
        raise _no_table("unlock")
    if state.payout_lock is None:
        raise RuleError("INVALID_INPUT", _("The payout table is not locked."), "PAY-10")
    if state.deal is not None:
        raise RuleError("INVALID_INPUT", _("A deal was made on the locked table; undo the deal before unlocking."),
                        "PAY-10")
    before = prize_table(state)
    paid = [pid for pid, (_, cents, _) in awards(state, before).items() if cents > 0
            and state.players[pid].status != WINNER]
    if paid:
        raise RuleError(
            "WINDOW_CLOSED",
            ngettext(
                "{n} paid place already decided on the locked table; it stays locked.",
                "{n} paid places already decided on the locked table; it stays locked.",
                len(paid),
            ),
            "PAY-10",
        )
    after = unlocked_table(state)
    if after != before and not cmd.confirm:
        changes = _changes(before, after, str(ctx.profile["money.currency"]))
        text = _("Unlocking changes the payout table: {changes}. Unlock?", changes=changes)
        raise RuleError("NEEDS_INPUT", text, "PAY-10", question=Question(text, "confirm", "bool"))
    ctx.emit(PayoutsUnlocked(prizes_cents=after))


@applies
def _payouts_unlocked(state: TournamentState, ev: PayoutsUnlocked) -> None:
    state.payout_lock = None


def payout_check(state: TournamentState, table: list[int] | None = None) -> dict[str, Any]:
    """PAY-6: the prizes must add up to the prize pool; a table that does not is flagged."""
    total = sum(prize_table(state) if table is None else table)
    pool = prize_pool(state)
    assert state.profile is not None
    paying = has_payout_table(state)
    return {"total_cents": total, "difference_cents": total - pool, "valid": not paying or total == pool}
