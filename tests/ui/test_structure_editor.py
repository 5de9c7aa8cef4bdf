"""The structure editor (issue item 6): levels edited in a table, checked by the engine as they are typed,
saved with set_structure through the runner, and kept as named templates in the user data folder."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

from app.commands.clock import StartClock
from ui import templates
from ui.dialogs.structure_editor import WRONG, StructureEditor
from ui.palette import suggestions

FRIDAY = 'Friday #3 / "deep"'


def _set(editor: StructureEditor, row: int, key: str, text: str) -> None:
    item = editor.table.item(row, editor.column(key))
    assert item is not None
    item.setText(text)


def _open(window) -> StructureEditor:
    window.clock_tab.buttons["edit"].click()
    editor = window.clock_ctl.editor
    assert editor is not None and editor.isVisible()
    return editor


def test_a_big_blind_below_the_small_blind_marks_the_row_and_blocks_save(qtbot, window) -> None:
    editor = _open(window)
    assert editor.save_button.isEnabled() and editor.wrong_rows() == []
    _set(editor, 1, "bb", "10")  # level 2: the small blind is above it now
    assert editor.wrong_rows() == [1]
    assert not editor.save_button.isEnabled()
    assert not editor.buttons["template"].isEnabled()
    said = editor.feedback.text()
    assert said.startswith("Level 2: the big blind (10) is below the small blind")
    assert said.count(". ") == 0  # one sentence
    assert editor.table.item(1, 0).background().color() == WRONG
    assert editor.table.item(0, 0).background().color() != WRONG
    assert editor.table.item(1, 0).toolTip() == said
    _set(editor, 2, "minutes", "0")  # a second mistake: both rows marked, the first one named
    assert editor.wrong_rows() == [1, 2]
    assert "(1 more to fix)" in editor.feedback.text()


def test_fixing_the_level_saves_it_to_the_running_clock(qtbot, window) -> None:
    window.clock_ctl.run(StartClock())
    editor = _open(window)
    _set(editor, 0, "bb", "20")
    assert not editor.save_button.isEnabled()  # 25 above 20
    _set(editor, 0, "sb", "10")
    _set(editor, 0, "ante", "20")
    assert editor.save_button.isEnabled() and editor.feedback.isHidden()
    editor.save_button.click()
    assert not editor.isVisible()
    level = window.session.tournament.view("structure")["structure"]["levels"][0]
    assert level["blinds"] == {"sb": 10, "bb": 20, "ante": 20}
    assert "10/20" in window.clock_tab.level.text()
    assert window.clock_tab.structure.data(window.clock_tab.structure.index(0, 3)) == "10/20 ante 20"
    assert window.clock_tab.feedback.text() == "The new structure is in force."


def test_add_remove_move_and_a_break_after_a_level(qtbot, window) -> None:
    editor = _open(window)
    rows = editor.table.rowCount()
    editor.table.selectRow(0)
    editor.add_level()
    assert editor.table.rowCount() == rows + 1
    assert editor.structure()["levels"][1]["bb"] == 2 * editor.structure()["levels"][0]["bb"]
    editor.table.selectRow(1)
    editor.move_level(1)  # the doubled level after level 3: out of order, but the engine allows it
    assert editor.table.currentRow() == 2
    editor.remove_level()
    assert editor.table.rowCount() == rows
    _set(editor, 0, "break", "15")
    _set(editor, 0, "race", "5, 25")
    assert editor.structure()["breaks"][0] == {"after": 1, "minutes": 15, "race": [5, 25]}
    _set(editor, 0, "break", "300")
    assert editor.wrong_rows() == [0] and "minutes must be from 1 to 240" in editor.feedback.text()


def test_the_palette_opens_the_editor(qtbot, window) -> None:
    found = [s for s in suggestions(window.palette_parts, "edit structure") if s.label.startswith("Edit structure")]
    assert found
    found[0].run()
    assert window.clock_ctl.editor is not None and window.clock_ctl.editor.isVisible()


def test_a_structure_template_with_any_name_saves_and_loads(qtbot, window, user_data) -> None:
    editor = _open(window)
    _set(editor, 0, "ante", "5")
    assert editor.save_template(FRIDAY)
    saved = list((user_data / "structures").glob("*.json"))
    assert len(saved) == 1 and "/" not in saved[0].name[:-5].replace("%2F", "")
    if sys.platform != "win32":
        assert stat.S_IMODE(saved[0].stat().st_mode) == 0o600
    assert json.loads(saved[0].read_text(encoding="utf-8"))["name"] == FRIDAY
    assert templates.names(templates.STRUCTURES) == [FRIDAY]
    editor.close()
    editor = StructureEditor(window.session.state.profile.settings, {"levels": [{"sb": 1, "bb": 2}]})
    qtbot.addWidget(editor)
    assert editor.load_template(FRIDAY)
    assert editor.table.rowCount() == window.clock_tab.structure.rowCount() - len(
        window.session.tournament.view("structure")["structure"]["breaks"])
    assert editor.structure()["levels"][0]["ante"] == 5


def test_a_corrupt_template_is_refused_in_one_sentence(qtbot, window, user_data) -> None:
    folder = user_data / "structures"
    folder.mkdir(exist_ok=True)
    (folder / templates.file_name("Broken")).write_text("{not json", encoding="utf-8")
    bad_levels = {"kind": "structure", "name": "Upside down", "structure": {"levels": [{"sb": 50, "bb": 25}]}}
    (folder / templates.file_name("Upside down")).write_text(json.dumps(bad_levels), encoding="utf-8")
    editor = _open(window)
    before = editor.structure()
    assert not editor.load_template("Broken")
    said = editor.feedback.text()
    assert said.startswith("A template file (Broken.json) could not be used (it is not JSON data): it was renamed "
                           "Broken.json.bad-") and said.endswith(" and is no longer read.")
    assert not (folder / "Broken.json").exists() and list(folder.glob("Broken.json.bad-*"))  # set aside, kept
    assert not editor.load_template("Upside down")
    said = editor.feedback.text()
    assert said.startswith("The template “Upside down” was not used: Level 1: the big blind (25) is below")
    assert said.count(". ") == 0
    assert editor.structure() == before


@pytest.mark.parametrize("name", [FRIDAY, "..", "CON", "a\\b:c*?<>|", "é ü 中"])
def test_file_names_for_any_template_name(name: str) -> None:
    file = templates.file_name(name)
    assert "/" not in file and "\\" not in file and not file.startswith(".")
    assert Path(file).name == file


def test_screenshot_of_the_editor(qtbot, window, tmp_path) -> None:
    editor = _open(window)
    _set(editor, 1, "bb", "10")
    editor.resize(980, 560)
    qtbot.waitExposed(editor)
    shot = editor.grab()
    assert not shot.isNull()
    out = Path(__file__).resolve().parents[2] / "build" / "structure-editor.png"
    out.parent.mkdir(exist_ok=True)
    shot.save(str(out))


def test_an_event_template_round_trips_into_a_new_tournament(qtbot, user_data, tmp_path) -> None:
    from app.profiles.profile import load_profile
    from ui.dialogs.new_tournament import NewTournamentDialog
    from ui.start import create_from_dialog, new_tournament_dialog
    from ui.welcome import WelcomeWindow

    own = {"levels": [{"sb": 100, "bb": 200, "ante": 200}, {"sb": 200, "bb": 400, "ante": 400, "minutes": 25}],
           "breaks": [{"after": 1, "minutes": 10, "race": [25]}]}
    first = NewTournamentDialog(load_profile("home-nl"), tmp_path, structure=own)
    qtbot.addWidget(first)
    first.rows["table.max_seats"].editor.spin.setValue(8)
    first.venue.setText("The Back Room, Leeds")
    assert first.save_event_template(FRIDAY)
    saved = first.edited_profile().settings

    welcome = WelcomeWindow()
    qtbot.addWidget(welcome)
    chosen: list[object] = []
    welcome.new_requested.connect(chosen.append)
    assert welcome.select_event_template(FRIDAY)
    welcome._new()
    assert len(chosen) == 1
    dialog = new_tournament_dialog(chosen[0])  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    assert dialog.venue.text() == "The Back Room, Leeds"
    dialog.path.setText(str(tmp_path / "friday.floorman"))
    assert dialog.validate()
    dialog._ok()
    session = create_from_dialog(dialog)
    try:
        state = session.state
        assert dict(state.profile.settings) == dict(saved)
        view = session.tournament.view("structure")["structure"]
        assert [lv["blinds"] for lv in view["levels"]] == [{"sb": 100, "bb": 200, "ante": 200},
                                                           {"sb": 200, "bb": 400, "ante": 400}]
        assert view["levels"][1]["minutes"] == 25 and view["breaks"][0]["race"] == [25]
        assert session.venue == "The Back Room, Leeds"
        from ui.templates import venue_of

        assert venue_of(tmp_path / "friday.floorman") == "The Back Room, Leeds"
    finally:
        session.close()


def test_a_corrupt_event_template_is_refused_on_the_welcome_screen(qtbot, user_data) -> None:
    from ui.welcome import WelcomeWindow

    folder = user_data / "events"
    folder.mkdir()
    (folder / templates.file_name("Old night")).write_text('{"kind": "event", "name": "Old night", "profile": 7}',
                                                          encoding="utf-8")
    welcome = WelcomeWindow()
    qtbot.addWidget(welcome)
    chosen: list[object] = []
    welcome.new_requested.connect(chosen.append)
    assert welcome.select_event_template("Old night")
    welcome._new()
    assert chosen == []
    assert welcome.feedback.text() == "The template “Old night” is not an event template, so it was not used."


def test_a_saved_structure_is_chosen_when_the_tournament_is_created(qtbot, user_data, tmp_path) -> None:
    from app.profiles.profile import load_profile
    from ui.dialogs.new_tournament import NewTournamentDialog
    from ui.start import create_from_dialog

    deep = {"levels": [{"sb": 25, "bb": 50}, {"sb": 50, "bb": 100, "minutes": 30}, {"sb": 75, "bb": 150}],
            "breaks": [{"after": 2, "minutes": 15}]}
    templates.save_structure(FRIDAY, deep)
    dialog = NewTournamentDialog(load_profile("home-nl"), tmp_path)
    qtbot.addWidget(dialog)
    box = dialog.structure_choice
    offered = [box.itemText(i) for i in range(box.count())]
    assert offered == ["The profile's structure", f"Saved structure “{FRIDAY}”"]
    assert dialog.structure is None
    box.setCurrentIndex(1)
    assert dialog.structure is not None and dialog.validate()
    dialog.path.setText(str(tmp_path / "deep.floorman"))
    dialog._ok()
    session = create_from_dialog(dialog)
    try:
        view = session.tournament.view("structure")["structure"]
        assert [(lv["blinds"]["sb"], lv["blinds"]["bb"]) for lv in view["levels"]][:3] == [
            (25, 50), (50, 100), (75, 150)]
        assert view["levels"][1]["minutes"] == 30 and view["breaks"][0]["after"] == 2
    finally:
        session.close()
    box.setCurrentIndex(0)  # back to the profile's: nothing of the saved one is kept
    assert dialog.structure is None


def test_a_saved_structure_that_breaks_the_rules_blocks_create_in_words(qtbot, user_data, tmp_path) -> None:
    from app.profiles.profile import load_profile
    from ui.dialogs.new_tournament import NewTournamentDialog

    templates.save_structure("Upside down", {"levels": [{"sb": 25, "bb": 50}], "breaks": []})
    path = templates.path_of(templates.STRUCTURES, "Upside down")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["structure"]["levels"] = [{"sb": 100, "bb": 50}]  # edited by hand: the big blind below the small
    path.write_text(json.dumps(data), encoding="utf-8")
    dialog = NewTournamentDialog(load_profile("home-nl"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.structure_choice.setCurrentIndex(1)
    assert not dialog.buttons.button(dialog.buttons.StandardButton.Ok).isEnabled()
    assert "The chosen structure does not fit these rules" in dialog.feedback.text()


def test_a_blind_typed_grouped_is_read_in_any_shipped_languages_way_and_a_decimal_is_not() -> None:
    """"1,000", German "1.000" and French "1 000" are a thousand; "1,5" is handed to the engine as typed, so it
    is refused in words rather than read as fifteen."""
    from ui.dialogs.structure_editor import _number

    assert [_number(t) for t in ("1,000", "1.000", "1\u202f000", "1000", "")] == [1000, 1000, 1000, 1000, None]
    assert _number("1,5") == "1,5"
