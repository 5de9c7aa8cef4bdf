"""The League tab: standings sorted and filtered, a player's season, this event joining a season, its
finish flowing in and its undone finish flowing out (LGE-6, LGE-7), CSV and the printed sheet."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from db.league import LeagueBook, load_demo
from db.roster import Roster
from ui.roster_link import RosterLink

SHOTS = os.environ.get("FLOORMAN_SHOTS")


@pytest.fixture
def roster_path(tmp_path):
    path = tmp_path / "roster" / "players.sqlite"
    with Roster.open(path) as roster:
        load_demo(LeagueBook(roster))
    return path


@pytest.fixture
def league_window(qtbot, clock, roster_path):
    from tests.ui.conftest import make_session
    from ui.director import DirectorWindow

    session = make_session(clock, profile="hat", players=9)  # no late entry: the last one in wins at once
    w = DirectorWindow(session, roster=RosterLink(roster_path))
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    qtbot.waitUntil(lambda: w.roster.roster is not None)
    w.tabs.setCurrentWidget(w.league_tab)
    return w


def _shown_rows(tab):
    proxy = tab.proxy
    return [tuple(str(proxy.index(r, c).data()) for c in range(proxy.columnCount())) for r in range(proxy.rowCount())]


def test_lge_9_tab_sorts_filters_and_shows_a_players_season(qtbot, league_window):
    tab = league_window.league_tab
    assert tab.chosen() == ("Thursday Home Game", "Spring")
    rows = _shown_rows(tab)
    assert len(rows) == 18 and rows[0][0] == "1st"
    tab.view.sortByColumn(2, Qt.SortOrder.AscendingOrder)  # points, as numbers
    points = [float(r[2].replace(",", "")) for r in _shown_rows(tab)]
    assert points == sorted(points)
    tab.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    tab.filter.setText("garcia")  # accents ignored
    assert [r[1] for r in _shown_rows(tab)] == ["Elif García"]
    tab.filter.setText("")
    tab.view.selectRow(0)
    assert tab.history.rowCount() == 8
    assert "dropped" in [tab.history.index(r, 6).data() for r in range(8)]  # best 6 of 8
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        league_window.grab().save(str(Path(SHOTS) / "league-tab.png"))


def test_lge_6_finish_flows_in_and_lge_7_an_undone_finish_flows_out(qtbot, league_window):
    w = league_window
    ctl, tab = w.league_ctl, w.league_tab
    tab.join_button.click()
    assert "counts for Thursday Home Game" in tab.event_label.text()
    before = {r[1] for r in _shown_rows(tab)}
    w.session.execute({"cmd": "seat_all"})
    w.session.execute({"cmd": "start_clock"})
    w.refresh()
    names = [p.name for p in w.session.state.players.values()]
    for name in names[:-1]:
        w.session.execute({"cmd": "bust", "player": name})
        w.refresh()
    assert w.session.state.ended
    after = {r[1] for r in _shown_rows(tab)}
    assert set(names) - before <= after  # the event's players are in the standings now
    assert ctl.standings is not None and ctl.standings.finished == 9
    w.session.undo()
    w.refresh()
    assert not w.session.state.ended
    assert ctl.standings is not None and ctl.standings.finished == 8
    assert {r[1] for r in _shown_rows(tab)} == before
    assert "withdrawn" in tab.feedback.text()


def test_lge_9_tab_csv_and_printed_sheet_agree(qtbot, league_window, tmp_path):
    import csv

    from app.league import COLUMNS
    from sheets.league import league_sheet

    w = league_window
    ctl, tab = w.league_ctl, w.league_tab
    target = tmp_path / "standings.csv"
    ctl.csv_path_chooser = lambda _parent, _suggested: str(target)
    ctl.export_csv()
    table = [tuple(r) for r in csv.reader(io.StringIO(target.read_text(encoding="utf-8")))]
    assert table[0] == COLUMNS
    assert table[1:] == tab.model.texts() == _shown_rows(tab)
    pdf, _bad = league_sheet(ctl.standings)
    assert pdf_rows(pdf, len(COLUMNS))[1:] == tab.model.texts()


def pdf_rows(pdf: bytes, width: int) -> list[tuple[str, ...]]:
    """The printed table read back: the strings of each line, left to right, for lines of ``width`` cells
    (strings whose baselines are within 3 points are one line: a name is a paragraph, set a point apart)."""
    from pypdf import PdfReader

    found: list[tuple[int, float, float, str]] = []
    for n, page in enumerate(PdfReader(io.BytesIO(pdf)).pages):

        def visit(text: str, cm, tm, _font, _size, n: int = n) -> None:
            if text.strip():
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                found.append((n, -y, x, text.strip()))

        page.extract_text(visitor_text=visit)
    rows: list[list[tuple[int, float, float, str]]] = []
    for item in sorted(found):
        if rows and rows[-1][0][0] == item[0] and abs(rows[-1][0][1] - item[1]) <= 3:
            rows[-1].append(item)
        else:
            rows.append([item])
    lines = [tuple(t for *_rest, t in sorted(r, key=lambda c: c[2])) for r in rows]
    return [line for line in lines if len(line) == width]


def test_league_tab_without_a_roster_says_so(qtbot, window):
    window.tabs.setCurrentWidget(window.league_tab)
    assert "needs the player roster" in window.league_tab.event_label.text()


def test_lge_6_a_new_tournament_joins_a_season_when_created(qtbot, user_data, tmp_path):
    from app.profiles.profile import load_profile
    from ui.start import create_from_dialog, new_tournament_dialog

    with Roster.open(user_data / "players.sqlite") as roster:  # the default roster (FLOORMAN_DATA_DIR)
        book = LeagueBook(roster)
        book.create_league("Campus", {"formula": {"kind": "linear"}})
        book.add_season("Campus", "Fall")
    dialog = new_tournament_dialog(load_profile("campus"))
    qtbot.addWidget(dialog)
    assert [dialog.season_box.itemText(i) for i in range(dialog.season_box.count())] == [
        "Not part of a league season", "Campus — Fall"]
    dialog.season_box.setCurrentIndex(1)
    dialog.name.setText("Week 1")
    dialog.path.setText(str(tmp_path / "week1.floorman"))
    dialog._ok()
    session = create_from_dialog(dialog)
    try:
        assert session.notices == ["This event counts for Campus — Fall."]
        with Roster.open(user_data / "players.sqlite") as roster:
            events = LeagueBook(roster).events("Campus", "Fall")
        assert [(e.name, e.finished) for e in events] == [("Week 1", False)]
    finally:
        session.close()


def test_no_roster_no_league_row_in_the_new_tournament_dialog(qtbot, user_data):
    from app.profiles.profile import load_profile
    from ui.start import new_tournament_dialog

    dialog = new_tournament_dialog(load_profile("tda"))
    qtbot.addWidget(dialog)
    assert dialog.chosen_season() is None and not (user_data / "players.sqlite").exists()


def test_lge_8_merge_from_the_tab(qtbot, league_window):
    w = league_window
    ctl, tab = w.league_ctl, w.league_tab
    before = {r.name: r for r in ctl.standings.rows}
    tab.select_player(before["Bo Chen"].player)
    assert tab.merge_button.isEnabled()
    ctl.ask_item = lambda _p, _t, _label, items: next(i for i in items if i.startswith("Ann Lee"))
    tab.merge_button.click()
    after = {r.name: r for r in ctl.standings.rows}
    assert "Bo Chen" not in after and after["Ann Lee"].played == len(
        {h.event for h in before["Ann Lee"].history} | {h.event for h in before["Bo Chen"].history})
    assert "now counts as Ann Lee" in tab.feedback.text()


def test_league_standings_on_the_room_display_between_events(qtbot, league_window):
    w = league_window
    w.act_room_display()
    display = w.display
    assert display is not None and display.league is None and display.view.isVisible()  # the classic layout
    w.league_display_action.setChecked(True)
    w.league_ctl.push_display()
    assert display.board.isVisible() and not display.view.isVisible()  # the clock has not started
    assert display.board.shown[0] == ("1st", "Carla Okafor", "193.97") and len(display.board.shown) == 10
    if SHOTS:
        display.resize(1280, 720)
        display.grab().save(str(Path(SHOTS) / "league-display.png"))
    w.session.execute({"cmd": "seat_all"})
    w.session.execute({"cmd": "start_clock"})
    display.refresh()
    assert display.view.isVisible() and not display.board.isVisible()  # play on: the layout again
    w.league_display_action.setChecked(False)
    w.league_ctl.push_display()
    assert display.league is None


def test_lge_1_rules_edited_in_the_window_are_checked_as_typed(qtbot, league_window):
    w = league_window
    ctl, tab = w.league_ctl, w.league_tab
    tab.buttons["Rules…"].click()
    dialog = ctl.rules_dialog
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert ok.isEnabled() and "Best 6 results count" in dialog.words.text()
    if SHOTS:
        dialog.grab().save(str(Path(SHOTS) / "league-rules.png"))
    dialog.text.setPlainText('{"formula": {"kind": "expression", "expression": "10 - place"}}')
    assert not ok.isEnabled() and "at place 11 of 11 entries it gives -1 points" in dialog.feedback.text()
    dialog.text.setPlainText('{"formula": ')
    assert not ok.isEnabled() and "not readable JSON" in dialog.feedback.text()
    dialog.text.setPlainText('{"best": 3}')
    dialog.preset.setCurrentIndex(2)  # linear, keeping best 3
    assert json_of(dialog) == {"best": 3, "formula": {"kind": "linear", "per_place": 1}}
    ok.click()
    assert ctl.book.rules("Thursday Home Game").best == 3
    assert ctl.standings.rules.formula.kind == "linear" and all(r.counted <= 3 for r in ctl.standings.rows)
    assert "rules of Thursday Home Game are changed" in tab.feedback.text()


def json_of(dialog):
    import json

    return json.loads(dialog.text.toPlainText())


def test_lge_4_an_event_played_in_the_season_that_does_not_count(qtbot, league_window):
    w = league_window
    ctl, tab = w.league_ctl, w.league_tab
    tab.join_button.click()
    assert tab.counts_box.isVisibleTo(tab) and tab.counts_box.isChecked()
    assert ctl.standings.events == 9
    tab.counts_box.click()
    assert not tab.counts_box.isChecked() and ctl.standings.events == 8
    assert "does not count" in tab.event_label.text()
    tab.counts_box.click()
    assert ctl.standings.events == 9


def test_league_models_pass_the_model_tester(qtmodeltester, league_window):
    tab = league_window.league_tab
    qtmodeltester.check(tab.model)
    qtmodeltester.check(tab.proxy)
    tab.view.selectRow(0)
    qtmodeltester.check(tab.history)


def test_lge_8_a_merge_is_split_again_from_the_tab(qtbot, league_window):
    w = league_window
    ctl, tab = w.league_ctl, w.league_tab
    before = {r.name: (r.points, r.played) for r in ctl.standings.rows}
    ann = next(r.player for r in ctl.standings.rows if r.name == "Ann Lee")
    tab.select_player(ann)
    tab.unmerge_button.click()  # nothing merged into Ann yet: said, nothing changes
    assert "No other entry is merged into Ann Lee" in tab.feedback.text()
    tab.select_player(next(r.player for r in ctl.standings.rows if r.name == "Bo Chen"))
    ctl.ask_item = lambda _p, _t, _label, items: next(i for i in items if i.startswith("Ann Lee"))
    tab.merge_button.click()
    assert "Bo Chen" not in {r.name for r in ctl.standings.rows}
    tab.select_player(ann)
    assert tab.unmerge_button.isEnabled()
    tab.unmerge_button.click()  # one entry merged into Ann: split at once
    assert "Bo Chen (#" in tab.feedback.text() and "counts for itself again" in tab.feedback.text()
    assert {r.name: (r.points, r.played) for r in ctl.standings.rows} == before


def test_lge_9_the_league_on_the_room_display_is_remembered_for_the_next_night(qtbot, league_window, clock,
                                                                               roster_path):
    from tests.ui.conftest import make_session
    from ui.director import DirectorWindow
    from ui.display import settings as display_settings

    w = league_window
    assert not w.league_display_action.isChecked()
    w.act_room_display()
    w.league_display_action.trigger()
    assert display_settings.load().league_standings
    assert w.display.board.isVisible()
    w.close()
    again = DirectorWindow(make_session(clock, profile="hat", players=9), roster=RosterLink(roster_path))
    qtbot.addWidget(again)
    assert again.league_display_action.isChecked()
    again.league_display_action.trigger()
    assert not display_settings.load().league_standings
    again.close()


def test_lge_9_the_standings_filter_finds_names_from_plain_letters(qtbot):
    """ø, ł and the like fold as accents do in the standings' filter: "soren" finds Søren Ørsted."""
    from PySide6.QtGui import QStandardItem, QStandardItemModel

    from ui.models.league import StandingsFilter

    source = QStandardItemModel()
    for place, name in (("1st", "Søren Ørsted"), ("2nd", "Łukasz Żak"), ("3rd", "Ann Lee"), ("4th", "Þór Æsir")):
        source.appendRow([QStandardItem(place), QStandardItem(name)])
    proxy = StandingsFilter()
    proxy.setSourceModel(source)

    def shown(text: str) -> list[str]:
        proxy.set_text(text)
        return [str(proxy.index(r, 1).data()) for r in range(proxy.rowCount())]

    assert shown("soren") == ["Søren Ørsted"]
    assert shown("LUKASZ") == ["Łukasz Żak"]
    assert shown("thor aesir") == ["Þór Æsir"]
    assert len(shown("")) == 4
