"""A league's rules as data: the points formula, bonus points, best N results, tie-breaks (LGE-1..5).

    {
      "formula": {"kind": "sqrt_ratio", "scale": 10},
      "bonus": {"knockout": 1, "attendance": 2},
      "best": 6,
      "tiebreaks": ["wins", "best_finish", "events_played", "head_to_head_last"]
    }

Every key is optional (the defaults are below). :func:`rules_from` checks everything, as a profile is
checked: an unknown key, a negative bonus, a tie-break Floorman does not know or a formula that can
divide by zero or go negative is refused with a sentence saying which and why.

- ``bonus.knockout``: points for each player a player knocked out in an event. The count comes with
  the event's results; an event that does not record who knocked out whom gives 0 knockouts.
- ``bonus.attendance``: points for playing an event (each result carries them).
- ``best``: only a player's best N results count (``null``: all of them). "Best N of M": M is the
  number of events of the season that count.
- ``tiebreaks``: players level on points are ordered by these, in turn; players still level share
  the rank (``T-3rd``). ``wins`` (most first places), ``best_finish`` (the best place), ``events_played``
  (most events), ``cashes`` (most prizes), ``knockouts`` (most), ``head_to_head_last`` (the better
  place in the most recent event both played).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.i18n import N_, _, ngettext
from app.league.errors import LeagueError
from app.league.formula import Formula, _number, formula_from

TIEBREAKS: dict[str, str] = {
    "wins": N_("most wins"),
    "best_finish": N_("best finish"),
    "events_played": N_("most events played"),
    "cashes": N_("most cashes"),
    "knockouts": N_("most knockouts"),
    "head_to_head_last": N_("the better place in the last event both played"),
}
DEFAULT_TIEBREAKS = ("wins", "best_finish", "events_played", "head_to_head_last")
DEFAULT_FORMULA: dict[str, Any] = {"kind": "sqrt_ratio", "scale": 10}
MAX_BEST = 1_000


@dataclass(frozen=True)
class LeagueRules:
    formula: Formula
    knockout_bonus: float = 0.0
    attendance_bonus: float = 0.0
    best: int | None = None
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    data: Mapping[str, Any] = field(default_factory=dict)  # as given (stored in the roster)

    def describe(self) -> list[str]:
        """The rules in words, for the window and the printed standings."""
        out = [_("Points: {formula}", formula=self.formula.text)]
        bonus = []
        if self.knockout_bonus:
            bonus.append(_("{points:g} a knockout", points=self.knockout_bonus))
        if self.attendance_bonus:
            bonus.append(_("{points:g} for playing", points=self.attendance_bonus))
        if bonus:
            out.append(_("Bonus: {bonus}", bonus=", ".join(bonus)))
        out.append(ngettext("Best {n} result counts", "Best {n} results count", self.best) if self.best
                   else _("Every result counts"))
        out.append(_("Ties: {tiebreaks}", tiebreaks=_(", then ").join(_(TIEBREAKS[t]) for t in self.tiebreaks))
                   if self.tiebreaks else _("Ties share the rank"))
        return out

    def to_json(self) -> str:
        return json.dumps(dict(self.data), sort_keys=True)


def rules_from(data: Any) -> LeagueRules:
    """Check league rules (see the module's notes); :class:`LeagueError` in words when they cannot be used."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise LeagueError(_("League rules are written as an object with formula, bonus, best and tiebreaks."))
    unknown = sorted(set(data) - {"formula", "bonus", "best", "tiebreaks"})
    if unknown:
        raise LeagueError(
            _(
                "League rules have no setting {unknown!r}; they take formula, bonus, best and tiebreaks.",
                unknown=unknown[0],
            )
        )
    formula = formula_from(data.get("formula", DEFAULT_FORMULA))
    bonus = data.get("bonus") or {}
    if not isinstance(bonus, Mapping):
        raise LeagueError(_('Bonus points are written as {"knockout": 1, "attendance": 2}.'))
    odd = sorted(set(bonus) - {"knockout", "attendance"})
    if odd:
        raise LeagueError(
            _("There is no bonus called {odd!r}; bonus points are for a knockout or attendance.", odd=odd[0])
        )
    ko = _number(bonus, "knockout", 0, _("The bonus for a knockout"))
    attend = _number(bonus, "attendance", 0, _("The bonus for playing an event"))
    best = data.get("best")
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= MAX_BEST):
        raise LeagueError(
            _(
                "Best N results: N must be a whole number from 1 to {MAX_BEST}, or none for all (it is {best!r}).",
                MAX_BEST=MAX_BEST,
                best=best,
            )
        )
    ties = data.get("tiebreaks", list(DEFAULT_TIEBREAKS))
    if not isinstance(ties, list) or not all(isinstance(t, str) for t in ties):
        raise LeagueError(_('Tie-breaks are a list such as ["wins", "best_finish"].'))
    for t in ties:
        if t not in TIEBREAKS:
            raise LeagueError(
                _("There is no tie-break called {t!r}; use any of {names}.", t=t, names=", ".join(TIEBREAKS))
            )
    if len(set(ties)) != len(ties):
        raise LeagueError(_("A tie-break is listed twice."))
    return LeagueRules(formula, ko, attend, best, tuple(ties), dict(data))


def rules_from_json(text: str) -> LeagueRules:
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise LeagueError(_("The league rules are not readable JSON ({exc}).", exc=exc)) from exc
    except RecursionError as exc:
        raise LeagueError(_("The league rules are nested far too deeply to be league rules.")) from exc
    return rules_from(data)
