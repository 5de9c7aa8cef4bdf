"""The structure sheet (the JSON view's ``structure``): every level's forced bets per family, its
length and game, the breaks, and a change of the level length (CLK-8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from app.core.state import TournamentState
from app.games import rotation
from app.levels.structure import Break
from app.levels.timeline import MINUTE_MS, level_length_ms, structure_of
from app.views.dump import OMIT


class LevelLimits(msgspec.Struct, frozen=True):
    blinds: Mapping[str, Any]
    stud: Mapping[str, Any] | None


class StructureLevel(msgspec.Struct, frozen=True):
    level: int
    minutes: int
    blinds: Mapping[str, Any]
    stud: Mapping[str, Any] | None
    game: str | None  # the level's game when it is known ahead (the hat, or one game)
    limits: LevelLimits | Any = OMIT  # limit betting only


class LengthChange(msgspec.Struct, frozen=True):
    """CLK-8: the level length changed from a level on."""

    from_level: int
    minutes: int


class StructureTable(msgspec.Struct, frozen=True):
    id: str
    name: str
    generated: bool  # levels go on rising after the listed ones
    last_level: int | None
    levels: tuple[StructureLevel, ...]
    breaks: tuple[Break, ...]
    level_length_change: LengthChange | None


def structure_table(state: TournamentState) -> StructureTable:
    assert state.profile is not None
    structure = structure_of(state)
    limit = state.profile["limit.betting"] == "limit"
    known_ahead = rotation.mode(state) in ("hat", "none")
    change = state.clock.get("length_change")
    levels = tuple(
        StructureLevel(
            level=lv.number,
            minutes=level_length_ms(state, structure, lv.number) // MINUTE_MS,
            blinds=lv.blinds(),
            stud=lv.stud(),
            game=rotation.game_for_level(state, lv.number) if known_ahead else None,
            limits=LevelLimits(lv.limits("blinds"), lv.limits("stud") if lv.has_stud else None) if limit else OMIT,
        )
        for lv in structure.listed()
    )
    return StructureTable(
        id=structure.id,
        name=structure.name,
        generated=structure.generator is not None,
        last_level=structure.last_level,
        levels=levels,
        breaks=tuple(structure.breaks),
        level_length_change=LengthChange(int(change["from_level"]), int(change["minutes"])) if change else None,
    )
