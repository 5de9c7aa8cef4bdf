"""The money at a glance (the JSON view's ``money``): the pools, the fees, the refunds, the purchases
by kind, the money log's totals by destination and the payout check."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from app.core.state import TournamentState
from app.eliminations.payouts import event_part, payout_check, prize_pool


class PayoutCheck(msgspec.Struct, frozen=True):
    """PAY-6: the prizes against the prize pool; a table that does not add up is flagged."""

    total_cents: int
    difference_cents: int
    valid: bool


class AccountsView(msgspec.Struct, frozen=True):
    currency: str
    pool_cents: int  # the money paid in (ENT-2)
    prize_pool_cents: int  # what the prizes add up to: the pool, or the guarantee (PAY-1)
    overlay_cents: int  # the house's part of a guarantee
    fees_cents: int
    fees_by_type: Mapping[str, int]
    refunds_cents: int
    forfeit_fees_cents: int
    bounty_pool_cents: int  # KO-2: kept apart from the prize pool
    bounties_paid_cents: int
    house_bounties_paid_cents: int  # KO-5: paid by the house
    entries: int
    reentries: int
    rebuys: int
    addons: int
    topups: int
    purchases: int
    entrants: int
    in_field: int
    log_totals: Mapping[str, int]  # the money log's cents by destination
    log_rows: int
    payout_check: PayoutCheck
    payouts_locked: bool
    payouts_locked_by_itself: bool


def accounts(state: TournamentState) -> AccountsView:
    assert state.profile is not None
    totals: dict[str, int] = {}
    for row in state.money_log:
        totals[row["to"]] = totals.get(row["to"], 0) + int(row["cents"])
    counts = state.money_counts
    prizes = prize_pool(state)
    check = payout_check(state)
    return AccountsView(
        currency=str(state.profile["money.currency"]),
        pool_cents=state.pool_cents,
        prize_pool_cents=prizes,
        overlay_cents=prizes - state.pool_cents - event_part(state, "pool_cents"),  # FLT-10: the flights' money
        fees_cents=state.fees_cents,
        fees_by_type={k: v for k, v in sorted(state.fees_by_type.items()) if v},
        refunds_cents=state.refunds_cents,
        forfeit_fees_cents=state.forfeit_fees_cents,
        bounty_pool_cents=state.bounty_pool_cents,
        bounties_paid_cents=state.bounties_paid_cents,
        house_bounties_paid_cents=state.house_bounties_paid_cents,
        entries=counts.get("entry", 0),
        reentries=counts.get("reentry", 0),
        rebuys=counts.get("rebuy", 0),
        addons=counts.get("addon", 0),
        topups=counts.get("topup", 0),
        purchases=counts.get("purchase", 0),
        entrants=state.entrants,
        in_field=state.in_field,
        log_totals=totals,
        log_rows=len(state.money_log),
        payout_check=PayoutCheck(int(check["total_cents"]), int(check["difference_cents"]), bool(check["valid"])),
        payouts_locked=state.payout_lock is not None,
        payouts_locked_by_itself=bool(state.payout_lock and state.payout_lock.get("auto")),
    )
