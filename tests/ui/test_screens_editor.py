"""View > Room screens' layout…: pick a preset, change a colour, move and resize a region by the keys (the
preview changes), pick a piece from the catalogue, add a logo; save as the venue's own and read it back
equal; export and import one file; a picture that is none, a file too big and hostile archives refused in
one sentence with nothing changed."""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage

from screens.layout import (
    LAYOUT_FILE,
    MAX_IMAGE_BYTES,
    dump_layout,
    find_layout,
    list_layouts,
    load_layout,
    venue_layouts,
)
from ui.screens_editor.dialog import LayoutEditor
from ui.screens_editor.model import EditedLayout, free_cell


@pytest.fixture
def editor(qtbot, tmp_path) -> LayoutEditor:
    dialog = LayoutEditor(folder=tmp_path / "layouts")
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def _row(editor: LayoutEditor, key: str) -> int:
    return next(i for i, e in enumerate(editor.entries) if e.id == key)


def _png(path: Path, colour: str = "#cc2200") -> Path:
    image = QImage(64, 32, QImage.Format.Format_RGB32)
    image.fill(QColor(colour))
    assert image.save(str(path), "PNG")
    return path


def _press(qtbot, editor: LayoutEditor, key: Qt.Key, shift: bool = False) -> None:
    editor.preview.setFocus()
    mods = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.keyClick(editor.preview, key, mods)


def test_pick_a_preset_change_a_colour_move_a_region_by_keys_save_and_reload_equal(qtbot, editor, tmp_path) -> None:
    assert editor.edited.layout == find_layout("classic-16x9")  # the editor opens on the classic preset
    editor.presets.setCurrentRow(_row(editor, "big-clock-16x9"))
    assert editor.edited.layout == find_layout("big-clock-16x9") and editor.name.text() == "Big clock"
    editor.presets.setCurrentRow(_row(editor, "classic-16x9"))
    before, renders = editor.preview.image.copy(), editor.preview.renders

    editor.colour_buttons["accent"].menu().actions()[2].trigger()  # a swatch: #2ec4b6
    assert editor.edited.layout.theme.accent == "#2ec4b6"
    assert editor.colour_buttons["accent"].text() == "#2ec4b6"
    assert editor.preview.renders > renders and editor.preview.image != before

    late = next(i for i, r in enumerate(editor.edited.screen(0).regions) if r.piece == "places_paid")
    editor.regions.setCurrentRow(late)
    assert editor.preview.selected == late
    drawn = editor.preview.image.copy()
    _press(qtbot, editor, Qt.Key.Key_Right)  # the grid's edge: refused in words, nothing changed
    assert "leave the screen" in editor.feedback.text() and editor.edited.screen(0).regions[late].col == 9
    _press(qtbot, editor, Qt.Key.Key_Left)  # onto the prize pool: refused naming it
    assert "\u201cPrize pool\u201d" in editor.feedback.text()
    _press(qtbot, editor, Qt.Key.Key_Left, shift=True)  # narrower
    _press(qtbot, editor, Qt.Key.Key_Right)  # then a cell right
    moved = editor.edited.screen(0).regions[late]
    assert (moved.col, moved.row, moved.width, moved.height) == (10, 7, 2, 2)
    assert editor.preview.image != drawn and editor.preview.grid_screen.regions == editor.edited.screen(0).regions

    editor.name.setText("Friday room")
    assert editor.save()
    saved = tmp_path / "layouts" / "friday-room" / LAYOUT_FILE
    assert load_layout(saved) == editor.edited.layout
    again = LayoutEditor(folder=tmp_path / "layouts")
    qtbot.addWidget(again)
    [venue] = [i for i, e in enumerate(again.entries) if e.source == "venue"]
    again.presets.setCurrentRow(venue)
    assert again.edited.layout == editor.edited.layout
    assert again.edited.layout.theme.accent == "#2ec4b6" and again.edited.screen(0).regions[late].col == 10


def test_the_venue_folder_is_layouts_in_the_user_data_folder(user_data) -> None:
    assert venue_layouts() == Path(os.environ["FLOORMAN_DATA_DIR"]) / "layouts"


def test_a_piece_from_the_catalogue_searched_added_and_shown(qtbot, editor) -> None:
    editor.filter_pieces("qr")
    assert editor.chosen_piece() == "phones_qr"
    hidden = [editor.pieces.topLevelItem(g).isHidden() for g in range(editor.pieces.topLevelItemCount())]
    assert hidden.count(False) == 1  # only the group holding it
    seq = editor.edited.layout
    assert not editor._add_region()  # the classic clock screen has no free cell: said, nothing changed
    assert "no free cell" in editor.feedback.text() and editor.edited.layout == seq
    badges = next(i for i, r in enumerate(editor.edited.screen(0).regions) if r.piece == "badges")
    editor.pick_region(badges)
    assert editor._remove_region()
    assert free_cell(editor.edited.screen(0)) == (8, 0)
    assert editor._add_region()
    added = editor.edited.screen(0).regions[-1]
    assert (added.piece, added.col, added.row) == ("phones_qr", 8, 0) and editor.region == len(
        editor.edited.screen(0).regions) - 1
    editor.filter_pieces("average stack")
    assert editor.chosen_piece() in ("average_stack", "average_stack_bb")
    assert editor._set_piece() and editor.edited.screen(0).regions[-1].piece == editor.chosen_piece()


def test_logo_and_banners_from_files_checked_and_refused_in_words(qtbot, editor, tmp_path) -> None:
    logo = _png(tmp_path / "Our Logo!.png")
    assert editor.set_logo(logo)
    assert editor.edited.layout.theme.logo == "our-logo.png" and "our-logo.png" in editor.edited.images
    assert "No screen shows it yet" in editor.feedback.text()  # the classic preset has no logo region
    before = editor.edited.layout
    fake = tmp_path / "sponsor.png"
    fake.write_text("<html>not a picture</html>")
    assert not editor.add_banner(fake)
    assert editor.feedback.text() == "The file sponsor.png is not a PNG, JPEG, GIF or WebP picture."
    huge = tmp_path / "huge.png"
    with huge.open("wb") as f:
        f.truncate(MAX_IMAGE_BYTES + 1)
    assert not editor.add_banner(huge)
    assert "is 16 MB; a logo or a banner is at most 16 MB" in editor.feedback.text()
    assert editor.edited.layout == before
    assert editor.add_banner(None, "Thanks to  Acme Chips")
    assert editor.add_banner(_png(tmp_path / "acme.png", "#00aa00"))
    assert editor.add_banner(tmp_path / "acme.png")  # the same picture again: kept once
    assert [b.text or b.image for b in editor.edited.layout.theme.banners] == ["Thanks to Acme Chips", "acme.png",
                                                                             "acme.png"]
    assert editor.set_level_background(5, "#2a0f14")
    assert editor.edited.layout.theme.level_backgrounds == {"5": "#2a0f14"}
    assert editor.set_game_colour("Razz", "#bb6bd9") and editor.edited.layout.theme.game_colours["Razz"] == "#bb6bd9"
    editor.name.setText("With pictures")
    assert editor.save()
    saved = load_layout(editor.folder / "with-pictures")
    assert saved == editor.edited.layout and saved.images == {"our-logo.png", "acme.png"}


def test_export_and_import_one_file_and_hostile_files_refused(qtbot, editor, tmp_path) -> None:
    assert editor.set_logo(_png(tmp_path / "logo.png"))
    editor.name.setText("Travelling")
    out = tmp_path / "travelling.floorman-layout"
    assert editor.export_to(out)
    assert sorted(zipfile.ZipFile(out).namelist()) == ["images/logo.png", LAYOUT_FILE]
    assert editor.import_from(out)
    assert editor.edited.layout.name == "Travelling" and editor.edited.images.keys() == {"logo.png"}
    assert (editor.folder / "travelling" / "images" / "logo.png").is_file()

    listing = sorted(p.relative_to(editor.folder) for p in editor.folder.rglob("*"))
    shown = editor.edited.layout
    evil = tmp_path / "evil.floorman-layout"
    with zipfile.ZipFile(evil, "w") as z:
        z.writestr(LAYOUT_FILE, dump_layout(find_layout("classic-16x9")))
        z.writestr("../../outside.txt", "gotcha")
    assert not editor.import_from(evil)
    assert "a name outside its own folder" in editor.feedback.text()
    not_zip = tmp_path / "not.floorman-layout"
    not_zip.write_bytes(b"\x00" * 100)
    assert not editor.import_from(not_zip)
    assert editor.feedback.text() == "The file is not a layout exported by Floorman (not a zip file)."
    assert not editor.import_from(out)  # the same name again
    assert "already here" in editor.feedback.text()
    assert sorted(p.relative_to(editor.folder) for p in editor.folder.rglob("*")) == listing
    assert editor.edited.layout == shown and not (tmp_path / "outside.txt").exists()


def test_saving_over_another_venue_layout_of_the_same_name_is_refused(qtbot, editor) -> None:
    editor.name.setText("Main room")
    assert editor.save()
    editor.presets.setCurrentRow(_row(editor, "sponsors-16x9"))
    editor.name.setText("Main room")
    assert not editor.save()
    assert "already has a layout named 'Main room'" in editor.feedback.text()
    assert load_layout(editor.folder / "main-room").name == "Main room"
    assert [e.name for e in list_layouts(editor.folder) if e.source == "venue"] == ["Main room"]


def test_every_change_is_checked_whole_by_the_model() -> None:
    edited = EditedLayout(find_layout("classic-16x9"))
    before = edited.layout
    for bad in (lambda: edited.set_colour("accent", "teal"), lambda: edited.resize_region(0, 3, 0, 9),
                lambda: edited.set_piece(0, 0, "horoscope"), lambda: edited.rename("  "),
                lambda: edited.set_size(0, 0, 2.0), lambda: edited.remove_banner(4)):
        with pytest.raises(Exception) as info:
            bad()
        assert type(info.value).__name__ == "LayoutError" and str(info.value).endswith(".")
        assert edited.layout == before and not edited.changed


def test_the_upright_preset_previews_upright_and_the_open_tournament(qtbot, tmp_path, window) -> None:
    [action] = [a for a in window._menus["&View"].actions() if a.text() == "Room screens' layout…"]
    action.trigger()
    editor = window.layout_editor
    assert isinstance(editor, LayoutEditor) and editor.isVisible()
    editor.presets.setCurrentRow(_row(editor, "classic-9x16"))
    assert editor.size_box.currentData() == (1080, 1920)
    assert editor.preview.image.width() == 1080 and editor.preview.image.height() == 1920
    editor.source_box.setCurrentIndex(editor.source_box.findData("open"))
    texts = {b.content.text for b in editor.picture().boxes}
    assert any("Test event" in t for t in texts)  # the open tournament's name, not the demo's
    editor.reject()


def test_a_region_dragged_on_the_preview_moves_and_its_corner_resizes_it(qtbot, editor) -> None:
    screen = editor.edited.screen(0)
    late = next(i for i, r in enumerate(screen.regions) if r.piece == "places_paid")
    preview = editor.preview
    centre = preview.region_rect(late).center().toPoint()
    qtbot.mouseClick(preview, Qt.MouseButton.LeftButton, pos=centre)
    assert editor.region == late and editor.regions.currentRow() == late
    corner = preview.region_rect(late).bottomRight().toPoint() - QPoint(3, 3)
    left = preview.cell_rect(10, 8).center().toPoint()  # a cell narrower
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=corner)
    qtbot.mouseMove(preview, left)
    qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=left)
    r = editor.edited.screen(0).regions[late]
    assert (r.col, r.row, r.width, r.height) == (9, 7, 2, 2)
    start = preview.cell_rect(9, 7).center().toPoint()
    end = preview.cell_rect(10, 7).center().toPoint()
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(preview, end)
    qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=end)
    r = editor.edited.screen(0).regions[late]
    assert (r.col, r.row, r.width, r.height) == (10, 7, 2, 2)
    onto = preview.cell_rect(7, 7).center().toPoint()  # onto the prize pool: refused, it stays
    qtbot.mousePress(preview, Qt.MouseButton.LeftButton, pos=end)
    qtbot.mouseMove(preview, onto)
    qtbot.mouseRelease(preview, Qt.MouseButton.LeftButton, pos=onto)
    assert "\u201cPrize pool\u201d" in editor.feedback.text() and editor.edited.screen(0).regions[late].col == 10


def test_the_previews_clock_runs_a_second_a_tick(qtbot, editor) -> None:
    clock = next(i for i, r in enumerate(editor.edited.screen(0).regions) if r.piece == "clock")
    said = editor.picture().boxes[clock].content.text
    drawn = editor.preview.image.copy()
    editor.tick()
    assert editor.picture().boxes[clock].content.text != said and editor.preview.image != drawn
    assert editor.ticks.isActive()
    editor.hide()
    assert not editor.ticks.isActive()


def test_a_regions_look_and_a_screens_turn_and_page_down_picks_the_next_region(qtbot, editor) -> None:
    _press(qtbot, editor, Qt.Key.Key_PageDown)
    assert editor.region == 0 and editor.regions.currentRow() == 0
    _press(qtbot, editor, Qt.Key.Key_PageDown)
    assert editor.region == 1
    _press(qtbot, editor, Qt.Key.Key_PageUp)
    _press(qtbot, editor, Qt.Key.Key_PageUp)
    assert editor.region == len(editor.edited.screen(0).regions) - 1  # round to the last
    editor.pick_region(0)
    editor.align.setCurrentIndex(editor.align.findData("right"))
    editor.align.activated.emit(editor.align.currentIndex())
    editor.bold.click()
    first = editor.edited.screen(0).regions[0]
    assert (first.align, first.bold) == ("right", True)
    editor.seconds.setValue(25)
    editor.seconds.editingFinished.emit()
    assert editor.edited.screen(0).seconds == 25
    before = editor.edited.layout
    with pytest.raises(Exception, match="shows from 3 seconds to an hour"):
        editor.edited.set_seconds(1, 1)
    level_up = next(i for i, s in enumerate(editor.edited.layout.screens) if s.event == "level_up")
    editor.screen_box.setCurrentIndex(level_up)
    assert editor.seconds.value() == editor.edited.screen(level_up).event_seconds
    assert editor.edited.layout == before
