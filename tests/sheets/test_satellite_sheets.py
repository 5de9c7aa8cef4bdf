"""SAT-4: the payouts, results and receipts of a satellite say "Seat in <event>", the cash beside it."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict
from app.views import read
from sheets import draw_tournament
from tests.sheets.conftest import pdf_text
from web.snapshot import state_json


def _finished(remainder: str, buy_in: int, seat: int = 20000) -> Tournament:
    data = load_profile("satellite").to_dict()
    data["settings"] = {**data["settings"], "satellite.seat_value_cents": seat, "satellite.remainder": remainder,
                        "money.buy_in_cents": buy_in, "late.mode": "none"}
    t = Tournament.create(profile_from_dict(data), name="Thursday Satellite", time=FakeClock(1_800_000_000.0), seed=3)
    for i in range(10):
        t.execute({"cmd": "register", "name": f"Player {i}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    while not t.state.ended:
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "players": [next(iter(table.seats.values()))]})
    return t


def test_sat_4_payouts_results_and_receipts_say_seat_in_the_event() -> None:
    t = _finished("split", 6001)  # $600.10: three $200 seats and 10 cents split 4/3/3
    results = pdf_text(draw_tournament("results", t, {}).pdf)
    assert results.count("Seat in Main Event") == 3 and "$0.04" in results
    receipts = pdf_text(draw_tournament("receipts", t, {}).pdf)
    assert "I received a seat in Main Event and $0.04 in cash" in " ".join(receipts.split())
    payouts = pdf_text(draw_tournament("payouts", t, {}).pdf)
    assert "Seat in Main Event" in payouts and "$600.10" in payouts


def test_sat_4_the_phone_view_says_seat_in_the_event_and_the_cash_place_in_money() -> None:
    t = _finished("next_place", 6000, seat=25000)  # $600: two $250 seats, $100 to 3rd
    data = state_json(read(t))
    prizes = [p["prize"] for p in data["payouts"]]
    assert prizes == ["Seat in Main Event", "Seat in Main Event", "$100.00"]
    assert data["results"][0]["prize"] == "Seat in Main Event"
    assert data["results"][1]["prize"] == "$100.00"
    assert data["seats"] == "2 seats in Main Event"
