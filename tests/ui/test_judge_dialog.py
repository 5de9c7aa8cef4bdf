"""Tables > Judge a showdown… (docs/judge.md): typed from the keyboard, ruled in words, impossible cards refused
in words on the dialog's line (no traceback), the tournament unchanged."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt

from tests.ui.conftest import make_session, open_window
from ui.dialogs.judge import JudgeDialog
from ui.palette import suggestions


def type_row(qtbot, dialog: JudgeDialog, seat: int, name: str, cards: str, chips: str, folded: bool = False) -> None:
    """A seat typed as the floor types it: the name, Tab, the cards, Tab, the chips, Tab, Space if folded."""
    row = dialog.rows[seat - 1]
    row.name.setFocus()
    qtbot.keyClicks(row.name, name)
    for field, text in ((row.cards, cards), (row.put_in, chips)):
        qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Tab)
        assert dialog.focusWidget() is field  # Tab goes name, cards, chips, folded, the next seat
        qtbot.keyClicks(field, text)
    if folded:
        qtbot.keyClick(row.folded, Qt.Key.Key_Space)


def test_jdg_1_the_judge_dialog_rules_a_typed_hand_and_refuses_impossible_cards_in_words(qtbot, clock, tmp_path):
    session = make_session(clock, "hat")
    w = open_window(qtbot, session)
    before = w.session.state.players.copy(), len(w.session.tournament.events) if hasattr(
        w.session.tournament, "events") else None
    [act] = [a for a in w._menus["T&ables"].actions() if a.text() == "Judge a showdown…"]
    act.trigger()
    dialog = w.tables_ctl.judge_dialog
    assert isinstance(dialog, JudgeDialog) and dialog.isVisible()
    assert dialog.game_id() == w.session.state.profile["mix.games"][0] or dialog.game.currentIndex() >= 0
    dialog.game.setCurrentIndex(dialog.game.findData("omaha_hilo"))
    qtbot.keyClicks(dialog.board, "5h Qd 7c 2s Kd")
    dialog.button.setValue(3)
    type_row(qtbot, dialog, 1, "Ann", "Ah 3c Qs Jd", "500")
    type_row(qtbot, dialog, 2, "Bo", "As 4c Kh Kc", "300")
    type_row(qtbot, dialog, 4, "", "8h 9h Th Jh", "500", folded=True)
    type_row(qtbot, dialog, 5, "Di", "Ad 3d 6s 6d", "801")
    assert dialog.rows[3].folded.isChecked() and dialog.rows[4].cards.text() == "Ad 3d 6s 6d"
    qtbot.keyClick(dialog.board, Qt.Key.Key_Return)  # Enter rules
    text = dialog.ruling.toPlainText()
    assert "Main pot, 1,200 chips (Ann, Bo, Di):" in text
    assert "High (600): Bo wins with three kings." in text
    assert "Low (600): Di and Ann tie with seven-five low (7-5-3-2-A); Di 300, Ann 300." in text
    assert "Di takes back 301 chips nobody called." in text and "  Ann \u2014 high: a pair of queens; low: " in text
    assert dialog.feedback.text() == "Ruled: 2 pots."
    if os.environ.get("FLOORMAN_JUDGE_SHOT"):
        dialog.grab().save(str(Path(os.environ["FLOORMAN_JUDGE_SHOT"])))
    # an impossible hand: the ace of hearts on the board and in Ann's hand
    dialog.board.setText("5h Qd 7c 2s Ah")
    assert dialog.rule() is False
    assert dialog.feedback.text() == "Ah is in Ann's hand and on the board: a deck has each card once."
    assert dialog.ruling.toPlainText() == ""
    dialog.board.setText("5h Qd 7c 2s")
    dialog.rule()
    assert "at a showdown of Omaha Hi-Lo it has 5" in dialog.feedback.text()
    dialog.rows[4].cards.setText("Ad 3d 6s")
    dialog.board.setText("5h Qd 7c 2s Kd")
    dialog.rule()
    assert dialog.feedback.text().startswith("Di shows 3 cards; at a showdown of Omaha Hi-Lo a player shows 4")
    dialog.rows[4].put_in.setText("lots")
    dialog.rule()
    assert dialog.feedback.text() == "Seat 5: “lots” is not a number of chips."
    dialog.rows[4].put_in.setText("1,5")  # one and a half? fifteen? not read
    dialog.rule()
    assert dialog.feedback.text() == "Seat 5: “1,5” is not a number of chips."
    dialog.rows[4].put_in.setText("1.500")  # as German groups thousands
    assert dialog.hand()["players"][-1]["put_in"] == 1500
    assert w.session.state.players.copy() == before[0]  # the tournament is unchanged
    dialog.clear()
    assert dialog.rows[0].cards.text() == "" and dialog.board.text() == "" and not dialog.rows[3].folded.isChecked()


def test_jdg_7_the_judge_follows_the_game_a_double_board_shows_its_second_board(qtbot, window):
    [hit] = [s for s in suggestions(window.palette_parts, "judge") if s.label.startswith("Judge a showdown")]
    hit.run()
    dialog = window.tables_ctl.judge_dialog
    assert dialog.game_id() == "holdem"  # the tda profile deals hold'em
    assert dialog.game.itemData(0) == "holdem"
    dialog.game.setCurrentIndex(dialog.game.findData("double_board_omaha"))
    assert dialog.board2.isVisibleTo(dialog)
    dialog.board.setText("Ah Kc Tc 5d 6h")
    dialog.board2.setText("9s 9c 4d 5c Jh")
    dialog.button.setValue(3)
    for row, cards in ((0, "Qs Js 2c 3c"), (1, "Qd Jd 9h 3h")):
        dialog.rows[row].cards.setText(cards)
        dialog.rows[row].put_in.setText("101")
    dialog.rows[2].put_in.setText("101")
    dialog.rows[2].folded.setChecked(True)
    assert dialog.rule()
    text = dialog.ruling.toPlainText()
    assert "Board 1 (152): Seat 1 and Seat 2 tie with a straight, ace high; Seat 1 76, Seat 2 76." in text
    assert "Board 2 (151): Seat 2 wins with a full house, nines full of jacks." in text
    dialog.game.setCurrentIndex(dialog.game.findData("badugi"))
    assert not dialog.board.isEnabled() and not dialog.board2.isVisibleTo(dialog)


def test_jdg_12_a_floor_station_judges_too(qtbot, tmp_path, clock):
    """The judge changes nothing in the tournament: a floor station has it in its menu and its palette."""
    from tests.ui.test_station_roles_menus import _palette, _station_window

    window = _station_window(qtbot, tmp_path, clock, "floor")
    [act] = [a for a in window._menus["T&ables"].actions() if a.text() == "Judge a showdown…"]
    assert act.isEnabled()
    assert _palette(window, "judge").get("Judge a showdown…") == ""
    act.trigger()
    dialog = window.tables_ctl.judge_dialog
    assert dialog is not None and dialog.isVisible() and dialog.game_id() == "holdem"


def test_jdg_the_judge_dialog_and_its_ruling_read_translated_and_whole_in_the_pseudo_language(qtbot):
    """Every word of the dialog and of a ruling is the reader's (en-XA: bracketed); nothing is cut. The game names
    are the poker names every language uses; the cards and the players are data."""

    from app.api import CATALOGUE
    from app.i18n import set_language
    from tests.support.pseudo_check import Shown, cut, shown_texts, untranslated

    set_language("en-XA")
    try:
        dialog = JudgeDialog(["omaha_hilo", "holdem"], "omaha_hilo", "tda20", 6)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        cards = ["5h", "Qd", "7c", "2s", "Kd", "Ah", "3c", "Qs", "Jd", "As", "4c", "Kh", "Kc", "Qh", "A"]
        dialog.board.setText("5h Qd 7c 2s Kd")
        for seat, name, hand, chips in ((1, "Ann", "Ah 3c Qs Jd", "500"), (2, "Bo", "As 4c Kh Kc", "300")):
            row = dialog.rows[seat - 1]
            row.name.setText(name)
            row.cards.setText(hand)
            row.put_in.setText(chips)
        assert dialog.rule(), dialog.feedback.text()
        data = ["Ann", "Bo", "Close", *cards, *(g.name for g in CATALOGUE.values())]  # Close: Qt's own button
        shown = list(shown_texts(dialog))
        shown += [Shown("ruling", line) for line in dialog.ruling.toPlainText().splitlines() if line]
        assert not untranslated(shown, data), "\n".join(map(str, untranslated(shown, data)))
        assert not cut(shown), "\n".join(map(str, cut(shown)))
    finally:
        set_language("en")
