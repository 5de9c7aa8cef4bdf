"""Who recorded each movement of money: the station and operator of the action that wrote each money-log row.

    recorded_by(history)   # [("Desk 1", "Kim"), ("Desk 1", "Kim"), ("", ""), ...], one per state.money_log row

The money log (``state.money_log``, app/entries/ledger.py) is only ever appended to, by the events of the
actions in force, in the log's order; so folding those actions' events one action at a time tells which
action wrote which rows. On a single laptop no action names a station, and the answer is ``[]`` at once
(nothing is folded). If the fold does not give the log the state holds, the answer is ``[]`` too: a sheet
then names no station rather than a wrong one.
"""

from __future__ import annotations

from app.core.context import apply_event
from app.core.state import TournamentState
from app.log.history import History


def recorded_by(history: History) -> list[tuple[str, str]]:
    """``(station, operator)`` for each row of ``history.tournament.state.money_log``; ``[]`` when no action
    names a station (a single laptop's tournament)."""
    if not any(a.station or a.operator for a in history.actions):
        return []
    state = TournamentState()
    out: list[tuple[str, str]] = []
    for action in history.in_force():
        for ev in action.events:
            apply_event(state, ev)
        out += [(action.station, action.operator)] * (len(state.money_log) - len(out))
    return out if state.money_log == history.tournament.state.money_log else []
