"""Each room display has its own language: a French TV beside an English window, its words composed, drawn
and spoken in French while the window reads English; chosen in its right-click menu or the voice dialog and
remembered; and in the pseudo-language en-XA, the fixed design, the menus and the voice dialog show no word
untranslated and none cut."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMenu

from app.api import CATALOGUE, views
from app.core.timesource import FakeClock
from app.i18n import LANGUAGES, PSEUDO, language, set_language, use_language
from screens.compose import picture_text
from tests.support.pseudo_check import cut, menu_texts, shown_texts, untranslated
from tests.ui.test_display_speech import LEVEL_S, ON, FakeSound, FakeVoice, run_for, tournament
from ui.display import RoomDisplay
from ui.display import settings as display_settings
from ui.display.placement import DisplayController
from ui.display.settings import DisplaySettings
from ui.display.sound import ChimePlayer
from ui.display.voice import RoomVoice
from ui.display.voice_dialog import VoiceDialog


@pytest.fixture
def pseudo_window():
    """The window (the process) in en-XA for the test, English again after."""
    set_language(PSEUDO)
    yield
    set_language("en")


def display_of(qtbot, t, clock: FakeClock, lang: str, layout: str | None = "classic-16x9",
               voice: FakeVoice | None = None) -> RoomDisplay:
    shown = RoomDisplay(t, clock, player=ChimePlayer(sound=FakeSound()), voice=RoomVoice(ON, voice or FakeVoice(clock)),
                        layout=layout, language=lang)
    qtbot.addWidget(shown)
    return shown


def test_a_french_screen_stands_beside_an_english_window(qtbot) -> None:
    clock = FakeClock(1_800_000_000.0)
    t = tournament(clock)
    spoken = FakeVoice(clock)
    french = display_of(qtbot, t, clock, "fr", voice=spoken)
    english = display_of(qtbot, t, clock, "")
    assert french.words("players_left").splitlines()[0] == "Joueurs restants"
    assert english.words("players_left").splitlines()[0] == "Players left"
    said = picture_text(french.picture())
    assert "NIVEAU 1" in said and "LEVEL" not in said
    assert "LEVEL 1" in picture_text(english.picture())
    assert language() == "en"  # the window's language is untouched by the screen's
    run_for(french, clock, LEVEL_S)
    assert spoken.spoken[-1][1] == "Niveau 2. Blindes 50, 100."  # said in French, its figures for its voice
    french.set_language("")  # back to the window's language
    assert french.words("players_left").splitlines()[0] == "Players left"


def test_the_fixed_design_follows_the_screens_language(qtbot) -> None:
    clock = FakeClock(1_800_000_000.0)
    t = tournament(clock)
    shown = display_of(qtbot, t, clock, "de", layout=None)
    shown.resize(1280, 720)
    shown.refresh()
    texts = [s.text for s in shown_texts(shown.panel)]
    assert "SPIELER ÜBRIG" in texts and "PLAYERS LEFT" not in texts


def test_the_screens_language_is_chosen_in_its_menu_and_remembered(qtbot, clock) -> None:
    t = tournament(clock)
    ctl = DisplayController(t, None, clock, screens=lambda: [])
    assert ctl.settings.language == ""
    shown = ctl.open()
    qtbot.addWidget(shown)
    parent = QMenu()
    menu = shown.language_menu(parent)
    words = [a.text() for a in menu.actions()]
    assert words[0] == "The window's language" and set(LANGUAGES.values()) <= set(words)
    assert [a.text() for a in menu.actions() if a.isChecked()] == ["The window's language"]
    next(a for a in menu.actions() if a.text() == "Español").trigger()
    assert shown.language == "es" and display_settings.load().language == "es"
    assert shown.words("players_left").splitlines()[0] == "Jugadores restantes"
    again = DisplayController(t, None, clock, screens=lambda: [])  # the next night
    assert again.open().language == "es"
    again.display.close()
    ctl.set_speech(DisplaySettings(language="pt-BR"))  # the voice dialog's language, OK'd
    assert shown.language == "pt-BR" and display_settings.load().language == "pt-BR"
    display_settings.save(DisplaySettings(language="xx"))  # a venue's language since taken away
    assert DisplayController(t, None, clock, screens=lambda: []).open().language == ""


def test_the_voice_dialog_chooses_the_screens_language(qtbot) -> None:
    dialog = VoiceDialog(DisplaySettings(language="de"), RoomVoice(DisplaySettings(), FakeVoice()))
    qtbot.addWidget(dialog)
    assert dialog.language.currentText() == "Deutsch"
    dialog.language.setCurrentIndex(dialog.language.findData("fr"))
    assert dialog.chosen().language == "fr"
    dialog.language.setCurrentIndex(0)
    assert dialog.chosen().language == ""


NAMES = list(LANGUAGES.values())
QT_OWN = ["OK", "Cancel"]  # Qt's standard buttons: Qt's own translators write them (ui.language.install)


def test_the_pseudo_language_leaves_nothing_untranslated_on_the_fixed_design_or_in_the_voice(qtbot) -> None:
    clock = FakeClock(1_800_000_000.0)
    t = tournament(clock)
    spoken = FakeVoice(clock)
    shown = display_of(qtbot, t, clock, PSEUDO, layout=None, voice=spoken)
    shown.set_chip_leaders(True)
    for width, height in ((1280, 720), (1920, 1080)):
        shown.resize(width, height)
        shown.panel.resize(width, height)
        shown.panel.place_labels()
        shown.refresh()
        texts = list(shown_texts(shown.panel))
        view = views.read(t, clock.now())
        games = [str(g.name) for g in CATALOGUE.values()]
        data = [view.name, *(p.name for p in view.players), *games, *(row.label for row in view.payouts)]
        assert not untranslated(texts, data=data), untranslated(texts, data=data)
        assert not cut(texts), cut(texts)
    run_for(shown, clock, LEVEL_S)
    assert spoken.spoken and all(text.startswith("[") for _at, text, _v, _vol in spoken.spoken)


def test_the_pseudo_language_leaves_nothing_untranslated_in_the_menus_and_the_voice_dialog(
        qtbot, pseudo_window) -> None:
    clock = FakeClock(1_800_000_000.0)
    t = tournament(clock)
    shown = display_of(qtbot, t, clock, "")
    menus = list(menu_texts([shown.menu()]))
    assert not untranslated(menus, data=NAMES), untranslated(menus, data=NAMES)
    dialog = VoiceDialog(DisplaySettings(speech=True), RoomVoice(DisplaySettings(), FakeVoice()))
    qtbot.addWidget(dialog)
    dialog.show()
    texts = list(shown_texts(dialog))
    data = [*NAMES, *QT_OWN, "en-gb", "en-us"]
    assert not untranslated(texts, data=data), untranslated(texts, data=data)
    assert not cut(texts), cut(texts)


def test_the_room_facts_are_written_again_in_a_new_language(qtbot) -> None:
    """The facts kept between two reads of one state (a satellite's seats caption, its payouts' "Seat") are
    written again when the display's language changes, not left in the old one."""
    from ui.display.source import DisplaySource

    clock = FakeClock(1_800_000_000.0)
    source = DisplaySource(tournament(clock), clock)
    with use_language("fr"):
        french = source.facts()
        assert source.facts() is french  # the same state read again: kept
    with use_language("de"):
        assert source.facts() is not french
