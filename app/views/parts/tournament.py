"""The tournament itself (the JSON view's ``tournament``) and hand-for-hand (``hand_for_hand``)."""

from __future__ import annotations

import msgspec

from app.core.state import TournamentState
from app.eliminations.hand_for_hand import ANNOUNCEMENT
from app.tournament.announcements import standing, windows


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


class AnnouncementView(msgspec.Struct, frozen=True):
    """An announcement the director set for the room's screens (not cancelled): its number, its words, the
    time it was set to show and for how long, and when the screens show it, one at a time (``shows_from``
    is later than ``starts_at`` when another announcement was showing)."""

    number: int
    text: str
    starts_at: float
    seconds: int
    shows_from: float
    shows_until: float


def announcements(state: TournamentState) -> tuple[AnnouncementView, ...]:
    """The standing announcements, in the order the screens show them."""
    shown = windows(state)
    rows = [AnnouncementView(int(a["number"]), str(a["text"]), float(a["starts_at"]), int(a["seconds"]),
                             *shown[int(a["number"])]) for a in standing(state)]
    return tuple(sorted(rows, key=lambda r: (r.shows_from, r.number)))


class PreregisteredView(msgspec.Struct, frozen=True):
    """A name on the pre-registered list, not yet checked in (REG-10): no seat, not in the field or the pool."""

    name: str
    paid_ahead: bool


def preregistered(state: TournamentState) -> tuple[PreregisteredView, ...]:
    """The pre-registered players who have not checked in, in the order they were taken (REG-10)."""
    return tuple(PreregisteredView(str(r["name"]), bool(r.get("paid_ahead")))
                 for r in state.extra.get("preregistered", ()))
