"""Declarations of the tournament-wide commands: notes and settings."""

from __future__ import annotations

from typing import Any, ClassVar

from app.commands.base import DESK_AND_FLOOR, DIRECTOR_ONLY, Command


class Note(Command, tag="note"):
    """Write a note into the tournament's log: a ruling, a dispute, anything the record should keep."""

    label: ClassVar[str] = "note \u201c{text}\u201d"
    roles: ClassVar[frozenset[str]] = DESK_AND_FLOOR
    rules: ClassVar[tuple[str, ...]] = ()
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "note", "text": "Seat 4 ruled all-in on table 2; chips counted by the floor"},
    )

    text: str


class ChangeSettings(Command, tag="change_settings"):
    """Change settings of the tournament's rule profile (any profile key), checked like a profile file."""

    label: ClassVar[str] = "settings change ({keys})"
    roles: ClassVar[frozenset[str]] = DIRECTOR_ONLY
    rules: ClassVar[tuple[str, ...]] = ("CLK-9",)
    examples: ClassVar[tuple[dict[str, Any], ...]] = (
        {"cmd": "change_settings", "settings": {"payout.percents": [50, 30, 20], "table.max_seats": 9}},
        {"cmd": "change_settings", "settings": {"reg.opens_at": "2027-01-11T00:00", "reg.closes_at": "2027-01-14"}},
    )

    settings: dict[str, Any]
