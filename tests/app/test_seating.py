"""SEAT: the initial draw (random and card draw), seating one player, the high-card button."""

from __future__ import annotations

from collections import Counter

import pytest

from app.core.randomness import RandomSource, card_value, full_deck
from app.engine import Tournament
from app.errors import RuleError
from app.seating.draw import card_seat, drawn_seats, seat_card, table_sizes
from tests.app.tables_support import add_players, names, seat, tournament


def test_seat_2_sizes_differ_by_one_extra_to_highest_tables() -> None:
    assert table_sizes(25, 3) == [8, 8, 9]
    assert table_sizes(25, 3, "lowest") == [9, 8, 8]
    assert table_sizes(30, 3) == [10, 10, 10]


def test_seat_3_cards_stand_for_table_and_seat() -> None:
    assert seat_card(0, 1) == "As" and seat_card(1, 10) == "Th" and seat_card(2, 9) == "9c"
    assert card_seat("Ad") == (3, 1)


def test_seat_1_random_draw_seats_everyone_evenly_with_high_card_button() -> None:
    t = tournament("tda", seed=5)
    add_players(t, names(20))
    t.execute({"cmd": "seat_all"})
    tables = t.view("tables")["tables"]
    assert sorted(v["population"] for v in tables.values()) == [6, 7, 7]
    assert [tables[k]["population"] for k in ("1", "2", "3")] == [6, 7, 7]  # extra players to the highest
    for view in tables.values():
        cards = view["draw_cards"]
        assert len(cards) == view["population"]
        high = max(cards, key=lambda n: ("23456789TJQKA".index(cards[n][0]), "cdhs".index(cards[n][1])))
        assert view["seats"][str(view["button"])]["player"] == high
    seated = [s["player"] for v in tables.values() for s in v["seats"].values()]
    assert sorted(seated) == names(20)


def test_seat_3_card_draw_suit_is_table_rank_is_seat_ace_has_button() -> None:
    t = tournament("home-nl")
    add_players(t, names(25))
    deck = [seat_card(i, s) for i, size in enumerate([8, 8, 9]) for s in range(1, size + 1)]
    cards = dict(zip(reversed(names(25)), deck))
    t.execute({"cmd": "seat_all", "cards": cards})
    tables = t.view("tables")["tables"]
    assert [tables[k]["population"] for k in ("1", "2", "3")] == [8, 8, 9]
    for name, card in cards.items():
        index, s = card_seat(card)
        assert tables[str(index + 1)]["seats"][str(s)]["player"] == name
        assert tables[str(index + 1)]["draw_cards"][name] == card
    assert all((v["button"], v["sb"], v["bb"]) == (1, 2, 3) for v in tables.values())


def test_seat_3_a_card_draw_with_a_card_outside_the_deck_is_refused() -> None:
    t = tournament("home-nl")
    add_players(t, names(3))
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_all", "cards": {"P01": "As", "P02": "2s", "P03": "4s"}})
    assert info.value.code == "INVALID_INPUT"
    assert not t.state.tables


def test_seat_7_the_draw_happens_once() -> None:
    t = tournament()
    add_players(t, names(4))
    t.execute({"cmd": "seat_all"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_all"})
    assert info.value.code == "ALREADY_STARTED"


def test_seat_player_draws_among_the_shortest_tables_and_refuses_when_full() -> None:
    t = tournament("tda", **{"table__max_seats": 3, "final_table__size": 3})
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat"})
    seat(t, 2, {1: "Dan"})
    add_players(t, ["Eve"])
    t.execute({"cmd": "seat_player", "player": "Eve"})
    assert t.state.players[t.state.by_name["eve"]].table == 2
    add_players(t, ["Fay", "Gus"])
    t.execute({"cmd": "seat_player", "player": "Fay"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "seat_player", "player": "Gus"})
    assert info.value.code == "NO_OPEN_SEAT"
    with pytest.raises(RuleError) as taken:
        t.execute({"cmd": "seat_player", "player": "Gus", "table": 1, "seat": 2})
    assert taken.value.code == "SEAT_TAKEN"


def test_seat_5_button_draw_gives_the_button_to_the_highest_card() -> None:
    t = tournament()
    seat(t, 1, {2: "Ann", 5: "Bob", 7: "Cat"})
    t.execute({"cmd": "draw_button", "table": 1, "cards": {"Ann": "Kh", "Bob": "Ks", "Cat": "2c"}})
    view = t.view("tables")["tables"]["1"]
    assert (view["button"], view["sb"], view["bb"]) == (5, 7, 2)


def test_seat_draw_replays_without_randomness() -> None:
    t = tournament("tda", seed=9)
    add_players(t, names(12))
    t.execute({"cmd": "seat_all"})
    again = Tournament.replay(t.log)
    assert again.view("tables") == t.view("tables")


def test_seat_1_the_place_permutation_draws_exactly_as_shuffling_the_places() -> None:
    places = [(t, s) for t in range(1, 5) for s in range(1, 10)]
    shuffled = RandomSource(3).shuffle(places)
    by_number = RandomSource(3).permutation(len(places))
    assert [places[i] for i in by_number] == shuffled


def test_seat_5_button_hands_are_distinct_cards_each_from_a_full_deck_and_uniform() -> None:
    rng = RandomSource(4)
    hands = rng.deal_hands([9, 10, 2, 1, 12] * 200)
    assert [len(h) for h in hands[:5]] == [9, 10, 2, 1, 12]
    assert all(len(set(h)) == len(h) and set(h) <= set(full_deck()) for h in hands)
    firsts = Counter(h[0] for h in rng.deal_hands([3] * 52_000))
    lasts = Counter(h[2] for h in rng.deal_hands([3] * 52_000))
    assert set(firsts) == set(lasts) == set(full_deck())
    assert all(800 < n < 1200 for n in (*firsts.values(), *lasts.values()))  # 1,000 expected each
    dictated = RandomSource(4)
    dictated.dictate(full_deck())
    assert dictated.deal_hands([3]) == [full_deck()[:3]]  # a dictated deck is dealt from its top


def test_seat_1_5_a_large_draw_seats_each_player_once_with_the_high_card_on_the_button() -> None:
    t = tournament("tda", seed=2)
    add_players(t, [f"P{i:04d}" for i in range(1, 953)])
    events = t.execute({"cmd": "seat_all"})
    rows = list(drawn_seats(events[-1].data))
    assert [a[1:3] for a in rows] == sorted(a[1:3] for a in rows)
    assert len({a[0] for a in rows}) == 952 == len(rows)
    state = t.state
    for number, table in state.tables.items():
        assert sorted(table.seats) == list(range(1, len(table.seats) + 1))
        best = max(table.draw_cards, key=lambda pid: card_value(table.draw_cards[pid]))
        assert table.button is not None and table.seats[table.button] == best
        for s, pid in table.seats.items():
            assert (state.players[pid].table, state.players[pid].seat) == (number, s)
    assert Tournament.replay(t.log).view("tables") == t.view("tables")


def test_seat_1_the_draw_opens_its_tables_in_one_event_and_keeps_the_index_as_a_fresh_one():
    from app.core.state import TableIndex
    from app.core.timesource import FakeClock
    from app.profiles.profile import load_profile

    t = Tournament.create(load_profile("tda"), name="Draw", time=FakeClock(), seed=9)
    for i in range(95):
        t.execute({"cmd": "register", "name": f"P{i:03d}"})
    t.execute({"cmd": "open_table", "table": 2})  # opened by hand before the draw: not opened again
    events = t.execute({"cmd": "seat_all"})
    opened = [ev for ev in events if ev.type == "tables_opened"]
    assert len(opened) == 1 and opened[0].data["tables"] == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    state = t.state
    fresh = TableIndex()
    for table in state.tables.values():
        fresh.update(table.number, len(table.seats), len(table.seats) >= table.max_seats)
    def kept(value):  # a population no table has any more may stay as 0 or an empty set, as update leaves it
        return {k: v for k, v in value.items() if v} if isinstance(value, dict) else value

    for name in ("pop", "count", "total", "by_size", "live", "full", "full_count"):
        assert kept(getattr(state.index, name)) == kept(getattr(fresh, name)), name
    assert sum(state.index.pop.values()) == 95
    again = Tournament.replay(t.log)  # the log replays to the same seats and the same index
    assert {n: dict(tb.seats) for n, tb in again.state.tables.items()} == {
        n: dict(tb.seats) for n, tb in state.tables.items()}
    assert again.state.index.pop == state.index.pop and again.state.index.by_size == state.index.by_size


def _as_rows(data: dict) -> dict:
    """The same draw in the row form an older Floorman wrote: assignments, button cards per table."""
    rows = [[pid, number, seat, None] for pid, number, seat, _card in drawn_seats(data)]
    buttons = {number: dict(pos) for number, pos in data["buttons"].items()}
    for pid, number, _seat, card in drawn_seats(data):
        buttons[str(number)].setdefault("cards", {})[str(pid)] = card
    out = {k: v for k, v in data.items() if k not in ("seated", "sizes", "button_cards")}
    return {**out, "assignments": rows, "buttons": buttons}


@pytest.mark.parametrize("dealers", [False, True])
def test_seat_1_5_a_draw_written_in_rows_replays_to_the_same_seats_and_cards(dealers: bool) -> None:
    from app.core.events import decode

    t = tournament("tda", seed=5, seat__designated_dealers="allowed")
    add_players(t, [f"P{i:03d}" for i in range(1, 96)])
    t.execute({"cmd": "seat_all", **({"dealers": ["P001", "P002"]} if dealers else {})})
    drawn = next(ev for ev in t.log if ev.type == "seats_drawn")
    assert "seated" in drawn.data and "assignments" not in drawn.data  # the column form is what is written
    older = [decode({"type": ev.type, "data": _as_rows(ev.data), "at": ev.at}) if ev is drawn else ev for ev in t.log]
    again, fresh = Tournament.replay(older), Tournament.replay(list(t.log))
    for other in (again, fresh):
        assert other.view("tables") == t.view("tables")
        for number, table in t.state.tables.items():
            assert other.state.tables[number].draw_cards == table.draw_cards
            assert other.state.tables[number].designated_dealer == table.designated_dealer
        assert {p.id: (p.table, p.seat, p.status) for p in other.state.players.values()} == {
            p.id: (p.table, p.seat, p.status) for p in t.state.players.values()}


def test_seat_1_drawn_seats_reads_both_forms_alike() -> None:
    t = tournament("tda", seed=6)
    add_players(t, [f"P{i:03d}" for i in range(1, 31)])
    data = next(ev for ev in t.execute({"cmd": "seat_all"}) if ev.type == "seats_drawn").data
    rows = list(drawn_seats(data))
    assert len(rows) == 30 and all(card for *_rest, card in rows)
    assert [r[:3] for r in drawn_seats(_as_rows(data))] == [r[:3] for r in rows]
    for pid, number, seat_no, card in rows:
        assert (t.state.players[pid].table, t.state.players[pid].seat) == (number, seat_no)
        assert t.state.tables[number].draw_cards[pid] == card


def test_seat_3_a_card_draw_for_more_than_four_tables_says_what_to_do_instead() -> None:
    t = tournament("home-nl", reg__cap=None)
    add_players(t, [f"P{i:02d}" for i in range(1, 42)])
    before = t.view("tables")
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "seat_all"})
    assert err.value.code == "INVALID_INPUT" and err.value.rule == "SEAT-3"
    assert "41 players need 5" in err.value.message and "seat.method to random" in err.value.message
    assert t.view("tables") == before
    t.execute({"cmd": "change_settings", "settings": {"seat.method": "random"}})
    t.execute({"cmd": "seat_all"})
    assert len(t.state.tables) == 5
