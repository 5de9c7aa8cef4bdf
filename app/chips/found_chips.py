"""Removed chips found later (RACE-4, TDA 24-C): exchanged for current chips at equal value.

Chips of a denomination already raced off (app.chips.race) left play with the race: a player who finds
some afterwards gets their value in chips still in play, rounded down to a multiple of the smallest
chip in play. The remainder is removed without compensation. The credited chips join play again, so
they count in ``state.chips_added`` (chip conservation: issued + added - removed = chips in play); the
remainder was already out of play and is only recorded, with every exchange, in the ``chip_race``
view's ``found``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.chips.race import chip_set, in_play
from app.commands.chips import FoundChips
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.chips import ChipsFound
from app.i18n import _

if TYPE_CHECKING:
    from app.core.context import Context


def exchange(value: int, smallest: int) -> tuple[int, int]:
    """(chips credited, remainder removed): ``value`` rounded down to a multiple of ``smallest``."""
    credited = value - value % smallest
    return credited, value - credited


@command
def found_chips(ctx: Context, cmd: FoundChips) -> None:
    """Exchange raced-off chips found later at equal value; the remainder below the smallest chip is lost (RACE-4)."""
    state = ctx.state
    p = inputs.live(inputs.player(state, cmd.player))
    denomination = inputs.whole(cmd.denomination, _("The chip value"), minimum=1)
    count = inputs.whole(cmd.count, _("The number of chips found"), minimum=1)
    if denomination not in chip_set(state):
        raise RuleError(
            "INVALID_INPUT",
            _(
                "There is no {denomination} chip in this tournament's chip set {chips}.",
                denomination=denomination,
                chips=chip_set(state),
            ),
            "RACE-4",
        )
    chips = in_play(state)
    if denomination in chips:
        raise RuleError(
            "INVALID_INPUT",
            _(
                "The {denomination} chip is still in play: these are not removed chips; count them in the stack.",
                denomination=denomination,
            ),
            "RACE-4",
        )
    if p.deciding:
        raise RuleError(
            "INVALID_INPUT",
            _(
                "{name} lost all their chips and is deciding on a rebuy: enter the rebuy or the decline first.",
                name=p.name,
            ),
            "RACE-4",
        )
    if not chips:
        raise RuleError("INVALID_INPUT", _("No chip is left in play to exchange them for."), "RACE-4")
    value = denomination * count
    credited, remainder = exchange(value, chips[0])
    ctx.emit(ChipsFound(player=p.id, denomination=denomination, count=count, value=value, smallest=chips[0],
                        credited=credited, remainder=remainder))


@applies
def _chips_found(state: TournamentState, ev: ChipsFound) -> None:
    credited = ev.credited
    p = state.players[ev.player]
    p.stack += credited
    state.chips_added += credited
    race = state.extra.setdefault("chip_race", {})
    found = {"at": ev.at, "name": p.name, "player": ev.player, "denomination": ev.denomination, "count": ev.count,
             "value": ev.value, "smallest": ev.smallest, "credited": ev.credited, "remainder": ev.remainder}
    race["found"] = [*race.get("found", []), found]
