"""Bust-outs, batches, places and the winner (ELIM-2 to ELIM-6)."""

from __future__ import annotations

from app.commands.eliminations import Finish
from app.invariants import all_problems
from app.levels.timeline import periods
from tests.app.money_kit import at_level, begin, enter, make, players, refused


def test_elim_4_stack_order_ranks_bigger_stack_higher_and_equal_stacks_tie():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
    begin(t)
    t.execute({"cmd": "bust", "players": ["Ann", "Bob", "Cat"], "stacks": {"Ann": 300, "Bob": 900, "Cat": 300}})
    ps = players(t)
    assert (ps["Bob"]["place"], ps["Bob"]["tied"]) == (4, False)
    assert (ps["Ann"]["place"], ps["Cat"]["place"], ps["Ann"]["place_label"]) == (5, 5, "T-5th")
    assert t.view("places")["places"][0]["players"] == ["Bob"]


def test_elim_4_two_busts_need_the_starting_stacks():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob"]}, "NEEDS_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": -1, "Bob": 5}}, "INVALID_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": 1.5, "Bob": 5}}, "INVALID_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Ann"]}, "INVALID_INPUT")
    refused(t, {"cmd": "bust", "players": ["Ann", "Bob", "Cat"], "stacks": {"Ann": 1, "Bob": 2, "Cat": 3}},
            "INVALID_INPUT")


def test_elim_4_split_all_ties_everyone_in_the_hand_whatever_the_stacks(monkeypatch):
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat", "Dan")
    begin(t)
    at_level(monkeypatch, 5)
    t.execute({"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": 100, "Bob": 900}})
    ps = players(t)
    assert (ps["Ann"]["place"], ps["Bob"]["place"], ps["Bob"]["place_label"]) == (3, 3, "T-3rd")


def test_elim_3_hand_for_hand_batch_across_tables_is_one_tie(monkeypatch):
    t = make("tda")
    enter(t, *[f"P{i}" for i in range(12)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
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
    t.execute({"cmd": "start_clock"})
    ann = t.state.players[1]
    table, seat = ann.table, ann.seat
    assert table is not None and seat is not None
    events = t.execute({"cmd": "bust", "player": "Ann"})
    assert events[0].data["players"][0]["table"] == table and events[0].data["players"][0]["seat"] == seat
    assert seat not in t.state.tables[table].seats and seat in t.state.tables[table].dead_seats


def test_elim_2_late_entries_move_provisional_places(monkeypatch):
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    at_level(monkeypatch, 1)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["place"] == 3
    enter(t, "Dan")
    assert players(t)["Ann"]["place"] == 4


def test_elim_6_last_player_wins_and_nothing_more_can_be_played():
    t = make("hat")  # no late entry: the last player standing wins at once
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    t.execute({"cmd": "bust", "player": "Ann"})
    t.execute({"cmd": "bust", "player": "Bob"})
    ps = players(t)
    assert (ps["Cat"]["status"], ps["Cat"]["place"], ps["Bob"]["place"], ps["Ann"]["place"]) == ("winner", 1, 2, 3)
    assert t.state.ended
    refused(t, {"cmd": "register", "name": "Dan"}, "TOURNAMENT_OVER")
    refused(t, {"cmd": "bust", "player": "Cat"}, "TOURNAMENT_OVER")
    assert [r["place"] for r in t.view("places")["places"]] == [1, 2, 3]


def test_elim_6_no_bust_before_the_tournament_has_started():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    err = refused(t, {"cmd": "bust", "player": "Ann"}, "NOT_STARTED")
    assert err.message == "The tournament has not started: nobody can bust yet."
    begin(t)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["status"] == "out"


def test_elim_6_no_winner_while_late_registration_can_bring_entries():
    t = make("tda", reentry__offered=True)  # late registration to the end of level 3, 20-minute levels
    enter(t, "Ann", "Bob")
    begin(t)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert not t.state.ended and players(t)["Bob"]["status"] == "seated" and players(t)["Ann"]["place"] == 2
    refused(t, {"cmd": "bust", "player": "Bob"}, "INVALID_INPUT")  # somebody must win the hand
    t.execute({"cmd": "reenter", "player": "Ann"})
    enter(t, "Cat")
    assert players(t)["Cat"]["status"] == "seated" and not t.state.ended
    t.execute({"cmd": "bust", "players": ["Ann", "Cat"], "stacks": {"Ann": 500, "Cat": 900}})
    assert not t.state.ended
    refused(t, {"cmd": "finish"}, "INVALID_INPUT")  # the window is open: entries can still arrive


def test_elim_6_the_tournament_ends_when_late_registration_closes_with_one_player_left():
    from app.clock.view import clock_view

    t = make("tda")
    enter(t, "Ann", "Bob")
    begin(t)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert t.due_command() is None
    level_s = int(t.state.profile["structure.level_minutes"]) * 60
    close_s = sum(p.length_ms for p in periods(t.state) if p.level <= 3) // 1000
    t.time.advance(close_s + 5 * 60)
    # Time passing closed the window: the engine ends the tournament at the next command.
    assert t.due_command() == Finish()
    refused_after = t.try_execute({"cmd": "register", "name": "Dan"})
    assert refused_after[1] is not None and refused_after[1].code == "TOURNAMENT_OVER"
    assert t.state.ended and players(t)["Bob"]["status"] == "winner" and t.log[-1].type == "tournament_won"
    view = clock_view(t.state, t.time.now())
    assert view["paused"] and view["pause_reason"] == "tournament over"
    # The clock stopped where the window closed, not when the next command came.
    assert view["level"] == 4 and view["seconds_left"] == level_s
    t.execute({"cmd": "note", "text": "Bob wins"})


def test_elim_bust_refuses_an_out_player_and_a_deciding_one(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
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


def test_elim_1_a_player_seated_before_buying_in_cannot_bust():
    """Found by the deep fuzz: a registrant seated before paying (REG-5) could be busted; he was never in the
    field, so the count of players left went one too low and later places overlapped a deal's."""
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "register", "name": "Dan", "pay": False})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "seat_player", "player": "Dan"})
    t.execute({"cmd": "start_clock"})
    dan = t.state.players[t.state.by_name["dan"]]
    assert dan.status == "seated" and not dan.entries
    left = t.state.in_field
    err = refused(t, {"cmd": "bust", "player": "Dan"}, "INVALID_INPUT")
    assert err.rule == "ELIM-1" and "has not bought in" in err.message
    assert t.state.in_field == left == 3 and dan.status == "seated"
    t.execute({"cmd": "buy_in", "player": "Dan"})
    t.execute({"cmd": "bust", "player": "Dan"})
    assert dan.place == 4 and t.state.in_field == 3


def test_elim_6_the_last_player_holding_chips_cannot_bust_while_the_others_decide_on_a_rebuy():
    """Found by the deep fuzz: with rebuys, the players deciding on a rebuy still counted as holding chips,
    so the last two could both bust; once both declined, nobody was left and two players shared 1st."""
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann"})  # may rebuy: deciding, no chips
    t.execute({"cmd": "bust", "player": "Bob"})
    assert all(t.state.players[t.state.by_name[n]].deciding for n in ("ann", "bob"))
    assert t.state.deciding_count == 2
    err = refused(t, {"cmd": "bust", "player": "Cat"}, "INVALID_INPUT")
    assert err.rule == "ELIM-6" and "Somebody must win the hand" in err.message
    t.execute({"cmd": "decline_rebuy", "player": "Ann"})
    assert t.state.deciding_count == 1
    t.execute({"cmd": "decline_rebuy", "player": "Bob"})
    cat = t.state.players[t.state.by_name["cat"]]
    assert t.state.ended and cat.status == "winner" and cat.place == 1 and t.state.deciding_count == 0


def test_elim_6_a_rebuy_gives_the_hand_a_player_holding_chips_again():
    """The players deciding are counted as the events come (not by a look over the whole field at every
    bust): a rebuy takes a player out of the count, and the next bust is judged on it."""
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann"})
    t.execute({"cmd": "bust", "player": "Bob"})
    t.execute({"cmd": "rebuy", "player": "Ann"})
    assert t.state.deciding_count == 1 and not all_problems(t.state)
    t.execute({"cmd": "bust", "player": "Cat"})  # Ann holds chips again: she wins this hand
    assert t.state.deciding_count == 2
    refused(t, {"cmd": "bust", "player": "Ann"}, "INVALID_INPUT")


class _CountedField(dict):
    """The players, counting every look over all of them."""

    looks = 0

    def values(self):
        _CountedField.looks += 1
        return super().values()

    def items(self):
        _CountedField.looks += 1
        return super().items()

    def __iter__(self):
        _CountedField.looks += 1
        return super().__iter__()


def test_elim_6_a_bust_does_not_look_over_the_whole_field():
    """A bust, a rebuy and a decline cost the same in a field of 40 or 30,000: none of them looks at every
    player registered (the ELIM-6 check once did, and a 30,000-player tournament took four times as long)."""
    for profile in ("tda", "home-rebuy"):
        t = make(profile)
        enter(t, *[f"P{i}" for i in range(40)])
        begin(t)
        t.state.players = _CountedField(t.state.players)
        _CountedField.looks = 0
        t.execute({"cmd": "bust", "player": "P3"})
        t.execute({"cmd": "bust", "player": "P4"})
        if profile == "home-rebuy":
            t.execute({"cmd": "rebuy", "player": "P3"})
            t.execute({"cmd": "decline_rebuy", "player": "P4"})
        assert _CountedField.looks == 0, profile


def test_elim_6_a_hand_seated_tournament_starts_when_its_clock_first_runs():
    """Section 20.6: seats given by hand do not start the tournament; the clock's first run does, and every
    rule that asks "has it started?" (busts, withdraw refunds, the late-registration window, the views)
    gives the same answer, also when the log is replayed."""
    from app.engine import Tournament
    from app.views import read

    t = make("tda")
    enter(t, "Ann", "Bob", "Cat", "Dan")
    t.execute({"cmd": "open_table", "table": 1})
    for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan"), start=1):
        t.execute({"cmd": "seat_player", "player": name, "table": 1, "seat": seat})
    assert not t.state.started and t.view("tournament")["tournament"]["started"] is False
    assert read(t).field.started is False
    err = refused(t, {"cmd": "bust", "player": "Ann"}, "NOT_STARTED")
    assert err.rule == "ELIM-6"
    t.execute({"cmd": "withdraw", "player": "Dan"})  # before the start: refunded, his seat is open again
    dan = players(t)["Dan"]
    assert (dan["status"], dan["refunded"], dan["table"]) == ("out", True, None)
    assert 4 not in t.state.tables[1].seats and all_problems(t.state) == []
    t.execute({"cmd": "start_clock"})
    assert t.state.started and t.view("tournament")["tournament"]["started"] is True
    assert read(t).field.started is True
    t.time.advance(60)  # type: ignore[attr-defined]
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["place"] == 3
    refused(t, {"cmd": "withdraw", "player": "Bob"}, "ALREADY_STARTED")
    t.time.advance(4 * 3600)  # type: ignore[attr-defined]  # level 3, the last for late entries, is over
    refused(t, {"cmd": "register", "name": "Eve"}, "WINDOW_CLOSED")
    again = Tournament.replay(list(t.log))
    assert again.state.started and again.view("tournament") == t.view("tournament")


def test_elim_6_the_seat_draw_does_not_start_the_tournament():
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    assert t.view("tournament")["tournament"]["started"] is False
    refused(t, {"cmd": "bust", "player": "Ann"}, "NOT_STARTED")
    enter(t, "Dan")  # after the draw a new entrant is seated at once, but nobody is a late entrant yet
    dan = t.state.players[t.state.by_name["dan"]]
    assert dan.table is not None and dan.new_obligation is None
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann"})
    assert t.state.players[t.state.by_name["ann"]].deciding
