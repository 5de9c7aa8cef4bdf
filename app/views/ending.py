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
from app.i18n import N_, _, ngettext, pgettext
from app.levels.timeline import current_level, late_registration_open
from app.tournament.day_end import day_is_over_at
from app.views.read import _state_of, _time_of


@dataclass(frozen=True, slots=True)
class NextStepView:
    """What ends the event now: ``finish`` (one player left), ``seats`` (the players left win a seat), or in
    a flight of a multi-flight event ``day_over`` (FLT-3: the profile's end of the day has come; the
    survivors bag their chips).

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
    if not state.extra.get("day_ended"):
        day = _day_over(state, now)
        if day is not None:
            return day
    last = last_standing(state)
    if last is not None:
        if open_now:
            return NextStepView(
                "finish", _("Close registration and finish: {name} is the last player left", name=last.name),
                _("Close registration and finish"),
                _("Late registration is still open: close it, and the last player left wins."),
                (*close, {"cmd": "finish"}))
        return NextStepView("finish", _("Finish: {name} is the last player left and wins", name=last.name),
                            pgettext("next step", "Finish"),
                            _("Late registration is closed: the last player left wins."), ({"cmd": "finish"},))
    winners = _seats_end(state)
    if winners is not None:
        event = payouts.event_name(state)
        if open_now:
            return NextStepView(
                "seats", ngettext("Close registration and award the seats: the {n} player left wins a seat in {event}",
                                  "Close registration and award the seats: the {n} players left each win a seat in "
                                  "{event}", len(winners), event=event),
                _("Close registration and award the seats"),
                _("Late registration is still open: close it, and every player left wins a seat."),
                (*close, {"cmd": "award_seats"}))
        return NextStepView("seats", ngettext("Award the seats: the {n} player left wins a seat in {event}",
                                              "Award the seats: the {n} players left each win a seat in {event}",
                                              len(winners), event=event),
                            pgettext("next step", "Award the seats"), _("Every player left wins a seat."),
                            ({"cmd": "award_seats"},))
    return None


DAY_END_WORDS = {
    "level": N_("The profile ends the day when its last level is played: end it, and the survivors bag their "
                "chips; nobody plays on."),
    "players": N_("The profile ends the day when the players left are down to the number set: end it, and the "
                  "survivors bag their chips; nobody plays on."),
    "share": N_("The profile ends the day when the share of the entries set is left: end it, and the survivors "
                "bag their chips; nobody plays on."),
}


def _day_over(state: Any, now: float | None) -> NextStepView | None:
    """FLT-3: the flight's day is over as its profile says (a set level played, a number or share of players
    left): the strip asks the director to end it (``end_flight_day`` with the profile's reason)."""
    settings = state.profile.settings
    how = settings["flight.end"]
    if how not in DAY_END_WORDS or now is None:
        return None
    if not day_is_over_at(state, current_level(state, now)):
        return None
    return NextStepView("day_over", _("The day is over: bag the chips"), pgettext("next step", "End the day"),
                        _(DAY_END_WORDS[how]), ({"cmd": "end_flight_day", "reason": how},))
