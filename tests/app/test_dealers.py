"""SEAT-4: designated dealers at the draw (P004 card draw by suit, P003 one at every table or none)."""

from __future__ import annotations

import pytest

from app.engine import Tournament
from app.errors import RuleError
from app.seating.draw import card_seat, seat_card
from tests.app.tables_support import add_players, names, tournament


def _deck(sizes: list[int]) -> list[str]:
    return [seat_card(i, s) for i, size in enumerate(sizes) for s in range(1, size + 1)]


@pytest.mark.parametrize("seed", range(8))
def test_seat_4_each_dealer_draws_first_from_a_different_suit(seed: int) -> None:
    t = tournament("home-nl", seed=seed)
    add_players(t, names(25))
    t.execute({"cmd": "seat_all", "dealers": ["P05", "P17", "P21"]})
    tables = t.view("tables")["tables"]
    drawn = {name: card for view in tables.values() for name, card in view["draw_cards"].items()}
    assert sorted(drawn.values()) == sorted(_deck([8, 8, 9]))  # the rest of the deck went to the others
    for number, dealer in (("1", "P05"), ("2", "P17"), ("3", "P21")):
        index, rank_seat = card_seat(drawn[dealer])
        assert index + 1 == int(number)  # his suit is his table's
        assert tables[number]["designated_dealer"] == {"player": dealer, "seat": rank_seat}  # seat = rank drawn
        assert tables[number]["seats"][str(rank_seat)]["player"] == dealer
        assert (tables[number]["button"], tables[number]["sb"], tables[number]["bb"]) == (1, 2, 3)


def test_seat_4_the_draw_is_in_the_event_and_replays() -> None:
    t = tournament("home-nl", seed=3)
    add_players(t, names(12))
    t.execute({"cmd": "seat_all", "dealers": ["P01", "P02"]})
    ev = next(e for e in t.log if e.type == "seats_drawn")
    ids = {p.name: p.id for p in t.state.players.values()}
    assert ev.data["dealers"] == {"1": ids["P01"], "2": ids["P02"]}
    assert Tournament.replay(t.log).view("tables") == t.view("tables")


def test_seat_4_a_dictated_card_draw_decides_each_dealers_table() -> None:
    t = tournament("home-nl")
    add_players(t, names(12))
    cards = dict(zip(names(12), _deck([6, 6])))  # P01-P06 spades, P07-P12 hearts
    t.execute({"cmd": "seat_all", "dealers": ["P08", "P03"], "cards": cards})
    tables = t.view("tables")["tables"]
    assert tables["1"]["designated_dealer"] == {"player": "P03", "seat": 3}
    assert tables["2"]["designated_dealer"] == {"player": "P08", "seat": 2}


def test_seat_4_two_dealers_drawing_the_same_suit_are_refused() -> None:
    t = tournament("home-nl")
    add_players(t, names(12))
    cards = dict(zip(names(12), _deck([6, 6])))
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_all", "dealers": ["P01", "P02"], "cards": cards})
    assert (info.value.code, info.value.rule) == ("INVALID_INPUT", "SEAT-4")
    assert not any(table.seats for table in t.state.tables.values())


def test_seat_4_more_dealers_than_tables_or_a_dealer_named_twice_are_refused() -> None:
    t = tournament("home-nl")
    add_players(t, names(12))
    for dealers in (["P01", "P02", "P03"], ["P01", "P01"]):
        with pytest.raises(RuleError) as info:
            t.execute({"cmd": "seat_all", "dealers": dealers})
        assert info.value.rule == "SEAT-4"
    assert not t.state.tables


def test_seat_4_p004_may_name_fewer_dealers_than_tables() -> None:
    t = tournament("home-nl", seed=4)
    add_players(t, names(12))
    t.execute({"cmd": "seat_all", "dealers": ["P09"]})
    tables = t.view("tables")["tables"]
    assert tables["1"]["designated_dealer"]["player"] == "P09"
    assert tables["2"]["designated_dealer"] is None


def test_seat_4_a_profile_without_player_dealers_refuses_them() -> None:
    t = tournament("tda")
    add_players(t, names(4))
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_all", "dealers": ["P01"]})
    assert (info.value.code, info.value.rule) == ("NOT_OFFERED", "SEAT-4")


def test_seat_4_p003_refuses_dealers_unless_every_table_has_one() -> None:
    t = tournament("home-rebuy", seed=2)
    add_players(t, names(15))  # two tables
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_all", "dealers": ["P01"]})
    assert (info.value.code, info.value.rule) == ("INVALID_INPUT", "SEAT-4")
    assert "every table" in info.value.message
    assert not any(table.seats for table in t.state.tables.values())
    t.execute({"cmd": "seat_all", "dealers": ["P01", "P02"]})
    tables = t.view("tables")["tables"]
    assert tables["1"]["designated_dealer"]["player"] == "P01"
    assert tables["2"]["designated_dealer"]["player"] == "P02"
    assert sorted(v["population"] for v in tables.values()) == [7, 8]


def test_seat_4_p003_a_given_draw_must_put_the_dealers_at_different_tables() -> None:
    t = tournament("home-rebuy", **{"table__max_seats": 2, "final_table__size": 2})
    add_players(t, names(4))
    seats = {"P01": [1, 1], "P02": [1, 2], "P03": [2, 1], "P04": [2, 2]}
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_all", "dealers": ["P01", "P02"], "seats": seats})
    assert info.value.rule == "SEAT-4"
    t.execute({"cmd": "seat_all", "dealers": ["P04", "P01"], "seats": seats})
    tables = t.view("tables")["tables"]
    assert tables["1"]["designated_dealer"] == {"player": "P01", "seat": 1}
    assert tables["2"]["designated_dealer"] == {"player": "P04", "seat": 2}


def test_seat_4_a_dealer_who_leaves_his_table_no_longer_shows_as_its_dealer() -> None:
    t = tournament("home-rebuy", seed=6)
    add_players(t, names(15))
    t.execute({"cmd": "seat_all", "dealers": ["P01", "P02"]})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "P01"})
    if t.state.players[t.state.by_name["p01"]].deciding:
        t.execute({"cmd": "decline_rebuy", "player": "P01"})
    assert t.view("tables")["tables"]["1"]["designated_dealer"] is None
    assert t.view("tables")["tables"]["2"]["designated_dealer"]["player"] == "P02"
