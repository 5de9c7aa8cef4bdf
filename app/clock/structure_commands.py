"""The director's structure command: a shipped structure or his own levels, mid-tournament too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.clock.commands import check_structure, now_period, touch
from app.commands.clock import SetStructure
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.clock import StructureSet
from app.i18n import _
from app.levels.structure import check_setup, resolve, shipped
from app.levels.timeline import find_period, to_ms

if TYPE_CHECKING:
    from app.core.context import Context


@command
def set_structure(ctx: Context, cmd: SetStructure) -> None:
    """Use another structure: a shipped one ({"id": "tda-nl"}) or the director's own levels and breaks.

    The clock keeps its level and the time played in it. A change never takes time from a level that has
    not begun: when the level (or break) in play is now no longer than the time already played in it (it
    was shortened below that, or it ran in overtime, CLK-1, and the new structure has more levels), it
    ends now, and the next level (or the break after it) starts now with its whole length (§20.7).
    """
    if cmd.id is not None:
        raw = shipped(cmd.id)
    elif cmd.structure is not None:
        raw = {"id": "custom", **cmd.structure}
    else:
        raise RuleError(
            "INVALID_INPUT",
            _("Give a shipped structure's 'id' or your own 'structure' (its levels and breaks)."),
            "CLK-1",
        )
    structure = resolve(raw, str(ctx.profile["structure.sb_rule"]), int(ctx.profile["structure.s004_scale"]))
    check_structure(ctx, structure)
    pos_ms, index, adjust = 0, 0, 0
    if ctx.state.clock.get("started"):
        pos, p = now_period(ctx)
        if structure.last_level is not None and p.level > structure.last_level:
            raise RuleError(
                "INVALID_INPUT", _("The new structure stops before the current level {level}.", level=p.level), "CLK-1"
            )
        probe = TournamentState(profile=ctx.state.profile, clock={**ctx.state.clock, "structure": structure.to_dict(),
                                                                  "adjust": {}})
        q = find_period(probe, p.kind, p.level)
        if q is None:
            raise RuleError(
                "INVALID_INPUT", _("The new structure has no break after level {level}.", level=p.level), "CLK-3"
            )
        adjust = int(ctx.state.clock.get("adjust", {}).get(str(p.index), 0))
        played = pos - p.start_ms
        if played >= q.length_ms + adjust and not q.last:
            # The period in play is now no longer than the time already played (it was shortened below it, or
            # CLK-1: it ran in overtime and the new structure adds levels after it): it ends now, and the next
            # period starts now with its whole length, none of it taken by the time played here (§20.7).
            adjust = played - q.length_ms
        pos_ms, index = q.start_ms + played, q.index
    check_setup(ctx.profile.settings, structure)
    ctx.emit(StructureSet(structure=structure.to_dict(), pos_ms=pos_ms, index=index, adjust_ms=adjust))


@applies
def _structure_set(state: TournamentState, ev: StructureSet) -> None:
    c = touch(state, ev)
    c["structure"] = ev.structure
    if c.get("started"):
        c.update(pos_ms=ev.pos_ms, wall_ms=to_ms(ev.at) if c.get("running") and not c.get("adhoc")
                 else c["wall_ms"], adjust={str(ev.index): ev.adjust_ms})
