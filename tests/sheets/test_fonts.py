"""Names in any script print: bundled font first, an installed font for other scripts, or a clear refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheets import UnprintableNames, render_sheet
from sheets.fonts import BOLD, REGULAR, FontSet, fonts
from sheets.model import Seat, Sheet
from tests.sheets.conftest import UNICODE_NAMES, pdf_text, unembedded_fonts

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


def test_latin_greek_cyrillic_use_the_bundled_font():
    for name in UNICODE_NAMES:
        assert fonts().runs(name) == [(REGULAR, name)]
        assert fonts().runs(name, bold=True) == [(BOLD, name)]
        assert fonts().missing(name) == set()


def test_a_character_the_bundled_font_lacks_comes_from_an_installed_font():
    if not (DEJAVU / "DejaVuSansMono.ttf").is_file():
        pytest.skip("needs DejaVu Sans Mono installed")
    fs = FontSet(search_dirs=[DEJAVU])
    runs = fs.runs("Ann ⌒ Lee")  # U+2312 ARC: in DejaVu Sans Mono, not in DejaVu Sans
    assert [text for _, text in runs] == ["Ann ", "⌒", " Lee"]
    assert runs[1][0].startswith("Fallback-DejaVuSansMono")
    assert fs.missing("Ann ⌒ Lee") == set()
    pdf = render_sheet("tables", Sheet("Cup", seats=[Seat("Ann ⌒ Lee", 1, 1)]), {})
    assert unembedded_fonts(pdf) == []


def test_a_script_no_font_has_is_refused_with_the_names(tmp_path, monkeypatch):
    fs = FontSet(search_dirs=[tmp_path])  # no installed fonts at all
    assert fs.missing("李明") == {"李", "明"}
    with pytest.raises(UnprintableNames) as err:
        fs.check_printable(["Ann Lee", "李明", "Дмитрий"])
    assert err.value.names == ["李明"]
    assert "李明" in str(err.value)
    assert fs.runs("李明") == [(REGULAR, "<U+674E><U+660E>")]


def test_render_refuses_or_prints_code_points(monkeypatch, tmp_path):
    import sheets.fonts as module

    monkeypatch.setattr(module, "_DEFAULT", FontSet(search_dirs=[tmp_path]))
    sheet = Sheet("Cup", seats=[Seat("李明", 1, 2), Seat("José Núñez", 1, 3)])
    with pytest.raises(UnprintableNames, match="李明"):
        render_sheet("seating", sheet)
    text = pdf_text(render_sheet("seating", sheet, {"allow_unprintable": True}))
    assert "<U+674E><U+660E>" in text and "José Núñez" in text


def test_bundled_fonts_and_licence_are_shipped():
    from sheets.fonts import font_dir

    names = {p.name for p in font_dir().iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"} <= names
    assert "Bitstream Vera" in (font_dir() / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
