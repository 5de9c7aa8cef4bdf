"""BRK-6: the final table may seat more players than the other tables (TDA RP-9: 8-handed, final 9)."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict


def _eight_handed_final_nine() -> Tournament:
    data = load_profile("tda").to_dict()
    data["settings"] = {**data["settings"], "table.max_seats": 8, "final_table.size": 9}
    t = Tournament.create(profile_from_dict(data), name="Eight-handed", time=FakeClock(), seed=5)
    for i in range(10):
        t.execute({"cmd": "register", "name": f"P{i}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
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


def test_brk_6_the_final_table_follows_the_table_size_unless_the_profile_names_it() -> None:
    def final(settings: dict, extends: str = "tda") -> int:
        return int(profile_from_dict({"id": "x", "extends": extends, "settings": settings})["final_table.size"])

    # TDA RP-9: 10-handed final 10, 8- and 9-handed final 9, 6- and 7-handed final 7.
    assert [final({"table.max_seats": n}) for n in (10, 9, 8, 7, 6)] == [10, 9, 9, 7, 7]
    assert final({"table.max_seats": 10, "final_table.size": 9}) == 9  # named: kept
    assert load_profile("home-rebuy")["final_table.size"] == 10
    assert load_profile("home-nl")["final_table.size"] == 9  # P004 names 9 for its 10-seat tables
    assert final({"table.max_seats": 8}, extends="home-nl") == 9  # the base named it: it stays
    # A profile written out leaves a following size out, so it follows again when read back.
    ten = profile_from_dict({"id": "ten", "extends": "tda", "settings": {"table.max_seats": 10}})
    assert "final_table.size" not in ten.to_dict()["settings"]
    again = profile_from_dict(ten.to_dict())
    assert again == ten and again["final_table.size"] == 10
    data = ten.to_dict()
    data["settings"]["table.max_seats"] = 8
    assert profile_from_dict(data)["final_table.size"] == 9


def test_brk_6_a_ten_handed_event_forms_a_final_table_of_ten() -> None:
    prof = profile_from_dict({"id": "ten", "extends": "tda", "settings": {"table.max_seats": 10}})
    t = Tournament.create(prof, name="Ten-handed", time=FakeClock(), seed=5)
    for i in range(11):
        t.execute({"cmd": "register", "name": f"P{i}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    assert len(t.state.tables) == 2
    victim = next(iter(t.state.tables[1].seats.values()))
    t.execute({"cmd": "bust", "player": victim})
    plan = t.view("balance")["balance"]
    assert plan["break"]["reason"] == "10 players fit into 1 table" and plan["break"]["rule"] == "BRK-6"
    t.execute({"cmd": "balance"})
    assert [(tb.max_seats, tb.population) for tb in t.state.tables.values()] == [(10, 10)]
    replayed = Tournament.replay(t.log)
    assert replayed.state.profile == t.state.profile
