"""Injectable time. The engine never reads the wall clock itself."""

from __future__ import annotations

import time
from typing import Protocol


class TimeSource(Protocol):
    def now(self) -> float:
        """Seconds since the epoch (any fixed origin works; only differences matter)."""
        ...


class WallClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock a test or a simulation moves by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = float(start)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("time only moves forward")
        self.t += seconds

    def set(self, t: float) -> None:
        self.t = float(t)
