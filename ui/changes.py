"""What a command changed, as the engine says it: the parts of the tournament and the rows to redraw.

Each event declares what it changes (``app.api.what_changed``): its parts (the players, the
tables, the clock, the money ...) and, when that is all it changed, exactly which players and tables
(a bust: its players and their tables, not the 10,000 rows of the list). An event whose effect is wider
(a seat draw, a chip count) names no rows: every row is redrawn; so after an undo or a redo (no events:
the state was put back).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.api import ALL_CHANGED, Aspect, Changes, Event, what_changed

CLOCK: frozenset[Aspect] = frozenset({"clock", "structure", "games", "settings"})  # the clock tab's structure
TABLES: frozenset[Aspect] = frozenset({"players", "tables"})  # a table shows its players' names and stacks


def changes_of(events: Sequence[Event] | None) -> Changes:
    """What ``events`` changed; everything for none (an undo, a redo, a redraw asked for)."""
    if not events:
        return ALL_CHANGED
    return what_changed(events)


def players_changed(changes: Changes) -> bool:
    return "players" in changes.aspects


def tables_changed(changes: Changes) -> bool:
    return bool(changes.aspects & TABLES)


def clock_changed(changes: Changes) -> bool:
    return bool(changes.aspects & CLOCK)
