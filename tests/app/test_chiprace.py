"""Chip race (RACE-1 to RACE-5): which chip leaves, who races what, nobody raced out, chips accounted."""

from __future__ import annotations

import pytest

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile, profile_from_dict

MIN = 60
STACKS = {"Bob": 1990, "Di": 3995, "Cy": 5, "Ann": 2010}  # odd 5s: 3, 4, 1, 2
SEATS = {"Bob": [1, 1], "Di": [1, 2], "Cy": [1, 3], "Ann": [1, 4]}
CARDS = {"Bob": ["2c", "3c", "4c"], "Di": ["Ah", "2d", "3d", "4d"], "Cy": ["As"], "Ann": ["Kd", "Qd"]}


def at_break_after_four(profile: str = "hat", **over: object) -> tuple[Tournament, FakeClock]:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], "structure.id": "hat", **over}
    fc = FakeClock()
    t = Tournament.create(profile_from_dict(data), time=fc, seed=5)
    for name in STACKS:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all", "seats": SEATS})
    t.execute({"cmd": "start_clock", "level": 4})
    t.execute({"cmd": "chip_count", "counts": STACKS, "accept": True})
    fc.advance(30 * MIN + 5)
    return t, fc


def stacks(t: Tournament) -> dict[str, int]:
    return {p.name: p.stack for p in t.state.players.values()}


def conserved(t: Tournament) -> bool:
    chips = t.view("chips")["chips"]
    return bool(chips["in_play"] == chips["expected"])


def test_race_3_the_due_race_lists_each_players_odd_chips() -> None:
    t, _ = at_break_after_four()
    t.execute({"cmd": "pause_clock"})
    due = t.view("chip_race")["chip_race"]["due"]
    assert (due["denomination"], due["next"], due["per_new_chip"]) == (5, 25, 5)
    table = due["tables"][0]
    assert [(r["name"], r["odd"]) for r in table["racers"]] == [("Bob", 3), ("Di", 4), ("Cy", 1), ("Ann", 2)]
    assert (table["pool_value"], table["chips"]) == (50, 2)


def test_race_3_best_cards_win_one_chip_each() -> None:
    t, _ = at_break_after_four()
    t.execute({"cmd": "chip_race", "denomination": 5, "cards": CARDS})
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2000}
    assert t.state.chips_removed == 50 and t.state.chips_added == 50 and conserved(t)
    assert t.view("chip_race")["chip_race"]["in_play"] == [25, 100, 500, 1000]


def test_race_3_tda_adds_a_chip_for_a_player_raced_out() -> None:
    t, _ = at_break_after_four()
    t.execute({"cmd": "chip_race", "denomination": 5, "cards": {**CARDS, "Cy": ["2h"]}})
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2025}
    assert t.state.chips_added == 75 and t.state.chips_removed == 50 and conserved(t)
    racers = t.state.extra["chip_race"]["last"]["tables"][0]["racers"]
    assert [r["name"] for r in racers if r["added"]] == ["Cy"]


def test_race_3_roberts_gives_the_raced_out_player_a_raced_chip_first() -> None:
    t, _ = at_break_after_four("home-nl", **{"money.start_stack": 2000})  # the 8,000 counted were issued
    added_by_count = t.state.chips_added
    t.execute({"cmd": "chip_race", "denomination": 5, "cards": {**CARDS, "Cy": ["2h"]}})
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2000}
    assert t.state.chips_added - added_by_count == 50 and conserved(t)


def test_race_3_pool_rounding_half_up_or_floor() -> None:
    few = {"Bob": 2015, "Di": 2000, "Cy": 1000, "Ann": 2000}  # three odd 5s: 15 is more than half of 25
    for rounding, chips in (("half_up", 1), ("floor", 0)):
        t, _ = at_break_after_four(**{"race.pool_rounding": rounding})
        t.execute({"cmd": "chip_count", "counts": few, "accept": True})
        t.execute({"cmd": "chip_race", "denomination": 5})
        assert t.state.extra["chip_race"]["last"]["tables"][0]["chips"] == chips
        assert stacks(t)["Bob"] == 2000 + 25 * chips and conserved(t)


def test_race_3_dealt_cards_are_recorded_and_replay() -> None:
    t, fc = at_break_after_four()
    t.execute({"cmd": "chip_race", "denomination": 5})
    racers = t.log[-1].data["tables"][0]["racers"]
    dealt = [c for r in racers for c in r["cards"]]
    assert len(dealt) == 10 and len(set(dealt)) == 10
    assert sum(1 for r in racers if r["chip"]) == 2
    assert stacks(Tournament.replay(t.log, time=fc)) == stacks(t)


def test_race_2_refuses_a_chip_a_later_level_still_needs() -> None:
    t, fc = at_break_after_four()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "chip_race", "denomination": 25})
    assert info.value.code == "INVALID_INPUT"  # the 5s go first
    t.execute({"cmd": "chip_race", "denomination": 5, "cards": CARDS})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "chip_race", "denomination": 25})
    assert info.value.code == "DENOMINATION_STILL_NEEDED" and "Level 5" in info.value.message
    fc.advance(10 * MIN + 4 * 30 * MIN)  # the break after level 8: the 25s may go
    t.execute({"cmd": "chip_race", "denomination": 25})
    assert t.view("chip_race")["chip_race"]["raced_off"] == [5, 25] and conserved(t)


def test_race_2_the_five_is_still_needed_during_level_one() -> None:
    fc = FakeClock()
    t = Tournament.create(load_profile("hat"), time=fc)
    t.execute({"cmd": "start_clock"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "chip_race", "denomination": 5})
    assert info.value.code == "DENOMINATION_STILL_NEEDED" and "Level 1" in info.value.message


def test_race_3_bad_cards_are_refused_and_change_nothing() -> None:
    t, _ = at_break_after_four()
    before = stacks(t)
    for cards in ({**CARDS, "Bob": ["2c"]}, {**CARDS, "Ann": ["As", "Qd"]}, {**CARDS, "Ann": ["Xx", "Qd"]}):
        with pytest.raises(RuleError) as info:
            t.execute({"cmd": "chip_race", "denomination": 5, "cards": cards})
        assert info.value.code == "INVALID_INPUT"
    assert stacks(t) == before and t.state.chips_added == 0


def at_break_after_eight(stacks_at_eight: dict[str, int], **over: object) -> Tournament:
    """The $25 chips' race (q = 4, so half a $100 chip is exactly two odd $25 chips), the $5s gone first."""
    data = load_profile("hat").to_dict()
    data["settings"] = {**data["settings"], "structure.id": "hat", **over}
    fc = FakeClock()
    t = Tournament.create(profile_from_dict(data), time=fc, seed=5)
    for name in stacks_at_eight:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all", "seats": SEATS})
    t.execute({"cmd": "start_clock", "level": 8})
    t.execute({"cmd": "chip_count", "counts": stacks_at_eight, "accept": True})
    fc.advance(30 * MIN + 5)
    t.execute({"cmd": "chip_race", "denomination": 5})  # no odd $5 chip: nothing to race
    return t


def test_race_3_exactly_half_a_chip_earns_a_chip_under_half_up() -> None:
    """Two odd $25 chips pool $50, exactly half of a $100 chip: "half or more" earns it under half_up,
    floor removes it; one odd $25 chip (less than half) earns nothing either way."""
    half = {"Bob": 2025, "Di": 2900, "Cy": 1000, "Ann": 2025}
    cards = {"Bob": ["2c"], "Ann": ["Ah"]}
    for rounding, chips, ann in (("half_up", 1, 2100), ("floor", 0, 2000)):
        t = at_break_after_eight(half, **{"race.pool_rounding": rounding})
        due = t.view("chip_race")["chip_race"]["due"]
        assert (due["denomination"], due["next"], due["tables"][0]["pool_value"]) == (25, 100, 50)
        assert due["tables"][0]["chips"] == chips, rounding
        t.execute({"cmd": "chip_race", "denomination": 25, "cards": cards})
        assert t.state.extra["chip_race"]["last"]["tables"][0]["chips"] == chips, rounding
        assert stacks(t) == {"Bob": 2000, "Di": 2900, "Cy": 1000, "Ann": ann}, rounding
        assert conserved(t)
    under = {"Bob": 2025, "Di": 2900, "Cy": 1000, "Ann": 2000}
    t = at_break_after_eight(under, **{"race.pool_rounding": "half_up"})
    t.execute({"cmd": "chip_race", "denomination": 25, "cards": {"Bob": ["Ah"]}})
    assert t.state.extra["chip_race"]["last"]["tables"][0]["chips"] == 0
    assert stacks(t) == {"Bob": 2000, "Di": 2900, "Cy": 1000, "Ann": 2000} and conserved(t)
