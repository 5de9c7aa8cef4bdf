"""The clock (CLK-2 to CLK-6, CLK-10): levels, breaks, pauses, jumps, adjustments, overtime."""

from __future__ import annotations

import json

import pytest

from app.clock.view import announcements, clock_view
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.levels.timeline import current_level, in_break
from app.profiles.profile import load_profile

MIN = 60


def make(profile: str = "hat", **settings: object) -> tuple[Tournament, FakeClock]:
    p = load_profile(profile)
    if settings:
        data = p.to_dict()
        data["settings"] = {**data["settings"], **settings}
        from app.profiles.profile import profile_from_dict

        p = profile_from_dict(data)
    fc = FakeClock()
    return Tournament.create(p, time=fc, seed=3), fc


def view(t: Tournament, fc: FakeClock) -> dict:
    return clock_view(t.state, fc.now())


def refused(t: Tournament, cmd: dict) -> str:
    before = json.dumps(t.state.clock, sort_keys=True)
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert json.dumps(t.state.clock, sort_keys=True) == before
    return info.value.code


def test_clk_2_hat_levels_last_thirty_minutes() -> None:
    t, fc = make()
    t.execute({"cmd": "start_clock"})
    v = view(t, fc)
    assert (v["level"], v["time_left"], v["seconds_left"]) == (1, "30:00", 1800)
    fc.advance(30 * MIN - 1)
    assert view(t, fc)["level"] == 1 and view(t, fc)["seconds_left"] == 1
    fc.advance(1)
    assert view(t, fc)["level"] == 2 and view(t, fc)["time_left"] == "30:00"


def test_clk_3_hat_breaks_ten_minutes_after_every_fourth_level() -> None:
    t, fc = make()
    t.execute({"cmd": "start_clock"})
    fc.advance(4 * 30 * MIN)
    v = view(t, fc)
    assert v["on_break"] and v["level"] == 4 and v["time_left"] == "10:00"
    assert v["break"]["race"] == [5]
    assert in_break(t.state, fc.now()) and current_level(t.state, fc.now()) == 4
    assert v["next"]["level"] == 5
    fc.advance(10 * MIN)
    assert view(t, fc)["level"] == 5 and not view(t, fc)["on_break"]
    fc.advance(4 * 30 * MIN)
    assert view(t, fc)["break"]["race"] == [25]
    fc.advance(10 * MIN + 4 * 30 * MIN)
    assert view(t, fc)["break"]["after_level"] == 12 and view(t, fc)["break"]["race"] == []


def test_clk_5_pause_holds_the_clock_and_resume_continues() -> None:
    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock"})
    fc.advance(5 * MIN)
    t.execute({"cmd": "pause_clock", "reason": "dispute"})
    fc.advance(45 * MIN)
    v = view(t, fc)
    assert v["paused"] and v["pause_reason"] == "dispute" and v["time_left"] == "15:00" and v["level"] == 1
    assert refused(t, {"cmd": "pause_clock"}) == "CLOCK_STATE"
    t.execute({"cmd": "resume_clock"})
    fc.advance(15 * MIN)
    assert view(t, fc)["level"] == 2 and view(t, fc)["running"]
    assert refused(t, {"cmd": "resume_clock"}) == "CLOCK_STATE"


def test_clk_5_add_and_remove_time_change_only_the_current_level() -> None:
    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "add_time", "minutes": 5})
    assert view(t, fc)["time_left"] == "25:00"
    fc.advance(25 * MIN)
    assert view(t, fc)["level"] == 2 and view(t, fc)["time_left"] == "20:00"
    t.execute({"cmd": "remove_time", "seconds": 90})
    assert view(t, fc)["time_left"] == "18:30"
    t.execute({"cmd": "remove_time", "minutes": 60})  # more than is left: the level ends now
    assert view(t, fc)["level"] == 3 and view(t, fc)["time_left"] == "20:00"


def test_clk_5_next_previous_and_jump() -> None:
    t, fc = make()
    t.execute({"cmd": "start_clock"})
    assert refused(t, {"cmd": "previous_level"}) == "CLOCK_STATE"
    fc.advance(7 * MIN)
    t.execute({"cmd": "next_level"})
    assert view(t, fc)["level"] == 2 and view(t, fc)["time_left"] == "30:00"
    t.execute({"cmd": "jump_to_level", "level": 4})
    t.execute({"cmd": "next_level"})
    assert view(t, fc)["on_break"] and view(t, fc)["level"] == 4
    t.execute({"cmd": "previous_level"})
    assert (view(t, fc)["level"], view(t, fc)["on_break"], view(t, fc)["time_left"]) == (4, False, "30:00")
    assert refused(t, {"cmd": "jump_to_level", "level": 16}) == "INVALID_INPUT"
    t.execute({"cmd": "jump_to_level", "level": 15})
    assert refused(t, {"cmd": "next_level"}) == "CLOCK_STATE"


def test_clk_5_jump_back_forgets_time_added_to_later_levels() -> None:
    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock", "level": 3})
    t.execute({"cmd": "add_time", "minutes": 10})
    t.execute({"cmd": "previous_level"})
    t.execute({"cmd": "next_level"})
    assert view(t, fc)["level"] == 3 and view(t, fc)["time_left"] == "20:00"


def test_clk_1_overtime_when_the_structure_runs_out() -> None:
    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock"})
    fc.advance(15 * 20 * MIN + 7 * MIN)
    v = view(t, fc)
    assert v["level"] == 15 and v["overtime"] and v["overtime_seconds"] == 7 * MIN
    assert v["time_left"] == "0:00" and v["next"] is None and v["blinds"] == {"sb": 1000, "bb": 2000, "ante": 0}


def test_clk_3_called_break_holds_the_level_then_resumes_it() -> None:
    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock"})
    fc.advance(8 * MIN)
    t.execute({"cmd": "start_break", "minutes": 15})
    fc.advance(10 * MIN)
    v = view(t, fc)
    assert v["on_break"] and v["break"]["kind"] == "called" and v["time_left"] == "5:00"
    assert in_break(t.state, fc.now())
    t.execute({"cmd": "pause_clock"})
    fc.advance(30 * MIN)
    t.execute({"cmd": "resume_clock"})
    assert view(t, fc)["time_left"] == "5:00"
    fc.advance(5 * MIN)
    v = view(t, fc)
    assert not v["on_break"] and v["level"] == 1 and v["time_left"] == "12:00"
    t.execute({"cmd": "start_break", "minutes": 5})
    t.execute({"cmd": "end_break"})
    assert view(t, fc)["time_left"] == "12:00" and not view(t, fc)["on_break"]
    assert refused(t, {"cmd": "end_break"}) == "CLOCK_STATE"


def test_clk_3_end_a_scheduled_break_early() -> None:
    t, fc = make()
    t.execute({"cmd": "start_clock", "level": 4})
    fc.advance(31 * MIN)
    assert refused(t, {"cmd": "start_break", "minutes": 5}) == "CLOCK_STATE"
    t.execute({"cmd": "end_break"})
    assert view(t, fc)["level"] == 5 and view(t, fc)["time_left"] == "30:00"


def test_clk_5_hand_for_hand_deductions_change_the_level_at_its_end() -> None:
    t, fc = make("tda")
    t.execute({"cmd": "start_clock"})
    fc.advance(14 * MIN)
    t.execute({"cmd": "pause_clock", "reason": "hand_for_hand"})
    t.execute({"cmd": "hand_for_hand_deduct", "hands": 2})
    assert view(t, fc)["time_left"] == "2:00"
    t.execute({"cmd": "hand_for_hand_deduct"})
    v = view(t, fc)
    assert v["level"] == 2 and v["hand_for_hand_hands"] == 3 and v["time_left"] == "20:00"


def test_clk_6_level_length_changes_once_from_level_six() -> None:
    t, fc = make()
    assert refused(t, {"cmd": "change_level_length", "minutes": 20}) == "LEVEL_LENGTH_TOO_EARLY"
    t.execute({"cmd": "start_clock", "level": 5})
    assert refused(t, {"cmd": "change_level_length", "minutes": 20}) == "LEVEL_LENGTH_TOO_EARLY"
    fc.advance(30 * MIN + 10 * MIN)
    t.execute({"cmd": "change_level_length", "minutes": 20})
    assert view(t, fc)["time_left"] == "20:00" and view(t, fc)["level_minutes"] == 30
    assert refused(t, {"cmd": "change_level_length", "minutes": 40}) == "LEVEL_LENGTH_ALREADY_CHANGED"
    fc.advance(20 * MIN)
    v = view(t, fc)
    assert v["level"] == 7 and v["time_left"] == "20:00" and v["level_minutes"] == 20
    fc.advance(40 * MIN)
    assert view(t, fc)["on_break"] and view(t, fc)["time_left"] == "10:00"  # breaks keep their length
    assert t.view("structure")["structure"]["levels"][6]["minutes"] == 20


def test_clk_6_change_during_the_break_after_level_six_is_refused_before_it() -> None:
    t, fc = make()
    t.execute({"cmd": "start_clock", "level": 4})
    fc.advance(35 * MIN)  # the break after level 4
    assert refused(t, {"cmd": "change_level_length", "minutes": 20}) == "LEVEL_LENGTH_TOO_EARLY"
    t2, _ = make("home-nl")
    assert refused(t2, {"cmd": "change_level_length", "minutes": 20}) == "NOT_OFFERED"


def test_clk_announcements_as_data() -> None:
    t, fc = make("tda")
    start = fc.now()
    t.execute({"cmd": "start_clock"})
    said = announcements(t.state, start, start + 4 * 20 * MIN + 15 * MIN)
    kinds = [(a["kind"], a["level"]) for a in said]
    assert kinds[:2] == [("one_minute", 1), ("level_up", 2)]
    assert ("late_registration_closing", 3) in kinds and ("late_registration_closed", 3) in kinds
    assert ("break_start", 4) in kinds and kinds[-1] == ("level_up", 5) and ("break_end", 4) in kinds
    one = next(a for a in said if a["kind"] == "one_minute")
    assert one["at"] == start + 19 * MIN
    fc.advance(19 * MIN + 5)
    assert [a["kind"] for a in view(t, fc)["announcements"]] == ["one_minute"]
    t.execute({"cmd": "pause_clock"})
    assert announcements(t.state, fc.now(), fc.now() + 3600) == []


def test_clk_10_clock_state_is_a_few_json_fields_and_replays_exactly() -> None:
    t, fc = make()
    t.execute({"cmd": "start_clock"})
    fc.advance(12.345)
    t.execute({"cmd": "pause_clock"})
    fc.advance(100)
    t.execute({"cmd": "resume_clock"})
    t.execute({"cmd": "add_time", "seconds": 61})
    fc.advance(3000.5)
    restored = Tournament.replay(t.log, time=fc)
    restored.state.clock = json.loads(json.dumps(restored.state.clock))
    assert clock_view(restored.state, fc.now()) == view(t, fc)
    assert view(t, fc)["ms_left"] == (30 * MIN + 61 + 30 * MIN) * 1000 - round((12.345 + 3000.5) * 1000)


def test_clk_commands_need_a_started_clock() -> None:
    t, _ = make()
    for cmd in ("pause_clock", "resume_clock", "next_level", "end_break"):
        assert refused(t, {"cmd": cmd}) == "CLOCK_STATE"
    t.execute({"cmd": "start_clock"})
    assert refused(t, {"cmd": "start_clock"}) == "CLOCK_STATE"
    assert current_level(t.state, t.time.now()) == 1 and not in_break(t.state, t.time.now())


def test_reg_4_clock_view_counts_down_to_the_close_of_late_registration() -> None:
    t, fc = make("tda", **{"late.last_level": 2, "structure.level_minutes": 20})
    assert view(t, fc)["late_registration_seconds_left"] is None  # not late registration before the start
    t.execute({"cmd": "start_clock"})
    assert view(t, fc)["late_registration_seconds_left"] == 40 * MIN
    fc.advance(25 * MIN + 0.4)
    assert view(t, fc)["late_registration_seconds_left"] == 15 * MIN  # whole seconds, rounded up
    t.execute({"cmd": "pause_clock"})
    fc.advance(10 * MIN)
    assert view(t, fc)["late_registration_seconds_left"] == 15 * MIN  # a paused clock holds it
    t.execute({"cmd": "resume_clock"})
    t.execute({"cmd": "add_time", "minutes": 2})
    assert view(t, fc)["late_registration_seconds_left"] == 17 * MIN
    fc.advance(17 * MIN)
    assert view(t, fc)["level"] == 3 and view(t, fc)["late_registration_seconds_left"] is None


def test_reg_6_no_late_registration_countdown_without_late_entry() -> None:
    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock"})
    assert view(t, fc)["late_registration_seconds_left"] is None


def test_clk_1_a_level_added_in_overtime_starts_with_its_full_time() -> None:
    from app.levels.timeline import structure_of

    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock", "level": 15})
    fc.advance(20 * MIN + 7 * MIN)
    v = view(t, fc)
    assert v["level"] == 15 and v["overtime"]
    levels = [{"sb": lv.sb, "bb": lv.bb} for lv in structure_of(t.state).levels]
    t.execute({"cmd": "set_structure", "structure": {"levels": [*levels, {"sb": 1500, "bb": 3000}]}})
    v = view(t, fc)
    assert (v["level"], v["time_left"], v["overtime"], v["blinds"]["bb"]) == (16, "20:00", False, 3000)
    assert current_level(t.state, fc.now()) == 16
    fc.advance(5 * MIN)
    assert view(t, fc)["time_left"] == "15:00"
    # Paused in overtime: the added level waits, whole, for the clock to resume.
    t2, fc2 = make("home-nl")
    t2.execute({"cmd": "start_clock", "level": 15})
    fc2.advance(25 * MIN)
    t2.execute({"cmd": "pause_clock"})
    t2.execute({"cmd": "set_structure", "structure": {"levels": [*levels, {"sb": 1500, "bb": 3000}]}})
    fc2.advance(10 * MIN)
    assert (view(t2, fc2)["level"], view(t2, fc2)["time_left"]) == (16, "20:00")
    t2.execute({"cmd": "resume_clock"})
    fc2.advance(MIN)
    assert view(t2, fc2)["time_left"] == "19:00"


def test_clk_1_a_new_structure_in_overtime_keeps_the_current_level_when_nothing_follows_it() -> None:
    from app.levels.timeline import structure_of

    t, fc = make("home-nl")
    t.execute({"cmd": "start_clock", "level": 15})
    fc.advance(27 * MIN)
    levels = [{"sb": lv.sb, "bb": lv.bb} for lv in structure_of(t.state).levels]
    levels[-1] = {"sb": 800, "bb": 1600}
    t.execute({"cmd": "set_structure", "structure": {"levels": levels}})
    v = view(t, fc)
    assert (v["level"], v["overtime_seconds"], v["blinds"]["bb"]) == (15, 7 * MIN, 1600)


LATER = [{"sb": 30, "bb": 60, "minutes": 20}, {"sb": 50, "bb": 100, "minutes": 20}]  # TDA: late entry to level 3


def test_clk_1_shortening_the_level_in_play_below_the_time_played_ends_it_now() -> None:
    """§20.7: a new structure whose level in play is shorter than the time already played in it ends that
    level now; the next level starts now with its whole length (it was left 17 minutes of its 20)."""
    t, fc = make("tda")
    t.execute({"cmd": "start_clock"})
    fc.advance(10 * MIN)
    short = [{"sb": 10, "bb": 20, "minutes": 7}, {"sb": 20, "bb": 40, "minutes": 20}, *LATER]
    t.execute({"cmd": "set_structure", "structure": {"levels": short}})
    v = view(t, fc)
    assert (v["level"], v["time_left"], v["blinds"]["bb"]) == (2, "20:00", 40)
    fc.advance(19 * MIN)
    assert (view(t, fc)["level"], view(t, fc)["time_left"]) == (2, "1:00")
    fc.advance(MIN)
    assert (view(t, fc)["level"], view(t, fc)["time_left"]) == (3, "20:00")
    again = Tournament.replay(t.log)  # CLK-10: the same clock from the log alone
    assert again.state.clock == t.state.clock


def test_clk_1_shortening_a_paused_level_or_a_break_in_play_ends_it_now() -> None:
    """§20.7, paused: the next level starts now, whole, and waits for the clock; in a break shortened below
    the time it has run, the break ends now and the level after it starts whole."""
    t, fc = make("tda")
    t.execute({"cmd": "start_clock"})
    fc.advance(12 * MIN)
    t.execute({"cmd": "pause_clock"})
    t.execute({"cmd": "set_structure", "structure": {"levels": [{"sb": 10, "bb": 20, "minutes": 12},
                                                                {"sb": 20, "bb": 40, "minutes": 15}, *LATER]}})
    fc.advance(5 * MIN)
    assert (view(t, fc)["level"], view(t, fc)["time_left"]) == (2, "15:00")
    t.execute({"cmd": "resume_clock"})
    fc.advance(MIN)
    assert view(t, fc)["time_left"] == "14:00"

    t2, fc2 = make("tda")
    levels = [{"sb": 10, "bb": 20, "minutes": 10}, {"sb": 20, "bb": 40, "minutes": 20}, *LATER]
    t2.execute({"cmd": "set_structure", "structure": {"levels": levels, "breaks": [{"after": 1, "minutes": 15}]}})
    t2.execute({"cmd": "start_clock"})
    fc2.advance(10 * MIN + 8 * MIN)
    assert view(t2, fc2)["on_break"] and view(t2, fc2)["time_left"] == "7:00"
    t2.execute({"cmd": "set_structure", "structure": {"levels": levels, "breaks": [{"after": 1, "minutes": 5}]}})
    v = view(t2, fc2)
    assert (v["level"], v["on_break"], v["time_left"]) == (2, False, "20:00")


def test_clk_1_a_level_shortened_above_the_time_played_keeps_its_time_played() -> None:
    """§20.7: shortened but still longer than the time played, the level in play goes on with what is left."""
    t, fc = make("tda")
    t.execute({"cmd": "start_clock"})
    fc.advance(10 * MIN)
    t.execute({"cmd": "set_structure", "structure": {"levels": [{"sb": 10, "bb": 20, "minutes": 15},
                                                                {"sb": 20, "bb": 40, "minutes": 20}, *LATER]}})
    assert (view(t, fc)["level"], view(t, fc)["time_left"]) == (1, "5:00")
