"""What a structure editor needs from the engine: the structure in force as plain levels, and the
engine's own structure checks run level by level, so each problem names the level it is about.

    levels = editable_structure(state)          # {"name", "levels": [...], "breaks": [...], ...}
    problems = structure_problems(levels, state.profile.settings)
    check_structure(levels, settings)           # the same, as sentences

Nothing here changes a tournament: saving goes through the ``set_structure`` command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.core.state import TournamentState
from app.errors import RuleError
from app.games import rotation
from app.games.catalogue import check_games
from app.i18n import _, ngettext
from app.levels.structure import (
    Level,
    Structure,
    _break,
    _level,
    check_forced_bets,
    check_setup,
    check_stud_columns,
    half_round,
    resolve,
)
from app.levels.timeline import structure_of


@dataclass(frozen=True, slots=True)
class StructureProblem:
    """One reason the engine refuses a structure: ``level`` is the level it names (a break: the level it
    follows; None for the structure as a whole)."""

    level: int | None
    text: str
    is_break: bool = False


def editable_structure(state: TournamentState) -> dict[str, Any]:
    """The structure in force with every level listed (a generator's first levels) and only the level
    lengths it sets itself; ``generated`` says the levels came from a generator."""
    structure = structure_of(state)
    return {
        "name": structure.name,
        "generated": structure.generator is not None,
        "levels": [lv.to_dict() for lv in structure.listed()],
        "breaks": [b.to_dict() for b in structure.breaks],
    }


def small_blind(bb: int, sb_rule: str) -> int:
    """The small blind the engine takes for a big blind ``bb`` under a profile's small-blind rule."""
    return bb // 2 if sb_rule == "half" else half_round(bb)


def stud_games(settings: Mapping[str, Any]) -> list[str]:
    games = check_games(list(settings.get("mix.games") or []) or ["holdem"])
    return [g.id for g in games if g.forced == "stud"]


def structure_problems(raw: Mapping[str, Any], settings: Mapping[str, Any]) -> list[StructureProblem]:
    """Every reason the engine would refuse ``raw`` (a structure's levels and breaks) for a tournament with
    these profile ``settings``, the levels first in order; an empty list when it would take it."""
    if not isinstance(raw, Mapping):
        return [StructureProblem(None, _("A structure must be a JSON object."))]
    sb_rule, scale = str(settings.get("structure.sb_rule", "listed")), 1
    cap = settings.get("structure.max_forced_bet")
    stud = stud_games(settings)
    problems: list[StructureProblem] = []
    levels_raw = raw.get("levels")
    if not isinstance(levels_raw, list) or not levels_raw:
        return [StructureProblem(None, _("A structure needs at least one level."))]
    for number, lv_raw in enumerate(levels_raw, start=1):
        try:
            lv: Level = _level(lv_raw, number, sb_rule, scale)
            one = Structure("check", "check", (lv,))
            check_forced_bets(one, None if cap is None else int(cap))
            check_stud_columns(one, stud)
        except RuleError as err:
            problems.append(StructureProblem(number, err.message))
    breaks_raw = raw.get("breaks", [])
    if not isinstance(breaks_raw, list):
        problems.append(StructureProblem(None, _("The breaks must be a list.")))
        breaks_raw = []
    for b_raw in breaks_raw:
        after = b_raw.get("after") if isinstance(b_raw, Mapping) else None
        where = after if isinstance(after, int) and not isinstance(after, bool) else None
        try:
            brk = _break(b_raw)
        except RuleError as err:
            problems.append(StructureProblem(where, err.message, is_break=True))
            continue
        if brk.after > len(levels_raw):
            problems.append(StructureProblem(
                brk.after, ngettext("The break after level {after}: the structure has only {n} level.",
                                    "The break after level {after}: the structure has only {n} levels.",
                                    len(levels_raw), after=brk.after),
                is_break=True))
    if problems:
        return problems
    try:
        structure = resolve({"id": "custom", **raw}, sb_rule, scale)
        full = dict(settings)
        check_setup(full, structure)
    except RuleError as err:
        return [StructureProblem(None, err.message)]
    return []


def check_structure(raw: Mapping[str, Any], settings: Mapping[str, Any]) -> list[str]:
    """The engine's reasons for refusing ``raw`` as sentences; empty when the structure is good."""
    return [p.text for p in structure_problems(raw, settings)]


def level_game_choices(state: TournamentState) -> list[str]:
    """The games a level can be given from the window: the hat's games once it has been drawn, else none."""
    if rotation.mode(state) == "hat" and state.games.get("draws"):
        return rotation.mix_games(state)
    return []
