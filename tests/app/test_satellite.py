"""Satellites (SAT-1 to SAT-5): seats, the cash left over, the end at the seats, and the money to the cent."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.timesource import FakeClock
from app.eliminations.payouts import prize_table, seat_count
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile, profile_from_dict
from app.tools.simulate import Simulation, run_simulation


def _satellite(players: int, **settings: Any) -> Tournament:
    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "late.mode": "none", **settings}
    t = Tournament.create(profile_from_dict(data), name="Sat", time=FakeClock(1_800_000_000.0), seed=1)
    for i in range(players):
        t.execute({"cmd": "register", "name": f"P{i:03d}"})
    return t


@pytest.mark.parametrize(
    ("players", "seat", "remainder", "table"),
    [
        (10, 25000, "next_place", [25000, 25000, 10000]),  # $600: two seats, $100 to 3rd
        (10, 20000, "next_place", [20000, 20000, 20000]),  # exactly three seats: no cash place
        (10, 70000, "next_place", [60000]),  # less than one seat: the pool in cash to 1st
        (10, 25000, "split", [30000, 30000]),  # the $100 split over two seats
        (1, 6000, "split", [6000]),  # one player, one seat exactly
    ],
)
def test_sat_1_sat_2_seats_and_the_cash_left(players: int, seat: int, remainder: str, table: list[int]) -> None:
    t = _satellite(players, **{"satellite.seat_value_cents": seat, "satellite.remainder": remainder})
    assert prize_table(t.state) == table
    assert sum(table) == t.state.pool_cents


def test_sat_2_odd_cents_of_a_split_go_to_the_first_seats() -> None:
    t = _satellite(10, **{"satellite.seat_value_cents": 20000, "satellite.remainder": "split",
                          "money.buy_in_cents": 6001})
    assert prize_table(t.state) == [20004, 20003, 20003]


def test_sat_1_the_guarantee_counts_for_the_seats() -> None:
    t = _satellite(4, **{"satellite.seat_value_cents": 55000, "money.guarantee_cents": 110000})
    assert seat_count(t.state) == 2 and prize_table(t.state) == [55000, 55000]


def test_sat_3_play_stops_when_the_players_left_fit_into_the_seats() -> None:
    t = _satellite(10, **{"satellite.seat_value_cents": 20000})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    while not t.state.ended:
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    assert t.state.in_field == 0
    seated = [p for p in t.state.players.values() if p.out_reason == "seat"]
    assert len(seated) == 3 and all(p.place == 1 and p.tied == 3 for p in seated)
    view = t.view()["satellite"]
    assert view["seats_awarded"] == 3 and view["cash_cents"] == 0
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "award_seats"})
    assert err.value.code == "TOURNAMENT_OVER"


def test_sat_3_late_registration_open_keeps_playing_then_the_seats_are_awarded_when_it_closes() -> None:
    t = _satellite(10, **{"satellite.seat_value_cents": 20000, "late.mode": "levels", "late.last_level": 1})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for _ in range(7):
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    assert not t.state.ended and t.state.in_field == 3  # entries may still come: no seat yet
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "award_seats"})
    assert "Late registration is still open" in err.value.message
    t.time.advance(3 * 3600)  # type: ignore[attr-defined]
    t.execute({"cmd": "note", "text": "late registration is over"})
    assert t.state.ended and t.view()["satellite"]["seats_awarded"] == 3


def test_sat_1_simulate_300_players_awards_the_seats_and_balances_the_money_to_the_cent() -> None:
    result = run_simulation(Simulation(players=300, seed=1, profile="satellite", check_every=1))
    assert result["seats_awarded"] == 300 * 6000 // 55000 == 32
    assert result["money_balanced"] is True
    assert result["money_taken_cents"] == result["prize_pool_cents"] + result["fees_cents"] == 300 * 6600
    assert result["prizes_awarded_cents"] == result["prize_pool_cents"]


def test_sat_3_hand_for_hand_play_stops_when_the_round_is_over() -> None:
    t = _satellite(10, **{"satellite.seat_value_cents": 20000})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for _ in range(5):  # 5 left, 3 seats
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    t.execute({"cmd": "hand_for_hand", "on": True})
    first, second = sorted(t.state.tables)[:2]
    t.execute({"cmd": "bust", "players": [next(iter(t.state.tables[first].seats.values()))]})
    t.execute({"cmd": "bust", "players": [next(iter(t.state.tables[second].seats.values()))]})
    assert not t.state.ended and t.state.in_field == 3  # the round is not over: another table may still bust
    t.execute({"cmd": "hand_for_hand_round"})
    assert t.state.ended and t.view()["satellite"]["seats_awarded"] == 3
    tied = [p for p in t.state.players.values() if p.place == 4]
    assert len(tied) == 2 and all(p.tied == 2 for p in tied)  # the round's two busts tie for 4th (ELIM-3 b)


def test_sat_3_the_seat_winners_keep_their_chips_so_the_chips_still_add_up() -> None:
    """Found by a long all-commands fuzz: when play stopped at the seats, the winners' stacks left the
    count of chips in play, and the chips view showed thousands of chips missing."""
    t = _satellite(10, **{"satellite.seat_value_cents": 20000})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    while not t.state.ended:
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    winners = [p for p in t.state.players.values() if p.out_reason == "seat"]
    assert len(winners) == 3 and sum(p.stack for p in winners) > 0
    chips = t.view("chips")["chips"]
    assert chips["in_play"] == chips["expected"] == t.state.chips_issued


def test_sat_3_a_satellite_records_no_deal_it_awards_seats() -> None:
    """Found by a long all-commands fuzz: a deal recorded in a satellite shared cash the payout table pays
    as seats, and the payouts no longer added up to the pool."""
    t = _satellite(10, **{"satellite.seat_value_cents": 20000})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    with pytest.raises(RuleError) as err:
        t.execute({"cmd": "record_deal", "method": "chip_chop"})
    assert (err.value.code, err.value.rule) == ("NOT_OFFERED", "SAT-3") and "award_seats" in err.value.message
    assert t.state.deal is None
