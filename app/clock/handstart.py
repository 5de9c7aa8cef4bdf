"""Whether a hand started before a level change: asked, not guessed (section 19, CONV-5, CONV-6).

A director does not report every hand. A hand keeps the level in force when it started (CONV-6), so a
bust, rebuy or top-up entered shortly after the clock moved to a new level may belong to a hand of
either level. The engine asks only when that is both possible and decisive:

- the clock runs in level L (not a break), and L began less than one level-length ago;
- the table concerned has not reported a hand (``hand_finished``) since L began;
- the table has not been asked about the change to L already (section 20.10: hands only move forward,
  so each table is asked at most once per level change; its answer stands for the hand in play there
  until the table reports a hand);
- the rule's outcome differs between a hand of level L - 1 and a hand of level L.

Then the command is refused with ``NEEDS_INPUT`` and a question in plain words. The director repeats it
with ``"hand_started_before_level_change": true`` (the hand belongs to level L - 1) or ``false`` (to
level L), or gives ``hand_level`` itself. The answer is written in the log (``hand_start_answered``) and
remembered per table, so a replay asks and judges the same. In every other case the clock decides: the
level in force.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from app.core.registry import applies
from app.core.state import Table, TournamentState
from app.errors import Choice, Question, RuleError
from app.events.clock import HandStartAnswered
from app.i18n import N_, _
from app.levels.timeline import (
    current_level,
    in_break,
    level_length_ms,
    period_at,
    position_ms,
    structure_of,
    to_ms,
)

if TYPE_CHECKING:
    from app.core.context import Context

ANSWER = "hand_started_before_level_change"


class HandAnswer(Protocol):
    """What a command says about the hand in question: its level, or whether it started before the change.

    Declared by every command the level of a hand decides (a bust, a rebuy, a top-up, a no-show).
    """

    @property
    def hand_level(self) -> int | None: ...

    @property
    def hand_started_before_level_change(self) -> bool | None: ...


def given_answer(cmd: HandAnswer) -> bool | None:
    """The director's answer to the question, when the command carries it."""
    return cmd.hand_started_before_level_change


def given_level(cmd: HandAnswer) -> int | None:
    value = cmd.hand_level
    if value is not None and value < 1:
        raise RuleError("INVALID_INPUT", _("hand_level must be a level number, not {value!r}.", value=value))
    return value


def recent_change(ctx: Context, tables: Iterable[Table | None]) -> int | None:
    """The level L that began less than one level-length ago, when none of ``tables`` reported a hand since."""
    state = ctx.state
    if not state.clock.get("started"):
        return None
    pos = position_ms(state, to_ms(ctx.now))
    period = period_at(state, pos)
    level = period.level
    if period.kind != "level" or level < 2 or in_break(ctx.state, ctx.now):
        return None
    if pos - period.start_ms >= level_length_ms(state, structure_of(state), level - 1):
        return None
    if any(t is not None and t.hand_level is not None and t.hand_level >= level for t in tables):
        return None
    return level


def remembered(tables: Iterable[Table | None], level: int) -> int | None:
    """Section 20.10: the level of the hand in play that the director's answer about the change to ``level``
    gave, when every one of ``tables`` was asked about it already (the earliest, if their answers differ);
    None when one of them was not asked."""
    known = [t for t in tables if t is not None]
    if not known or any(t.asked_level != level or t.answered_level is None for t in known):
        return None
    return min(t.answered_level for t in known if t.answered_level is not None)


def _remember(ctx: Context, tables: Iterable[Table | None], level: int, before: bool) -> None:
    """Section 20.10: the director answered for these tables about the change to ``level``: logged, so no
    later question asks them about it again (and a replay gives the same)."""
    numbers = sorted({t.number for t in tables if t is not None and t.asked_level != level})
    if numbers:
        ctx.emit(HandStartAnswered(tables=numbers, level=level, started_before=before))


@applies
def _hand_start_answered(state: TournamentState, ev: HandStartAnswered) -> None:
    for number in ev.tables:
        table = state.tables.get(number)
        if table is not None:
            table.asked_level = ev.level
            table.answered_level = max(ev.level - 1, 1) if ev.started_before else ev.level


def judged_level(
    ctx: Context,
    cmd: HandAnswer,
    tables: Iterable[Table | None],
    allowed: Callable[[int], bool],
    question: Callable[[int], str],
    asked_at: Iterable[Table | None] | None = None,
) -> int:
    """The level of the hand in question: given, answered, or the clock's; asks when it decides ``allowed``.

    ``question(level)`` is the question in plain words, for example "Had the hand in which Ann lost his
    chips started before level 4 began? The answer decides whether he may rebuy." ``asked_at``: the
    tables the question is about, where the answer is remembered (``tables`` when not given).
    """
    level = given_level(cmd)
    if level is not None:
        return level
    now = current_level(ctx.state, ctx.now)
    tables = list(tables)
    about = tables if asked_at is None else list(asked_at)
    changed = recent_change(ctx, tables)
    said = given_answer(cmd)
    if said is not None:
        if changed is not None and changed == now:
            _remember(ctx, about, changed, said)
        return max(now - 1, 1) if said else now
    if changed is None or changed != now:
        return now
    answered = remembered(about, changed)  # asked once per table and level change (section 20.10)
    if answered is not None:
        return answered
    if allowed(changed - 1) == allowed(changed):
        return now
    asked = f"{question(changed)} {_(STARTED[str(ctx.profile['clock.hand_start'])])}"
    raise RuleError(
        "NEEDS_INPUT",
        _('{asked} Repeat the command with "{field}": true or false.', asked=asked, field=ANSWER),
        "CONV-6",
        question=Question(
            asked,
            ANSWER,
            "bool",
            (
                Choice(_("Yes: the hand started in level {level}", level=changed - 1), True),
                Choice(_("No: it is a level {level} hand", level=changed), False),
            ),
        ),
    )


# CONV-5: what "the hand had started" means, by the profile's clock.hand_start.
STARTED = {
    "first_riffle": N_("A hand has started at the first riffle, the push of the shuffler button or the dealer push."),
    "blinds_and_riffle": N_("A hand has started once all blinds and antes are posted and the dealer has begun "
                            "shuffling."),
}
