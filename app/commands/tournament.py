"""Declarations of the tournament-wide commands: notes and settings."""

from __future__ import annotations

from typing import Any, ClassVar

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
