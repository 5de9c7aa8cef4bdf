"""FLT-9: a satellite seat used in a flight is recorded in the flight's own tournament as paid by the seat."""

from __future__ import annotations

import json

import pytest

from app.api import FakeClock, FlightEvent, RuleError, Tournament, flight_event, load_profile, views
from sheets.exports import export
from sheets.money_data import collect_money
from sheets.source import payouts


def _flight() -> Tournament:
    t = Tournament.create(load_profile("tda"), name="Day 1A", time=FakeClock(), seed=2)
    t.execute({"cmd": "register", "name": "Ann", "seat": "Tuesday Satellite"})
    t.execute({"cmd": "register", "name": "Bob"})
    return t


def test_flt_9_a_seat_pays_the_flights_entry_and_its_money_trail_says_seat_not_cash() -> None:
    t = _flight()
    buy_in = int(t.state.profile["money.buy_in_cents"])  # type: ignore[index]
    assert t.state.pool_cents == 2 * buy_in  # the seat's entry is in the prize pool like any other
    rows = views.money(t).rows
    assert [(r.name, r.seat) for r in rows if r.to == "pool"] == [("Ann", "Tuesday Satellite"), ("Bob", "")]
    trail = collect_money(views.money(t), payouts(views.read(t)))
    ann, bob = trail.lines
    assert (ann.cash_cents, ann.pool_cents, ann.what) == (0, buy_in, "Buy-in, paid by a seat from Tuesday Satellite")
    assert (bob.cash_cents, bob.pool_cents, bob.what) == (buy_in, buy_in, "Buy-in")
    money = json.loads(export("money", "json", t))["rows"]
    assert [(r["name"], r["kind"], r["cash_cents"]) for r in money if r["kind"] != "prize"] == [
        ("Ann", "seat", 0), ("Bob", "entry", buy_in)]
    entries = json.loads(export("entries", "json", t))["rows"]
    assert [(r["kind"], r["paid_cents"]) for r in entries] == [("seat", 0), ("entry", buy_in)]


def test_flt_9_a_seat_must_name_its_satellite_and_pay_now() -> None:
    t = _flight()
    before = (len(t.state.players), t.state.pool_cents, len(t.state.money_log))
    for bad in ({"cmd": "register", "name": "Cy", "seat": "  "},
                {"cmd": "register", "name": "Cy", "seat": "Tuesday Satellite", "pay": False}):
        with pytest.raises(RuleError) as info:
            t.execute(bad)
        assert info.value.code == "INVALID_INPUT" and info.value.rule == "FLT-9"
    assert (len(t.state.players), t.state.pool_cents, len(t.state.money_log)) == before


def test_flt_9_the_event_reads_the_seat_from_the_flights_own_record() -> None:
    t = _flight()
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "end_flight_day"})
    end = flight_event.day_end_of("Day 1A", t.state)
    assert [m.seat for m in end.money_log if m.to == "pool"] == ["Tuesday Satellite", ""]
    e = FlightEvent.create(load_profile("tda"), title="Main", seed=1)
    e.execute({"cmd": "add_flight", "flight": "Day 1A"})
    e.execute(end)
    rows = json.loads(export("entries", "json", e.state))["rows"]
    assert [(r["name"], r["kind"], r["paid_cents"]) for r in rows] == [
        ("Ann", "seat", 0), ("Bob", "entry", int(e.profile["money.buy_in_cents"]))]
