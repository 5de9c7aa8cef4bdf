"""Helpers for the entries, eliminations and payouts tests."""

from __future__ import annotations

from typing import Any

import pytest

import app.clock.handstart
import app.entries.ledger
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.levels.timeline import Period, late_registration_open_at
from app.profiles.profile import load_profile, profile_from_dict


def make(profile: str = "tda", **settings: Any) -> Tournament:
    prof = load_profile(profile)
    if settings:
        data = prof.to_dict()
        data["settings"] = {**data["settings"], **{k.replace("__", "."): v for k, v in settings.items()}}
        prof = profile_from_dict(data)
    return Tournament.create(prof, name="Test", time=FakeClock(), seed=3)


def enter(t: Tournament, *names: str) -> None:
    for name in names:
        t.execute({"cmd": "register", "name": name})


def begin(t: Tournament) -> None:
    """Play begins: the players are seated and the clock starts; nobody busts before (ELIM-6, section 20.6)."""
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})


def refused(t: Tournament, cmd: dict[str, Any], code: str) -> RuleError:
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert info.value.code == code, info.value
    assert t.state == before
    return info.value


def at_level(monkeypatch: pytest.MonkeyPatch, level: int, on_break: bool = False) -> None:
    """Put the clock at a level (the clock area's own commands are tested there)."""
    monkeypatch.setattr(app.entries.ledger, "current_level", lambda state, now: level)
    monkeypatch.setattr(app.entries.ledger, "in_break", lambda state, now: on_break)
    monkeypatch.setattr(app.clock.handstart, "current_level", lambda state, now: level)  # the hand-start question
    monkeypatch.setattr(app.clock.handstart, "in_break", lambda state, now: on_break)
    period = Period(0, "break" if on_break else "level", level, 0, 1)
    monkeypatch.setattr(
        app.entries.ledger, "late_registration_open", lambda state, now: late_registration_open_at(state, period, 0)
    )


def players(t: Tournament) -> dict[str, Any]:
    return t.view("players")["players"]
