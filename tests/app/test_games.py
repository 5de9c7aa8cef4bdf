"""The game catalogue (MIX-2, MIX-3, MIX-5, MIX-10) and the forced bets the clock shows per family."""

from __future__ import annotations

from app.clock.view import clock_view
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.games.catalogue import CATALOGUE, betting, game, raise_cap
from app.profiles.profile import SHIPPED, load_profile

SEED_000 = ["holdem", "omaha", "omaha_hilo", "crazy_pineapple", "crazy_pineapple_hilo", "aviation",
            "triple_draw_a5", "stud", "stud_hilo", "razz"]
SEED_002 = ["archie", "drawmaha_high", "drawmaha_27", "triple_draw_a5", "triple_draw_27", "double_board_omaha",
            "stud_hilo", "big_o_hilo", "badugi", "badacey", "badeucy", "razzdugi", "razzdugi_27", "super_razzdugi"]


def test_mix_2_every_seed_game_is_in_the_catalogue_with_its_family() -> None:
    for gid in SEED_000 + SEED_002:
        assert gid in CATALOGUE
    studs = {g.id for g in CATALOGUE.values() if g.forced == "stud"}
    assert studs == {"stud", "stud_hilo", "razz", "razzdugi", "razzdugi_27", "super_razzdugi"}
    assert game("badugi").family == "draw" and game("drawmaha_27").family == "flop"


def test_mix_2_every_profile_names_only_catalogue_games() -> None:
    for pid in SHIPPED:
        assert all(g in CATALOGUE for g in load_profile(pid)["mix.games"])


def test_mix_3_flop_games_small_bet_preflop_and_flop_big_bet_turn_and_river() -> None:
    assert [b for _, b in game("omaha_hilo").rounds] == ["small", "small", "big", "big"]


def test_mix_10_triple_draw_first_two_rounds_lower_limit() -> None:
    for gid in ("triple_draw_a5", "triple_draw_27", "badugi", "archie", "badacey", "badeucy"):
        assert [b for _, b in game(gid).rounds] == ["small", "small", "big", "big"]


def test_mix_4_stud_third_and_fourth_complete_then_twice() -> None:
    assert [b for _, b in game("razz").rounds] == ["small", "small", "big", "big", "big"]


def test_mix_5_one_bet_and_four_raises_so_a_fifty_limit_caps_at_250() -> None:
    s = load_profile("hat").settings
    b = betting(game("holdem"), {"small_bet": 25, "big_bet": 50}, s)
    assert [r["max_bet"] for r in b["rounds"]] == [125, 125, 250, 250]
    assert raise_cap(s, players_left=2) == 4  # P000 keeps the cap heads-up


def test_mix_5_tda_lifts_the_cap_heads_up_and_no_limit_has_none() -> None:
    s = {**load_profile("tda").settings, "limit.betting": "limit"}
    assert raise_cap(s, players_left=3) == 4 and raise_cap(s, players_left=2) is None
    assert raise_cap(load_profile("tda").settings) is None
    assert "bet" not in betting(game("holdem"), {"small_bet": 50, "big_bet": 100}, load_profile("tda").settings)[
        "rounds"][0]


def test_mix_2_clock_shows_the_forced_bets_of_the_current_games_family() -> None:
    fc = FakeClock()
    t = Tournament.create(load_profile("hat"), time=fc, rng=None, seed=0)
    t.state.games.clear()
    t.rng.dictate("razz", "holdem")
    t.execute({"cmd": "start_clock"})
    v = clock_view(t.state, fc.now())
    assert v["game"]["id"] == "razz"
    assert v["forced_bets"] == {"family": "stud", "ante": 5, "bring_in": 10, "complete": 25, "small_bet": 25,
                                "big_bet": 50}
    assert v["next"]["game"]["id"] == "holdem"
    assert v["next"]["forced_bets"] == {"family": "blinds", "sb": 25, "bb": 50, "ante": 0, "small_bet": 50,
                                        "big_bet": 100}


def test_mix_5_the_clock_lifts_the_raise_cap_heads_up_where_the_profile_says_so() -> None:
    from app.clock.view import clock_view
    from tests.app.money_kit import enter
    from tests.app.money_kit import make as make_money

    lifted = make_money("tda", limit__betting="limit", limit__max_raises=4)
    enter(lifted, "Ann", "Bob", "Cat")
    lifted.execute({"cmd": "seat_all"})
    lifted.execute({"cmd": "start_clock"})
    assert clock_view(lifted.state, lifted.time.now())["betting"]["max_raises"] == 4
    lifted.execute({"cmd": "bust", "player": "Cat"})
    assert clock_view(lifted.state, lifted.time.now())["betting"]["max_raises"] is None  # TDA 48
    kept = make_money("tda", limit__betting="limit", limit__max_raises=4, limit__cap_heads_up="always")
    enter(kept, "Ann", "Bob")
    kept.execute({"cmd": "seat_all"})
    kept.execute({"cmd": "start_clock"})
    assert clock_view(kept.state, kept.time.now())["betting"]["max_raises"] == 4  # P000: the cap stays
