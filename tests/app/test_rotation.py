"""Game rotation (MIX-1, MIX-9, CLK-7): the hat, fixed rotation, dealer's choice."""

from __future__ import annotations

import pytest

from app.clock.view import clock_view
from app.core.randomness import RandomSource
from app.core.state import Table
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.games.rotation import draw_hat, game_for_level
from app.profiles.profile import load_profile, profile_from_dict

MIN = 60


def make(profile: str, **over: object) -> tuple[Tournament, FakeClock]:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], **over}
    fc = FakeClock()
    return Tournament.create(profile_from_dict(data), time=fc, seed=11), fc


def test_mix_1_ten_draws_without_replacement_then_the_hat_refills() -> None:
    games = load_profile("hat")["mix.games"]
    for seed in range(20):
        draws = draw_hat(games, 15, RandomSource(seed))
        assert sorted(d.game for d in draws[:10]) == sorted(games)
        assert draws[9].left == [] and len(draws[10].left) == 9
        assert len({d.game for d in draws[10:15]}) == 5


def test_mix_1_hat_draws_are_recorded_in_the_event_log_and_replay() -> None:
    t, fc = make("hat")
    t.execute({"cmd": "start_clock"})
    drawn = next(e for e in t.log if e.type == "hat_drawn")
    assert len(drawn.data["draws"]) == 20  # two whole hats of 10 for 15 levels
    again = Tournament.replay(t.log, time=fc)
    assert [game_for_level(again.state, n) for n in range(1, 21)] == [d["game"] for d in drawn.data["draws"]]


def test_clk_7_the_game_changes_with_the_level() -> None:
    t, fc = make("hat")
    t.rng.dictate("stud", "razz", "holdem")
    t.execute({"cmd": "start_clock"})
    assert clock_view(t.state, fc.now())["game"]["id"] == "stud"
    fc.advance(30 * MIN)
    v = clock_view(t.state, fc.now())
    assert (v["game"]["id"], v["next"]["game"]["id"]) == ("razz", "holdem")
    t.execute({"cmd": "pause_clock"})  # the registered views show the clock as of its last change
    assert t.view("games")["games"]["in_hat"] == sorted(set(load_profile("hat")["mix.games"]) - {"stud", "razz"})


def test_mix_1_recording_a_real_draw_swaps_it_within_the_hat() -> None:
    t, fc = make("hat")
    t.rng.dictate("stud", "razz", "holdem")
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "record_draw", "level": 2, "game": "holdem"})
    assert [game_for_level(t.state, n) for n in (1, 2, 3)] == ["stud", "holdem", "razz"]
    with pytest.raises(RuleError, match="already come out"):
        t.execute({"cmd": "record_draw", "level": 2, "game": "stud"})
    fc.advance(31 * MIN)
    with pytest.raises(RuleError, match="already been played"):
        t.execute({"cmd": "record_draw", "level": 1, "game": "razz"})


def test_mix_9_rotation_every_level() -> None:
    t, fc = make("casino-mixed", **{"mix.hands_per_game": None})
    t.execute({"cmd": "start_clock"})
    games = load_profile("casino-mixed")["mix.games"]
    assert [game_for_level(t.state, n) for n in range(1, 8)] == games + games[:1]


def test_mix_9_rotation_every_n_hands_per_table() -> None:
    t, fc = make("casino-mixed")
    t.execute({"cmd": "start_clock"})
    t.state.tables[1] = Table(1, 9, hands=7)
    t.state.tables[2] = Table(2, 9, hands=8)
    assert game_for_level(t.state, 1, 1) == "holdem" and game_for_level(t.state, 1, 2) == "omaha_hilo"
    v = t.view("games")["games"]
    assert v["tables"]["1"] == {"game": "holdem", "hands_left": 1}
    assert v["tables"]["2"] == {"game": "omaha_hilo", "hands_left": 8}
    assert clock_view(t.state, fc.now())["next"]["game"]["id"] == "omaha_hilo"


def test_mix_9_dealers_choice_records_the_buttons_choice() -> None:
    t, fc = make("casino-mixed", **{"mix.mode": "dealers_choice"})
    t.execute({"cmd": "start_clock"})
    assert clock_view(t.state, fc.now())["game"] is None
    t.execute({"cmd": "choose_game", "game": "razz"})
    v = clock_view(t.state, fc.now())
    assert v["game"]["id"] == "razz" and v["forced_bets"]["family"] == "stud" and v["next"]["game"] is None
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "choose_game", "game": "aviation"})
    assert info.value.code == "NOT_OFFERED"


@pytest.mark.parametrize("game", ["aviation", "no_such_game"])
def test_mix_9_a_game_not_offered_for_dealers_choice_is_refused_not_offered(game: str) -> None:
    t, _ = make("casino-mixed", **{"mix.mode": "dealers_choice"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "choose_game", "game": game})
    assert info.value.code == "NOT_OFFERED" and info.value.rule == "MIX-9"


def test_mix_9_a_choice_lasts_one_hand_at_its_table() -> None:
    t, fc = make("casino-mixed", **{"mix.mode": "dealers_choice"})
    t.state.tables[3] = Table(3, 9, hands=4)
    t.execute({"cmd": "choose_game", "game": "badugi", "table": 3})
    assert game_for_level(t.state, 1, 3) == "badugi"
    t.state.tables[3].hands = 5
    assert game_for_level(t.state, 1, 3) is None


def test_mix_9_choice_refused_outside_dealers_choice() -> None:
    t, _ = make("hat")
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "choose_game", "game": "razz"})
    assert info.value.code == "NOT_OFFERED"


def test_btn_7_family_at_tells_the_button_area_when_stud_is_played() -> None:
    from app.games.rotation import family_at

    t, fc = make("hat")
    t.rng.dictate("holdem", "razz")
    t.execute({"cmd": "start_clock"})
    assert family_at(t.state, fc.now()) == "blinds"
    fc.advance(30 * MIN)
    assert family_at(t.state, fc.now()) == "stud"


def test_mix_1_every_refill_of_the_hat_holds_every_listed_game() -> None:
    t, fc = make("hat")  # 15 levels: the second filling of the hat serves levels 11 to 15
    t.execute({"cmd": "start_clock"})
    draws = t.state.games["draws"]
    assert sorted(draws[str(n)] for n in range(11, 21)) == sorted(load_profile("hat")["mix.games"])
    fc.advance(10 * 30 * MIN + 3 * 10 * MIN)  # level 11
    assert clock_view(t.state, fc.now())["level"] == 11
    pulled = {draws[str(n)] for n in range(11, 16)}
    slip = next(g for g in load_profile("hat")["mix.games"] if g not in pulled)
    t.execute({"cmd": "record_draw", "level": 11, "game": slip})  # a real slip from the refilled hat
    assert game_for_level(t.state, 11) == slip


def test_mix_1_an_injected_draw_that_is_not_in_the_hat_is_refused() -> None:
    t, _ = make("hat")
    t.rng.dictate("stud", "stud")
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "start_clock"})
    assert info.value.code == "INVALID_INPUT" and info.value.rule == "MIX-1"
    assert not t.state.clock.get("started")
