"""Structures (CLK-1, CLK-8, CLK-9, MIX-3, MIX-4): shipped tables, generator, small-blind rules, caps."""

from __future__ import annotations

import pytest

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.levels.structure import for_settings, half_round, resolve, shipped
from app.profiles.profile import SHIPPED, load_profile, profile_from_dict


def settings(profile: str, **over: object) -> dict:
    return {**load_profile(profile).settings, **over}


def test_clk_1_hat_is_seed_000_table_with_both_columns() -> None:
    s = for_settings(settings("hat"))
    assert s.last_level == 15
    assert s.level(1).blinds() == {"sb": 15, "bb": 25, "ante": 0}
    assert s.level(1).stud() == {"ante": 5, "bring_in": 10, "complete": 25}
    assert s.level(12).blinds() == {"sb": 500, "bb": 1500, "ante": 0}  # MIX-3: listed, not half
    assert s.level(11).stud() == {"ante": 100, "bring_in": 300, "complete": 1000}
    assert s.level(3).limits("blinds") == {"small_bet": 75, "big_bet": 150}
    assert s.level(15).limits("stud") == {"small_bet": 4000, "big_bet": 8000}
    assert [(b.after, b.minutes, b.race) for b in s.breaks] == [(4, 10, (5,)), (8, 10, (25,)), (12, 10, ())]
    assert s.level(16) == s.level(15)  # the last level goes on


def test_clk_1_home_nl_is_the_section_17_reconstruction_with_its_scale() -> None:
    s = for_settings(settings("home-nl"))
    pairs = [(lv.sb, lv.bb) for lv in s.levels]
    assert pairs[:4] == [(10, 20), (15, 30), (20, 40), (25, 50)]
    assert pairs[7] == (150, 300) and pairs[12] == (600, 1200) and pairs[-1] == (1000, 2000)
    assert len(pairs) == 15 and all(lv.ante == 0 for lv in s.levels)
    scaled = for_settings(settings("home-nl", **{"structure.s004_scale": 10}))
    assert (scaled.level(1).sb, scaled.level(1).bb, scaled.level(15).bb) == (100, 200, 20000)
    assert for_settings(settings("hat", **{"structure.s004_scale": 10})).level(1).bb == 25  # only 004 scales


def test_clk_8_campus_round_n_is_n_and_2n_for_ever() -> None:
    s = for_settings(settings("campus"))
    assert s.last_level is None
    pairs = [(s.level(n).sb, s.level(n).bb) for n in (1, 2, 12, 13, 40)]
    assert pairs == [(1, 2), (2, 4), (12, 24), (13, 26), (40, 80)]
    assert len(s.listed()) == 12


def test_clk_9_big_blind_is_the_lower_limit_and_small_blind_half_rounded_up() -> None:
    s = for_settings(settings("casino-mixed"))
    assert [(lv.sb, lv.bb, lv.small_bet, lv.big_bet) for lv in s.levels[:4]] == [
        (1, 2, 2, 4), (2, 3, 3, 6), (2, 4, 4, 8), (3, 5, 5, 10)]
    assert (half_round(5), half_round(10), half_round(3), half_round(1)) == (3, 5, 2, 1)


def test_clk_9_half_rule_and_listed_rule() -> None:
    raw = {"levels": [{"sb": 10, "bb": 30}]}
    assert resolve(raw, "listed").level(1).sb == 10
    assert resolve(raw, "half").level(1).sb == 15
    assert resolve({"levels": [{"bb": 25}]}, "half").level(1).sb == 12
    assert resolve({"levels": [{"bb": 25}]}, "half_round").level(1).sb == 13


def test_clk_9_forced_bet_cap_refuses_the_structure_naming_the_level() -> None:
    p = load_profile("casino-mixed")
    data = p.to_dict()
    data["settings"] = {**data["settings"], "structure.max_forced_bet": 4}
    t = Tournament.create(profile_from_dict(data), time=FakeClock())
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "start_clock"})
    assert info.value.code == "FORCED_BET_ABOVE_MAX" and "Level 4 " in info.value.message
    assert t.state.clock == {}
    t2 = Tournament.create(load_profile("casino-mixed"), time=FakeClock())
    t2.execute({"cmd": "start_clock"})  # the shipped casino structure stays within $10


def test_clk_9_cap_applies_to_a_directors_structure_and_an_endless_one() -> None:
    t = Tournament.create(load_profile("casino-mixed"), time=FakeClock())
    levels = [{"small_bet": 10, "big_bet": 20, "stud_ante": 2, "bring_in": 5, "complete": 10},
              {"small_bet": 15, "big_bet": 30, "stud_ante": 3, "bring_in": 5, "complete": 15}]
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "set_structure", "structure": {"levels": levels}})
    assert info.value.code == "FORCED_BET_ABOVE_MAX" and "Level 2 " in info.value.message
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "set_structure", "id": "campus"})
    assert info.value.code in ("FORCED_BET_ABOVE_MAX", "INVALID_STRUCTURE")


def _refused_change(t: Tournament, changes: dict[str, object], level: str) -> None:
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "change_settings", "settings": changes})
    assert info.value.code == "FORCED_BET_ABOVE_MAX" and f"Level {level} " in info.value.message, info.value
    assert t.state == before


def test_clk_9_every_settings_change_keeps_the_structure_under_the_cap() -> None:
    t = Tournament.create(load_profile("casino-mixed"), time=FakeClock())
    _refused_change(t, {"structure.max_forced_bet": 4}, "4")  # lowering the cap below level 4's bets
    _refused_change(t, {"structure.id": "tda-nl"}, "1")  # another structure, blinds 25/50 above $10
    _refused_change(t, {"structure.id": "campus", "structure.max_forced_bet": 30}, "16")  # endless: level 16
    _refused_change(t, {"structure.sb_rule": "listed", "structure.s004_scale": 10, "structure.id": "home-nl",
                        "structure.max_forced_bet": 100}, "1")  # seed 004 scaled by ten: 100/200
    t.execute({"cmd": "change_settings", "settings": {"structure.max_forced_bet": 10, "money.fee_cents": 0}})
    t.execute({"cmd": "start_clock"})
    _refused_change(t, {"structure.max_forced_bet": 5}, "5")  # the clock's structure is in force now
    home = Tournament.create(load_profile("home-nl"), time=FakeClock())
    home.execute({"cmd": "change_settings", "settings": {"structure.s004_scale": 10}})  # no cap: accepted
    _refused_change(home, {"structure.max_forced_bet": 1000}, "6")  # 750/1500 at level 6


def test_mix_2_stud_games_need_the_stud_column() -> None:
    t = Tournament.create(load_profile("casino-mixed"), time=FakeClock())
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "set_structure", "structure": {"levels": [{"small_bet": 2, "big_bet": 4}]}})
    assert info.value.code == "INVALID_STRUCTURE" and "stud" in info.value.message


def test_clk_1_every_profile_structure_resolves_and_starts() -> None:
    for pid in SHIPPED:
        t = Tournament.create(load_profile(pid), time=FakeClock())
        t.execute({"cmd": "start_clock"})
        assert t.view("clock")["clock"]["level"] == 1


def test_clk_1_tda_structure_races_only_chips_later_levels_do_not_need() -> None:
    s = for_settings(settings("tda"))
    chips = sorted(c["value"] for c in load_profile("tda")["chips"])
    for b in s.breaks:
        for d in b.race:
            left = [c for c in chips if c > d]
            smallest = left[0]
            chips = left
            later = [lv for lv in s.levels if lv.number > b.after]
            assert all(a % smallest == 0 for lv in later for a in lv.amounts())


def test_clk_1_bad_structures_are_refused_with_the_reason() -> None:
    with pytest.raises(RuleError, match="big blind"):
        resolve({"levels": [{"sb": 5}]})
    with pytest.raises(RuleError, match="stud column"):
        resolve({"levels": [{"bb": 10, "bring_in": 5}]})
    with pytest.raises(RuleError, match="no shipped structure"):
        shipped("../profiles/tda")
    with pytest.raises(RuleError, match="unknown field"):
        resolve({"levels": [{"bb": 10, "big_blind": 5}]})


def test_clk_1_a_new_structure_mid_level_keeps_the_level_and_its_time() -> None:
    from app.clock.view import clock_view

    fc = FakeClock()
    t = Tournament.create(load_profile("tda"), time=fc)
    t.execute({"cmd": "start_clock", "level": 2})
    fc.advance(300)
    t.execute({"cmd": "set_structure", "structure": {"levels": [{"sb": 10, "bb": 20}, {"sb": 20, "bb": 40},
                                                                 {"sb": 30, "bb": 60}]}})
    v = clock_view(t.state, fc.now())
    assert (v["level"], v["time_left"], v["blinds"]["bb"], v["structure"]) == (2, "15:00", 40, "custom")
    fc.advance(900)
    assert clock_view(t.state, fc.now())["blinds"]["bb"] == 60
    t.execute({"cmd": "jump_to_level", "level": 3})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "set_structure", "structure": {"levels": [{"sb": 10, "bb": 20}]}})
    assert info.value.code == "INVALID_INPUT"
