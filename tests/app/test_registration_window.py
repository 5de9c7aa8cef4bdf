"""One rule for "late registration is open" (REG-3, REG-4): register, buy_in, seat_player and the clock
view agree; a deadline past the structure's last level is refused at setup."""

from __future__ import annotations

import pytest

from app.clock.view import clock_view
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile, profile_from_dict
from tests.app.money_kit import enter, players, refused


def _make(**settings: object) -> tuple[Tournament, FakeClock]:
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], **{k.replace("__", "."): v for k, v in settings.items()}}
    fc = FakeClock()
    return Tournament.create(profile_from_dict(data), name="Test", time=fc, seed=3), fc


def _to_break_after_last_late_level(t: Tournament, fc: FakeClock) -> None:
    """Late registration until level 4; the structure has a break after level 4."""
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock", "level": 4})
    fc.advance(clock_view(t.state, fc.now())["seconds_left"] + 60)
    view = clock_view(t.state, fc.now())
    assert view["on_break"] and view["level"] == 4


def test_reg_4_registration_is_closed_in_the_break_after_the_last_late_level():
    t, fc = _make(late__last_level=4)
    _to_break_after_last_late_level(t, fc)
    view = clock_view(t.state, fc.now())
    assert view["late_registration_open"] is False and view["late_registration_seconds_left"] is None
    refused(t, {"cmd": "register", "name": "Dan"}, "WINDOW_CLOSED")


def test_reg_4_buy_in_and_seat_player_follow_the_same_window():
    t, fc = _make(late__last_level=4)
    t.execute({"cmd": "register", "name": "Dan", "pay": False})
    t.execute({"cmd": "register", "name": "Eve"})
    _to_break_after_last_late_level(t, fc)
    refused(t, {"cmd": "buy_in", "player": "Dan"}, "WINDOW_CLOSED")
    refused(t, {"cmd": "seat_player", "player": "Dan"}, "WINDOW_CLOSED")
    refused(t, {"cmd": "seat_player", "player": "Dan", "table": 1, "seat": 9}, "WINDOW_CLOSED")


def test_reg_4_open_window_seats_and_the_view_says_open():
    t, fc = _make(late__last_level=4)
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock", "level": 4})
    view = clock_view(t.state, fc.now())
    assert view["late_registration_open"] is True and view["late_registration_seconds_left"] > 0
    t.execute({"cmd": "register", "name": "Dan"})
    assert players(t)["Dan"]["status"] == "seated"


def test_reg_4_a_deadline_past_the_last_level_is_refused_at_setup():
    with pytest.raises(RuleError) as info:
        _make(late__last_level=99)
    assert info.value.code == "INVALID_PROFILE" and "late.last_level" in str(info.value)
    t, _ = _make(late__last_level=4)
    refused(t, {"cmd": "change_settings", "settings": {"late.last_level": 21}}, "INVALID_PROFILE")
    short = {"levels": [{"sb": 25, "bb": 50}, {"sb": 50, "bb": 100}], "breaks": []}
    refused(t, {"cmd": "set_structure", "structure": short}, "INVALID_PROFILE")


def test_ent_1_a_player_seated_unpaid_at_a_chosen_seat_can_then_buy_in():
    t, fc = _make()
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "register", "name": "Dan", "pay": False})
    t.execute({"cmd": "seat_player", "player": "Dan", "table": 1, "seat": 9})
    t.execute({"cmd": "buy_in", "player": "Dan"})
    dan = players(t)["Dan"]
    assert (dan["status"], dan["table"], dan["seat"], dan["stack"], dan["entries"]) == ("seated", 1, 9, 10000, 1)
