"""The tournament itself (the JSON view's ``tournament``) and hand-for-hand (``hand_for_hand``)."""

from __future__ import annotations

import msgspec

from app.core.state import TournamentState
from app.eliminations.hand_for_hand import ANNOUNCEMENT


class Note(msgspec.Struct, frozen=True):
    """A note the director wrote into the audit trail."""

    at: float
    text: str


class TournamentFacts(msgspec.Struct, frozen=True):
    name: str
    profile: str  # the rule profile's id
    started: bool
    ended: bool
    events: int  # events logged
    notes: tuple[Note, ...]  # oldest first


class HandForHandView(msgspec.Struct, frozen=True):
    on: bool
    round: int | None  # the round being played, while it is on
    rounds_played: int
    announcement: str | None  # what the director reads out, while it is on


def tournament_facts(state: TournamentState) -> TournamentFacts:
    assert state.profile is not None
    return TournamentFacts(state.name, state.profile.id, state.started, state.ended, state.seq,
                           tuple(Note(n["at"], str(n["text"])) for n in state.extra.get("notes", [])))


def hand_for_hand(state: TournamentState) -> HandForHandView:
    book = state.extra.get("h4h", {})
    on = bool(state.hand_for_hand)
    return HandForHandView(
        on=state.hand_for_hand,
        round=int(book.get("round", 0)) if on else None,
        rounds_played=int(book.get("rounds", 0)),
        announcement=ANNOUNCEMENT if on else None,
    )
