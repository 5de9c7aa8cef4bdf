"""Hand-for-hand play (ELIM-3(b), CLK-5, TDA RP-8): turning it on and off, and its rounds.

``hand_for_hand`` with ``"on": true`` is the announcement "finish the current hand, then hold up, we
are going hand for hand": the clock stops and ``state.hand_for_hand`` is set, which the room display
shows. Each table then plays one hand at a time; ``hand_for_hand_round`` says every table has finished
its hand: the profile's ``clock.hand_for_hand_deduction_s`` comes off the clock (through
``hand_for_hand_deduct``) and the next round begins. Every bust of one round, at any tables and in one
``bust`` command or several, forms one batch (see :func:`round_batch`); a batch that spans tables is one
tie (ELIM-4, reading 25). ``"on": false`` ends it and restarts the clock if hand-for-hand stopped it.

Bookkeeping lives in ``state.extra["h4h"]``: ``round`` (1 = the first round), ``first_batch`` (the
index in ``state.batches`` where the round's busts begin), ``rounds`` (rounds finished in total).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.commands.clock import HandForHandDeduct, PauseClock, ResumeClock
from app.commands.eliminations import HandForHand, HandForHandRound
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.eliminations.satellite import stop_at_seats
from app.errors import RuleError
from app.events.eliminations import HandForHandEnded, HandForHandRoundFinished, HandForHandStarted
from app.i18n import N_, _

if TYPE_CHECKING:
    from app.core.context import Context

# Marked English words: shown with _() by the view.
ANNOUNCEMENT = N_("Finish the current hand, then hold up: we are going hand for hand.")
PAUSE_REASON = "hand_for_hand"


def _book(state: TournamentState) -> dict[str, Any]:
    """The bookkeeping, created if missing: for appliers only (a command never writes the state)."""
    book: dict[str, Any] = state.extra.setdefault("h4h", _read(state))
    return book


def _read(state: TournamentState) -> dict[str, Any]:
    """The bookkeeping as it stands, without creating it: what commands and readers look at."""
    return state.extra.get("h4h") or {"round": 0, "first_batch": 0, "rounds": 0}


def round_batch(state: TournamentState) -> int | None:
    """The index of this round's bust batch, when hand-for-hand is on and the round has one (ELIM-3 b).

    It must be the newest batch: a later removal (a no-show, a forfeit) closes it.
    """
    if not state.hand_for_hand or not state.batches:
        return None
    index = len(state.batches) - 1
    if index < int(_read(state)["first_batch"]) or state.batches[index].reason != "bust":
        return None
    if state.deal is not None and index < int(state.deal.get("after_batches", 0)):
        return None  # PAY-11: a deal was made after this batch's hand; later busts are of a later hand
    return index


@command
def hand_for_hand(ctx: Context, cmd: HandForHand) -> None:
    """Start or end hand-for-hand play (CLK-5, TDA RP-8): {"on": true} or {"on": false}."""
    on = cmd.on
    state = ctx.state
    if on == state.hand_for_hand:
        book = _read(state)
        if on:
            raise RuleError(
                "INVALID_INPUT", _("Hand-for-hand is already on (round {round}).", round=book["round"]), "CLK-5"
            )
        raise RuleError("INVALID_INPUT", _("Hand-for-hand is not on."), "CLK-5")
    if len(state.tables) < 2 and on:
        raise RuleError("INVALID_INPUT", _("Hand-for-hand is played across two tables or more."), "ELIM-3")
    clock = state.clock
    if on:
        ctx.emit(HandForHandStarted(announcement=ANNOUNCEMENT, first_batch=len(state.batches)))
        if clock.get("started") and clock.get("running"):
            ctx.run(PauseClock(reason=PAUSE_REASON))
        return
    ctx.emit(HandForHandEnded(rounds=int(_read(state)["round"]) - 1))
    if stop_at_seats(ctx):  # SAT-3: the round's busts left the players within the seats
        return
    if clock.get("started") and not clock.get("running") and clock.get("pause_reason") == PAUSE_REASON:
        ctx.run(ResumeClock())


@applies
def _started(state: TournamentState, ev: HandForHandStarted) -> None:
    state.hand_for_hand = True
    book = _book(state)
    book.update(round=1, first_batch=ev.first_batch, started_at=ev.at)


@applies
def _ended(state: TournamentState, ev: HandForHandEnded) -> None:
    state.hand_for_hand = False
    _book(state).update(round=0, first_batch=len(state.batches))


@command
def hand_for_hand_round(ctx: Context, cmd: HandForHandRound) -> None:
    """Every table finished its hand of the round: take the fixed time off the clock (CLK-5)."""
    if not ctx.state.hand_for_hand:
        raise RuleError("INVALID_INPUT", _("Hand-for-hand is not on: start it with hand_for_hand on."), "CLK-5")
    book = _read(ctx.state)
    deducted = bool(ctx.state.clock.get("started"))
    if deducted:
        ctx.run(HandForHandDeduct(hands=1))
    ctx.emit(HandForHandRoundFinished(round=int(book["round"]), deducted=deducted, next_batch=len(ctx.state.batches)))
    stop_at_seats(ctx, round_over=True)  # SAT-3: a satellite stops once the whole round is in


@applies
def _round(state: TournamentState, ev: HandForHandRoundFinished) -> None:
    book = _book(state)
    book.update(round=ev.round + 1, first_batch=ev.next_batch)
    book["rounds"] = int(book.get("rounds", 0)) + 1
