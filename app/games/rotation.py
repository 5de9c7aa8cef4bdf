"""Which game is played (MIX-1, MIX-9, CLK-7): the hat, a fixed rotation, or dealer's choice.

- ``hat`` (P000): one game per level, drawn without replacement; when every game has been played the
  hat is refilled (a game drawn last may come out again first). The clock must always know the next
  game, so all draws are made when the clock starts, one level after another, and recorded in the
  ``hat_drawn`` event. A director who pulls real slips records each with ``record_draw``: the drawn
  game swaps places with the level that held it, so the hat stays without replacement.
- ``rotation`` (P002): the games in ``mix.games`` in order, each for ``mix.hands_per_game`` hands at
  every table (counted from the table's finished hands), or one level each when that is null.
- ``dealers_choice`` (P002): the director records the button's choice for one hand or one orbit.
- ``none``: the first game of ``mix.games`` all tournament long.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.commands.games import ChooseGame, RecordDraw
from app.core import inputs
from app.core.randomness import RandomSource
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.games import GameChosen, HatDraw, HatDrawn, HatDrawRecorded
from app.games.catalogue import CATALOGUE, check_games
from app.i18n import _
from app.levels.timeline import current_level, current_period

if TYPE_CHECKING:
    from app.core.context import Context

HAT_PREDRAW_LEVELS = 60  # draws made ahead for a structure that never ends


def mix_games(state: TournamentState) -> list[str]:
    assert state.profile is not None
    return list(state.profile["mix.games"]) or ["holdem"]


def mode(state: TournamentState) -> str:
    assert state.profile is not None
    return str(state.profile["mix.mode"])


def hat_levels(games: list[str], levels: int) -> int:
    """Levels to draw for so that every filling of the hat is drawn whole (MIX-1): ``levels`` rounded up
    to whole hats, so a real slip pulled after a refill is always one of the drawn games."""
    size = max(len(games), 1)
    return -(-levels // size) * size


def draw_hat(games: list[str], levels: int, rng: RandomSource) -> list[HatDraw]:
    """Draw one game per level without replacement, refilling the hat when it is empty (MIX-1)."""
    draws: list[HatDraw] = []
    hat: list[str] = []
    for level in range(1, levels + 1):
        if not hat:
            hat = list(games)
        try:
            pick = rng.choice(hat)
        except ValueError:
            raise RuleError(
                "INVALID_INPUT",
                _(
                    "Level {level}: the game drawn is not in the hat ({names}).",
                    level=level,
                    names=", ".join(sorted(hat)),
                ),
                "MIX-1",
            ) from None
        hat.remove(pick)
        draws.append(HatDraw(level=level, game=pick, left=sorted(hat)))
    return draws


def hat_draws(state: TournamentState) -> dict[str, str]:
    return dict(state.games.get("draws", {}))


def _cycle(state: TournamentState, level: int) -> range:
    size = len(mix_games(state))
    first = (level - 1) // size * size + 1
    return range(first, first + size)


def game_for_level(state: TournamentState, level: int, table: int | None = None) -> str | None:
    """The game played at ``level`` (at ``table`` for per-hand rotation and dealer's choice).

    None means the game is not known yet: dealer's choice before the button has chosen.
    """
    games, how = mix_games(state), mode(state)
    if how == "hat":
        draws = state.games.get("draws", {})
        if draws:
            return str(draws.get(str(level)) or draws[str(max(int(k) for k in draws))])
        return None
    if how == "rotation":
        per_hands = _hands_per_game(state)
        if per_hands is None:
            return games[(level - 1) % len(games)]
        return games[(_table_hands(state, table) // per_hands) % len(games)]
    if how == "dealers_choice":
        return _choice(state, table)
    return games[0]


def next_game(state: TournamentState, level: int, table: int | None = None) -> str | None:
    """The game that comes after the current one (the next level's, or the next in the rotation)."""
    how = mode(state)
    if how == "rotation" and _hands_per_game(state) is not None:
        games = mix_games(state)
        return games[(_table_hands(state, table) // int(_hands_per_game(state) or 1) + 1) % len(games)]
    if how == "dealers_choice":
        return None
    return game_for_level(state, level + 1, table)


def family_at(state: TournamentState, now: float, table: int | None = None) -> str | None:
    """The forced-bet family ("blinds" or "stud") of the game played at ``table`` at ``now`` (BTN-7)."""
    gid = game_for_level(state, current_level(state, now), table)
    return None if gid is None or gid not in CATALOGUE else CATALOGUE[gid].forced


def level_of_next_hand(state: TournamentState, now: float) -> int:
    """CLK-4: the level of a hand dealt after ``now``; during a scheduled break, the level after it."""
    period = current_period(state, now)
    return period.level + 1 if period.kind == "break" else period.level


def game_of_next_hand(state: TournamentState, now: float, table: int) -> str | None:
    """The game of the hand ``table`` deals next (BTN-7): by the level in force, or the hand count.

    A rotation every N hands counts the hand about to start (the table's finished hands, plus the one
    ending now). Dealer's choice is not known before the button chooses (None).
    """
    how = mode(state)
    per_hands = _hands_per_game(state)
    if how == "rotation" and per_hands is not None:
        games = mix_games(state)
        return games[((_table_hands(state, table) + 1) // per_hands) % len(games)]
    if how == "dealers_choice":
        return None
    return game_for_level(state, level_of_next_hand(state, now), table)


def family_of_next_hand(state: TournamentState, now: float, table: int) -> str | None:
    """"blinds" or "stud" for the table's next hand; None when the game is not known yet."""
    gid = game_of_next_hand(state, now, table)
    return None if gid is None or gid not in CATALOGUE else CATALOGUE[gid].forced


def hands_left_in_game(state: TournamentState, table: int | None = None) -> int | None:
    per_hands = _hands_per_game(state)
    if mode(state) != "rotation" or per_hands is None:
        return None
    return per_hands - _table_hands(state, table) % per_hands


def _hands_per_game(state: TournamentState) -> int | None:
    assert state.profile is not None
    v = state.profile["mix.hands_per_game"]
    return None if v is None else int(v)


def _table_hands(state: TournamentState, table: int | None) -> int:
    if table is None:
        table = min(state.tables) if state.tables else None
    t = state.tables.get(table) if table is not None else None
    return t.hands if t is not None else 0


def _choice(state: TournamentState, table: int | None) -> str | None:
    choices = state.games.get("choices", {})
    key = str(table) if table is not None and str(table) in choices else "0"
    if table is None and choices:
        key = min(choices, key=int)
    c = choices.get(key)
    if c is None:
        return None
    if c.get("until_hand") is not None and _table_hands(state, int(key) or None) >= int(c["until_hand"]):
        return None
    return str(c["game"])


def hat_contents(state: TournamentState, level: int) -> list[str]:
    """Games still in the hat once ``level``'s game has been drawn."""
    draws = state.games.get("draws", {})
    return sorted(str(draws[str(n)]) for n in _cycle(state, level) if n > level and str(n) in draws)


# -- commands --------------------------------------------------------------------------------------
def emit_hat_draws(ctx: Context, levels: int) -> None:
    """Draw the hat for every level (called when the clock starts in hat mode)."""
    games = mix_games(ctx.state)
    draws = draw_hat(games, hat_levels(games, levels), ctx.rng)
    ctx.emit(HatDrawn(games=games, draws=draws))


@applies
def _hat_drawn(state: TournamentState, ev: HatDrawn) -> None:
    state.games["draws"] = {str(d.level): d.game for d in ev.draws}


@command
def record_draw(ctx: Context, cmd: RecordDraw) -> None:
    """Record the game pulled from the hat for a level (MIX-1); it swaps with the level that held it."""
    if mode(ctx.state) != "hat" or not ctx.state.games.get("draws"):
        raise RuleError("NOT_OFFERED", _("Games are drawn from a hat only in a hat mix, once the clock has started."))
    level = inputs.whole(cmd.level, _("The level"), minimum=1)
    gid = cmd.game
    check_games([gid])
    if gid not in mix_games(ctx.state):
        raise RuleError(
            "INVALID_INPUT", _("{name} is not one of the games in the hat.", name=CATALOGUE[gid].name), "MIX-1"
        )
    draws = ctx.state.games["draws"]
    if str(level) not in draws:
        raise RuleError("INVALID_INPUT", _("Level {level} is beyond the levels drawn.", level=level), "MIX-1")
    if level < current_level(ctx.state, ctx.now):
        raise RuleError("INVALID_INPUT", _("Level {level} has already been played.", level=level), "MIX-1")
    holder = next((n for n in _cycle(ctx.state, level) if draws.get(str(n)) == gid), None)
    if holder is None or holder < level:
        raise RuleError(
            "INVALID_INPUT", _("{name} has already come out of the hat.", name=CATALOGUE[gid].name), "MIX-1"
        )
    ctx.emit(HatDrawRecorded(level=level, game=gid, swapped_level=holder, swapped_game=str(draws[str(level)])))


@applies
def _hat_draw_recorded(state: TournamentState, ev: HatDrawRecorded) -> None:
    draws = state.games["draws"]
    draws[str(ev.swapped_level)] = ev.swapped_game
    draws[str(ev.level)] = ev.game


@command
def choose_game(ctx: Context, cmd: ChooseGame) -> None:
    """Record the game the player on the button chose (dealer's choice, MIX-9)."""
    if mode(ctx.state) != "dealers_choice":
        raise RuleError("NOT_OFFERED", _("The games here are not dealer's choice."), "MIX-9")
    gid = cmd.game
    if gid not in mix_games(ctx.state):
        name = CATALOGUE[gid].name if gid in CATALOGUE else gid
        raise RuleError(
            "NOT_OFFERED", _("{name} is not one of the games offered for dealer's choice.", name=name), "MIX-9"
        )
    table = None if cmd.table is None else inputs.table(ctx.state, cmd.table).number
    assert ctx.state.profile is not None
    span = 1
    if ctx.profile["mix.dealers_choice_span"] == "orbit":
        t = ctx.state.tables.get(table) if table is not None else None
        span = t.population if t is not None and t.population else int(ctx.profile["table.max_seats"])
    hands = _table_hands(ctx.state, table) if table is not None else None
    ctx.emit(GameChosen(table=table, game=gid, from_hand=hands, until_hand=None if hands is None else hands + span))


@applies
def _game_chosen(state: TournamentState, ev: GameChosen) -> None:
    key = str(ev.table or 0)
    state.games.setdefault("choices", {})[key] = {"game": ev.game, "until_hand": ev.until_hand}
