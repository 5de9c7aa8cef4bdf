"""Bust-outs, batches, places and the winner (ELIM-2 to ELIM-6)."""

from __future__ import annotations

from tests.app.money_kit import at_level, enter, make, players, refused


def test_elim_4_stack_order_ranks_bigger_stack_higher_and_equal_stacks_tie():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    t.execute({"cmd": "bust", "players": ["Ann", "Bob", "Cat"], "stacks": {"Ann": 300, "Bob": 900, "Cat": 300}})
    ps = players(t)
    assert (ps["Bob"]["place"], ps["Bob"]["tied"]) == (4, False)
    assert (ps["Ann"]["place"], ps["Cat"]["place"], ps["Ann"]["place_label"]) == (5, 5, "T-5th")
    assert t.view("places")["places"][0]["players"] == ["Bob"]


def test_elim_4_two_busts_need_the_starting_stacks():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob"]}, "NEEDS_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": -1, "Bob": 5}}, "INVALID_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": 1.5, "Bob": 5}}, "INVALID_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Ann"]}, "INVALID_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob", "Cat"], "stacks": {"Ann": 1, "Bob": 2, "Cat": 3}},
            "INVALID_INPUT")


def test_elim_4_split_all_ties_everyone_in_the_hand_whatever_the_stacks(monkeypatch):
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat", "Dan")
    at_level(monkeypatch, 5)
    t.execute({"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": 100, "Bob": 900}})
    ps = players(t)
    assert (ps["Ann"]["place"], ps["Bob"]["place"], ps["Bob"]["place_label"]) == (3, 3, "T-3rd")


def test_elim_3_hand_for_hand_batch_across_tables_is_one_tie(monkeypatch):
    t = make("tda")
    enter(t, *[f"P{i}" for i in range(12)])
    t.execute({"cmd": "seat_all"})
    a, b = t.state.players[1], next(p for p in t.state.players.values() if p.table != t.state.players[1].table)
    refused(t, {"cmd": "bust", "players": [a.name, b.name], "stacks": {a.name: 5, b.name: 9}}, "INVALID_INPUT")
    t.execute({"cmd": "bust", "players": [a.name, b.name], "hand_for_hand": True})
    ps = players(t)
    assert (ps[a.name]["place"], ps[b.name]["place"], ps[a.name]["tied"]) == (11, 11, True)
    assert ps[a.name]["seat"] is None and a.seat is None


def test_elim_1_bust_frees_the_seat_and_marks_it_dead_for_the_button():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    ann = t.state.players[1]
    table, seat = ann.table, ann.seat
    assert table is not None and seat is not None
    events = t.execute({"cmd": "bust", "player": "Ann"})
    assert events[0].data["players"][0]["table"] == table and events[0].data["players"][0]["seat"] == seat
    assert seat not in t.state.tables[table].seats and seat in t.state.tables[table].dead_seats


def test_elim_2_late_entries_move_provisional_places(monkeypatch):
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    at_level(monkeypatch, 1)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["place"] == 3
    t.state.started = True
    enter(t, "Dan")
    assert players(t)["Ann"]["place"] == 4


def test_elim_6_last_player_wins_and_nothing_more_can_be_played():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "bust", "player": "Ann"})
    t.execute({"cmd": "bust", "player": "Bob"})
    ps = players(t)
    assert (ps["Cat"]["status"], ps["Cat"]["place"], ps["Bob"]["place"], ps["Ann"]["place"]) == ("winner", 1, 2, 3)
    assert t.state.ended
    refused(t, {"cmd": "register", "name": "Dan"}, "TOURNAMENT_OVER")
    refused(t, {"cmd": "bust", "player": "Cat"}, "TOURNAMENT_OVER")
    assert [r["place"] for r in t.view("places")["places"]] == [1, 2, 3]


def test_elim_bust_refuses_an_out_player_and_a_deciding_one(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    at_level(monkeypatch, 1)
    t.execute({"cmd": "bust", "player": "Ann"})
    refused(t, {"cmd": "bust", "player": "Ann"}, "INVALID_INPUT")
    t.execute({"cmd": "decline_rebuy", "player": "Ann"})
    refused(t, {"cmd": "bust", "player": "Ann"}, "PLAYER_ELIMINATED")
    refused(t, {"cmd": "bust", "player": "Zed"}, "UNKNOWN_PLAYER")


def test_elim_6_the_clock_stops_when_the_winner_is_known():
    from app.clock.view import clock_view

    t = make("hat")
    enter(t, "Ann", "Bob")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.time.advance(600)
    t.execute({"cmd": "bust", "player": "Bob"})
    assert t.state.ended
    view = clock_view(t.state, t.time.now())
    assert view["paused"] and view["pause_reason"] == "tournament over"
    t.time.advance(3600)
    assert clock_view(t.state, t.time.now())["seconds_left"] == 20 * 60  # 30-minute level, 10 minutes played
