"""The demo tournament as a session the window can show (in memory; nothing is written to disk)."""

from __future__ import annotations

from app.api import WallClock, build_demo
from ui.session import Session


def demo_session(seed: int = 2026) -> Session:
    return Session.in_memory(build_demo(seed=seed, time=WallClock()))
