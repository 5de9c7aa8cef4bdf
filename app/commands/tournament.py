"""Declarations of the tournament-wide commands: notes and settings."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from app.commands.base import DESK_AND_FLOOR, DIRECTOR_ONLY, Command
from app.i18n import N_


class Note(Command, tag="note"):
    """Write a note into the tournament's log: a ruling, a dispute, anything the record should keep."""

    label: ClassVar[str] = N_("note \u201c{text}\u201d")
    roles: ClassVar[frozenset[str]] = DESK_AND_FLOOR
    rules: ClassVar[tuple[str, ...]] = ()
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "note", "text": "Seat 4 ruled all-in on table 2; chips counted by the floor"},
    )

    text: str


class ChangeSettings(Command, tag="change_settings"):
    """Change settings of the tournament's rule profile (any profile key), checked like a profile file."""

    label: ClassVar[str] = N_("settings change ({keys})")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-9",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "change_settings", "settings": {"payout.percents": [50, 30, 20], "table.max_seats": 9}},
        {"cmd": "change_settings", "settings": {"reg.opens_at": "2027-01-11T00:00", "reg.closes_at": "2027-01-14"}},
    )

    settings: dict[str, Any]


class EndFlightDay(Command, tag="end_flight_day"):
    """End this flight's day (FLT-3): the survivors bag their chips and nobody plays on.

    ``reason`` says why it ends: the director's word, the set level, the number or the share of players left.
    The bags are then entered in the event (docs/commands/flights.md); the flight refuses anything that would
    play on (``FLIGHT_BAGGED``), and takes notes and chip counts.
    """

    label: ClassVar[str] = N_("end of the flight's day")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("FLT-3",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "end_flight_day", "reason": "director"},)

    reason: str = "director"


class Day2OfEvent(Command, tag="day2_of_event"):
    """Make this tournament the Day 2 of an event of flights (FLT-10): the event's figures it plays for.

    ``entries`` and ``pool_cents`` are every flight's entries and prize money (FLT-8: the payout table and
    its places are counted over them, Day 2's late entries added); ``day1`` the players out on Day 1 who did
    not reach Day 2, best first, each with the flight played (FLT-7): they take the places below every Day-2 player;
    ``level`` the level Day 2's clock starts at. Given once, before anybody is in this tournament.
    """

    label: ClassVar[str] = N_("Day 2 of an event of flights")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("FLT-10", "FLT-7", "FLT-8")
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "day2_of_event", "event": "Main Event", "event_file": "main-event.fmevent", "entries": 240,
         "pool_cents": 2400000, "day1": [["Bo Ek", "Day 1B"], ["Cy Dunn", "Day 1A"]], "level": 9},
    )

    event: str
    entries: int
    pool_cents: int
    event_file: str = ""
    day1: list[tuple[str, str]] = []
    level: int = 1


class CarryIn(Command, tag="carry_in"):
    """A Day-2 player carried in with the stack bagged on Day 1 (FLT-10): an entry with chips and no money.

    The player takes the seat of the event's Day-2 draw (``table``, ``seat``); ``flight`` and ``bag`` say where the
    chips come from. Only in a tournament made the Day 2 of an event, once per player, before play begins.
    """

    label: ClassVar[str] = N_("{name} carried in with a bag")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("FLT-10",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "carry_in", "name": "Ann Lee", "chips": 41500, "table": 2, "seat": 5, "flight": "Day 1A",
         "bag": "000123"},
    )

    name_: str = msgspec.field(name="name")
    chips: int
    table: int
    seat: int
    flight: str = ""
    bag: str = ""


class JoinEvent(Command, tag="join_event"):
    """Remember the event of flights this tournament belongs to (its file and this tournament's flight name),
    so the window shows the event each time the file is opened."""

    label: ClassVar[str] = N_("a flight of an event")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("FLT-1",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "join_event", "event_file": "main-event.fmevent", "flight": "Day 1A"},
    )

    event_file: str
    flight: str


# What every player in the room reads is the tournament director's word: the announcement commands are
# the director's alone (DIRECTOR_ONLY). The desk takes the money and seats players and the floor enters
# what happens at the tables; neither speaks for the tournament on its screens (a desk or floor station
# that needs something said asks the director, or writes a note).
ANNOUNCEMENT_MAX_CHARS = 200  # what a room screen shows in big letters without scrolling
ANNOUNCEMENT_SECONDS = (5, 3600)  # from a glance to an hour


class Announce(Command, tag="announce"):
    """Show an announcement on the room's screens: now, or at a time ahead, for a number of seconds.

    The words show on every screen that has an announcement screen, one announcement at a time (one set
    while another shows waits for it). ``starts_at`` is seconds since the epoch; left out, it shows now.
    """

    label: ClassVar[str] = N_("announcement \u201c{text}\u201d")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ()
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "announce", "text": "Last chance to register: late registration closes at the break"},
        {"cmd": "announce", "text": "Dinner break in 10 minutes", "starts_at": 1800003600.0, "seconds": 60},
    )

    text: str
    starts_at: float | None = None
    seconds: int = 30


class CancelAnnouncement(Command, tag="cancel_announcement"):
    """Take an announcement off the room's screens (or cancel one set for later), by its number."""

    label: ClassVar[str] = N_("cancel of the announcement {announcement}")
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ()
    examples: ClassVar[tuple[dict[str, Any], ...]] = ({"cmd": "cancel_announcement", "announcement": 1},)

    announcement: int
