"""Names in any script print: bundled font first, an installed font for other scripts, or a clear refusal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sheets import UnprintableNames, draw, render_sheet
from sheets.fonts import BOLD, REGULAR, FontSet, font_hint, fonts, footnote
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


def test_a_font_installed_while_the_app_runs_is_used_without_a_restart(monkeypatch, tmp_path):
    if not (DEJAVU / "DejaVuSansMono.ttf").is_file():
        pytest.skip("needs DejaVu Sans Mono installed")
    import sheets.fonts as module

    folder = tmp_path / "fonts"
    folder.mkdir()
    fs = FontSet(search_dirs=[folder])
    monkeypatch.setattr(module, "_DEFAULT", fs)  # the running app's fonts, read once
    sheet = Sheet("Cup", seats=[Seat("Ann ⌒ Lee", 1, 1), Seat("Bo Chen", 1, 2)])  # U+2312: not in DejaVu Sans
    before = draw("tables", sheet)
    assert before.unprintable == ["Ann ⌒ Lee"] and "Ann ? Lee†" in pdf_text(before.pdf)
    (folder / "truetype").mkdir()
    shutil.copy(DEJAVU / "DejaVuSansMono.ttf", folder / "truetype")  # the director installs a font
    after = draw("tables", sheet)  # and prints again
    assert after.unprintable == [] and "Ann ⌒ Lee" in pdf_text(after.pdf) and "†" not in pdf_text(after.pdf)
    assert unembedded_fonts(after.pdf) == []
    assert not fs.look_again()  # nothing new since: the folders are not read again


def test_a_script_no_font_has_is_found_and_marked(tmp_path):
    fs = FontSet(search_dirs=[tmp_path])  # no installed fonts at all
    assert fs.missing("李明") == {"李", "明"}
    assert fs.unprintable(["Ann Lee", "李明", "Дмитрий", "李明"]) == ["李明"]
    with pytest.raises(UnprintableNames) as err:
        fs.check_printable(["Ann Lee", "李明", "Дмитрий"])
    assert err.value.names == ["李明"]
    assert fs.runs("李明") == [(REGULAR, "??")]
    assert fs.marked("李明") == "??†" and fs.marked("Ann 李") == "Ann ?†" and fs.marked("Ann Lee") == "Ann Lee"


def test_a_name_no_font_has_prints_marked_with_a_footnote(monkeypatch):
    import sheets.fonts as module

    monkeypatch.setattr(module, "_DEFAULT", FontSet(search_dirs=[DEJAVU]))  # DejaVu has no CJK
    sheet = Sheet("Cup", seats=[Seat("李小龙", 1, 2), Seat("Zoë Ång", 1, 3), Seat("Ольга", 2, 1)])
    for name in ("seating", "tables"):
        drawn = draw(name, sheet)
        assert drawn.unprintable == ["李小龙"]
        text = pdf_text(drawn.pdf)
        assert "Zoë Ång" in text and "Ольга" in text
        assert "???†" in text and "李" not in text
        assert footnote(["李小龙"]) in text
        assert "fonts-noto-cjk" in text
        assert unembedded_fonts(drawn.pdf) == []
    only = draw("seating", sheet, {"players": ["李小龙"]})  # a slip for that one player still prints
    assert "???†" in pdf_text(only.pdf) and "Ольга" not in pdf_text(only.pdf)
    plain = draw("seating", Sheet("Cup", seats=[Seat("Zoë Ång", 1, 3)]))
    assert plain.unprintable == [] and "†" not in pdf_text(plain.pdf)


def test_every_sheet_prints_with_a_name_no_font_has(monkeypatch, tmp_path):
    import sheets.fonts as module
    from sheets import SHEET_NAMES
    from sheets.model import Move, Payout

    monkeypatch.setattr(module, "_DEFAULT", FontSet(search_dirs=[tmp_path]))
    sheet = Sheet("Cup", seats=[Seat("李明", 1, 2), Seat("José Núñez", 1, 3)],
                  moves=[Move("李明", 1, 2, 2, 4, "balance")], payouts=[Payout(1, 10_000, "李明")],
                  results=[Payout(1, 10_000, "李明")])
    for name in SHEET_NAMES:
        drawn = draw(name, sheet, {"moves": [], "blank": False} if name == "moves" else {})
        assert drawn.unprintable == ["李明"], name
        assert drawn.pdf.startswith(b"%PDF-")


def test_the_font_to_install_depends_on_the_script():
    assert font_hint(["李明"]) == "fonts-noto-cjk" and font_hint(["김민준"]) == "fonts-noto-cjk"
    assert font_hint(["ሰላም"]) == "fonts-noto"


def test_bundled_fonts_and_licence_are_shipped():
    from sheets.fonts import font_dir

    names = {p.name for p in font_dir().iterdir()}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "LICENSE-DejaVu.txt"} <= names
    assert "Bitstream Vera" in (font_dir() / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
