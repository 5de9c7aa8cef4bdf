"""Events: the only thing that changes a tournament's state, and what the store keeps.

Each event is declared once, as a typed class in :mod:`app.events` (see :mod:`app.events.base`).
:class:`Untyped` carries an event whose area still emits it by name with a plain dict of data.
"""

from __future__ import annotations

from typing import Any

from app.events.base import EVENT_TYPES, Event, UnknownEvent, from_wire, to_wire

__all__ = ["Event", "Untyped", "UnknownEvent", "decode", "to_wire"]


class Untyped(Event, tag="_untyped"):
    """An event named by text, its data a plain dict of JSON values."""

    kind: str
    payload: dict[str, Any] = {}

    @property
    def type(self) -> str:
        return self.kind

    @property
    def data(self) -> dict[str, Any]:
        return self.payload


def decode(raw: dict[str, Any]) -> Event:
    """The event a file keeps as ``{"type", "data", "at"}``: typed when its class is declared."""
    name = str(raw["type"])
    if name in EVENT_TYPES:
        return from_wire(raw)
    return Untyped(kind=name, payload=dict(raw.get("data") or {}), at=float(raw.get("at", 0.0)))
