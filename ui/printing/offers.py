"""Which sheets a command's events call for: read from the events and the state after them.

Nothing here decides a rule; it only notices what just happened (a seat draw, a move, a broken
table, a redraw, a late seat, paid places, the winner) and names the sheets a director hands out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from app.api import TournamentState, drawn_seats
from app.i18n import _
from ui.printing.jobs import SheetJob

Seats = Mapping[int, tuple[int, int]]  # player id -> (table, seat), taken before a redraw


@dataclass
class Offer:
    """The sheets to offer now, and the words before them ("Seat draw done")."""

    why: str
    jobs: list[SheetJob] = field(default_factory=list)


def _job(sheet: str, title: str, why: str, **options: Any) -> SheetJob:
    return SheetJob(sheet, title, dict(options), why)


def _moves(events: Iterable[Any], state: TournamentState, before: Seats | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ev in events:
        d = ev.data
        if ev.type == "player_moved":
            out.append({"player": int(d["player"]), "from_table": d.get("from_table"), "from_seat": d.get("from_seat"),
                        "to_table": int(d["to_table"]), "to_seat": int(d["to_seat"]),
                        "reason": str(d.get("reason") or "")})
        elif ev.type == "table_broken":
            broken = int(d["table"])
            for pid, _card, table, seat in d["assignments"]:
                seat_before = (before or {}).get(int(pid), (broken, None))[1]
                out.append({"player": int(pid), "from_table": broken, "from_seat": seat_before,
                            "to_table": int(table), "to_seat": int(seat), "reason": f"table {broken} broken"})
        elif ev.type == "seats_drawn" and before:
            for pid, table, seat, _card in drawn_seats(d):
                old = before.get(int(pid))
                if old is not None and old != (int(table), int(seat)):
                    out.append({"player": int(pid), "from_table": old[0], "from_seat": old[1],
                                "to_table": int(table), "to_seat": int(seat), "reason": "redraw"})
    return out


def offer_for(events: list[Any], state: TournamentState, before: Seats | None = None) -> Offer | None:
    """The offer a command's events call for, or None."""
    types = {ev.type for ev in events}
    if "tournament_won" in types or "seats_won" in types:  # SAT-3: a satellite ends with its seats
        why = _("the tournament is over")
        return Offer(_("Tournament over"), [_job("results", _("Results"), why), _job("payouts", _("Payouts"), why),
                                             _job("receipts", _("Payout receipts"), why)])
    if "deal_recorded" in types:
        why = _("the players sign the deal")
        return Offer(_("Deal recorded"), [_job("deal", _("Deal sheet"), why), _job("payouts", _("Payouts"), why)])
    if "seats_drawn" in types and "tables_reset" not in types:
        why = _("after the seat draw")
        return Offer(_("Seat draw done"), [_job("seating", _("Seating slips"), why),
                                            _job("tables", _("Table list"), why)])
    moves = _moves(events, state, before)
    if "tables_reset" in types:
        why = _("after the redraw")
        jobs = [_job("moves", _("Move slips"), why, moves=moves)] if moves else []
        return Offer(_("Redraw done"), jobs + [_job("seating", _("Seating slips"), why),
                                               _job("tables", _("Table list"), why)])
    if moves:
        broken = [ev.data["table"] for ev in events if ev.type == "table_broken"]
        why = (_("table {table} broken", table=broken[0]) if broken else _("after the move") if len(moves) == 1
               else _("after the moves"))
        head = _("Table {table} broken", table=broken[0]) if broken else _("Moved")
        return Offer(head, [_job("moves", _("Move slips"), why, moves=moves), _job("tables", _("Table list"), why)])
    seated = [state.players[int(ev.data["player"])].name for ev in events if ev.type == "player_seated"
              and int(ev.data["player"]) in state.players]
    if seated:
        why = _("for {names}", names=", ".join(seated))
        return Offer(_("Seated"), [_job("seating", _("Seating slip"), why, players=seated)])
    if "players_busted" in types and _paid_place(events, state):
        why = _("a place is paid")
        return Offer(_("In the money"), [_job("payouts", _("Payouts"), why),
                                          _job("receipts", _("Payout receipts"), why)])
    return None


def _paid_place(events: list[Any], state: TournamentState) -> bool:
    from ui.overview import payout_amounts

    paid = len(payout_amounts(state))
    for ev in events:
        if ev.type != "players_busted":
            continue
        for entry in ev.data["players"]:
            p = state.players.get(int(entry["player"]))
            if p is not None and p.place is not None and p.place <= paid:
                return True
    return False


def race_offer(after_level: int) -> Offer:
    why = _("the break after level {level}", level=after_level)
    return Offer(_("Chip race at this break"), [_job("chip-race", _("Chip-race sheets"), why, break_after=after_level)])
