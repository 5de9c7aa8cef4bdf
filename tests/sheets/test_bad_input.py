"""Sheets asked for too early, or for nothing: each says so plainly instead of failing."""

from __future__ import annotations

import pytest

from floorman.cmd_print import builtin_demo
from sheets import SHEET_NAMES, render
from sheets.model import Sheet
from sheets.render import render_sheet
from tests.sheets.conftest import page_count, pdf_text, unembedded_fonts


@pytest.fixture(scope="module")
def empty():
    return builtin_demo((), busts=0)


def test_every_sheet_of_a_tournament_with_no_players(empty):
    expected = {
        "seating": "No slips to print.",
        "tables": "Nobody is seated yet.",
        "moves": "No slips to print.",
        "payouts": "Prize pool $0.00 · 0 entries",
        "receipts": "no receipt to sign",
        "results": "No one has finished yet.",
    }
    for name in SHEET_NAMES:
        pdf = render(name, empty)
        assert page_count(pdf) == 1, name
        assert unembedded_fonts(pdf) == [], name
        if name in expected:
            assert expected[name] in pdf_text(pdf), name


def test_chip_race_when_none_is_scheduled():
    pdf = render_sheet("chip-race", Sheet("Campus Cup"))
    assert "No chip race is scheduled" in pdf_text(pdf)
    assert page_count(pdf) == 1


def test_chip_race_for_a_break_without_a_race(empty):
    text = pdf_text(render("chip-race", empty, {"break_after": 3}))
    assert "No chip race is scheduled" in text


def test_unknown_sheet_and_paper_are_refused(empty):
    with pytest.raises(ValueError, match="No sheet called 'flyer'"):
        render("flyer", empty)
    with pytest.raises(ValueError, match="Paper must be one of"):
        render("seating", empty, {"paper": "legal"})
    with pytest.raises(ValueError, match="order must be"):
        render("tables", empty, {"order": "age"})
