"""BRK-6: the final table may seat more players than the other tables (TDA RP-9: 8-handed, final 9)."""

from __future__ import annotations

from app.core.engine import Tournament
from app.core.timesource import FakeClock
from app.profiles.profile import load_profile, profile_from_dict


def _eight_handed_final_nine() -> Tournament:
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], "table.max_seats": 8, "final_table.size": 9}
    t = Tournament.create(profile_from_dict(data), name="Eight-handed", time=FakeClock(), seed=5)
    for i in range(10):
        t.execute({"cmd": "register", "name": f"P{i}"})
    t.execute({"cmd": "seat_all"})
    return t


def test_brk_6_eight_handed_event_draws_a_nine_handed_final_table() -> None:
    t = _eight_handed_final_nine()
    assert sorted(tb.population for tb in t.state.tables.values()) == [5, 5]
    assert t.view("balance")["balance"]["redraw"] is None
    victim = next(iter(t.state.tables[1].seats.values()))
    t.execute({"cmd": "bust", "player": victim})
    plan = t.view("balance")["balance"]
    assert plan["redraw"] == {"tables": 1, "reason": "9 players left: the final table of 9", "rule": "BRK-6"}
    t.execute({"cmd": "balance"})
    assert list(t.state.tables) == [1]
    final = t.state.tables[1]
    assert final.max_seats == 9 and final.population == 9
    assert sorted(final.seats) == list(range(1, 10))


def test_brk_6_ten_players_do_not_fit_the_final_table_yet() -> None:
    t = _eight_handed_final_nine()
    assert t.view("balance")["balance"]["needed"] is False
