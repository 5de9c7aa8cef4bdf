"""The league's Entries: the entries an event took (buy-ins and re-entries), not the players placed."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.league import outcome_of
from app.profiles.profile import load_profile


def _reentry_night() -> Tournament:
    t = Tournament.create(load_profile("tda-pko"), name="Re-entry Tuesday", time=FakeClock(), seed=4)
    for name in ("Ann", "Bob", "Cat"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "reenter", "player": "Ann"})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Bob"})
    t.execute({"cmd": "reenter", "player": "Cat"})
    t.execute({"cmd": "close_registration"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Bob"})
    assert t.state.ended
    return t


def test_lge_6_the_entries_of_an_event_count_its_re_entries():
    outcome = outcome_of(_reentry_night())
    assert len(outcome.rows) == 3  # three players placed
    assert outcome.entries == 5  # three buy-ins and two re-entries
