"""The money trail: every movement with the running prize pool, a summary that balances to the cent."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from pypdf import PdfReader

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from floorman.cmd_print import main
from sheets import SHEETS, render, render_sheet
from sheets.model import Payout, Sheet
from sheets.money_data import MoneyTrail, lines_from_log
from tests.sheets.conftest import page_count, pdf_text, unembedded_fonts

NAMES = ("Ann Lee", "Bo Chen", "José Núñez", "Łukasz Żółć", "Αλέξης Παππάς", "Дмитрий Иванов", "Carla Okafor")
LEAVES = ("Dev Novak", "Femi Schmidt")  # Dev withdraws (refunded); Femi is absent at the start (forfeit fee)


def flat(pdf: bytes) -> str:
    """The PDF's text with each run of white space (cell and line breaks) as one space."""
    return " ".join(pdf_text(pdf).split())


def dollars(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}${Decimal(abs(cents)) / 100:,.2f}"


@pytest.fixture(scope="module")
def home_game() -> Tournament:
    """Home-rebuy profile with a house fee: buy-ins, a refund, a forfeit fee, rebuys, played to the end."""
    clock = FakeClock(1_790_000_000.0)
    t = Tournament.create(load_profile("home-rebuy"), name="Kitchen Table", time=clock, seed=3)
    t.execute({"cmd": "change_settings", "settings": {"money.fee_cents": 300, "reg.forfeit_fee_cents": 500}})
    for name in NAMES + LEAVES:
        t.execute({"cmd": "register", "name": name})
        clock.advance(30)
    t.execute({"cmd": "withdraw", "player": "Dev Novak"})
    t.execute({"cmd": "forfeit_at_start", "player": "Femi Schmidt"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for name in ("Bo Chen", "Ann Lee", "Bo Chen"):
        clock.advance(120)
        t.execute({"cmd": "bust", "player": name, "rebuy": True})
    clock.advance(2000)
    for name in ("Carla Okafor", "Дмитрий Иванов", "Αλέξης Παππάς", "Łukasz Żółć", "José Núñez", "Bo Chen"):
        clock.advance(120)
        t.execute({"cmd": "bust", "player": name})
    assert t.state.ended
    return t


def test_the_sheet_is_registered():
    assert SHEETS["money"] == "Money trail"


def test_every_movement_with_its_player_and_amount(home_game):
    st = home_game.state
    pdf = render("money", home_game)
    text = flat(pdf)
    for p in st.players.values():
        assert p.name in text
    assert text.count("Buy-in + house fee") == len(NAMES) + len(LEAVES)
    assert text.count("+$23.00") >= len(NAMES) + len(LEAVES)
    assert text.count("Rebuy") >= 3 and "Refund (withdrew)" in text and "-$23.00" in text
    assert "Forfeit fee (absent)" in text and "+$5.00" in text
    assert dollars(st.pool_cents) in text  # the running prize pool ends on the pool
    assert unembedded_fonts(pdf) == []


def test_the_summary_balances_with_the_engine(home_game):
    st = home_game.state
    text = flat(render("money", home_game))
    paid_in = sum(p.paid_cents for p in st.players.values())
    assert f"Total paid in {dollars(paid_in)}" in text
    assert f"Refunds paid back (1) {dollars(-st.refunds_cents)}" in text
    assert f"Held now {dollars(paid_in - st.refunds_cents)}" in text
    assert f"Prize pool {dollars(st.pool_cents)}" in text
    assert f"House fees, after refunds {dollars(st.fees_cents)}" in text
    assert f"Forfeit fees (not prize money) {dollars(st.forfeit_fees_cents)}" in text
    assert paid_in - st.refunds_cents == st.pool_cents + st.fees_cents + st.forfeit_fees_cents
    assert f"Rebuys (3) {dollars(3 * 2000)}" in text
    assert "✓ What is held" in text and "✓ The money log agrees" in text and "✗" not in text


def test_the_prizes_add_up_to_the_pool(home_game):
    text = flat(render("money", home_game))
    rows = home_game.view("payouts")["payouts"]
    for row in rows:
        assert row["player"] in text and dollars(row["amount_cents"]) in text
    total = sum(r["amount_cents"] for r in rows)
    assert total == home_game.state.pool_cents
    assert f"✓ The prizes add up to the prize pool: {dollars(total)}." in text


def test_prizes_that_miss_the_pool_are_flagged():
    sheet = Sheet("Broken table", payouts=[Payout(1, 6000, "Ann Lee"), Payout(2, 3000)])
    log = [{"at": 1_790_000_000.0, "kind": "entry", "player": 1, "cents": 10000, "to": "pool"}]
    sheet.money = MoneyTrail(lines=lines_from_log(log, {1: "Ann Lee"}, {}), log_rows=1)
    sheet.money.log_totals = {"pool": 10000}
    sheet.money.engine = {"pool": 12000}
    sheet.money.prize_pool_cents = 10000
    sheet.money.prizes = sheet.payouts
    text = flat(render_sheet("money", sheet))
    assert "✗ The prizes come to $90.00, $10.00 less than the prize pool (PAY-6)." in text
    assert "✗ The log's prize pool come to $100.00, the tournament's to $120.00." in text


def test_a_guarantee_shows_the_overlay():
    t = Tournament.create(load_profile("tda"), name="Guaranteed", time=FakeClock(1_790_000_000.0))
    t.execute({"cmd": "change_settings", "settings": {"money.guarantee_cents": 100_000}})
    for name in NAMES[:3]:
        t.execute({"cmd": "register", "name": name})
    text = flat(render("money", t))
    overlay = 100_000 - t.state.pool_cents
    assert f"Guarantee $1,000.00: the house adds {dollars(overlay)} to the prize pool." in text
    assert "Prize pool to pay: $1,000.00" in text


def test_a_long_log_spans_pages_with_the_header_repeated():
    t = Tournament.create(load_profile("tda"), name="Big Field", time=FakeClock(1_790_000_000.0))
    t.execute({"cmd": "change_settings", "settings": {"money.fee_cents": 1000}})
    for i in range(300):
        t.execute({"cmd": "register", "name": f"Player {i + 1:03d}"})
    assert len(t.state.money_log) == 600
    pdf = render("money", t, {"paper": "a4"})
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]
    listing = [text for text in pages if "Buy-in + house fee" in text]
    assert len(listing) >= 5 and len(pages) == page_count(pdf)
    assert all("Time Player What Cash Prize pool Fees Pool after" in text for text in listing)
    assert all(f"of {len(pages)}" in text for text in pages)
    joined = "\n".join(pages)
    assert all(f"Player {i + 1:03d}" in joined for i in range(300))
    assert f"Total paid in {dollars(300 * 11000)}" in joined
    assert "300 movements (600 rows of the money log)" in joined
    assert unembedded_fonts(pdf) == []


def test_nothing_paid_yet():
    t = Tournament.create(load_profile("tda"), name="Empty", time=FakeClock(1_790_000_000.0))
    text = flat(render("money", t))
    assert "No money has changed hands yet." in text and "Total paid in $0.00" in text


def test_print_money_from_a_stored_file(tmp_path):
    store_mod = pytest.importorskip("db.store")
    path = tmp_path / "home.floorman"
    store = store_mod.TournamentStore.create(path, load_profile("home-rebuy"), "Home Game", backup_dir=tmp_path / "b")
    for name in NAMES:
        store.execute({"cmd": "register", "name": name})
    store.execute({"cmd": "seat_all"})
    store.execute({"cmd": "start_clock"})
    store.execute({"cmd": "bust", "player": "Ann Lee", "rebuy": True})
    pool = store.tournament.state.pool_cents
    store.close()
    out = tmp_path / "money.pdf"
    assert main(["money", str(path), "--out", str(out), "--date", "2026-05-01"]) == 0
    text = flat(out.read_bytes())
    assert all(name in text for name in NAMES)
    assert f"Prize pool {dollars(pool)}" in text and "Rebuys (1) $20.00" in text
