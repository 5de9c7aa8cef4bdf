"""FLT: an event of flights, the end of a day and its bags, Day 2 from the bags, its places and prizes."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.api import (
    FakeClock,
    FlightEvent,
    RuleError,
    Tournament,
    flight_event,
    load_profile,
    run_flights,
)
from app.flights.rules import Bag, Finisher, day1_order, day_is_over, draw_seats, prizes, stacks_forward
from db.event_store import EventStore
from floorman.cli import main
from sheets.exports import export
from tests.app.flight_kit import EndDay, bag_all, played_satellite, profile_with, satellite_played, two_flights
from tests.bench import bench_flights


def test_flt_2_the_biggest_bag_goes_forward_never_the_sum() -> None:
    bags = [Bag("Ann", "1", 21000, 1, "Day 1A"), Bag("ann", "4", 30000, 1, "Day 1B"),
            Bag("Bob", "2", 9000, 1, "Day 1A")]
    chosen = stacks_forward(bags, "biggest", ["Day 1A", "Day 1B"])
    assert {k: b.chips for k, b in chosen.items()} == {"ann": 30000, "bob": 9000}
    first = stacks_forward(bags, "first", ["Day 1A", "Day 1B"])
    assert first["ann"].chips == 21000
    tie = stacks_forward([Bag("Ann", "9", 5, 1, "Day 1B"), Bag("Ann", "8", 5, 1, "Day 1A")], "biggest",
                         ["Day 1A", "Day 1B"])
    assert tie["ann"].flight == "Day 1A"  # equal bags: the earlier flight's


def test_flt_2_day2_takes_one_bag_per_player_and_the_other_leaves_play() -> None:
    e = two_flights()
    bag_all(e)
    e.execute({"cmd": "make_day2"})
    d = e.state.day2
    assert d is not None
    assert d.stacks == {"Ann": 30000, "Bob": 9000, "Cat": 20000, "Fox": 10000}
    assert d.left_behind == {"Day 1A": 21000}
    assert flight_event.chips_conserved(e.state)


def test_flt_3_a_bagged_flight_refuses_play_and_a_second_end() -> None:
    e = two_flights()
    with pytest.raises(RuleError) as info:
        e.check_play("Day 1A")
    assert info.value.code == "FLIGHT_BAGGED"
    with pytest.raises(RuleError) as info:
        e.may_enter("Day 1B", "Zoe")
    assert info.value.code == "FLIGHT_BAGGED"
    facts = len(e.log)
    with pytest.raises(RuleError) as info:
        e.execute(EndDay(flight="Day 1A", entries=5, pool_cents=0, chips_in_play={1: 1}, survivors={"Ann": 1},
                         finishers=[]))
    assert info.value.code == "FLIGHT_BAGGED" and len(e.log) == facts


def test_flt_3_a_day_ends_at_a_level_a_number_or_a_share_left() -> None:
    base = dict(load_profile("tda").settings)
    assert not day_is_over(base, 100, 2, 99)  # the director's word: a command, never by itself
    assert day_is_over({**base, "flight.end": "level", "flight.end_level": 12}, 100, 50, 13)
    assert not day_is_over({**base, "flight.end": "level", "flight.end_level": 12}, 100, 50, 12)
    assert day_is_over({**base, "flight.end": "players", "flight.end_players": 20}, 100, 20, 3)
    assert not day_is_over({**base, "flight.end": "players", "flight.end_players": 20}, 100, 21, 3)
    share = {**base, "flight.end": "share", "flight.end_share_percent": 15}
    assert day_is_over(share, 200, 30, 3) and not day_is_over(share, 200, 31, 3)


def test_flt_3_the_end_of_day_is_read_from_the_flight() -> None:
    t = Tournament.create(load_profile("tda"), name="Day 1A", time=FakeClock(), seed=3)
    for n in ("Ann", "Bob", "Cat", "Dan"):
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "players": ["Dan"]})
    with pytest.raises(RuleError) as info:
        flight_event.day_end_of("Day 1A", t.state)
    assert info.value.code == "FLIGHT_NOT_BAGGED"
    t.execute({"cmd": "end_flight_day"})
    cmd = flight_event.day_end_of("Day 1A", t.state, {"Ann": 15000, "Bob": 15000, "Cat": 10000})
    assert cmd.entries == 4 and cmd.pool_cents == t.state.pool_cents
    assert set(cmd.survivors) == {"Ann", "Bob", "Cat"} and cmd.finishers == [("Dan", 3)]
    assert sum(cmd.chips_in_play.values()) == 40000


def test_flt_4_bags_off_beyond_the_tolerance_are_refused_with_the_difference() -> None:
    e = two_flights(**{"flight.bag_tolerance_chips": 500})
    before = flight_event.view(e.state)
    with pytest.raises(RuleError) as info:
        e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
                   "bags": [{"player": "Ann", "bag": "1", "chips": 21000},
                            {"player": "Bob", "bag": "2", "chips": 9600}]})
    assert info.value.code == "BAG_COUNT_OFF"
    assert "600 more than the 30,000 in play" in info.value.message
    assert flight_event.view(e.state) == before
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
               "bags": [{"player": "Ann", "bag": "1", "chips": 21000}, {"player": "Bob", "bag": "2", "chips": 8600}]})
    assert e.state.flights["Day 1A"].differences == {1: -400}
    assert any("bags -400 chips off" in line for line in flight_event.summary(e.state))


def test_flt_5_day2_draw_is_recorded_even_and_replays_the_same() -> None:
    seats = draw_seats([f"P{i}" for i in range(23)], 9, 42)
    tables: dict[int, list[int]] = {}
    for _, t, s in seats:
        tables.setdefault(t, []).append(s)
    assert sorted(len(v) for v in tables.values()) == [7, 8, 8]
    assert all(len(set(v)) == len(v) and all(1 <= s <= 9 for s in v) for v in tables.values())
    assert draw_seats([f"P{i}" for i in range(23)], 9, 42) == seats
    assert draw_seats([f"P{i}" for i in range(23)], 9, 43) != seats
    e = two_flights()
    bag_all(e)
    e.execute({"cmd": "make_day2"})
    again = FlightEvent.replay(list(e.log))
    assert again.state.day2 is not None and e.state.day2 is not None
    assert again.state.day2.seats == e.state.day2.seats and again.state.day2.seed == e.state.day2.seed


def test_flt_6_day2_late_registration_follows_theprofile_with() -> None:
    e = two_flights()
    bag_all(e)
    e.execute({"cmd": "make_day2"})
    with pytest.raises(RuleError) as info:
        e.execute({"cmd": "register_day2", "player": "Hal"})
    assert info.value.code == "DAY2_REG_CLOSED"
    open_ = two_flights(**{"flight.day2_late_reg": True, "table.max_seats": 2})
    bag_all(open_)
    open_.execute({"cmd": "make_day2"})
    pool = flight_event.prize_pool(open_.state)
    open_.execute({"cmd": "register_day2", "player": "Hal"})
    d = open_.state.day2
    assert d is not None and d.stacks["Hal"] == 10000 and d.seats["Hal"][0] == 3  # both tables full: a new one
    assert flight_event.prize_pool(open_.state) == pool + 10000 and flight_event.entries(open_.state) == 10


def test_flt_6_late_registration_is_open_to_the_first_bust_and_closed_from_it() -> None:
    e = two_flights(**{"flight.day2_late_reg": True})
    bag_all(e)
    e.execute({"cmd": "make_day2"})
    for name in ("Hal", "Dan"):  # the last moment: every player still in; a Day-1 finisher may buy in again
        e.execute({"cmd": "register_day2", "player": name})
    e.execute({"cmd": "bust_day2", "players": ["Hal", "Bob"], "won_by": "Ann"})  # the first bust, two in one hand
    before, facts = flight_event.view(e.state), len(e.log)
    with pytest.raises(RuleError) as info:
        e.execute({"cmd": "register_day2", "player": "Ivy"})
    assert info.value.code == "DAY2_REG_CLOSED" and "first bust" in info.value.message
    assert flight_event.view(e.state) == before and len(e.log) == facts
    assert flight_event.entries(e.state) == 11 and flight_event.prize_pool(e.state) == 90000 + 2 * 10000
    assert all(r.player != "Dan" for r in flight_event.results(e.state))  # still in: not a Day-1 finisher now
    e.execute({"cmd": "bust_day2", "players": ["Dan"], "won_by": "Ann"})
    rows = flight_event.results(e.state)
    assert [(r.player, r.day) for r in rows if r.player.casefold() == "dan"] == [("Dan", "Day 2")]  # placed once
    assert [(r.place, r.player) for r in rows] == [(4, "Dan"), (5, "Hal"), (6, "Bob"),  # Hal had more chips than Bob
                                                   (7, "Gil"), (8, "Eve")]  # the Day-1 finishers below Day 2


def test_flt_7_day1_finishers_rank_below_day2_fewer_left_first_then_the_flights_order() -> None:
    finishers = [Finisher("Dan", "Day 1A", 3), Finisher("Eve", "Day 1A", 4), Finisher("Gil", "Day 1B", 2),
                 Finisher("dan", "Day 1B", 3), Finisher("Ann", "Day 1A", 9), Finisher("Hal", "Day 1B", 3)]
    assert day1_order(finishers, ["Day 1A", "Day 1B"], ["Ann"]) == ["Gil", "Dan", "Hal", "Eve"]
    e = two_flights()
    bag_all(e)
    e.execute({"cmd": "make_day2"})
    rows = flight_event.results(e.state)
    # Day 2 has not begun: only the Day-1 places are decided, and they start after Day 2's four
    assert [(r.place, r.player, r.day) for r in rows] == [(5, "Gil", "Day 1B"), (6, "Dan", "Day 1A"),
                                                          (7, "Eve", "Day 1A")]


def test_flt_8_the_combined_pool_is_paid_over_every_entry_to_the_cent() -> None:
    e = two_flights(**{"payout.table": "percent", "payout.percents": [40, 25, 15, 12, 8]})
    bag_all(e)  # Day 2: Ann 30,000, Cat 20,000, Fox 10,000, Bob 9,000
    e.execute({"cmd": "make_day2"})
    e.execute({"cmd": "bust_day2", "players": ["Bob", "Fox"], "won_by": "Ann"})  # ELIM-4: Fox had more: 3rd
    rows = flight_event.results(e.state)
    assert [(r.place, r.tied, r.player, r.prize_cents) for r in rows[:4]] == [
        (3, 1, "Fox", 13500), (4, 1, "Bob", 10800), (5, 1, "Gil", 7200), (6, 1, "Dan", 0)]
    e.execute({"cmd": "bust_day2", "players": ["Cat"], "won_by": "Ann"})
    rows = flight_event.results(e.state)
    assert [(r.place, r.player, r.prize_cents) for r in rows[:2]] == [(1, "Ann", 36000), (2, "Cat", 22500)]
    assert sum(r.prize_cents for r in rows) == flight_event.prize_pool(e.state) == 90000
    assert e.state.day2 is not None and e.state.day2.stacks["Ann"] == 69000  # every chip brought forward
    assert prizes(e.profile.settings, 100001, 9, 2) == [61540, 38461]  # fewer players than places: all paid


def test_flt_8_equal_stacks_out_in_one_hand_tie_and_share_to_the_cent() -> None:
    e = FlightEvent.create(profile_with(**{"payout.table": "percent", "payout.percents": [50, 30, 15, 5]}), seed=2)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute(EndDay(flight="Day 1A", entries=3, pool_cents=10001, chips_in_play={1: 30000},
                     survivors={"Ann": 1, "Bob": 1, "Cat": 1}, finishers=[]))
    e.execute({"cmd": "enter_bags", "flight": "Day 1A", "table": 1,
               "bags": [{"player": "Ann", "bag": "1", "chips": 10000}, {"player": "Bob", "bag": "2", "chips": 10000},
                        {"player": "Cat", "bag": "3", "chips": 10000}]})
    e.execute({"cmd": "make_day2"})
    e.execute({"cmd": "bust_day2", "players": ["Cat", "Bob"], "won_by": "Ann"})
    rows = flight_event.results(e.state)
    # three players: the 4th place's 5% is spread over the three paid (50/95, 30/95, 15/95 of 100.01, the odd
    # cent to 1st); places 2 and 3 (31.58 + 15.79) are shared, the odd cent to the first in name order
    assert [(r.place, r.tied, r.player, r.prize_cents) for r in rows] == [
        (1, 1, "Ann", 5264), (2, 2, "Bob", 2369), (2, 2, "Cat", 2368)]
    assert sum(r.prize_cents for r in rows) == 10001


def test_flt_1_one_flight_per_player_where_the_profile_says_so() -> None:
    e = FlightEvent.create(profile_with(**{"flight.enter_several": False}), seed=1)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute({"cmd": "add_flight", "flight": "Day 1B"})
    e.execute(EndDay(flight="Day 1A", entries=2, pool_cents=1, chips_in_play={1: 2}, survivors={"Ann": 1},
                     finishers=[("Bob", 1)]))
    with pytest.raises(RuleError) as info:
        e.may_enter("Day 1B", " BOB ")
    assert info.value.code == "ENTERED_OTHER_FLIGHT"
    e.may_enter("Day 1B", "Cat")


def test_flt_1_a_name_typed_with_decomposed_accents_is_the_same_player_in_another_flight() -> None:
    """ "José Núñez" typed with composed accents in one flight and decomposed ones (a Mac's keyboard, a pasted
    list) in the next is one player, as the tournament itself matches names: refused where the profile allows
    one flight, and one bag forward (FLT-2), never two."""
    composed = unicodedata.normalize("NFC", "José Núñez")
    decomposed = unicodedata.normalize("NFD", "José Núñez")
    assert composed != decomposed
    e = FlightEvent.create(profile_with(**{"flight.enter_several": False}), seed=1)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute({"cmd": "add_flight", "flight": "Day 1B"})
    e.execute(EndDay(flight="Day 1A", entries=2, pool_cents=1, chips_in_play={1: 2}, survivors={composed: 1},
                     finishers=[("Bob", 1)]))
    with pytest.raises(RuleError) as info:
        e.may_enter("Day 1B", decomposed)
    assert info.value.code == "ENTERED_OTHER_FLIGHT"
    bags = [Bag(composed, "1", 21000, 1, "Day 1A"), Bag(decomposed, "7", 30000, 1, "Day 1B")]
    assert [b.chips for b in stacks_forward(bags, "biggest", ["Day 1A", "Day 1B"]).values()] == [30000]


def test_an_unknown_event_command_or_field_is_refused_in_words() -> None:
    e = two_flights()
    for bad in ({"cmd": "fly"}, {"cmd": "add_flight"}, {"cmd": "add_flight", "flight": "X", "extra": 1}):
        with pytest.raises(RuleError) as info:
            e.execute(bad)
        assert info.value.code == "INVALID_INPUT"


def test_flt_simulate_flights_json(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    db = tmp_path / "event.floorman-event"
    assert main(["simulate", "--flights", "3", "--players", "40", "--json", "--db", str(db)]) == 0
    out = json.loads(capsys.readouterr().out)
    for k in ("flights", "day2_players", "entries", "prize_pool_cents", "paid_cents", "chips_conserved"):
        assert k in out
    assert out["flights"] == 3 and out["entries"] == 120 and out["chips_conserved"] is True
    assert out["paid_cents"] == out["prize_pool_cents"] == 120 * 10000
    with EventStore.open(db) as store:
        assert flight_event.paid_cents(store.event.state) == out["paid_cents"]
        played = store.event.state.day2.played  # type: ignore[union-attr]
        assert played is not None and played.over and played.players == out["day2_players"]  # FLT-10
    with pytest.raises(SystemExit):
        main(["simulate", "--flights", "0"])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flights=st.integers(1, 4), players=st.integers(4, 40), seed=st.integers(0, 10_000),
       forward=st.sampled_from(["biggest", "first"]), late=st.integers(0, 6), seats=st.integers(0, 3))
def test_flt_random_flights_into_day2_keep_chips_money_and_places(flights: int, players: int, seed: int,
                                                                   forward: str, late: int, seats: int) -> None:
    profile = profile_with(**{"flight.stack_forward": forward, "flight.day2_late_reg": late > 0})
    event = FlightEvent.create(profile, title="Random", seed=seed)
    out = run_flights(flights, players, seed=seed, event=event, late_entries=late, seats=seats)
    assert out["seat_entries"] == flights * seats
    state = event.state
    assert state.day2 is not None and state.day2.played is not None  # FLT-10: played as a tournament, read back
    assert out["day2_late_entries"] == state.day2.played.late_entries == late and state.day2.played.over
    assert out["chips_conserved"] and flight_event.chips_conserved(state)
    bagged = flight_event.chips_bagged(state)
    assert state.day2.played.carried_chips == bagged - sum(state.day2.left_behind.values())
    assert out["day2_chips"] == state.day2.played.carried_chips + late * 10000
    assert out["entries"] == sum(f.entries for f in state.flights.values()) + late
    flights_pool = sum(f.pool_cents for f in state.flights.values())
    assert out["paid_cents"] == out["prize_pool_cents"] == flights_pool + late * 10000  # to the cent (FLT-8)
    late_names = [n for n, _ in flight_event.late_entries(state)]
    assert len(late_names) == late and all(flight_event.came_from(state).get(n, "Day 2") == "Day 2"
                                           for n in late_names)
    rows = flight_event.results(state)
    names = [r.player.casefold() for r in rows]
    assert len(names) == len(set(names))  # everybody once
    places = [r.place for r in rows]
    assert places == sorted(places) and places[0] == 1
    day2 = [r for r in rows if r.day == "Day 2"]
    assert len(day2) == out["day2_players"] and all(r.place <= out["day2_players"] for r in day2)
    assert set(late_names) <= {r.player for r in day2}  # each late entry placed among Day 2's players
    written = json.loads(export("results", "json", state))  # the export says the same places and prizes
    assert [(r["place_number"], r["name"], r["prize_cents"]) for r in written["rows"]] == [
        (r.place, r.player, r.prize_cents) for r in rows]
    money = json.loads(export("money", "json", state))["rows"]
    assert sum(r["pool_cents"] for r in money if r["kind"] != "prize") == out["prize_pool_cents"]
    assert money[-1]["pool_after_cents"] == 0
    seat_rows = [r for r in money if r["kind"] == "seat"]  # FLT-9: paid by the seat, in the pool, no cash
    assert len(seat_rows) == flights * seats and all(r["cash_cents"] == 0 and r["pool_cents"] > 0 for r in seat_rows)
    cash_in = sum(r["cash_cents"] for r in money if r["kind"] not in ("prize", "guarantee"))
    assert cash_in == out["prize_pool_cents"] - sum(r["pool_cents"] for r in seat_rows)  # tda: no fee, no bounty
    assert all(r.place > out["day2_players"] for r in rows if r.day != "Day 2")
    for r in rows:  # a tied block shares its places: the next block starts after it
        assert r.place + r.tied - 1 <= len(rows)


def test_flt_bench_makes_day2_from_played_flights(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_flights.main(200, 2) == 0
    out = capsys.readouterr().out
    assert "Day 2:" in out and "each committed" in out


def _refused(e: FlightEvent, cmd: Any) -> str:
    before, facts = flight_event.view(e.state), len(e.log)
    with pytest.raises(RuleError) as info:
        e.execute(cmd)
    assert info.value.message and flight_event.view(e.state) == before and len(e.log) == facts
    return info.value.code


def test_flt_9_a_satellite_seat_pays_one_entry_into_its_flight() -> None:
    e = FlightEvent.create(profile_with(), title="Main", seed=5)
    for name in ("Day 1A", "Day 1B"):
        e.execute({"cmd": "add_flight", "flight": name})
    seats = flight_event.seats_of("Sat 1", satellite_played("day 1b").state)
    assert seats.seat_value_cents == 20000 and len(seats.winners) == 3 and seats.target == "day 1b"
    e.execute(seats)
    assert {s.flight for s in e.state.seats} == {"Day 1B"}
    winner, other = seats.winners[0], "Quinn"
    assert _refused(e, {"cmd": "use_seat", "flight": "Day 1A", "player": winner}) == "SEAT_OTHER_FLIGHT"
    assert _refused(e, {"cmd": "use_seat", "flight": "Day 1B", "player": "Nobody"}) == "NO_SEAT"
    e.execute({"cmd": "use_seat", "flight": "Day 1B", "player": winner.upper()})  # the same player, case aside
    assert _refused(e, {"cmd": "use_seat", "flight": "Day 1B", "player": winner}) == "SEAT_USED"
    assert _refused(e, seats) == "SEATS_ENTERED"
    elsewhere = flight_event.seats_of("Sat 2", satellite_played("Sunday Main").state)
    assert _refused(e, elsewhere) == "SEAT_OTHER_EVENT"
    anyflight = flight_event.AddSeats(satellite="Sat 3", target="MAIN", seat_value_cents=20000, winners=[other])
    e.execute(anyflight)  # a seat for the event: any flight takes it
    e.execute({"cmd": "use_seat", "flight": "Day 1A", "player": other})
    assert _refused(e, {"cmd": "use_seat", "flight": "Day 1B", "player": other}) == "SEAT_USED"
    # the flight's end of day: the seat's entry is in its pool as any buy-in; the exports say no cash was paid
    log = [flight_event.FlightMoney(at=1.0 + i, kind="entry", player=n, cents=10000, to="pool")
           for i, n in enumerate([winner, "Zed"])]
    e.execute(EndDay(flight="Day 1B", entries=2, pool_cents=20000, chips_in_play={1: 20000},
                     survivors={winner: 1}, finishers=[("Zed", 1)], money_log=log))
    assert _refused(e, {"cmd": "use_seat", "flight": "Day 1B", "player": seats.winners[2]}) == "FLIGHT_BAGGED"
    money = json.loads(export("money", "json", e.state))["rows"]
    seat_rows = [r for r in money if r["kind"] == "seat"]
    assert [(r["name"], r["cash_cents"], r["pool_cents"]) for r in seat_rows] == [(winner, 0, 10000)]
    assert "paid by a seat from Sat 1" in seat_rows[0]["what"]
    assert sum(r["pool_cents"] for r in money if r["kind"] != "prize") == flight_event.prize_pool(e.state) == 20000


def test_flt_9_bad_seats_are_refused_in_words() -> None:
    e = FlightEvent.create(profile_with(), title="Main", seed=5)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    bad = {"cmd": "add_seats", "satellite": "Sat", "target": "Main", "seat_value_cents": 0, "winners": ["Ann"]}
    assert _refused(e, bad) == "INVALID_INPUT"
    assert _refused(e, {**bad, "seat_value_cents": 100, "winners": ["Ann", " ann "]}) == "INVALID_INPUT"
    assert _refused(e, {**bad, "seat_value_cents": 100, "winners": []}) == "INVALID_INPUT"
    assert _refused(e, {"cmd": "use_seat", "flight": "Day 1Z", "player": "Ann"}) == "FLIGHT_UNKNOWN"
    with pytest.raises(RuleError) as info:
        flight_event.seats_of("Weekly", Tournament.create(profile_with(), name="Weekly").state)
    assert info.value.code == "NOT_A_SATELLITE"


def test_flt_9_floorman_event_seats_reads_the_satellite_file(tmp_path: Any,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sat.floorman"
    played_satellite(path, "Day 1A")
    event = tmp_path / "main.floorman-event"
    assert main(["event", "new", str(event), "--title", "Main", "--seed", "1"]) == 0
    assert main(["event", "flight", str(event), "Day 1A"]) == 0
    assert main(["event", "seats", str(event), str(path)]) == 0
    assert main(["event", "seats", str(event), str(path)]) == 1
    assert "SEATS_ENTERED" in capsys.readouterr().err
    with EventStore.open(event, read_only=True) as es:
        seats = [(s.satellite, s.flight, s.value_cents) for s in es.event.state.seats]
        assert seats == [("Sat 1", "Day 1A", 20000)] * 3
