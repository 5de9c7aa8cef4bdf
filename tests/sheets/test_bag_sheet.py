"""FLT-4: the bag-and-tag sheet lists every seated player by table and seat, with a total line per table."""

from __future__ import annotations

from app.api import FakeClock, Tournament, load_profile
from sheets import SHEETS, render
from tests.sheets.conftest import pdf_text, unembedded_fonts


def test_flt_4_bag_and_tag_sheet_has_every_player_by_table() -> None:
    t = Tournament.create(load_profile("tda"), name="Main Event Day 1A", time=FakeClock(), seed=3)
    names = [f"Player {i:02d}" for i in range(1, 24)]
    for n in names:
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "seat_all"})
    pdf = render("bags", t, {"paper": "a4"})
    text = pdf_text(pdf)
    assert "Bag and tag" in text and "Main Event Day 1A" in text and SHEETS["bags"] == "Bag and tag"
    assert all(n in text for n in names)
    assert text.count("Table total") == len(t.state.tables)
    assert all(f"Table {n}" in text for n in t.state.tables)
    assert not unembedded_fonts(pdf)
