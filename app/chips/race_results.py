"""A chip race entered by its results, and the count a race needs first (RACE-3, section 19).

The director may give the race's outcome instead of its cards: ``"results": {"Ann": 1, "Bob": 0}``
(or true / false), one entry per player who won a chip; players not named won none. The engine checks
the results against the rules, table by table:

- a player wins at most one chip (TDA 24-A), and only a player who had odd chips to race;
- exactly the ``N`` chips the table's pool buys are won;
- nobody is raced out: under ``roberts_first`` every racer who would be left with no chips must be
  among the winners (when ``N`` is smaller than their number, exactly they win, and the missing chips
  are added); under ``tda_add`` such a player who won nothing gets a chip added, as with cards.

A race reads odd chips from counted stacks, so a table holding chips of busted players that no counted
stack shows yet must be counted first: the race can carry the counts (``"counts"``) and runs
``chip_count`` before racing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.chips import loose
from app.commands.chips import ChipCount, ChipRace
from app.core import inputs
from app.core.state import TournamentState
from app.errors import Choice, Question, RuleError
from app.format import chips as chip_text
from app.i18n import _, ngettext

if TYPE_CHECKING:
    from app.core.context import Context


def given_results(cmd: ChipRace, state: TournamentState) -> dict[int, int] | None:
    """Chips won per player (0 or 1), as the director gives them; None when the race is by cards."""
    raw = cmd.results
    if raw is None:
        return None
    if cmd.cards is not None:
        raise RuleError("INVALID_INPUT", _("Give either the race cards or the results, not both."), "RACE-3")
    out: dict[int, int] = {}
    for ref, won in raw.items():
        p = inputs.player(state, ref)
        chips = int(won)
        if chips < 0:
            raise RuleError(
                "INVALID_INPUT",
                _("{name}'s result is the chips they won, 0 or 1, not {won!r}.", name=p.name, won=won),
                "RACE-3",
            )
        if chips > 1:
            raise RuleError(
                "INVALID_INPUT",
                _("{name} cannot win {chips} chips: one at most in a race.", name=p.name, chips=chips),
                "RACE-3",
            )
        out[p.id] = chips
    return out


def check_results_players(state: TournamentState, results: dict[int, int], racing: set[int], d: int) -> None:
    for pid, won in results.items():
        if won and pid not in racing:
            raise RuleError(
                "INVALID_INPUT",
                _("{name} has no {d} chips to race.", name=state.players[pid].name, d=chip_text(d)),
                "RACE-3",
            )


def award_by_results(ctx: Context, table: dict[str, Any], results: dict[int, int]) -> None:
    """Mark each racer's chip from the results after checking them against RACE-3.4 and RACE-3.5."""
    racers = [r for r in table["racers"] if r["odd"]]
    winners = [r for r in racers if results.get(r["player"], 0)]
    bare = [r for r in racers if r["left"] == 0]
    chips = int(table["chips"])
    number = table["table"]
    if ctx.profile["race.race_out"] == "roberts_first":
        missing = [r["name"] for r in bare if r not in winners]
        if missing:
            raise RuleError(
                "INVALID_INPUT",
                _(
                    "{names} would be raced out: a player left with no chips gets one of the raced chips before "
                    "anyone else (RACE-3.5).",
                    names=", ".join(missing),
                ),
                "RACE-3",
            )
        if len(bare) > chips and len(winners) != len(bare):
            raise RuleError(
                "INVALID_INPUT",
                ngettext("Table {table} races {n} chip for {players} players who would have none: only they win.",
                         "Table {table} races {n} chips for {players} players who would have none: only they win.",
                         chips, table=number, players=len(bare)),
                "RACE-3",
            )
        expected = max(chips, len(bare))
    else:
        expected = chips
    if len(winners) != expected:
        raise RuleError(
            "INVALID_INPUT", ngettext("Table {table} races {n} chip; the results give {given}.",
                                       "Table {table} races {n} chips; the results give {given}.", expected,
                                       table=number, given=len(winners)), "RACE-3"
        )
    for r in table["racers"]:
        r["cards"], r["best"], r["chip"], r["added"] = [], None, False, False
    raced = chips
    for r in winners:  # seat order; under roberts_first the chips beyond N are added ones
        if raced:
            r["chip"], raced = True, raced - 1
        else:
            r["added"] = True
    for r in table["racers"]:
        if r["left"] == 0 and not r["chip"]:
            r["added"] = True
    table["by"] = "results"


def count_first(ctx: Context, cmd: ChipRace) -> None:
    """Count the tables the race carries counts for; refuse, saying exactly what to do, while any table
    still holds chips of busted players that no counted stack shows."""
    counts = cmd.counts
    if counts is not None:
        ctx.run(ChipCount(counts=counts))
        if ctx.state.pending_count is not None:
            diffs = ", ".join(
                _("table {number}: {difference}", number=t, difference=("+" if d > 0 else "") + chip_text(d))
                for t, d in ctx.state.pending_count["differences"]
                if d
            )
            text = _('The count does not add up ({differences}): count again, or accept it with chip_count and '
                     '"accept": true, before the race.', differences=diffs)
            accept = Choice(
                _("Accept the count as entered"), command={"cmd": "chip_count", "counts": counts, "accept": True}
            )
            keys = tuple(ctx.state.players[int(pid)].name for pid, _ in ctx.state.pending_count["counts"])
            question = Question(text, "counts", "amounts", (accept,), keys)
            raise RuleError("NEEDS_INPUT", text, "RACE-3", question=question)
    lots = {k: v for k, v in sorted(ctx.state.loose_chips.items()) if v}
    if not lots:
        return
    # Where those chips are now (they go with their holders), the lots at the same tables together.
    places: dict[tuple[int, ...], list[int]] = {}
    now = loose.places(ctx.state)
    for key in lots:
        places.setdefault(tuple(sorted(loose.where(ctx.state, key, now))), []).append(key)
    tables, origins = next(iter(places.items()))
    chips = sum(lots[k] for k in origins)
    here = sorted((p.table or 0, p.seat or 0, p.id) for p in ctx.state.players.values()
                  if p.live and (p.table or 0) in tables)
    names = [ctx.state.players[pid].name for _, _, pid in here]
    example = ", ".join(_('"{name}": chips', name=n) for n in names[:3]) + (", ..." if len(names) > 3 else "")
    rest = sorted({t for other in list(places)[1:] for t in other if t and t not in tables})
    others = " " + _("(also table {tables})", tables=", ".join(str(t) for t in rest)) if rest else ""
    numbered = [t for t in tables if t]
    if not numbered:
        holder = _("The players not at a table hold {chips} chips won from busted players that no counted stack "
                   "shows yet{others}, so the odd chips there are not known.", chips=chip_text(chips), others=others)
    elif len(numbered) == 1:
        holder = _("Table {table} holds {chips} chips won from busted players that no counted stack shows "
                   "yet{others}, so the odd chips there are not known.", table=numbered[0], chips=chip_text(chips),
                   others=others)
    else:
        holder = _("Tables {tables} and {last} hold {chips} chips won from busted players that no counted stack "
                   "shows yet{others}, so the odd chips there are not known.",
                   tables=", ".join(str(t) for t in numbered[:-1]), last=numbered[-1], chips=chip_text(chips),
                   others=others)
    text = (
        holder
        + " "
        + _(
            'Count every player there first, with chip_count or in this command: "counts": {{{example}}}.',
            example=example,
        )
    )
    raise RuleError("NEEDS_INPUT", text, "RACE-3", question=Question(text, "counts", "amounts", keys=tuple(names)))
