"""The room's screens in each shipped language: a real sentence per language, plurals included, a layout's
refusal, the pieces' titles, and the words of a frame; English stays word for word what it was."""

from __future__ import annotations

import json

import pytest

from app.i18n import use_language
from screens.frame import RoomFacts, build_frame
from screens.layout import LayoutError, find_layout, parse_layout
from screens.pieces import PIECES

CLOCK = {"started": True, "level": 3, "forced_bets": {"family": "blinds", "sb": 100, "bb": 200, "ante": 25},
         "time_left": "12:00", "next": {"level": 4, "forced_bets": {"family": "blinds", "sb": 150, "bb": 300}}}
FACTS = RoomFacts(name="Main Event", players_left=87, entries=120, rebuys=1, addons=12, places_paid=15)

EXPECTED = {
    "en": ("LEVEL 3", "Blinds 100/200  ·  Ante 25", "120 entries · 1 rebuy · 12 add-ons", "15 paid", "Players left"),
    "de": ("LEVEL 3", "Blinds 100/200  ·  Ante 25", "120 Entries · 1 Rebuy · 12 Add-ons", "15 bezahlt",
           "Spieler übrig"),
    "fr": ("NIVEAU 3", "Blindes 100/200  ·  Ante 25", "120 entrées · 1 recave · 12 add-ons", "15 payés",
           "Joueurs restants"),
    "es": ("NIVEL 3", "Ciegas 100/200  ·  Ante 25", "120 entradas · 1 recompra · 12 add-ons", "15 pagados",
           "Jugadores restantes"),
    "pt-BR": ("NÍVEL 3", "Blinds 100/200  ·  Ante 25", "120 entradas · 1 rebuy · 12 add-ons", "15 premiados",
              "Jogadores restantes"),
}


@pytest.mark.parametrize("lang", list(EXPECTED))
def test_a_frame_reads_in_each_language_with_its_plurals(lang: str) -> None:
    level, bets, detail, paid, title = EXPECTED[lang]
    with use_language(lang):
        frame = build_frame(CLOCK, FACTS)
        single = build_frame(CLOCK, RoomFacts(players_left=1, entries=1, places_paid=1))
        assert (frame.level_text, frame.bets_text, frame.players_detail, frame.paid_text) == (level, bets, detail, paid)
        assert PIECES["players_left"].shown_title == title
    assert single.players_detail == {"en": "1 entry", "de": "1 Entry", "fr": "1 entrée", "es": "1 entrada",
                                     "pt-BR": "1 entrada"}[lang]


REFUSED = {
    "en": "The region 1 of screen 'Main' shows 'weather', which is no piece Floorman knows.",
    "de": "Bereich 1 von Bildschirm 'Main' zeigt 'weather', eine Information, die Floorman nicht kennt.",
    "fr": "La zone 1 de l'écran 'Main' montre 'weather', une information que Floorman ne connaît pas.",
    "es": "La región 1 de la pantalla 'Main' muestra 'weather', una información que Floorman no conoce.",
    "pt-BR": "A região 1 da tela 'Main' mostra 'weather', uma informação que o Floorman não conhece.",
}


@pytest.mark.parametrize("lang", list(REFUSED))
def test_a_layouts_refusal_is_one_sentence_in_each_language(lang: str) -> None:
    layout = {"format": "floorman-layout", "version": 1, "name": "Mine", "aspect": "16:9",
              "screens": [{"name": "Main", "columns": 2, "rows": 2, "regions": [{"col": 0, "row": 0,
                                                                                 "piece": "weather"}]}]}
    with use_language(lang), pytest.raises(LayoutError) as caught:
        parse_layout(json.dumps(layout).encode())
    assert caught.value.code == "UNKNOWN_PIECE" and caught.value.message == REFUSED[lang]


def test_a_presets_words_are_translated_and_a_venues_are_not() -> None:
    from screens.presets import shown

    classic = find_layout("classic-16x9")
    with use_language("es"):
        assert shown(classic.name) == "Clásico" and shown("Chez Marcel") == "Chez Marcel"
        assert [shown(s.name) for s in classic.screens][:3] == ["Reloj", "Pagos", "Líderes en fichas"]


def test_every_presets_own_words_are_marked_for_translation() -> None:
    from screens.layout import load_layout, preset_paths
    from screens.presets import WORDS

    for path in preset_paths():
        layout = load_layout(path)
        said = {layout.name, layout.description, *(s.name for s in layout.screens),
                *(b.text for b in layout.theme.banners if b.text)}
        assert said <= WORDS, (path.name, said - WORDS)
