"""Every dialog of the window and every tab of its tab area in the pseudo-language en-XA: each word shown is
translated (bracketed), none is cut by its box; and a German and a Spanish dialog read word for word.

The tournament's own data (players', tables' and the tournament's names, figures) is never translated; Qt's
standard buttons (OK, Cancel, Close) are Qt's own words, given by Qt's translators in a real language.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QWidget

from app.api import CHIP_CHOP, build_demo, fmt, views
from app.core.timesource import FakeClock
from app.errors import Choice, Question
from app.i18n import set_language, use_language
from app.profiles.profile import load_profile
from tests.support.pseudo_check import Shown, cut, shown_texts, untranslated
from tests.ui.conftest import open_window
from tests.ui.test_bust_dialog_knockouts import pko_table
from ui.session import Session

pytestmark = pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing the keyboard",
                                       "propagateSizeHints")
SHOTS = os.environ.get("FLOORMAN_SHOTS")  # a folder: the screenshots of the dialogs are saved there to look at

# Qt's own words on its standard buttons: its translators give them (ui/language.install), not our catalogues.
QT_WORDS = ("OK", "Cancel", "Close", "Apply", "Yes", "No")


class Runner:
    """Stands in for the window's command runner: every command goes through on the tournament."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def run(self, cmd, feedback, done: str = "", then=None) -> bool:  # noqa: ANN001
        events = self.session.execute(cmd)
        if done:
            feedback.done(done)
        if then is not None:
            then(events)
        return True



@pytest.fixture
def demo() -> Session:
    return Session.in_memory(build_demo(seed=2026, time=FakeClock(1_800_000_000.0)))


def data_of(session: Session) -> list[str]:
    state = session.state
    return [state.name, *(p.name for p in state.players.values()), *QT_WORDS]


def problems(widget: QWidget, data: list[str]) -> tuple[list[Shown], list[Shown]]:
    shown = list(shown_texts(widget))
    assert shown, "nothing shown at all"
    return untranslated(shown, data), cut(shown)


def _pko() -> Session:
    """The knockout table of the bust dialog's tests, Ann Lee knocked out by Bob Ray."""
    t = pko_table(FakeClock(1_800_000_000.0))
    t.execute({"cmd": "bust", "player": "Ann Lee", "eliminated_by": "Bob Ray"})
    return Session.in_memory(t)


def dialogs(session: Session, tmp_path: Path) -> Iterator[tuple[str, QWidget, list[str]]]:
    """(name, dialog, its data) for every dialog of ui/dialogs but the event's, on ``session``."""
    from db.signup_list import preview_for, rows_from_table
    from ui.dialogs.announce import AnnounceDialog
    from ui.dialogs.bust import BustDialog
    from ui.dialogs.chip_count import ChipCountDialog
    from ui.dialogs.command_form import CommandForm
    from ui.dialogs.deal import DealDialog
    from ui.dialogs.eliminator import EliminatorDialog
    from ui.dialogs.last_balance import LastBalanceDialog
    from ui.dialogs.league_rules import RULE_KEYS, LeagueRulesDialog
    from ui.dialogs.new_tournament import NewTournamentDialog
    from ui.dialogs.payouts import PayoutDialog
    from ui.dialogs.question import QuestionDialog
    from ui.dialogs.setting_editors import shipped_structures
    from ui.dialogs.signups import SignupImportDialog
    from ui.dialogs.stations import HostDialog, StationsPanel
    from ui.dialogs.structure_editor import StructureEditor

    state = session.state
    data = data_of(session)
    runner = Runner(session)
    live = [p.id for p in state.players.values() if p.live and p.table is not None]
    session.execute({"cmd": "announce", "text": "Dinner is served in the bar", "seconds": 30})
    yield "announce", AnnounceDialog(runner, lambda: views.read(session.state, session.now()), session.now), [
        *data, "Dinner is served in the bar"]
    yield "bust", BustDialog(state, live[:1]), data
    yield "bust-several", BustDialog(state, live[:2]), data
    table = sorted(state.tables)[0]
    yield "chip-count", ChipCountDialog(state, lambda cmd, fb, then: True, table), data
    deal = DealDialog(lambda: session.state, run=lambda cmd, fb, then: True)
    # ICM is the method's name in every language; the refusal below is the engine's words.
    yield "deal", deal, [*data, "ICM", deal.feedback.text()]
    chop = DealDialog(lambda: session.state, run=lambda cmd, fb, then: True)
    chop.method.setCurrentIndex(chop.method.findData(CHIP_CHOP))
    box = chop.confirm_record()
    assert box is not None
    yield "deal-confirm", box, [*data, "ICM"]
    chop.close()
    yield "last-balance", LastBalanceDialog(state, lambda moves: None), data
    # The keys the rules are typed with are JSON the program reads: never translated.
    rules = LeagueRulesDialog("Thursday League", {"formula": {"kind": "linear", "per_place": 1}})
    # The rules in words are the league engine's (app.league).
    yield "league-rules", rules, [*data, RULE_KEYS, "Thursday League", rules.words.text()]
    structures = [name for name, _id in shipped_structures()]  # the shipped structures' own names
    new = NewTournamentDialog(load_profile("tda"), tmp_path, seasons=[("Thursday League", "2027")])
    new.other_toggle.setChecked(True)  # every rule shown, the folded ones too
    yield "new-tournament", new, [*data, *structures, "TDA", "tournament.floorman", str(tmp_path), "Thursday League"]
    # A generated form: the command's name, its fields' names and its help come from its declaration
    # (app.commands), translated there; the form's title, labels and help must read translated too.
    form = CommandForm("seat_player", state, runner)
    yield "command-form", form, [*data, "Floorman", form.error.text()]
    yield "payouts", PayoutDialog(state), [*data, *(fmt.ordinal(n) for n in range(1, 200))]
    question = Question("Which seat does the button go to?", "seat", "choice",
                        choices=(Choice("Seat 3", 3), Choice("Seat 5", 5)))
    yield "question", QuestionDialog(question), [*data, question.text, "Seat"]
    yes_no = Question("Was the hand dealt before the level changed?", "before", "bool")
    yield "question-yes-no", QuestionDialog(yes_no), [*data, yes_no.text]
    signups = rows_from_table([["Name", "Paid"], [state.players[live[0]].name, "yes"], ["Ray Ochoa", ""],
                               ["Lee, Ann", ""]])
    preview = preview_for(signups, state, ["Ann Lee"])
    # Why a row is asked about or skipped is the sign-up reader's words (db.signup_list).
    yield "signups", SignupImportDialog(runner, "signups.csv", preview), [
        *data, "signups.csv", "Ray Ochoa", "Lee, Ann", "Ann Lee", *(row.reason for row in preview.rows)]
    host = HostDialog(["192.168.1.20", "127.0.0.1"])
    yield "share", host, [*data, "Director", "PostgreSQL", "Tournament", "Floorman"]
    owner = QWidget()
    panel = StationsPanel(owner)
    for box in panel.boxes.values():
        box.show_code(None, revocable=True)
    yield "stations", panel, [*data, "Floorman", "PostgreSQL", "QR", "CODE"]
    yield "structure-editor", StructureEditor(state.profile.settings, views.editable_structure(state)), data
    ko = _pko()
    from app.views import knockouts

    rows = knockouts(ko.state)
    yield "eliminator", EliminatorDialog(rows, rows[0].player_id), data_of(ko)
    yield "bust-bounty", BustDialog(ko.state, [ko.state.by_name["bob ray"]]), data_of(ko)


def test_every_dialog_reads_translated_and_whole_in_the_pseudo_language(qtbot, pseudo, demo, tmp_path) -> None:
    found: list[str] = []
    for name, dialog, data in dialogs(demo, tmp_path):
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        not_translated, cut_off = problems(dialog, data)
        found += [f"{name}: {s}" for s in not_translated] + [f"{name}: cut: {s}" for s in cut_off]
        dialog.close()
    assert not found, "\n".join(found)


def test_every_tab_of_the_window_reads_translated_and_whole_in_the_pseudo_language(qtbot, pseudo, demo) -> None:
    window = open_window(qtbot, demo)
    # Words the window's controls and overview put into the tabs (the clock line, the balancing moves, the
    # summaries): theirs to translate, not the tabs'; whether they fit is the tabs' and is checked all the same.
    filled = [window.clock_tab.time, window.clock_tab.level, window.clock_tab.next, window.payouts_tab.summary,
              window.league_tab.summary, window.league_tab.event_label,
              *(label for card in window.tables_tab.cards for label in (card.text, card.why))]
    found: list[str] = []
    for i in range(window.tabs.count()):
        window.tabs.setCurrentIndex(i)
        tab = window.tabs.widget(i)
        qtbot.waitExposed(tab)
        theirs = {label.text() for label in filled}
        not_translated, cut_off = problems(tab, data_of(demo))
        not_translated = [s for s in not_translated if s.text not in theirs]
        found += [f"tab {i}: {s}" for s in not_translated] + [f"tab {i}: cut: {s}" for s in cut_off]
    assert not found, "\n".join(found)



def test_a_bust_of_two_players_reads_in_german_word_for_word(qtbot, german, demo) -> None:
    from ui.dialogs.bust import BustDialog

    state = demo.state
    two = [p.id for p in state.players.values() if p.live and p.table is not None][:2]
    dialog = BustDialog(state, two)
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Ausgeschieden in derselben Hand"
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).text() == "2 Spieler ausscheiden lassen"
    first = state.players[two[0]]
    labels = [w.text() for w in dialog.findChildren(QLabel)]
    assert "Diese Spieler haben in derselben Hand alle Chips verloren." in labels
    assert f"{first.name}  (T{first.table} P{first.seat})" in labels


def test_the_last_balance_reads_in_spanish_word_for_word(qtbot, demo) -> None:
    from ui.dialogs.last_balance import LastBalanceDialog, heading

    moves = [{"player": "Ann Lee", "from_table": 3, "from_seat": 2, "to_table": 1, "to_seat": 7,
              "reason": "", "locked": ""}] * 5
    with use_language("es"):
        broken = heading({"moves": moves, "tables_broken": [3, 4], "what": "break"})
        assert broken == "Mesas 3, 4 rotas: 5 cambios de asiento"
        one = heading({"moves": moves[:1], "tables_broken": [3], "what": "break"})
        assert one == "Mesa 3 rota: 1 cambio de asiento"
        assert heading(None) == ("Ningún asiento ha cambiado desde el sorteo: aún no hay equilibrio que "
                                 "mostrar.")
    set_language("es")
    try:
        dialog = LastBalanceDialog(demo.state, lambda moves: None)
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == "El último equilibrio"
        assert dialog.print_button.text() == "Volver a imprimir los tickets"
        headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(dialog.table.columnCount())]
        assert headers == ["Jugador", "De", "A", "Motivo", "Asiento bloqueado"]
    finally:
        set_language("en")


@pytest.mark.parametrize("code", ["fr", "de"])
def test_screenshots_of_three_dialogs(qtbot, demo, tmp_path, code) -> None:
    """The deal calculator, a new tournament's rules and the announcements, drawn whole in the language and saved
    to be looked at (in FLOORMAN_SHOTS when it names a folder)."""
    from PySide6.QtGui import QImage

    from ui.dialogs.announce import AnnounceDialog
    from ui.dialogs.deal import DealDialog
    from ui.dialogs.new_tournament import NewTournamentDialog

    set_language(code)
    try:
        demo.execute({"cmd": "announce", "text": "Dinner is served in the bar", "seconds": 30})
        shots = {
            "deal": DealDialog(lambda: demo.state, run=lambda cmd, fb, then: True),
            "new-tournament": NewTournamentDialog(load_profile("tda"), tmp_path),
            "announce": AnnounceDialog(Runner(demo), lambda: views.read(demo.state, demo.now()), demo.now),
        }
        for name, dialog in shots.items():
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            target = Path(SHOTS or tmp_path) / f"{name}-{code}.png"
            assert dialog.grab().save(str(target))
            image = QImage(str(target))
            assert not image.isNull() and image.width() >= dialog.minimumSizeHint().width() > 0
    finally:
        set_language("en")


def test_the_payout_brackets_read_back_as_written_in_each_language() -> None:
    from ui.dialogs.setting_text import format_brackets, parse_brackets

    brackets = [{"max_players": 20, "percents": [50, 30, 20]}, {"max_players": 1000, "percents": [40, 30, 20, 10]}]
    for code in ("en", "de", "fr", "es", "pt-BR"):
        with use_language(code):
            text = format_brackets(brackets)
            assert parse_brackets(text) == brackets, text
    with use_language("fr"):
        assert format_brackets(brackets[:1]) == "jusqu'à 20\u202f: 50 / 30 / 20"


def test_the_strip_and_the_player_list_read_translated_and_whole_in_the_pseudo_language(qtbot, pseudo, demo) -> None:
    from app.api import PreregisteredView
    from ui.printing.jobs import SheetJob
    from ui.printing.offers import Offer

    window = open_window(qtbot, demo)
    strip, panel, offers = window.strip, window.player_panel, window.offer_bar
    panel.preregistered.show_rows((PreregisteredView("Ray Ochoa", True), PreregisteredView("Mia Park", False)))
    # The offer's reason and its sheets' titles are the printing's words (ui.printing), given here as they come.
    offers.show_offer(Offer("Seat draw done", [SheetJob("seating", "Seating slips", {}, "after the seat draw")]))
    # The clock line, the field and the next step are the engine's views' words (app.views), theirs to translate.
    theirs = {label.text() for label in (strip.clock, strip.level, strip.field, strip.pool, strip.pending)}
    found: list[str] = []
    for part, data in ((strip, data_of(demo)), (panel, [*data_of(demo), "Ray Ochoa", "Mia Park"]),
                       (offers, [*data_of(demo), "Seat draw done", "Seating slips", "after the seat draw"])):
        not_translated, cut_off = problems(part, data)
        found += [str(s) for s in not_translated if s.text not in theirs] + [f"cut: {s}" for s in cut_off]
    assert not found, "\n".join(found)
    assert any("Ray Ochoa" in shown.text for shown in shown_texts(panel))  # the list was looked at
    assert any(shown.text.startswith("[Seat draw done") for shown in shown_texts(offers))
    headers = [panel.view.model().headerData(c, Qt.Orientation.Horizontal) for c in range(1, panel.model.columnCount())]
    assert all(h.startswith("[") and h.endswith("]") for h in headers), headers
