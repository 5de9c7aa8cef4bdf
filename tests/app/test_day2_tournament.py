"""FLT-10: an event's Day 2 played as a tournament of its own, its players carried in with their bags."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from app.api import FakeClock, FlightEvent, RuleError, Tournament, flight_event, load_profile
from tests.app.flight_kit import bag_all, profile_with, two_flights


def _event(**settings: Any) -> FlightEvent:
    """Two flights of 5 and 4 entries; Ann bagged in both (the bigger bag goes forward), Day 2 drawn."""
    e = two_flights((6, 7), **settings)
    bag_all(e)
    e.execute({"cmd": "make_day2"})
    return e


def _day2(e: FlightEvent, level: int | None = None) -> Tournament:
    t = Tournament.create(e.profile, name="Main Day 2", time=FakeClock(), seed=9)
    for cmd in flight_event.day2_commands(e.state, "main.fmevent", level):
        t.execute(cmd)
    return t


def test_flt_10_day2_is_a_tournament_carried_in_from_the_bags_at_the_drawn_seats() -> None:
    e = _event()
    t = _day2(e)
    d = e.state.day2
    assert d is not None
    state = t.state
    players = {p.name: p for p in state.players.values()}
    assert {n: p.stack for n, p in players.items()} == d.stacks == {"Ann": 30000, "Bob": 9000, "Cat": 20000,
                                                                    "Fox": 10000}
    assert {n: (p.table, p.seat) for n, p in players.items()} == d.seats
    assert state.pool_cents == 0 and state.money_log == []  # no money taken at the desk
    assert state.chips_issued == sum(d.stacks.values())  # section 20.9: the carried-in bags are the chips issued
    t.execute({"cmd": "start_clock"})
    assert t.view()["clock"]["level"] == 8  # the level after the last one any flight played


def test_flt_10_the_director_picks_the_level_day2_starts_at() -> None:
    t = _day2(_event(), level=3)
    t.execute({"cmd": "start_clock"})
    assert t.view()["clock"]["level"] == 3


def test_flt_10_carry_in_is_refused_in_words_where_wrong() -> None:
    plain = Tournament.create(load_profile("tda"), name="Friday", time=FakeClock(), seed=1)
    with pytest.raises(RuleError) as info:
        plain.execute({"cmd": "carry_in", "name": "Ann", "chips": 1000, "table": 1, "seat": 1})
    assert info.value.code == "NOT_DAY2" and not plain.state.players
    t = _day2(_event())
    before = (len(t.state.players), t.state.chips_issued)
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "carry_in", "name": " ann ", "chips": 1000, "table": 3, "seat": 1})
    assert info.value.code == "CARRIED_IN"
    ann = next(p for p in t.state.players.values() if p.name == "Ann")
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "carry_in", "name": "Zed", "chips": 1000, "table": ann.table, "seat": ann.seat})
    assert info.value.code == "SEAT_TAKEN"
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "carry_in", "name": "Zed", "chips": 0, "table": 3, "seat": 1})
    assert info.value.code == "INVALID_INPUT"
    t.execute({"cmd": "start_clock"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "carry_in", "name": "Zed", "chips": 1000, "table": 3, "seat": 1})
    assert info.value.code == "PLAY_BEGAN"
    assert (len(t.state.players), t.state.chips_issued) == before
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "day2_of_event", "event": "Other", "entries": 1, "pool_cents": 1})
    assert info.value.code == "DAY2_SET"


def test_flt_8_day2_pays_the_event_pool_over_every_entry_and_day1_finishers_below() -> None:
    e = _event(**{"payout.table": "percent", "payout.percents": [40, 25, 15, 10, 6, 4], "payout.places_percent": None})
    t = _day2(e)
    t.execute({"cmd": "start_clock"})
    view = t.view()
    assert view["money"]["prize_pool_cents"] == 90000  # every entry of every flight (FLT-8)
    assert view["money"]["overlay_cents"] == 0 and view["money"]["pool_cents"] == 0
    rows = view["payouts"]
    assert [r["amount_cents"] for r in rows] == [36000, 22500, 13500, 9000, 5400, 3600]
    # places 1..4 are Day 2's four players; 5 and 6 the best Day-1 finishers in FLT-7's order
    assert [r["player"] for r in rows[4:]] == ["Gil", "Dan"]
    for loser, winner in (("Bob", "Ann"), ("Fox", "Ann"), ("Cat", "Ann")):
        t.execute({"cmd": "bust", "players": [loser], "eliminated_by": winner})
    assert t.state.ended
    result = flight_event.day2_results_of(t.state, "day2.fmt")
    assert [(r.place, r.player, r.day, r.prize_cents) for r in result.results] == [
        (1, "Ann", "Day 2", 36000), (2, "Cat", "Day 2", 22500), (3, "Fox", "Day 2", 13500),
        (4, "Bob", "Day 2", 9000), (5, "Gil", "Day 1B", 5400), (6, "Dan", "Day 1A", 3600), (7, "Eve", "Day 1A", 0)]
    assert sum(r.prize_cents for r in result.results) == result.prize_pool_cents == 90000
    e.execute(result)
    assert flight_event.paid_cents(e.state) == flight_event.prize_pool(e.state) == 90000
    assert flight_event.chips_conserved(e.state)
    assert [r.player for r in flight_event.results(e.state)][:4] == ["Ann", "Cat", "Fox", "Bob"]
    with pytest.raises(RuleError) as info:
        e.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Ann"})
    assert info.value.code == "DAY2_PLAYED_APART"


def test_flt_6_day2_late_entries_add_to_the_event_pool_until_the_first_bust() -> None:
    e = _event(**{"flight.day2_late_reg": True})
    t = _day2(e)
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "register", "name": "Hal"})
    hal = next(p for p in t.state.players.values() if p.name == "Hal")
    assert hal.table is not None and hal.stack == int(e.profile["money.start_stack"])
    view = t.view()
    assert view["money"]["prize_pool_cents"] == 90000 + t.state.pool_cents > 90000
    t.execute({"cmd": "bust", "players": ["Bob"], "eliminated_by": "Ann"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "register", "name": "Ivy"})
    assert info.value.code == "DAY2_REG_CLOSED"
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "reenter", "player": "Bob"})
    assert info.value.code == "DAY2_REG_CLOSED"
    result = flight_event.day2_results_of(t.state)
    assert result.late_entries == 1 and result.players == 5
    # the Day-1 finishers now start at 6th: below every Day-2 player, the late entry included
    assert [(r.place, r.player) for r in result.results if r.day != "Day 2"][0] == (6, "Gil")


def test_flt_6_a_day2_without_late_registration_refuses_new_players() -> None:
    t = _day2(_event())
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "register", "name": "Hal"})
    assert info.value.code == "DAY2_REG_CLOSED" and len(t.state.players) == 4


def test_flt_10_an_event_refuses_results_of_a_tournament_that_is_not_its_day2() -> None:
    plain = Tournament.create(load_profile("tda"), name="Friday", time=FakeClock(), seed=1)
    with pytest.raises(RuleError) as info:
        flight_event.day2_results_of(plain.state)
    assert info.value.code == "NOT_DAY2"
    e = _event()
    e.execute({"cmd": "bust_day2", "players": ["Bob"], "won_by": "Ann"})
    with pytest.raises(RuleError) as info:
        flight_event.day2_commands(e.state)
    assert info.value.code == "DAY2_PLAYED_HERE"


def test_flt_2_flt_6_day2_knows_a_name_typed_with_decomposed_accents() -> None:
    """A name typed with decomposed accents (a Mac, a pasted list) is the same player as its composed form on
    Day 2: one bag per player (CARRIED_IN), each Day-1 finisher named once, and a Day-1 finisher refused as a
    late entry where the event allows one entry per player (ENTERED_OTHER_FLIGHT)."""
    composed, decomposed = unicodedata.normalize("NFC", "José Núñez"), unicodedata.normalize("NFD", "José Núñez")
    profile = profile_with(**{"flight.enter_several": False, "flight.day2_late_reg": True})
    t = Tournament.create(profile, name="Main Day 2", time=FakeClock(), seed=9)
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "day2_of_event", "event": "Main", "entries": 9, "pool_cents": 90000,
                   "day1": [[composed, "Day 1A"], [decomposed, "Day 1B"]]})
    assert info.value.code == "INVALID_INPUT" and "named once" in info.value.message
    t.execute({"cmd": "day2_of_event", "event": "Main", "entries": 9, "pool_cents": 90000,
               "day1": [["Zoë Ödegaard", "Day 1A"]]})
    t.execute({"cmd": "carry_in", "name": composed, "chips": 30000, "table": 1, "seat": 1})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "carry_in", "name": decomposed, "chips": 20000, "table": 1, "seat": 2})
    assert info.value.code == "CARRIED_IN" and len(t.state.players) == 1
    t.execute({"cmd": "start_clock"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "register", "name": unicodedata.normalize("NFD", "zoë ödegaard")})
    assert info.value.code == "ENTERED_OTHER_FLIGHT" and len(t.state.players) == 1
