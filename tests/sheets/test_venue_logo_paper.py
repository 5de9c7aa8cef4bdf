"""Every sheet carries the venue's name and logo when set, on Letter or A4 paper."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from sheets import SHEET_NAMES, render
from tests.sheets.conftest import pdf_text

LETTER = (612, 792)
A4 = (595, 842)


def _logo_png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (120, 60), (20, 90, 160)).save(out, format="PNG")
    return out.getvalue()


def _images(data: bytes) -> int:
    count = 0
    for page in PdfReader(io.BytesIO(data)).pages:
        xobjects = page["/Resources"].get_object().get("/XObject", {})
        count += sum(1 for ref in xobjects.values() if ref.get_object().get("/Subtype") == "/Image")
    return count


def test_slips_name_the_venue_in_their_footer(demo: Any) -> None:
    data = render("seating", demo, {"venue": "The Card Room at Ørjan's", "logo": _logo_png()})
    assert "The Card Room at Ørjan's · " in pdf_text(data)


@pytest.mark.parametrize("sheet", ["tables", "structure", "payouts", "receipts", "results"])
def test_venue_and_logo_are_printed(demo: Any, sheet: str) -> None:
    assert sheet in SHEET_NAMES
    data = render(sheet, demo, {"venue": "The Card Room at Ørjan's", "logo": _logo_png()})
    assert "The Card Room at Ørjan's" in pdf_text(data)
    assert _images(data) >= 1


@pytest.mark.parametrize(("paper", "size"), [("letter", LETTER), ("a4", A4)])
def test_paper_size(demo: Any, paper: str, size: tuple[int, int]) -> None:
    data = render("tables", demo, {"paper": paper})
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
