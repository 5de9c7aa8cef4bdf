"""Long names, long titles and big amounts stay inside their cells, slips and pages (Letter and A4)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import profile_from_dict
from sheets import render
from sheets.fonts import fonts
from sheets.slips import name_lines, wrap
from sheets.style import MARGIN, fit_text

LONG = "Maximilian Alexander von Hohenzollern-Sigmaringen"
EVENT = "The Twenty-Sixth Annual Riverside Charity Mixed Games Championship — Main Event"
VENUE = "The Grand Riverside Casino & Card Room of Greater Sigmaringen"


@pytest.fixture(scope="module")
def big() -> Any:
    """Six players with long names at a $1,234,567.89 buy-in, two of them busted."""
    clock = FakeClock(1_790_000_000.0)
    settings = {"money.buy_in_cents": 123_456_789, "money.fee_cents": 1_234_567}
    profile = profile_from_dict({"id": "big", "extends": "tda", "settings": settings})
    t = Tournament.create(profile, name=EVENT, time=clock, seed=7)
    for i in range(6):
        t.execute({"cmd": "register", "name": f"{LONG} {i}" if i % 2 else f"Ann {i}"})
        clock.advance(5)
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    for name in [p.name for p in t.state.players.values()][-2:]:
        clock.advance(60)
        t.execute({"cmd": "bust", "player": name})
    return t


def chunks(pdf: bytes) -> list[tuple[int, float, float, float, str]]:
    """(page, left, right, baseline, text) of every string drawn, its width measured in its own face."""
    out: list[tuple[int, float, float, float, str]] = []
    for n, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):

        def visit(text: str, cm: Any, tm: Any, font: Any, size: float, n: int = n) -> None:
            text = text.strip("\n")
            if text.strip():
                bold = "Bold" in str((font or {}).get("/BaseFont", ""))
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                out.append((n, x, x + fonts().width(text, size * tm[0] * cm[0], bold), y, text))

        page.extract_text(visitor_text=visit)
    return out


def page_width(pdf: bytes) -> float:
    return float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)


def overlaps(found: list[tuple[int, float, float, float, str]]) -> list[tuple[str, str]]:
    """Strings on the same baseline of the same page whose boxes run into each other."""
    bad = []
    ordered = sorted(found, key=lambda c: (c[0], round(c[3]), c[1]))
    for a, b in zip(ordered, ordered[1:]):
        if (a[0], round(a[3])) == (b[0], round(b[3])) and a[2] > b[1] + 1:
            bad.append((a[4], b[4]))
    return bad


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("sheet", ["payouts", "money", "seating"])
def test_nothing_runs_off_the_page_or_into_its_neighbour(big, sheet, paper):
    pdf = render(sheet, big, {"paper": paper, "venue": VENUE})
    found = chunks(pdf)
    width = page_width(pdf)
    assert found
    for _page, left, right, _y, text in found:
        assert MARGIN - 1 <= left and right <= width - MARGIN + 1, f"{text!r} leaves the page ({left:.0f}-{right:.0f})"
    assert overlaps(found) == []


def test_big_amounts_get_a_column_wide_enough_in_the_money_trail(big):
    found = chunks(render("money", big, {"venue": VENUE}))
    amounts = [c for c in found if c[4].startswith(("+$", "$1,"))]
    assert any(c[4] == "+$1,234,567.89" for c in amounts)
    assert overlaps(found) == []


def test_a_long_name_on_a_slip_takes_two_lines_and_is_never_cut(big):
    pdf = render("seating", big, {"venue": VENUE})
    text = " ".join(c[4] for c in chunks(pdf))
    assert f"{LONG} 1" in text
    assert "page 1 of 1" in text
    lines, size = name_lines(LONG, 16, 240)
    assert len(lines) == 2 and " ".join(lines) == LONG and size >= 12


def test_fit_text_shrinks_then_cuts_and_wrap_keeps_every_word_it_can():
    assert fit_text("Ann Lee", 10, 200) == ("Ann Lee", 10)
    text, size = fit_text(EVENT, 9, 120)
    assert text.endswith("…") and size == 6.0 and fonts().width(text, size) <= 120
    lines = wrap("Why: tables differ by 3: the player due the big blind next goes to the worst position", 6.5, 230)
    assert len(lines) == 2 and not lines[1].endswith("…")
    assert all(fonts().width(line, 6.5) <= 230 for line in lines)
