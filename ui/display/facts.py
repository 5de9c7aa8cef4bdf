"""Reads the room facts (players, money, payouts, table states) from the engine's views.

Counts and money come from the ``money`` and ``payouts`` view parts; nothing here is decided that
the engine has not already decided. The bubble and in-the-money marks only compare two engine
numbers: players still in the field and places paid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.core.registry import VIEW_PARTS
from app.core.state import WINNER, TournamentState
from ui.display import format as fmt
from ui.display.model import RoomFacts


def _part(state: TournamentState, name: str) -> Any:
    fn = VIEW_PARTS.get(name)
    return fn(state) if fn is not None else None


def _count(money: Any, key: str) -> int:
    if isinstance(money, Mapping):
        v = money.get(key)
        if isinstance(v, int) and not isinstance(v, bool):
            return v
    return 0


def payout_places(payouts: Any) -> list[tuple[str, int]]:
    """(place label, cents) per row of the ``payouts`` view, 1st first; tied rows keep their place."""
    out: list[tuple[str, int]] = []
    if not isinstance(payouts, list):
        return out
    for row in payouts:
        if isinstance(row, Mapping) and isinstance(row.get("place"), int):
            label = fmt.ordinal(int(row["place"])) + ("=" if row.get("tied") else "")
            out.append((label, int(row.get("amount_cents") or 0)))
    return out


def room_facts(state: TournamentState) -> RoomFacts:
    """The room facts of one state (computed once per change of the state, not per repaint)."""
    money = _part(state, "money")
    rows = payout_places(_part(state, "payouts"))
    if isinstance(money, Mapping):
        left = _count(money, "in_field")
        entries = _count(money, "entries") + _count(money, "reentries")
        pool = _count(money, "prize_pool_cents")
    else:
        left, entries, pool = state.in_field, sum(state.money_counts.get(k, 0) for k in ("entry", "reentry")), 0
    paid = len({label for label, _ in rows})
    begun = bool(state.started or state.clock.get("started"))
    # Every chip still in play counts, including those a busted player left on his table until the
    # next chip count credits them to their winner.
    average = round(state.expected_chips() / left) if left else None
    tables = [t for t in state.tables.values() if t.population > 0]
    final = bool(
        begun
        and len(tables) == 1
        and left > 1
        and state.profile is not None
        and left <= int(state.profile["final_table.size"])
    )
    winner = next((p.name for p in state.players.values() if p.status == WINNER), "")
    chip_names: dict[int, str] = {}
    if state.profile is not None:
        for chip in state.profile["chips"]:
            colour = str(chip.get("colour") or "").strip()
            chip_names[int(chip["value"])] = f"{colour} {fmt.chips(chip['value'])}".strip()
    return RoomFacts(
        name=state.name,
        players_left=left,
        entries=entries,
        rebuys=_count(money, "rebuys"),
        addons=_count(money, "addons"),
        average_stack=average,
        pool_cents=pool,
        payouts=tuple(rows),
        places_paid=paid,
        bubble=begun and paid > 0 and left == paid + 1,
        in_the_money=begun and paid > 0 and 1 < left <= paid,
        hand_for_hand=bool(state.hand_for_hand),
        final_table=final,
        ended=bool(state.ended),
        winner=winner,
        chip_names=chip_names,
    )
