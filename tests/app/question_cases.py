"""Every question the engine asks (a NEEDS_INPUT refusal carrying a Question), as cases to drive.

``CASES``: each builds a tournament and the command that the engine answers with a question, and says
how a director would answer it (``answer(question)`` -> {field: value}).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.core.engine import Tournament
from app.core.timesource import FakeClock
from app.errors import Question
from app.profiles.profile import load_profile


@dataclass(frozen=True)
class QuestionCase:
    name: str
    build: Callable[[], tuple[Tournament, dict[str, Any]]]
    answer: Callable[[Question], dict[str, Any]]


def _level_change() -> tuple[Tournament, dict[str, Any]]:
    """home-nl: a bust just after level 4 began; rebuys end with level 3, so the hand's level decides."""
    t = Tournament.create(load_profile("home-nl"), name="Questions", time=FakeClock(1_800_000_000.0), seed=4)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.time.advance(2460)
    t.execute({"cmd": "hand_finished", "table": 1})
    t.time.advance(1200)
    return t, {"cmd": "bust", "player": "Ann", "rebuy": True}


CASES: list[QuestionCase] = [
    QuestionCase("level change: had the hand started before level 4?", _level_change,
                 lambda q: {q.field: True} if q.field else {}),
]
