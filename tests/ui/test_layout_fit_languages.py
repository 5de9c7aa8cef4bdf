"""Every preset in the pseudo-language en-XA (every word 40 % longer, accented and bracketed): each screen of
each preset, at 16:9 (1280x720 and 1920x1080) and at 9:16, on every busy moment of
:mod:`tests.ui.test_layout_fit`, is measured as in English (nothing cut, nothing out of its region, nothing
over another, the clock readable) and shows no word left untranslated: every text drawn is bracketed, but
for the tournament's own data (names, the venue, its house rules, the games' names) and figures (chips,
money, clocks, places)."""

from __future__ import annotations

import itertools
import re

import pytest

from app.api import CATALOGUE, views
from app.i18n import use_language
from screens.layout import find_layout, preset_paths
from tests.ui.test_layout_fit import Moment, measure, measured_moments, picture_of
from ui.display.layout_view import LayoutView

PRESETS = sorted(p.stem for p in preset_paths())
SIZES = {"16:9": ((1280, 720), (1920, 1080)), "9:16": ((1080, 1920),)}  # the smallest TV and full HD
BRACKETED = re.compile(r"\[[^\[\]]*\]")
# A figure: digits with their grouping, decimals, signs, a currency or an ordinal's letters; a clock.
FIGURE = re.compile(r"[-+T]?[$€£¥]?\s?\d[\d.,:/\u00a0\u202f ]*(st|nd|rd|th|M|BB|[$€£¥]|\s?[A-Z]{3})?\b|\S*\.\S*/\S*")
WORD = re.compile(r"[A-Za-z]{2,}")
VENUE = ("The Card Room", "Phones off the table during a hand", "English only at the table", "One player to a hand",
         "The dealer's count is final", "http://192.168.1.20:8080/")


@pytest.fixture(scope="module")
def moments() -> tuple[Moment, ...]:
    return measured_moments()


def data_of(m: Moment) -> list[str]:
    """The tournament's own words a screen may show: its name, its players', the games' and the venue's."""
    view = views.read(m.tournament, m.now)
    games = [str(g.name) for g in CATALOGUE.values()]
    chips = list(view.chip_names.values())
    return [view.name, *(p.name for p in view.players), *games, *chips, *VENUE]


def untranslated(text: str, data: list[str]) -> str:
    """What of ``text`` is neither bracketed, data nor a figure ("" : nothing)."""
    rest = BRACKETED.sub(" ", text)
    for value in sorted(data, key=len, reverse=True):
        rest = rest.replace(value, " ")
    rest = FIGURE.sub(" ", rest)
    return " ".join(WORD.findall(rest))


def cases() -> list[tuple[str, int, int]]:
    return [(preset, w, h) for preset in PRESETS
            for w, h in SIZES["9:16" if preset.endswith("9x16") else "16:9"]]


@pytest.mark.parametrize(("preset", "width", "height"), cases())
def test_every_screen_of_every_preset_fits_and_is_translated_in_the_pseudo_language(
        qapp, moments, preset: str, width: int, height: int) -> None:
    layout = find_layout(preset)
    view = LayoutView()
    view.resize(width, height)
    checked = 0
    with use_language("en-XA"):
        for screen, m in itertools.product(layout.screens, moments):
            where = f"{preset} {width}x{height} in en-XA, screen {screen.name!r}, {m.name}"
            pic = picture_of(layout, screen, m)
            lines = measure(view, layout, screen, pic, where)
            data = data_of(m)
            left = [(ln.text, untranslated(ln.text, data)) for ln in lines if untranslated(ln.text, data)]
            assert not left, f"{where}: words left untranslated: {left}"
            assert any("[" in ln.text for ln in lines), where  # the screen said something in words
            checked += 1
    assert checked == len(layout.screens) * len(moments)
    view.deleteLater()


def test_the_check_finds_a_word_left_untranslated_and_passes_data_and_figures() -> None:
    data = ["Ann Lee", "No-Limit Texas Hold'em"]
    assert untranslated("[Ļéṽéļ~] 5", data) == ""
    assert untranslated("Ann Lee  1,250,000  $1,234.50  12:05  2nd  T-11th  €25.00  1.2M  3/9", data) == ""
    assert untranslated("Level 5", data) == "Level"
    assert untranslated("[Ƀļîñđš] 100/200 · Ante 25", data) == "Ante"


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es", "pt-BR"])
def test_the_payouts_amounts_line_up_on_the_right_in_every_language(qapp, moments, lang: str) -> None:
    """Money as each language writes it ("738,00 $US", "1.234,50 €") is a figure: its column is right-aligned,
    so the amounts' digits line up as in English."""
    layout = find_layout("classic-16x9")
    screen = next(s for s in layout.screens if s.name == "Payouts")
    view = LayoutView()
    view.resize(1920, 1080)
    with use_language(lang):
        pic = picture_of(layout, screen, moments[0])
    box = next(i for i, b in enumerate(pic.boxes) if b.region.piece == "payouts")
    view.show_picture(pic)
    prizes = {row[1] for row in pic.boxes[box].content.rows}
    rights = {round(ln.rect.right()) for ln in view.drawn() if ln.box == box and ln.text in prizes}
    assert len(rights) == 1, (lang, rights)
    view.deleteLater()
