"""A finished tournament with a tie: names fill the payout sheet, ties print as splits, receipts sign."""

from __future__ import annotations

import pytest

from floorman.cmd_print import builtin_demo
from sheets import render
from tests.sheets.conftest import page_count, pdf_text, unembedded_fonts


@pytest.fixture(scope="module")
def finished():
    t = builtin_demo(("Ann Lee", "Αλέξης Παππάς", "Дмитрий Иванов", "José Núñez"), busts=1)
    # No late entry: the last player standing wins at once (ELIM-6).
    t.execute({"cmd": "change_settings", "settings": {"elim.same_hand": "split_all", "late.mode": "none"}})
    t.execute({"cmd": "bust", "players": ["Αλέξης Παππάς", "Дмитрий Иванов"]})
    assert t.state.ended
    return t


def test_payout_sheet_names_and_split(finished):
    text = pdf_text(render("payouts", finished))
    assert "Ann Lee" in text and "$200.00" in text
    assert text.count("T-2nd") == 2
    assert text.count("$100.00") == 2
    assert "Αλέξης Παππάς" in text and "Дмитрий Иванов" in text
    assert "Total" in text and "$400.00" in text


def test_receipts_one_per_paid_player(finished):
    pdf = render("receipts", finished)
    text = pdf_text(pdf)
    assert text.count("Payout receipt —") == 3
    assert "Two hundred and 00/100 dollars" in text
    assert text.count("One hundred and 00/100 dollars") == 2
    assert "I received $100.00 as my prize for finishing T-2nd in" in text
    assert page_count(pdf) == 2
    assert unembedded_fonts(pdf) == []


def test_results_show_every_place(finished):
    text = pdf_text(render("results", finished))
    assert "1st" in text and text.count("T-2nd") == 2 and "4th" in text
    assert text.index("Ann Lee") < text.index("Αλέξης Παππάς") < text.index("José Núñez")
