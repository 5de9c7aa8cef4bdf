"""The strip, the room display and every sheet show the same bubble, places, ties and money.

One state with an unpaid registration (not in the field), a tie for a paid place and prizes with odd
cents; each face is rendered (the strip and the display offscreen, the sheets as PDF text) and what
they show is compared with the one view they all read.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from app import format as fmt
from app import views
from app.api import FakeClock, Tournament
from app.eliminations import payouts as payout_rules
from app.profiles.profile import load_profile
from sheets import render
from ui.display import RoomDisplay
from ui.widgets.strip import Strip

PRIZES = [50_000, 29_999, 20_000, 15_000, 10_001, 5_000]  # $1,300.00 in all; 5th and 6th share $150.01


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _tournament() -> tuple[Tournament, FakeClock]:
    clk = FakeClock()
    t = Tournament.create(load_profile("tda"), name="Consistency", time=clk, seed=11)
    for i in range(13):
        t.execute({"cmd": "register", "name": f"Player {i + 1:02d}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "register", "name": "Unpaid Ursula", "pay": False})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "set_payouts", "amounts_cents": PRIZES})
    return t, clk


def _bust_seated(t: Tournament, n: int) -> None:
    for _ in range(n):
        busiest = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "player": next(iter(busiest.seats.values()))})
        if t.view("balance")["balance"].get("needed"):
            t.try_execute({"cmd": "balance"})


def _faces(t: Tournament, clk: FakeClock, qtbot) -> tuple[Strip, RoomDisplay]:
    view = views.read(t)
    strip = Strip()
    qtbot.addWidget(strip)
    strip.show_field(view.field, view.currency)
    display = RoomDisplay(t, clk)
    qtbot.addWidget(display)
    display.show()
    qtbot.waitExposed(display)
    display.refresh()
    return strip, display


def _display_payouts(display: RoomDisplay) -> list[tuple[str, str]]:
    panel = display.panel
    return [(p.text(), a.text()) for p, a in zip(panel.payout_places, panel.payout_amounts) if p.text()]


@pytest.fixture
def night():
    return _tournament()


def test_the_bubble_is_the_same_on_the_strip_the_display_and_the_sheets(night, qtbot) -> None:
    t, clk = night
    _bust_seated(t, 6)
    view = views.read(t)
    assert view.field.players_left == 7 and view.field.paid_places == 6  # Ursula has not paid: not in the field
    assert view.field.bubble
    strip, display = _faces(t, clk, qtbot)
    assert strip.field.text() == "7 / 13  · bubble"
    assert "BUBBLE" in display.frame.badges
    assert display.panel.values["players"].text() == "7 / 13"
    payouts = pdf_text(render("payouts", t))
    assert "7 players left" in payouts and "13 entries" in payouts
    pool = fmt.money(130_000)
    assert pool == "$1,300.00"
    assert strip.pool.text().startswith(pool) and display.frame.pool_text == pool and f"Prize pool {pool}" in payouts


def test_places_ties_and_money_are_the_same_everywhere(night, qtbot) -> None:
    t, clk = night
    t.execute({"cmd": "change_settings", "settings": {"elim.same_hand": "split_all"}})
    _bust_seated(t, 7)  # 6 left, in the money
    table = max(t.state.tables.values(), key=lambda tb: tb.population)
    pair = list(table.seats.values())[:2]
    t.execute({"cmd": "bust", "players": pair})
    view = views.read(t)
    tie = next(p for p in view.places if p.tied)
    assert (tie.place, tie.span, sorted(tie.shares_cents)) == (5, 2, [7_500, 7_501])
    assert tie.label == "T-5th"

    strip, display = _faces(t, clk, qtbot)
    expected = [(row.label, fmt.money(row.prize_cents)) for row in view.payouts]
    assert ("T-5th", "$75.01") in expected and ("T-5th", "$75.00") in expected and ("2nd", "$299.99") in expected
    assert _display_payouts(display)[: len(expected)] == expected
    assert view.field.in_the_money and "in the money" in strip.field.text()
    assert {"IN THE MONEY", "FINAL TABLE"} & set(display.frame.badges)

    sheet = pdf_text(render("payouts", t))
    results = pdf_text(render("results", t))
    receipts = pdf_text(render("receipts", t))
    for label, amount in expected:
        assert label in sheet and amount in sheet
    for name, share in zip(tie.names, tie.shares_cents):
        assert name in results and fmt.money(share) in results and fmt.money(share) in receipts
    assert results.count("T-5th") == 2 and sheet.count("T-5th") == 2
    for text in (sheet, results, receipts, strip.pool.text(), display.frame.pool_text):
        assert "5th–" not in text and "5th=" not in text and "(tie" not in text


def test_a_bust_computes_the_prize_table_once_for_every_face(night, qtbot, monkeypatch) -> None:
    t, clk = night
    strip, display = _faces(t, clk, qtbot)
    calls = []
    real = payout_rules.prize_table

    def counted(state):
        calls.append(state.seq)
        return real(state)

    _bust_seated(t, 1)
    monkeypatch.setattr(payout_rules, "prize_table", counted)
    for _ in range(8):  # the strip, the display, the overview, the payouts tab, the sheets ... all read it
        view = views.read(t)
        strip.show_field(view.field, view.currency)
        display.refresh()
    render("payouts", t)
    assert len(calls) == 1


def test_reg_8_the_strip_the_display_and_the_phones_say_late_registration_closed_by_the_director(qtbot) -> None:
    from web.snapshot import state_json

    clk = FakeClock()
    t = Tournament.create(load_profile("tda"), name="Closed early", time=clk, seed=5)
    for i in range(6):
        t.execute({"cmd": "register", "name": f"Player {i + 1}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    clk.advance(60)

    def faces() -> tuple[str, str, dict]:
        view = views.read(t, clk.now())
        strip = Strip()
        qtbot.addWidget(strip)
        strip.show_clock(view.clock)
        display = RoomDisplay(t, clk)
        qtbot.addWidget(display)
        return strip.level.text(), display.source.frame().late_text, state_json(view)["clock"]

    strip_text, display_text, phone = faces()
    assert "Late registration closes in" in strip_text and "Late registration closes in" in display_text
    assert phone["late_closed_early"] is False and phone["late_ms_left"] > 0

    t.execute({"cmd": "close_registration"})
    strip_text, display_text, phone = faces()
    assert fmt.CLOSED_EARLY in strip_text
    assert display_text == fmt.CLOSED_EARLY
    assert phone["late_closed_early"] is True

    t.execute({"cmd": "reopen_registration"})
    strip_text, display_text, phone = faces()
    assert fmt.CLOSED_EARLY not in strip_text and "Late registration closes in" in display_text
    assert phone["late_closed_early"] is False
