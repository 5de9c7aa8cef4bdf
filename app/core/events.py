"""Events: the only thing that changes a tournament's state, and what the store keeps."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One fact that happened: ``type`` names it, ``data`` holds JSON-ready values, ``at`` is when.

    Every random outcome (a card drawn, a game pulled from the hat) is in ``data``, so replaying the
    events gives the same tournament without any random source.
    """

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    at: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "data": self.data, "at": self.at}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(type=str(d["type"]), data=dict(d.get("data", {})), at=float(d.get("at", 0.0)))
