"""Whether a hand started before a level change: asked, not guessed (section 19, CONV-5, CONV-6).

A director does not report every hand. A hand keeps the level in force when it started (CONV-6), so a
bust, rebuy or top-up entered shortly after the clock moved to a new level may belong to a hand of
either level. The engine asks only when that is both possible and decisive:

- the clock runs in level L (not a break), and L began less than one level-length ago;
- the table concerned has not reported a hand (``hand_finished``) since L began;
- the rule's outcome differs between a hand of level L - 1 and a hand of level L.

Then the command is refused with ``NEEDS_INPUT`` and a question in plain words. The director repeats it
with ``"hand_started_before_level_change": true`` (the hand belongs to level L - 1) or ``false`` (to
level L), or gives ``hand_level`` itself. In every other case the clock decides: the level in force.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from app.clock.timeline import level_length_ms, period_at, position_ms, structure_of, to_ms
from app.core.state import Table
from app.entries import ledger
from app.errors import Choice, Question, RuleError

if TYPE_CHECKING:
    from app.core.context import Context

ANSWER = "hand_started_before_level_change"


def given_answer(cmd: dict[str, Any]) -> bool | None:
    """The director's answer to the question, when the command carries it."""
    value = cmd.get(ANSWER)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise RuleError("INVALID_INPUT", f"{ANSWER} is true or false, not {value!r}.", "CONV-6")
    return value


def given_level(cmd: dict[str, Any]) -> int | None:
    value = cmd.get("hand_level")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise RuleError("INVALID_INPUT", f"hand_level must be a level number, not {value!r}.")
    return value


def recent_change(ctx: Context, tables: Iterable[Table | None]) -> int | None:
    """The level L that began less than one level-length ago, when none of ``tables`` reported a hand since."""
    state = ctx.state
    if not state.clock.get("started"):
        return None
    pos = position_ms(state, to_ms(ctx.now))
    period = period_at(state, pos)
    level = period.level
    if period.kind != "level" or level < 2 or ledger.on_break(ctx):
        return None
    if pos - period.start_ms >= level_length_ms(state, structure_of(state), level - 1):
        return None
    if any(t is not None and t.hand_level is not None and t.hand_level >= level for t in tables):
        return None
    return level


def judged_level(
    ctx: Context,
    cmd: dict[str, Any],
    tables: Iterable[Table | None],
    allowed: Callable[[int], bool],
    question: Callable[[int], str],
) -> int:
    """The level of the hand in question: given, answered, or the clock's; asks when it decides ``allowed``.

    ``question(level)`` is the question in plain words, for example "Had the hand in which Ann lost his
    chips started before level 4 began? The answer decides whether he may rebuy."
    """
    level = given_level(cmd)
    if level is not None:
        return level
    now = ledger.level_now(ctx)
    said = given_answer(cmd)
    if said is not None:
        return max(now - 1, 1) if said else now
    changed = recent_change(ctx, tables)
    if changed is None or changed != now or allowed(changed - 1) == allowed(changed):
        return now
    asked = f"{question(changed)} {STARTED[str(ctx.profile['clock.hand_start'])]}"
    raise RuleError(
        "NEEDS_INPUT",
        f"{asked} Repeat the command with \"{ANSWER}\": true or false.",
        "CONV-6",
        question=Question(
            asked,
            ANSWER,
            "bool",
            (
                Choice(f"Yes: the hand started in level {changed - 1}", True),
                Choice(f"No: it is a level {changed} hand", False),
            ),
        ),
    )


# CONV-5: what "the hand had started" means, by the profile's clock.hand_start.
STARTED = {
    "first_riffle": "A hand has started at the first riffle, the push of the shuffler button or the dealer push.",
    "blinds_and_riffle": "A hand has started once all blinds and antes are posted and the dealer has begun "
    "shuffling.",
}
