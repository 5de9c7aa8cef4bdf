"""Every sheet of the demo tournament: names, tables, seats and amounts come out as text."""

from __future__ import annotations

import math

import pytest

from sheets import SHEET_NAMES, render
from tests.sheets.conftest import UNICODE_NAMES, page_count, pdf_text, unembedded_fonts


def test_every_sheet_renders_with_embedded_fonts(demo):
    for name in SHEET_NAMES:
        pdf = render(name, demo, {"paper": "a4", "venue": "Casino Łódź"})
        assert pdf.startswith(b"%PDF")
        assert unembedded_fonts(pdf) == [], name
        text = pdf_text(pdf)
        assert "Friday Deepstack" in text, name
        assert "Casino Łódź" in text or name in ("seating", "moves"), name


def test_seating_slips_one_per_seated_player(demo):
    pdf = render("seating", demo)
    seated = [(p.name, p.table, p.seat) for p in demo.state.players.values() if p.table is not None]
    assert len(seated) == 22
    assert page_count(pdf) == math.ceil(len(seated) / 10)
    text = pdf_text(pdf)
    lines = text.splitlines()
    # Each slip reads: name, TABLE, number, SEAT, number.
    for name, table, seat in seated:
        i = lines.index(name)
        assert lines[i + 1 : i + 5] == ["TABLE", str(table), "SEAT", str(seat)]
    assert all(n in text for n in UNICODE_NAMES)
    assert "Tariq Kim" not in text  # busted: no seat, no slip


def test_table_list_by_table_and_by_name(demo):
    pdf = render("tables", demo)
    text = pdf_text(pdf)
    tables = sorted(demo.state.tables)
    for n in tables:
        assert f"Table {n}" in text
    assert "By name" in text and "By table" in text
    assert all(n in text for n in UNICODE_NAMES)
    by_name = text[text.index("By name") :]
    assert by_name.index("Ann Lee") < by_name.index("Łukasz Żółć") < by_name.index("Дмитрий Иванов")
    assert page_count(pdf) == 2
    assert page_count(render("tables", demo, {"order": "name"})) == 1


def test_payouts_before_anyone_is_paid_has_blank_names(demo):
    rows = demo.view("payouts")["payouts"]
    text = pdf_text(render("payouts", demo))
    for row in rows:
        assert row["player"] is None
        amount = f"${row['amount_cents'] / 100:,.2f}"
        assert amount in text
    assert "1st" in text and "3rd" in text
    assert "Prize pool $2,500.00" in text
    for name in UNICODE_NAMES:
        assert name not in text


def test_receipts_wait_for_a_decided_place_unless_blank(demo):
    assert "no receipt to sign" in pdf_text(render("receipts", demo))
    from app.eliminations.payouts import prize_table
    from sheets.words import amount_words

    blank = render("receipts", demo, {"blank": True})
    text = pdf_text(blank)
    prizes = prize_table(demo.state)
    assert amount_words(prizes[0]) in text
    assert "Player's signature" in text and "Date" in text
    assert text.count("Payout receipt —") == len(prizes)


def test_results_list_the_busted_players_in_place_order(demo):
    text = pdf_text(render("results", demo))
    busted = sorted((p.place, p.name) for p in demo.state.players.values() if p.place is not None)
    assert [place for place, _ in busted] == [23, 24, 25]
    positions = [text.index(name) for _, name in busted]
    assert positions == sorted(positions)
    assert "23rd" in text and "25th" in text


def test_structure_lists_levels_breaks_and_races(demo):
    pytest.importorskip("app.levels.structure")
    text = pdf_text(render("structure", demo))
    assert "Level" in text and "Blinds" in text
    assert "100 / 200, ante 25" in text
    assert "Break — 15 minutes" in text
    assert "Chip races" in text and "25 (green) leave play, raced up to 100 (black)" in text


def test_chip_race_one_page_per_table(demo):
    pytest.importorskip("app.levels.structure")
    pdf = render("chip-race", demo)
    tables = sorted(demo.state.tables)
    assert page_count(pdf) == len(tables)
    text = pdf_text(pdf)
    assert "Break after level 8" in text
    assert "4 × 25 (green) = 1 × 100 (black)" in text
    for p in demo.state.players.values():
        if p.table is not None:
            assert p.name in text
    one = render("chip-race", demo, {"table": tables[0], "break_after": "all"})
    assert page_count(one) == 3  # three races in the structure, one table
    assert "Chip race — Table 1" in pdf_text(one)


@pytest.mark.parametrize("paper,width", [("letter", 612), ("a4", 595)])
def test_paper_sizes(demo, paper, width):
    from io import BytesIO

    from pypdf import PdfReader

    page = PdfReader(BytesIO(render("structure", demo, {"paper": paper}))).pages[0]
    assert round(float(page.mediabox.width)) == width


def test_structure_of_a_mixed_game_hat():
    pytest.importorskip("app.levels.structure")
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.profiles.profile import load_profile

    t = Tournament.create(load_profile("hat"), name="Mixed Hat", time=FakeClock(1e9), seed=3)
    text = " ".join(pdf_text(render("structure", t)).split())  # cells wrap: compare words
    assert "Blinds" in text and "Stud" in text and "Limits" in text
    assert "ante 5, bring-in 10, complete 25; limits 25 / 50" in text
    assert "Chip race: 5 (red) leave" in text
    assert "Games" in text and "Razz" in text
    assert "No chip race" not in pdf_text(render("chip-race", t))
