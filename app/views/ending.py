"""The end of an event as the director's next step (ELIM-6, SAT-3, SAT-5).

When one player is left, or (in a satellite) the players left all fit into the seats, nothing more
is played: the tournament waits for late registration to close, then finishes (or awards the seats).
:func:`next_step` says so in words, with the commands that do it, so the strip offers "Close
registration and finish" instead of "Nothing pending". The rules are the engine's: the last player
standing (``last_standing``), the seats due (``satellite``), late registration open at ``now``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.eliminations import payouts, satellite
from app.eliminations.busts import last_standing
from app.levels.timeline import late_registration_open
from app.views.read import _state_of, _time_of


@dataclass(frozen=True, slots=True)
class NextStepView:
    """What ends the event now: ``finish`` (one player left) or ``seats`` (the players left win a seat).

    ``commands`` are run in order (the first closes late registration when it is open); ``button`` is
    the short word for a button, ``text`` the sentence for the strip.
    """

    kind: str
    text: str
    button: str
    tooltip: str
    commands: tuple[Mapping[str, Any], ...]


def _seats_end(state: Any) -> list[int] | None:
    """SAT-3: the players left all win a seat (play stops there), or None."""
    profile = state.profile
    if profile is None or not payouts.is_satellite(state) or not profile["satellite.stop_at_seats"]:
        return None
    if state.hand_for_hand:  # the round is played out first (ELIM-3 b)
        return None
    return satellite._seats_due(state)


def next_step(tournament_or_state: Any, now: float | None = None) -> NextStepView | None:
    """The step that ends the event now, or None while play goes on (or it is over)."""
    state = _state_of(tournament_or_state)
    if state.ended or state.profile is None or not state.clock.get("started"):
        return None
    if now is None:
        now = _time_of(tournament_or_state)
    open_now = now is not None and late_registration_open(state, now)
    close: tuple[Mapping[str, Any], ...] = ({"cmd": "close_registration"},) if open_now else ()
    last = last_standing(state)
    if last is not None:
        if open_now:
            return NextStepView(
                "finish", f"Close registration and finish: {last.name} is the last player left",
                "Close registration and finish",
                "Late registration is still open: close it, and the last player left wins.",
                (*close, {"cmd": "finish"}))
        return NextStepView("finish", f"Finish: {last.name} is the last player left and wins", "Finish",
                            "Late registration is closed: the last player left wins.", ({"cmd": "finish"},))
    winners = _seats_end(state)
    if winners is not None:
        event = payouts.event_name(state)
        if open_now:
            return NextStepView(
                "seats", f"Close registration and award the seats: the {len(winners)} players left each win "
                f"a seat in {event}", "Close registration and award the seats",
                "Late registration is still open: close it, and every player left wins a seat.",
                (*close, {"cmd": "award_seats"}))
        return NextStepView("seats", f"Award the seats: the {len(winners)} players left each win a seat in {event}",
                            "Award the seats", "Every player left wins a seat.", ({"cmd": "award_seats"},))
    return None
