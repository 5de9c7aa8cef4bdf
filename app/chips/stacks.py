"""When the engine knows a player's stack, and when it must ask for it.

The engine knows a stack only at the moment somebody sets it: an entry or a rebuy (the fresh stack), a
purchase or a return that carried the counted stack, a chip count. From then on every hand moves chips
that nobody logs, so the stack is still known only while no play has happened since: the clock has not
moved (or has moved only inside the same break) and no hand was reported at his table.

A rule that depends on the stack (ENT-6's top-up to the starting stack, an add-on only for a player with
no chips, ENT-7) takes the counted stack from the command or asks for it (``stack``, a whole number).
"""

from __future__ import annotations

from app.core.state import Player, TournamentState
from app.errors import Question, RuleError
from app.i18n import _
from app.levels.timeline import period_at, position_ms, to_ms


def _mark(state: TournamentState, p: Player, at: float) -> list[int]:
    table = state.tables.get(p.table) if p.table is not None else None
    return [position_ms(state, to_ms(at)), p.table or 0, table.hands if table is not None else 0]


def note_counted(state: TournamentState, p: Player, at: float) -> None:
    """Appliers call this when they set ``p``'s stack to a figure known at ``at`` (counted, or fresh)."""
    p.counted_mark = _mark(state, p, at)


def stack_known(state: TournamentState, p: Player, now: float) -> bool:
    """``p.stack`` is what he has now: it was set since the last play at his table."""
    if p.counted_mark is None:
        return False
    then_pos, then_table, then_hands = p.counted_mark
    now_pos, table, hands = _mark(state, p, now)
    if table == then_table and hands != then_hands:  # a hand reported at his table since
        return False
    if now_pos == then_pos:
        return True
    now_period = period_at(state, now_pos)
    return now_period.kind == "break" and period_at(state, then_pos).index == now_period.index


def ask_stack(p: Player, why: str, rule: str) -> RuleError:
    """The question for a counted stack the rule needs and the engine does not know."""
    text = _("How many chips does {name} have now? {why} Count the stack and enter it.", name=p.name, why=why)
    return RuleError("NEEDS_INPUT", text, rule, question=Question(text, "stack", "integer"))
