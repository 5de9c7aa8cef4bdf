"""The ``players`` and ``money`` views: who is where with what, and where every cent went."""

from __future__ import annotations

from typing import Any

from app.core.registry import view_part
from app.core.state import TournamentState
from app.eliminations.payouts import awards, payout_check, prize_pool
from app.places import place_label


@view_part("players")
def players_view(state: TournamentState) -> dict[str, Any]:
    won = awards(state)
    out: dict[str, Any] = {}
    for p in state.players.values():
        out[p.name] = {
            "id": p.id,
            "status": p.status,
            "stack": p.stack,
            "table": p.table,
            "seat": p.seat,
            "place": p.place,
            "place_label": place_label(p.place, p.tied),
            "tied": p.tied > 1,
            "prize_cents": won[p.id][1] if p.id in won else 0,
            "entries": p.entries,
            "rebuys": p.rebuys,
            "addons": p.addons,
            "topups": p.topups,
            "reentries": p.reentries,
            "paid_cents": p.paid_cents,
            "deciding": p.deciding,
            "absent_since": p.absent_since,
            "out_reason": p.out_reason,
            "refunded": p.refunded,
            "waiting": p.id in state.waiting,
            "bounty_cents": p.bounty_cents,  # KO-2, KO-3: on his head now
            "bounties_won_cents": p.bounties_won_cents,
            "knockouts": p.knockouts,  # KO-1
        }
    return out


@view_part("money")
def money_view(state: TournamentState) -> dict[str, Any]:
    totals: dict[str, int] = {}
    for row in state.money_log:
        totals[row["to"]] = totals.get(row["to"], 0) + int(row["cents"])
    counts = state.money_counts
    assert state.profile is not None
    return {
        "currency": str(state.profile["money.currency"]),
        "pool_cents": state.pool_cents,
        "prize_pool_cents": prize_pool(state),
        "overlay_cents": prize_pool(state) - state.pool_cents,
        "fees_cents": state.fees_cents,
        "fees_by_type": {k: v for k, v in sorted(state.fees_by_type.items()) if v},
        "refunds_cents": state.refunds_cents,
        "forfeit_fees_cents": state.forfeit_fees_cents,
        "bounty_pool_cents": state.bounty_pool_cents,  # KO-2: kept apart from the prize pool
        "bounties_paid_cents": state.bounties_paid_cents,
        "house_bounties_paid_cents": state.house_bounties_paid_cents,  # KO-5: paid by the house
        "entries": counts.get("entry", 0),
        "reentries": counts.get("reentry", 0),
        "rebuys": counts.get("rebuy", 0),
        "addons": counts.get("addon", 0),
        "topups": counts.get("topup", 0),
        "purchases": counts.get("purchase", 0),
        "entrants": state.entrants,
        "in_field": state.in_field,
        "log_totals": totals,
        "log_rows": len(state.money_log),
        "payout_check": payout_check(state),
        "payouts_locked": state.payout_lock is not None,
        "payouts_locked_by_itself": bool(state.payout_lock and state.payout_lock.get("auto")),
    }
