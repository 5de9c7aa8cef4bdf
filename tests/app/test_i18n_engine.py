"""The engine's words in the reader's language: the history, the commands' help, the views' sentences.

In the pseudo-language en-XA every translated text is bracketed, so a text with English words outside any
bracket (beyond the tournament's data: names, notes, game names) was never marked. The history keeps its
words in English whatever the language; the History tab builds each line again in the reader's.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec.inspect as mi
import pytest

from app.api import build_demo
from app.commands import by_name, catalogue, parse
from app.commands.base import Command
from app.commands.helps import FIELDS, HELP, TITLES
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.i18n import PSEUDO, use_language
from app.log.history import History
from app.profiles.profile import load_profile
from app.views.ending import next_step
from app.views.read import PendingView, read
from app.views.structure_edit import check_structure

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_WORD = re.compile(r"[A-Za-z]{2,}")


def untranslated(text: str, data: list[str]) -> str:
    """What is left of ``text`` once the data and every bracketed (translated) piece are taken out."""
    for value in sorted((d for d in data if d), key=len, reverse=True):
        text = text.replace(value, " ")
    while _BRACKETED.search(text):
        text = _BRACKETED.sub(" ", text)
    return text if _WORD.search(text) else ""


def _played_demo() -> tuple[History, list[str]]:
    """The demo tournament played on through the history: busts (one knocked out by a split pot), a
    rebuy, a declined rebuy, a move, a late entry, a note, then undo, redo and undo."""
    history = History(build_demo(players=30, level=2))
    state = history.tournament.state
    one = [p for p in state.players.values() if p.table == 1]
    two = [p for p in state.players.values() if p.table == 2]
    free = next(s for s in range(1, 11) if s not in state.tables[3].seats)
    commands: list[dict[str, Any]] = [
        {"cmd": "change_settings", "settings": {"rebuy.offered": True, "rebuy.last_level": 5}},
        {"cmd": "bust", "player": one[0].name, "eliminated_by": one[1].name},
        {"cmd": "rebuy", "player": one[0].name},
        {"cmd": "bust", "player": two[0].id, "eliminated_by": [two[1].name, two[2].name]},
        {"cmd": "decline_rebuy", "player": two[0].id},
        {"cmd": "move", "player": one[2].name, "table": 3, "seat": free},
        {"cmd": "register", "name": "Zed Late"},
        {"cmd": "note", "text": "Table 2 short a dealer"},
        {"cmd": "announce", "text": "Dinner is served"},
        {"cmd": "hand_finished", "table": 1},
    ]
    for command in commands:
        history.run(command)
    history.undo()
    history.redo()
    history.undo()
    data = [p.name for p in state.players.values()] + ["Zed Late", "Table 2 short a dealer", "Dinner is served",
                                                      "rebuy.last_level", "rebuy.offered"]
    return history, data


def test_history_of_a_played_demo_is_all_translated_in_the_pseudo_language() -> None:
    history, data = _played_demo()
    english = [item.label for item in history.items()]
    with use_language(PSEUDO):
        items = history.items()
        menu = [history.undo_label() or "", history.redo_label() or ""]
    assert menu[0].startswith("Undo: [") and menu[1].startswith("Redo: [")  # the menu takes these off, says its own
    shown = [item.label for item in items] + [menu[0].removeprefix("Undo: "), menu[1].removeprefix("Redo: ")]
    assert len(items) == len(english) > 10
    assert all(label.startswith("[") for label in shown)
    assert [(label, untranslated(label, data)) for label in shown if untranslated(label, data)] == []
    # the log keeps the English words: the pseudo-language changed nothing in it
    assert [a.label for a in history.actions] == english
    assert "bust-out of" in english[2] and "knocked out by" in english[2]


def _small() -> History:
    history = History(Tournament.create(load_profile("home-nl"), time=FakeClock(), seed=3))
    for name in ["Ann Lee", "Bo Chen", "Cy Lo", "Di Ray"]:
        history.run({"cmd": "register", "name": name})
    history.run({"cmd": "seat_all"})
    history.run({"cmd": "start_clock"})
    return history


def test_history_lines_in_french_and_german_word_for_word() -> None:
    history = _small()
    history.run({"cmd": "bust", "player": "Ann Lee", "eliminated_by": ["Bo Chen", "Cy Lo"]})
    history.run({"cmd": "rebuy", "player": "Ann Lee"})
    history.undo()
    with use_language("fr"):
        labels = [item.label for item in history.items()[-3:]]
        assert labels == [
            "élimination de Ann Lee, éliminé par Bo Chen et Cy Lo",
            "recave de Ann Lee",
            "Annuler\u202f: recave de Ann Lee",
        ]
        assert history.redo_label() == "Redo: recave de Ann Lee"  # the menu takes off "Redo: " and says its own
    with use_language("de"):
        labels = [item.label for item in history.items()[-3:]]
        assert labels == [
            "Ann Lee ausgeschieden, ausgeschaltet von Bo Chen und Cy Lo",
            "Rebuy für Ann Lee",
            "Rückgängig: Rebuy für Ann Lee",
        ]
        assert history.items()[0].label == "Erstellung des Turniers"
    assert [item.label for item in history.items()[-3:]] == [
        "bust-out of Ann Lee, knocked out by Bo Chen and Cy Lo", "rebuy for Ann Lee", "Undo: rebuy for Ann Lee"]


def test_a_command_run_in_french_is_logged_in_english() -> None:
    history = _small()
    with use_language("fr"):
        action = history.run({"cmd": "bust", "player": "Di Ray", "eliminated_by": "Bo Chen"})
        with pytest.raises(RuleError) as refused:
            history.run({"cmd": "bust", "player": "Di Ray"}, role="desk")
    assert action.label == "bust-out of Di Ray, knocked out by Bo Chen"
    assert refused.value.code == "ROLE_FORBIDDEN"
    assert refused.value.message == ("Un poste de caisse ne peut pas saisir «\u202félimination de Di Ray\u202f»\u202f: "
                                     "c'est réservé au floor ou au directeur du tournoi.")


def test_every_commands_help_is_marked_and_read_in_the_readers_language() -> None:
    assert {d.name(): d.english_help() for d in catalogue()} == HELP
    rebuy = by_name("rebuy")
    assert rebuy is not None
    assert rebuy.help() == "A player who lost all their chips buys the rebuy stack."
    with use_language("de"):
        assert rebuy.help() == "Ein Spieler, der alle Chips verloren hat, kauft den Rebuy-Stack."
    with use_language(PSEUDO):
        assert all(d.help().startswith("[") and d.help().endswith("]") for d in catalogue())


def test_every_commands_name_and_fields_are_words_in_the_readers_language() -> None:
    """The palette and the command forms name a command and its fields in words: in English as written
    ("hand_for_hand" -> "hand for hand"), else in the reader's language."""
    keys = {f.encode_name for d in catalogue() for f in mi.type_info(d).fields if f.name != "at"}  # type: ignore[attr-defined]
    assert set(TITLES) == {d.name() for d in catalogue()} and set(FIELDS) == keys
    assert all(d.title() == d.name().replace("_", " ") for d in catalogue())
    assert all(Command.field_words(k) == k.replace("_", " ") for k in keys)
    with use_language("fr"):
        assert by_name("hand_for_hand").title() == "main par main"  # type: ignore[union-attr]
        assert Command.field_words("amount_cents") == "montant (centimes)"
    with use_language(PSEUDO):
        shown = [d.title() for d in catalogue()] + [Command.field_words(k) for k in keys]
        assert all(w.startswith("[") and w.endswith("]") for w in shown)


def test_the_views_sentences_are_all_translated_in_the_pseudo_language() -> None:
    pending = [
        PendingView("break", None, "", 4, None, 0, None, "r"),
        PendingView("redraw", None, "", 0, None, 1, None, "r"),
        PendingView("redraw", None, "", 0, None, 3, None, "r"),
        PendingView("seat", 7, "Ann Lee", 0, None, 0, None, "r"),
        PendingView("move", 7, "Ann Lee", 2, 5, 3, 8, "r"),
        PendingView("move", 7, "Ann Lee", 2, 5, 3, None, "r"),
        PendingView("move", None, "", 2, None, 3, 8, "r"),
        PendingView("move", None, "", 2, None, 3, None, "r"),
    ]
    english = [p.text() for p in pending]
    assert english[4] == "Balance: move seat 5 of table 2 (Ann Lee) to table 3 seat 8"
    assert english[1] == "Redraw: all players to 1 table" and english[2] == "Redraw: all players to 3 tables"
    clock = FakeClock()
    t = Tournament.create(load_profile("tda"), time=clock, seed=3)
    for name in ["Ann Lee", "Bo Chen", "Cy Lo"]:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann Lee"})
    t.execute({"cmd": "bust", "player": "Cy Lo"})
    with use_language(PSEUDO):
        step = next_step(t)
        view = read(t)
        texts = [p.text() for p in pending]
        assert step is not None
        texts += [step.text, step.button, step.tooltip, view.clock.next_text, view.clock.state_text]
        texts += check_structure({"levels": []}, {}) + check_structure({"levels": [{"bb": 100}], "breaks": 3}, {})
    data = ["Ann Lee", "Bo Chen", "Texas Hold'em"]
    assert len(texts) == 15
    assert [(t, untranslated(t, data)) for t in texts if untranslated(t, data)] == []
    with use_language("fr"):
        assert next_step(t).text == ("Clore les inscriptions et terminer\u202f: Bo Chen est le dernier joueur "  # type: ignore[union-attr]
                                     "restant")
        assert pending[2].text() == "Nouveau tirage\u202f: tous les joueurs sur 3 tables"
    with use_language("es"):
        assert pending[1].text() == "Nuevo sorteo: todos los jugadores a 1 mesa"


def test_the_engines_refusals_read_in_the_readers_language() -> None:
    history = _small()
    t = history.tournament
    with use_language("es"), pytest.raises(RuleError) as unknown:
        t.execute({"cmd": "bust", "player": "Zoe Park"})
    assert unknown.value.code == "UNKNOWN_PLAYER"
    assert unknown.value.message == "No hay ningún jugador llamado 'Zoe Park' en este torneo."
    with use_language("pt-BR"), pytest.raises(RuleError) as seat:
        t.execute({"cmd": "move", "player": "Ann Lee", "table": 1, "seat": 12})
    assert seat.value.code == "SEAT_OUT_OF_RANGE"
    assert seat.value.message.startswith("A mesa 1 tem os assentos 1 a ")
    with use_language(PSEUDO):
        refusals = []
        commands: list[dict[str, Any]] = [
            {"cmd": "announce", "text": "  "}, {"cmd": "cancel_announcement", "announcement": 4},
            {"cmd": "note", "text": ""}, {"cmd": "nonsense"}, {"cmd": "bust", "player": "Zoe Park"}]
        for command in commands:
            with pytest.raises(RuleError) as refused:
                t.execute(command)
            refusals.append(refused.value.message)
        with pytest.raises(RuleError) as nothing:
            History(Tournament.create(load_profile("home-nl"), time=FakeClock(), seed=1)).undo()
        refusals.append(nothing.value.message)
    assert [(m, untranslated(m, ["nonsense", "Zoe Park"])) for m in refusals if untranslated(m, ["nonsense",
                                                                                                  "Zoe Park"])] == []
    with pytest.raises(RuleError) as english:
        t.execute({"cmd": "note", "text": ""})
    assert english.value.message == "A note needs some text."


def test_the_rebuy_question_reads_in_the_readers_language_with_its_plural() -> None:
    history = _small()
    history.run({"cmd": "bust", "player": "Ann Lee"})
    history.run({"cmd": "bust", "player": "Bo Chen"})
    asked: dict[str, RuleError] = {}
    for language in ("en", "de", PSEUDO):
        with use_language(language), pytest.raises(RuleError) as refused:
            history.run({"cmd": "hand_finished", "table": 1})
        asked[language] = refused.value
    assert asked["en"].code == "NEEDS_INPUT" and asked["en"].message == (
        "Bo Chen, Ann Lee lost all their chips: enter the rebuy or the decline before the next hand.")
    assert asked["de"].message == ("Bo Chen, Ann Lee haben alle Chips verloren: geben Sie die Rebuys oder den "
                                   "Verzicht vor der nächsten Hand ein.")
    question = asked["de"].question
    assert question is not None and [c.label for c in question.choices][:2] == [
        "Bo Chen macht einen Rebuy", "Bo Chen verzichtet auf den Rebuy"]
    pseudo = asked[PSEUDO]
    assert pseudo.question is not None
    texts = [pseudo.message] + [c.label for c in pseudo.question.choices]
    assert [t for t in texts if untranslated(t, ["Ann Lee", "Bo Chen"])] == []


def test_a_command_that_does_not_match_its_declaration_is_refused_in_the_readers_language() -> None:
    wrong: dict[str, Any] = {"cmd": "chip_count", "counts": {"Ann Lee": 1.5}}
    with pytest.raises(RuleError) as english:
        parse(wrong)
    assert english.value.message == "chip_count: each value of 'counts' must be a whole number, not a number."
    with use_language("fr"), pytest.raises(RuleError) as french:
        parse(wrong)
    assert french.value.code == "INVALID_INPUT"
    assert french.value.message == ("chip_count\u202f: chaque valeur de 'counts' doit être un nombre entier, "
                                    "pas un nombre.")
    with use_language(PSEUDO), pytest.raises(RuleError) as pseudo:
        parse({"cmd": "move", "player": "Ann Lee", "table": 2})
    assert untranslated(pseudo.value.message, ["move", "'seat'"]) == ""


def test_a_line_shown_in_french_is_built_again_for_the_action_that_takes_a_discarded_ones_number() -> None:
    history = _small()
    with use_language("fr"):
        first = history.run({"cmd": "note", "text": "Ann Lee est en retard"})
        assert history.items()[-1].label == "note «\u202fAnn Lee est en retard\u202f»"
        history.discard(first)
        history.run({"cmd": "bust", "player": "Di Ray"})
        assert history.items()[-1].label == "élimination de Di Ray"
        assert history.items()[-1].seq == first.seq
