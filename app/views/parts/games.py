"""The games (the JSON view's ``games``, MIX-1, MIX-9): the mode, the games, the hat's draws and what is
still in it, the stud ruling, and each table's game in a rotation or dealer's choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from app.core.state import TournamentState
from app.games import rotation
from app.games.catalogue import CATALOGUE
from app.levels.timeline import current_level, structure_of
from app.views.dump import OMIT


class LevelDraw(msgspec.Struct, frozen=True):
    """The game drawn from the hat for a level."""

    level: int
    game: str


class TableGame(msgspec.Struct, frozen=True):
    game: str | None  # None: dealer's choice before the button has chosen
    hands_left: int | None  # hands left in the game (a rotation counted in hands)


class GamesView(msgspec.Struct, frozen=True):
    mode: str  # hat, rotation, dealers_choice or none
    games: tuple[Mapping[str, Any], ...]  # the catalogue's description of each game
    draws: tuple[LevelDraw, ...]
    in_hat: tuple[str, ...] | Any = OMIT  # the hat only: games still in it once this level's is drawn
    stud_ruling: Any = OMIT  # once the director has ruled on the stud order
    tables: Mapping[str, TableGame] | Any = OMIT  # rotation and dealer's choice, once tables exist


def games(state: TournamentState, now: float | None = None) -> GamesView:
    """The games at ``now`` (None: as of the clock's last change)."""
    if now is None:
        now = int(state.clock.get("as_of_ms", 0)) / 1000
    level = current_level(state, now)
    last = structure_of(state).last_level  # draws beyond the structure fill the hat but are never played
    mode = rotation.mode(state)
    drawn = sorted(((int(k), v) for k, v in rotation.hat_draws(state).items()), key=lambda kv: kv[0])
    return GamesView(
        mode=mode,
        games=tuple(CATALOGUE[g].to_dict() if g in CATALOGUE else {"id": g} for g in rotation.mix_games(state)),
        draws=tuple(LevelDraw(n, g) for n, g in drawn if last is None or n <= last),
        in_hat=tuple(rotation.hat_contents(state, level)) if mode == "hat" else OMIT,
        stud_ruling=state.games["stud_ruling"] if "stud_ruling" in state.games else OMIT,
        tables={
            str(n): TableGame(rotation.game_for_level(state, level, n), rotation.hands_left_in_game(state, n))
            for n in sorted(state.tables)
        } if mode in ("rotation", "dealers_choice") and state.tables else OMIT,
    )
