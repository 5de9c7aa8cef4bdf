"""A file written before names were checked still prints: control characters and huge names."""

from __future__ import annotations

import pytest

from floorman.cmd_print import builtin_demo
from sheets import SHEETS, render
from sheets.model import MAX_PRINTED_NAME, printable
from tests.sheets.conftest import pdf_text


@pytest.mark.parametrize("bad", ["Ann\x00Lee\x1b[31m", "W" * 10_000, "Wide " * 2_000])
def test_every_sheet_prints_names_registration_now_refuses(bad):
    t = builtin_demo()
    for p in list(t.state.players.values())[:3]:
        p.name = bad  # as an older file could hold them
    for sheet in SHEETS:
        assert render(sheet, t, {}).startswith(b"%PDF")
    text = pdf_text(render("seating", t, {}))
    assert "\x00" not in text and "\x1b" not in text


def test_printable_keeps_ordinary_names_and_cuts_long_ones():
    assert printable("Łukasz Żółć") == "Łukasz Żółć"
    assert printable("Ann\x07Lee") == "Ann?Lee"
    cut = printable("x" * 10_000)
    assert len(cut) == MAX_PRINTED_NAME and cut.endswith("...")
