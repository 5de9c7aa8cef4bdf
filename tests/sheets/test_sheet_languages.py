"""Sheets in the language chosen for them: every word translated, nothing cut, figures the language's way.

The pseudo-language en-XA brackets every translated word and makes it 40 % longer: a word printed without
its brackets was never translated, and a word that runs out of its cell (measured with the font's own
widths, as reportlab lays it out) would be cut or run into its neighbour.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from reportlab.platypus import Paragraph

import sheets.style
from floorman.cmd_print import DEMO_NAMES, main
from sheets import render
from sheets.fonts import BOLD, fonts
from tests.sheets.conftest import pdf_text
from tests.sheets.test_long_text import MARGIN, chunks, overlaps, page_width

VENUE = "Casino Gran Vía"
DAY = date(2026, 5, 14)
BRACKETED = re.compile(r"\[[^\[\]]*\]")
PLACES = re.compile(r"\b(T-)?\d+(st|nd|rd|th)\b")  # places are figures (app.format writes them)


def untranslated(text: str, data: tuple[str, ...]) -> list[str]:
    """English words outside any bracket, other than the tournament's own data and the figures."""
    rest = BRACKETED.sub(" ", text)
    for value in sorted(data, key=len, reverse=True):
        rest = rest.replace(value, " ")
    return re.findall(r"[A-Za-z]{2,}", PLACES.sub(" ", rest))


class Measured:
    """Every table a sheet lays out, and each cell's text against the width its column gives it."""

    def __init__(self) -> None:
        self.tables: list[tuple[list[list[Any]], list[float]]] = []
        self.sizes: list[float] = []  # each table's font size (its style's FONTSIZE for every cell, else 10)

    def too_wide(self) -> list[str]:
        out = []
        for (rows, widths), size in zip(self.tables, self.sizes, strict=True):
            for r, row in enumerate(rows):
                spans = all(cell == "" for cell in row[1:])  # a heading spanning the row (a table's number)
                for c, cell in enumerate(row):
                    room = (sum(widths) if spans else widths[c]) - sheets.style.CELL_PAD
                    if isinstance(cell, str) and cell:
                        wide = fonts().width(cell, size, bold=r == 0)
                        if wide > room + 0.5:
                            out.append(f"{cell!r}: {wide:.0f} > {room:.0f}")
                    elif isinstance(cell, Paragraph):  # it wraps at spaces: its widest word must fit
                        style = cell.style
                        for word in cell.getPlainText().split():
                            wide = fonts().width(word, style.fontSize, style.fontName == BOLD)
                            if wide > room + 0.5:
                                out.append(f"{word!r} at {style.fontSize:.1f} pt: {wide:.0f} > {room:.0f}")
        return out


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> Measured:
    seen = Measured()
    real, real_style = sheets.style.Table, sheets.style.TableStyle

    def table(data: list[list[Any]], colWidths: list[float], **kw: Any) -> Any:  # noqa: N803 - reportlab's name
        seen.tables.append((data, list(colWidths)))
        return real(data, colWidths=colWidths, **kw)

    def style(commands: list[tuple[Any, ...]]) -> Any:
        whole = [float(c[3]) for c in commands if c[0] == "FONTSIZE" and c[1] == (0, 0) and c[2] == (-1, -1)]
        seen.sizes.append(whole[-1] if whole else 10.0)
        return real_style(commands)

    monkeypatch.setattr(sheets.style, "Table", table)
    monkeypatch.setattr(sheets.style, "TableStyle", style)
    return seen


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("sheet", ["payouts", "seating"])
def test_a_sheet_in_the_pseudo_language_has_every_word_translated_and_none_cut(demo, measured, sheet, paper):
    pdf = render(sheet, demo, {"language": "en-XA", "venue": VENUE, "paper": paper, "printed_on": DAY})
    text = pdf_text(pdf)
    assert "[" in text
    data = (*DEMO_NAMES, "Friday Deepstack", VENUE)
    assert untranslated(text, data) == []
    # nothing cut: every bracket closed, no word shortened with an ellipsis
    assert text.count("[") == text.count("]") and "…" not in text
    # each text fits the room it is given: its table cell, the page, its neighbours on the line
    assert measured.too_wide() == []
    found = chunks(pdf)
    width = page_width(pdf)
    for _page, left, right, _y, words in found:
        assert MARGIN - 1 <= left and right <= width - MARGIN + 1, f"{words!r} leaves the page"
    assert overlaps(found) == []


@pytest.mark.parametrize("sheet", ["structure", "tables", "chip-race", "money", "bags", "results", "receipts", "moves"])
def test_every_other_sheet_in_the_pseudo_language_fits_its_longer_words(demo, measured, sheet):
    pdf = render(sheet, demo, {"language": "en-XA", "venue": VENUE, "printed_on": DAY, "blank": True,
                               "moves": "all"})
    text = pdf_text(pdf)
    days = re.findall(r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day \d+ \w+ \d{4}", text)  # dates are figures
    colours = ("green", "black", "purple", "yellow", "white", "red", "blue", "orange", "grey", "pink", "brown")
    assert untranslated(text, (*DEMO_NAMES, "Friday Deepstack", VENUE, *days, *colours)) == []
    assert text.count("[") == text.count("]") and "…" not in text
    assert measured.too_wide() == []
    assert overlaps(chunks(pdf)) == []


def test_a_payout_sheet_in_spanish_reads_as_a_spanish_room_writes_it(demo, tmp_path):
    pdf = render("payouts", demo, {"language": "es", "venue": VENUE, "printed_on": DAY})
    lines = [" ".join(line.split()) for line in pdf_text(pdf).splitlines()]
    assert "Casino Gran Vía · Pagos" in lines
    assert "Impreso el 14 may 2026" in lines
    assert "Bote de premios 2.500,00 US$ · 25 entradas · quedan 22 jugadores" in lines
    assert lines[lines.index("Puesto"):lines.index("Puesto") + 5] == ["Puesto", "Importe", "Nombre", "1.º",
                                                                       "1.000,00 US$"]
    assert "Página 1 de 1" in lines
    assert "Payouts" not in " ".join(lines)
    pdftoppm = shutil.which("pdftoppm")
    if pdftoppm is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    (tmp_path / "payouts-es.pdf").write_bytes(pdf)
    subprocess.run([pdftoppm, "-png", "-r", "60", "-singlefile", str(tmp_path / "payouts-es.pdf"),
                    str(tmp_path / "payouts-es")], check=True, timeout=60)
    assert (tmp_path / "payouts-es.png").stat().st_size > 5000


def test_a_receipt_in_french_says_its_amount_in_french_words(demo):
    """The receipt's "In words" line, as on a cheque, in the receipt's language (it was English only)."""
    text = " ".join(pdf_text(render("receipts", demo, {"language": "fr", "blank": True})).split())
    assert "En toutes lettres Mille dollars des États-Unis et 00/100" in text
    english = " ".join(pdf_text(render("receipts", demo, {"blank": True})).split())
    assert "In words One thousand and 00/100 dollars" in english


def test_a_sheet_is_in_the_process_language_unless_one_is_chosen(demo):
    from app.i18n import set_language

    set_language("fr")
    try:
        french = pdf_text(render("payouts", demo, {"printed_on": DAY}))
        german = pdf_text(render("payouts", demo, {"printed_on": DAY, "language": "de"}))
    finally:
        set_language("en")
    assert "Gains" in french and "Imprimé le 14 mai 2026" in french
    assert "Auszahlungen" in german and "Gedruckt am 14.05.2026" in german
    assert "Payouts" in pdf_text(render("payouts", demo, {"printed_on": DAY}))


def test_floorman_print_lang_draws_the_sheet_in_german(tmp_path: Path, capsys):
    out = tmp_path / "payouts.pdf"
    assert main(["payouts", "--demo", "--out", str(out), "--lang", "de", "--date", "2026-05-14"]) == 0
    text = pdf_text(out.read_bytes())
    assert "Auszahlungen" in text and "Platz" in text and "Gedruckt am 14.05.2026" in text
    refused = tmp_path / "refused.pdf"
    assert main(["payouts", "--demo", "--out", str(refused), "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert "There is no xx catalogue" in err and "pt-BR" in err and "Traceback" not in err
    assert not refused.exists()
