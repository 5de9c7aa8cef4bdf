"""The catalogue system: words in the reader's language, plurals, the pseudo-language, a venue's own file."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.errors import RuleError
from app.format import chips, late_registration, money, ordinal, place
from app.i18n import N_, PSEUDO, _, add_folder, language, ngettext, normalise, set_language, use_language
from app.i18n.catalogues import _folders, _loaded, venue_languages
from app.i18n.languages import best_match
from app.i18n.pseudo import pseudo


@pytest.fixture
def venue(tmp_path: Path):
    add_folder(tmp_path)
    yield tmp_path
    _folders.remove(tmp_path)
    _loaded.clear()


def test_english_is_the_words_as_written_with_placeholders_filled() -> None:
    assert _("Late registration closes in {time}", time="12:00") == "Late registration closes in 12:00"
    assert ngettext("{n} table", "{n} tables", 1) == "1 table"
    assert ngettext("{n} table", "{n} tables", 0) == "0 tables"
    assert N_("words") == "words"


def test_german_words_come_from_the_shipped_catalogue() -> None:
    with use_language("de"):
        assert late_registration(65, False) == "Späte Anmeldung schließt in 01:05"
    assert late_registration(65, False) == "Late registration closes in 01:05"


def test_numbers_money_and_places_are_written_the_languages_way() -> None:
    with use_language("de"):
        assert money(123450, "EUR") == "1.234,50\xa0€"
        assert chips(12500) == "12.500"
        assert ordinal(3) == "3."
    with use_language("fr"):
        assert ordinal(1) == "1er" and ordinal(2) == "2e"
        assert chips(12500) == "12\u202f500"
    with use_language("es"):
        assert ordinal(4) == "4.º"
    with use_language("pt-BR"):
        assert ordinal(4) == "4º"
        assert money(123450, "BRL") == "R$\xa01.234,50"
    assert money(123450, "EUR") == "€1,234.50"
    assert place(11, 2) == "T-11th"


def test_the_language_is_the_contexts_not_the_whole_programs() -> None:
    """A French screen beside an English window: the context's language, the default elsewhere."""
    seen: dict[str, str] = {}

    def other_thread() -> None:
        seen["thread"] = language()

    with use_language("fr"):
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
        seen["inside"] = language()
    assert seen == {"thread": "en", "inside": "fr"}
    set_language("de")
    try:
        assert language() == "de"
        with use_language(None):
            assert language() == "de"
    finally:
        set_language("en")


def test_pseudo_language_brackets_accents_and_lengthens_by_forty_percent() -> None:
    text = "Late registration closes in {time}"
    out = pseudo(text)
    assert out.startswith("[") and out.endswith("]")
    assert "{time}" in out
    assert len(out.replace("{time}", "")) >= 1.4 * len(text.replace("{time}", ""))
    assert out != text and "é" in out
    assert pseudo("&File") .startswith("[&Fîļé")  # Qt's shortcut mark is kept before its letter
    with use_language(PSEUDO):
        assert _("Bust {name}", name="Ann").endswith("~]") and "Ann" in _("Bust {name}", name="Ann")


def test_plural_forms_follow_the_language(venue: Path) -> None:
    (venue / "fr.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "{n} player"\nmsgid_plural "{n} players"\nmsgstr[0] "{n} joueur"\nmsgstr[1] "{n} joueurs"\n',
        encoding="utf-8",
    )
    _loaded.clear()
    with use_language("fr"):  # French: zero is singular
        assert ngettext("{n} player", "{n} players", 0) == "0 joueur"
        assert ngettext("{n} player", "{n} players", 2) == "2 joueurs"


def test_a_venue_adds_its_own_language_without_code(venue: Path) -> None:
    (venue / "nl.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        'msgid "Late registration closes in {time}"\nmsgstr "Late inschrijving sluit over {time}"\n'
        'msgid "Late registration closed by the director"\nmsgstr "Late inschrijving {onbekend} gesloten"\n',
        encoding="utf-8",
    )
    _loaded.clear()
    assert "nl" in venue_languages()
    assert normalise("NL", ("en", "nl")) == "nl"
    with use_language("nl"):
        assert late_registration(65, False) == "Late inschrijving sluit over 01:05"
        # a translation naming a placeholder the English words lack falls back to English, never fails
        assert _("Late registration closed by the director") == "Late inschrijving {onbekend} gesloten"
        assert _("Late registration closes in {time}", time="x") == "Late inschrijving sluit over x"


def test_a_broken_venue_file_is_skipped_not_fatal(venue: Path) -> None:
    (venue / "de.po").write_bytes(b"\xff\xfe not a catalogue \x00")
    _loaded.clear()
    with use_language("de"):
        assert late_registration(65, False) == "Späte Anmeldung schließt in 01:05"


def test_language_codes_are_tidied_or_refused_in_words() -> None:
    assert normalise("pt_br") == "pt-BR"
    assert normalise("DE") == "de"
    assert normalise("en-xa") == PSEUDO
    with pytest.raises(RuleError) as refused:
        normalise("xx")
    assert refused.value.code == "UNKNOWN_LANGUAGE" and "pt-BR" in refused.value.message
    with pytest.raises(RuleError) as bad:
        normalise("../etc")
    assert bad.value.code == "UNKNOWN_LANGUAGE"


def test_the_system_language_picks_the_nearest_shipped_one() -> None:
    offered = ("en", "de", "fr", "es", "pt-BR")
    assert best_match(["fr-CA", "en-US"], offered) == "fr"
    assert best_match(["pt-PT"], offered) == "pt-BR"
    assert best_match(["de_DE.UTF-8"], offered) == "de"
    assert best_match(["ja-JP"], offered) == "en"


def test_a_language_babel_has_no_data_for_writes_figures_as_english() -> None:
    """A venue's own language may have no locale data in the bundle: its figures are written as in English."""
    from app.i18n import locale_id

    assert locale_id("pt-BR") == "pt_BR"
    assert locale_id("tlh") == "en"
    with use_language("tlh"):
        assert money(123450, "USD") == "$1,234.50" and chips(12500) == "12,500"


def test_a_levels_bets_line_reads_in_the_readers_language() -> None:
    """The one line the window's strip and the phones write for a level's bets (app.format.bets)."""
    from app.format import bets

    stud = {"ante": 10, "bring_in": 25, "complete": 100, "small_bet": 100, "big_bet": 200}
    assert bets({"sb": 100, "bb": 200, "ante": 25}) == "100/200 ante 25"
    assert bets(stud) == "ante 10 bring in 25 complete 100 small bet 100 big bet 200"
    with use_language("es"):
        assert bets(stud) == "ante 10 bring-in 25 completar 100 apuesta pequeña 100 apuesta grande 200"
    with use_language(PSEUDO):
        assert all(part.startswith("[") for part in bets(stud).split("] ") if part)


def test_no_language_given_keeps_the_one_around_it() -> None:
    """A part with no language of its own (a sheet drawn with none chosen) speaks the enclosing one."""
    with use_language("fr"):
        with use_language(None):
            assert language() == "fr"
        with use_language("de"):
            assert language() == "de"
        assert language() == "fr"
    assert language() == "en"
