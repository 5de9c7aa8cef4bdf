"""`floorman simulate` plays every profile to a winner with the invariants checked after each action."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.commands import Command
from app.invariants import all_problems
from app.profiles.profile import SHIPPED
from app.tools.simulate import InvariantBroken, Simulation, run_simulation

KEYS = {
    "entries", "rebuys", "addons", "prize_pool_cents", "payouts", "moves", "tables_broken",
    "max_spread_after_balance", "actions", "elapsed_s", "action_ms_p50", "action_ms_p99", "games",
}


@pytest.mark.parametrize("profile", SHIPPED)
def test_every_profile_plays_to_a_winner(profile: str) -> None:
    players = 30 if profile in ("campus", "home-nl") else 80
    result = run_simulation(Simulation(players=players, seed=11, profile=profile, check_every=1))
    assert KEYS <= set(result)
    assert result["entries"] >= players
    paid = sum(row["amount_cents"] for row in result["payouts"])
    if result["payouts"]:
        assert paid == result["prize_pool_cents"]
        assert result["payouts"][0]["place"] == 1 and result["payouts"][0]["player"]
    assert result["actions"] > players


def test_same_seed_same_tournament() -> None:
    a = run_simulation(Simulation(players=60, seed=4, check_every=1))
    b = run_simulation(Simulation(players=60, seed=4, check_every=1))
    c = run_simulation(Simulation(players=60, seed=5, check_every=1))
    assert a["payouts"] == b["payouts"] and a["moves"] == b["moves"]
    assert a["payouts"] != c["payouts"]


def test_bal_1_spread_within_the_limit_after_every_confirmed_balance() -> None:
    result = run_simulation(Simulation(players=200, seed=2, profile="tda", check_every=1))
    assert result["moves"] + result["tables_broken"] > 0
    assert result["max_spread_after_balance"] <= 2  # 6 or fewer tables: 1; more: within 2


def test_mix_1_hat_levels_report_their_games_without_repeats_in_a_cycle() -> None:
    result = run_simulation(Simulation(players=80, seed=3, profile="hat", check_every=1))
    first_cycle = result["games"][:10]
    assert len(first_cycle) == len(set(first_cycle))
    assert len(result["games"]) > 1


def test_rebuys_happen_where_the_profile_offers_them() -> None:
    result = run_simulation(Simulation(players=300, seed=1, profile="home-rebuy", check_every=1))
    assert result["rebuys"] > 0


def test_a_broken_invariant_stops_the_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.tools.simulate as sim_module

    def seated_twice(state):  # type: ignore[no-untyped-def]
        return all_problems(state) + ["player 1 sits at table 1 and table 2"]

    monkeypatch.setattr(sim_module, "all_problems", seated_twice)
    with pytest.raises(InvariantBroken, match="sits at table 1 and table 2"):
        run_simulation(Simulation(players=20, seed=1, check_every=1))


def test_cli_prints_one_json_object() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "floorman", "simulate", "--players", "40", "--seed", "9", "--json"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout
    data = json.loads(out)
    assert KEYS <= set(data) and data["players"] == 40


def test_section_19_the_simulated_director_answers_the_level_change_question() -> None:
    from app.clock.handstart import ANSWER
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.tools.simulate import simulation_profile

    clock = FakeClock()
    t = Tournament.create(simulation_profile("home-rebuy", 100), time=clock, seed=1)
    answered: list[dict] = []

    def execute(cmd: Command) -> list:
        if getattr(cmd, ANSWER, None) is not None:
            answered.append(cmd.to_dict())
        return t.execute(cmd)

    sim = Simulation(players=100, seed=1, profile="home-rebuy", check_every=1)
    run_simulation(sim, tournament=t, clock=clock, execute=execute)
    assert answered and all(c["cmd"] == "bust" and isinstance(c[ANSWER], bool) for c in answered)
    assert all_problems(t.state) == []


def test_simulate_default_check_rate_keeps_the_run_linear() -> None:
    from app.tools.simulate import default_check_every

    assert default_check_every(20) == 1  # a small field is checked after every action
    assert default_check_every(10_000) == 150  # about 200 checks over ~30,000 actions
    sim = Simulation(players=400, seed=2)
    result = run_simulation(sim)
    assert result["actions"] > 0 and sim.check_every is None


def test_seat_3_a_card_draw_profile_is_simulated_up_to_four_tables_and_refused_in_words_beyond() -> None:
    from app.tools.simulate import simulation_profile

    assert simulation_profile("home-nl", 40)["seat.method"] == "card_draw"
    with pytest.raises(ValueError, match=r"one suit a table \(SEAT-3\): simulate at most 40 players"):
        simulation_profile("home-nl", 41)
