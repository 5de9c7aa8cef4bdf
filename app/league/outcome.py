"""What a finished event gives its league: who played, their places, knockouts and prizes (LGE-6).

Read from the tournament (its places and prizes as the views compute them), never from a screen.
Knockouts: each player's count of players he knocked out (KO-1, a split pot counting for each
eliminator); an event that does not record who knocked out whom gives every player 0 knockouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from app import format as fmt
from app.views import read


@dataclass(frozen=True, slots=True)
class OutcomeRow:
    name: str
    place: int
    knockouts: int
    prize_cents: int


@dataclass(frozen=True)
class EventOutcome:
    key: str  # the event's identity: its name and the moment it was created
    name: str
    played_on: str  # ISO date the tournament was created (UTC)
    entries: int  # the entries the event took: buy-ins and re-entries (the field's "entries")
    buy_in_cents: int
    currency: str
    finished: bool
    rows: tuple[OutcomeRow, ...]

    @property
    def buy_in(self) -> float:
        """The buy-in in whole currency units (the formula's ``buy_in``)."""
        unit: int = 10 ** fmt.decimals(self.currency)
        return self.buy_in_cents / unit


def event_key(name: str, created_at: float) -> str:
    return f"{name}@{created_at!r}"


def outcome_of(tournament: Any) -> EventOutcome:
    """The outcome of a tournament (an engine ``Tournament`` or its state); ``finished`` when it ended."""
    state = getattr(tournament, "state", tournament)
    view = read(state)
    knocked = {p.id: p.knockouts for p in state.players.values() if p.knockouts}  # KO-1: counted by the engine
    rows: list[OutcomeRow] = []
    if state.ended:
        for place in view.places:
            for pid, name, prize in zip(place.player_ids, place.names, place.shares_cents, strict=True):
                rows.append(OutcomeRow(name, place.place, knocked.get(pid, 0), prize))
    profile = state.profile
    buy_in = int(profile["money.buy_in_cents"]) if profile is not None else 0
    played = datetime.fromtimestamp(state.created_at or 0.0, UTC).date().isoformat()
    return EventOutcome(event_key(state.name, state.created_at), state.name, played, view.field.entries, buy_in,
                        view.currency, bool(state.ended), tuple(rows))
