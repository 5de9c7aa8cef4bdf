"""LGE-3 with KO-1: the knockouts a player made in a bounty event reach his league points."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.league import EventResults, Finish, compute, outcome_of, rules_from
from app.profiles.profile import load_profile, profile_from_dict


def _bounty_night() -> Tournament:
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], "bounty.kind": "fixed", "bounty.amount_cents": 2000, "late.mode": "none"}
    t = Tournament.create(profile_from_dict(data), name="Bounty Monday", time=FakeClock(), seed=4)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "open_table", "table": 1})
    for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan"), start=1):
        t.execute({"cmd": "seat_player", "player": name, "table": 1, "seat": seat})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Dan", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Bob"})
    assert t.state.ended
    return t


def test_lge_3_ko_1_knockouts_recorded_by_the_engine_count_in_the_outcome_and_the_bonus():
    outcome = outcome_of(_bounty_night())
    assert outcome.finished
    knocked = {row.name: row.knockouts for row in outcome.rows}
    assert knocked == {"Bob": 3, "Cat": 0, "Dan": 0, "Ann": 0}
    rules = rules_from({"formula": {"kind": "table", "points": [10, 6, 4, 2]}, "bonus": {"knockout": 5}})
    ids = {row.name: i for i, row in enumerate(outcome.rows, start=1)}
    results = EventResults(1, outcome.name, outcome.played_on, outcome.entries, outcome.buy_in, finishes=tuple(
        Finish(ids[row.name], row.place, row.knockouts, row.prize_cents) for row in outcome.rows))
    standings = compute("Mondays", "2026", rules, [results], {i: name for name, i in ids.items()})
    points = {s.name: (s.points, s.knockouts) for s in standings.rows}
    assert points["Bob"] == (10_00 + 3 * 5_00, 3)  # 1st place and three knockouts, in hundredths
    assert points["Cat"] == (6_00, 0)
