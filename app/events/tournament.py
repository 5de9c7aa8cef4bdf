"""Events of the tournament as a whole: its creation, the director's notes and settings changes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import msgspec

from app.events.base import Aspect, Event


class TournamentCreated(Event, tag="tournament_created"):
    """The tournament was created: its name, its rule profile (the profile file's object) and its seed.

    The first event of every log: replaying it sets the profile every later rule reads. The name is
    kept as ``name`` in the file (``title`` here: ``name()`` is the event's own name).
    """

    profile: dict[str, Any]
    title: str = msgspec.field(default="", name="name")
    seed: int = 0


class NoteWritten(Event, tag="note"):
    """The director wrote a note into the log (a ruling, a dispute, anything the record should keep)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"notes"})

    text: str

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class SettingsChanged(Event, tag="settings_changed"):
    """Settings of the rule profile changed (any profile key): as the director gave them, checked.

    A setting may change anything (the structure, the payouts, the seats per table ...): it says so.
    """

    settings: dict[str, Any]


class FlightDayEnded(Event, tag="flight_day_ended"):
    """FLT-3: this tournament is a flight of an event and its day ended: the chips are bagged, nobody plays on."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"clock", "notes"})

    reason: str = "director"

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class AnnouncementMade(Event, tag="announcement_made"):
    """The director set an announcement for the room's screens: its number, words, start and length."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"notes"})

    number: int
    text: str
    starts_at: float
    seconds: int

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class AnnouncementCancelled(Event, tag="announcement_cancelled"):
    """The director took an announcement off the room's screens (or cancelled one set for later)."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"notes"})

    number: int

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class Day2Set(Event, tag="day2_set"):
    """FLT-10: this tournament is the Day 2 of an event: the flights' entries and prize money it plays for, the
    Day-1 finishers who rank below its players (best first, with their flights), the level its clock starts at."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"money", "payouts", "settings"})

    event: str
    entries: int
    pool_cents: int
    event_file: str = ""
    day1: list[tuple[str, str]] = []
    level: int = 1

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()


class StackCarriedIn(Event, tag="stack_carried_in"):
    """FLT-10: a Day-2 player's bagged stack, carried in: an entry with chips and no money."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"players", "tables", "payouts"})

    player: int
    chips: int
    flight: str = ""
    bag: str = ""

    def touched_players(self) -> Iterable[int]:
        return (self.player,)

    def touched_tables(self) -> Iterable[int]:
        return ()


class EventJoined(Event, tag="event_joined"):
    """This tournament belongs to an event of flights: the event's file and this tournament's flight name."""

    changes: ClassVar[frozenset[Aspect]] = frozenset({"settings"})

    event_file: str
    flight: str

    def touched_players(self) -> Iterable[int]:
        return ()

    def touched_tables(self) -> Iterable[int]:
        return ()
