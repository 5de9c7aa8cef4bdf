"""Events: the only thing that changes a tournament's state, and what the store keeps.

Each event is declared once, as a typed class in :mod:`app.events` (see :mod:`app.events.base`); this
module is the kernel's name for them and for the file's shape of one.
"""

from __future__ import annotations

from app.events.base import Event, UnknownEvent, from_wire, to_wire

__all__ = ["Event", "UnknownEvent", "decode", "to_wire"]

decode = from_wire
