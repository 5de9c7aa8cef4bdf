"""The base of every event: a typed msgspec Struct tagged by its ``type`` name, and what it changed.

An event is one fact that happened. Its class is the one place the fact is described: its fields (with
their types) are what the log keeps, its ``changes`` say which parts of the tournament it touches (the
players, the tables, the clock, the money ...), and :meth:`Event.touched_players` /
:meth:`Event.touched_tables` name the rows it changed when that is all it changed. The faces read
:func:`what_changed` after each action instead of guessing from event names.

A file keeps each event as ``{"type": name, "data": {field: value}, "at": seconds}``; :func:`to_wire`
and :func:`from_wire` turn an event into that shape and back, so files written before the events were
typed read the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import msgspec

# The parts of a tournament an event may change; the faces redraw what an action changed.
Aspect = Literal["players", "tables", "clock", "structure", "money", "payouts", "settings", "games", "notes"]
EVERYTHING: frozenset[Aspect] = frozenset(
    {"players", "tables", "clock", "structure", "money", "payouts", "settings", "games", "notes"}
)


class Event(msgspec.Struct, tag_field="type", kw_only=True):
    """One fact that happened. Subclasses set ``tag`` (the event's name) and declare their fields.

    Every random outcome (a card drawn, a game pulled from the hat) is a field, so replaying the events
    gives the same tournament without any random source. ``at`` is when it happened (seconds since the
    epoch); the engine sets it when the event is emitted.
    """

    at: float = 0.0

    changes: ClassVar[frozenset[Aspect]] = EVERYTHING

    @property
    def type(self) -> str:
        tag = self.__struct_config__.tag
        assert isinstance(tag, str)
        return tag

    @classmethod
    def name(cls) -> str:
        tag = cls.__struct_config__.tag
        assert isinstance(tag, str)
        return tag

    @property
    def data(self) -> dict[str, Any]:
        """The event's fields as plain JSON values (what the file keeps under ``data``): the keys of
        its objects are text, as in the file (a ``dict[int, X]`` field's keys too)."""
        out: dict[str, Any] = msgspec.to_builtins(self, str_keys=True)
        out.pop("type", None)
        out.pop("at", None)
        return out

    def touched_players(self) -> Iterable[int] | None:
        """The players this event changed when ``changes`` is about them alone; None: any player."""
        return None

    def touched_tables(self) -> Iterable[int] | None:
        """The tables this event changed when ``changes`` is about them alone; None: any table."""
        return None

    def to_dict(self) -> dict[str, Any]:
        return to_wire(self)


class PlayerEvent(Event):
    """An event about one player's row and no table's (a fee, a bounty, a promotion, the win)."""

    player: int

    def touched_players(self) -> Iterable[int]:
        return (self.player,)

    def touched_tables(self) -> Iterable[int]:
        return ()


@dataclass(frozen=True)
class Changes:
    """What one action changed: the parts (``aspects``) and, when known, exactly which rows.

    ``players`` / ``tables`` are None when any player or table may have changed (a seat draw, a chip
    count); empty when none did.
    """

    aspects: frozenset[Aspect]
    players: frozenset[int] | None
    tables: frozenset[int] | None

    @property
    def everything(self) -> bool:
        return self.players is None and self.tables is None and self.aspects == EVERYTHING


ALL_CHANGED = Changes(EVERYTHING, None, None)


def what_changed(events: Iterable[Event]) -> Changes:
    """The union of what ``events`` changed; nothing at all for no events."""
    aspects: set[Aspect] = set()
    players: set[int] | None = set()
    tables: set[int] | None = set()
    for ev in events:
        aspects |= ev.changes
        if players is not None:
            named = ev.touched_players()
            players = None if named is None else players | set(named)
        if tables is not None:
            named = ev.touched_tables()
            tables = None if named is None else tables | set(named)
    return Changes(frozenset(aspects), None if players is None else frozenset(players),
                   None if tables is None else frozenset(tables))


# -- the wire shape of the files ------------------------------------------------------------------
EVENT_TYPES: dict[str, type[Event]] = {}


def register(cls: type[Event]) -> type[Event]:
    """Make ``cls`` known by its name, so the log's text turns back into it."""
    name = cls.name()
    if EVENT_TYPES.get(name, cls) is not cls:
        raise ValueError(f"event {name!r} declared twice")
    EVENT_TYPES[name] = cls
    return cls


def to_wire(event: Event) -> dict[str, Any]:
    """``{"type", "data", "at"}``: how a file keeps the event."""
    return {"type": event.type, "data": event.data, "at": event.at}


def from_wire(raw: dict[str, Any]) -> Event:
    """The event a file keeps as ``{"type", "data", "at"}``; an unknown type is refused by name."""
    name = str(raw["type"])
    cls = EVENT_TYPES.get(name)
    if cls is None:
        raise UnknownEvent(name)
    data = dict(raw.get("data") or {})
    data.pop("type", None)
    data["at"] = float(raw.get("at", 0.0))
    return msgspec.convert(data, cls, strict=False)


class UnknownEvent(ValueError):
    """A log names an event this version does not know (a file from a newer Floorman, or damage)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"an event this version does not know: {name!r}")
        self.event_type = name
