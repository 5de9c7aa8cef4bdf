"""What a command changed, read from its events: the players and the tables the window redraws.

After a command the window redraws only the rows of the players and the tables its events name (a bust
touches one player and one table, not the 10,000 rows of the list). An event whose effect is not
limited to the players and tables it names (a seat draw, a chip count, a change of settings), an
undo or a redo (no events) or an unknown event means everything: :func:`touched` gives None.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from app.api import Event

# Events that change only the players and tables named in their data (keys below), and the field
# figures, payouts and pending moves every pane reads from the summary anyway.
PLAY = frozenset({  # events of the players and the tables only: the clock and its structure stay as they were
    "players_busted", "rebuy_declined", "tournament_won",
    "player_registered", "player_waitlisted", "player_promoted", "player_seated", "chips_bought",
    "player_moved", "table_broken", "table_opened", "button_set", "hand_finished",
    "player_absent", "player_returned", "player_renamed", "stack_forfeited", "entry_refunded", "forfeit_fee",
    "chips_found", "note",
})
LOCAL = PLAY | frozenset({
    "clock_started", "clock_paused", "clock_resumed", "clock_jumped", "clock_deducted", "time_adjusted",
    "level_length_changed",
    "break_called", "break_ended", "game_chosen", "hat_drawn", "hat_draw_recorded",
})
PLAYER_KEYS = frozenset({"player", "players", "payout_order"})
TABLE_KEYS = frozenset({"table", "from_table", "to_table"})
NAME_EVENTS = frozenset({"player_registered", "player_renamed"})


@dataclass
class Touched:
    """The players and the tables a command changed; ``names``: a name was added or changed; ``clock``:
    the clock or its structure may have changed."""

    players: set[int] = field(default_factory=set)
    tables: set[int] = field(default_factory=set)
    names: bool = False
    clock: bool = False


def touched(events: Iterable[Event] | None) -> Touched | None:
    """The players and tables ``events`` name, or None when their effect is wider (redraw everything)."""
    if events is None:
        return None
    out = Touched()
    seen = False
    for ev in events:
        if not isinstance(ev, Event) or ev.type not in LOCAL:
            return None
        seen = True
        out.names = out.names or ev.type in NAME_EVENTS
        out.clock = out.clock or ev.type not in PLAY
        _walk(ev.data, None, out)
        if ev.type == "table_broken":  # assignments: [player, card, table, seat]; from_seats: {player: seat}
            for row in ev.data.get("assignments") or ():
                if isinstance(row, list | tuple) and len(row) >= 3:
                    _add(out.players, row[0])
                    _add(out.tables, row[2])
            for pid in (ev.data.get("from_seats") or {}):
                _add(out.players, pid)
    return out if seen else None  # no events: an undo or a redo


def _walk(value: Any, key: str | None, out: Touched) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _walk(v, str(k), out)
    elif isinstance(value, list | tuple):
        for v in value:
            _walk(v, key, out)
    elif key in PLAYER_KEYS:
        _add(out.players, value)
    elif key in TABLE_KEYS:
        _add(out.tables, value)


def _add(into: set[int], value: Any) -> None:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        into.add(value)
    elif isinstance(value, str) and value.isdigit():
        into.add(int(value))
