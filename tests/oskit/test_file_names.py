"""File names every system accepts: refused or cleaned, with words, when a tournament, a sheet or a backup is named.

``oskit.names.portable_name`` is the one rule; the new-tournament dialog, "Save as…", a sheet's
"Save a copy", ``floorman print --out`` and the backups each use it. Any player or tournament name
still works: only what Windows (the strictest) forbids is changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.profiles.profile import load_profile
from db.backups import list_backups
from db.store import TournamentStore
from floorman.cli import main as floorman
from oskit.names import FORBIDDEN, MAX_BYTES, portable_name, portable_path, problems


@pytest.mark.parametrize("char", list(FORBIDDEN))
def test_each_character_windows_forbids_is_replaced_and_named(char: str) -> None:
    cleaned = portable_name(f"Friday {char} Main.floorman")
    assert cleaned.name == "Friday - Main.floorman"
    assert cleaned.changes == (f"the character {char} is not allowed in a file name on Windows: replaced by “-”",)
    assert cleaned.sentence() == (f"“Friday {char} Main.floorman” is saved as “Friday - Main.floorman”: "
                                  f"{cleaned.changes[0]}.")


def test_runs_and_control_characters() -> None:
    cleaned = portable_name('a<>:"b\tc\x00d.pdf')
    assert cleaned.name == "a-b-c-d.pdf"
    assert cleaned.changes[0].startswith("the characters <, >, :, \" and control characters are not allowed")


@pytest.mark.parametrize(("asked", "kept"), [
    ("friday.", "friday"), ("friday ", "friday"), ("friday. . ", "friday"), ("friday.floorman.", "friday.floorman"),
])
def test_trailing_dots_and_spaces_are_removed(asked: str, kept: str) -> None:
    cleaned = portable_name(asked)
    assert cleaned.name == kept
    assert cleaned.changes == ("Windows does not keep a dot or a space at the end of a file name: removed",)


@pytest.mark.parametrize("asked", ["CON", "con", "PRN", "AUX", "NUL", "nul", "COM1", "com9", "LPT1", "LPT9", "COM0",
                                   "CON.floorman", "con.pdf", "NUL.tar.gz", "Aux .floorman", "COM¹", "CONIN$"])
def test_device_names_windows_keeps_get_an_underscore_even_with_an_extension(asked: str) -> None:
    cleaned = portable_name(asked)
    device = asked.split(".", 1)[0].rstrip(" ")
    assert cleaned.name == device + "_" + asked[len(device):]
    assert cleaned.changes == (f"{device} is a name Windows keeps for a device, even with an extension: “_” added",)


@pytest.mark.parametrize("fine", ["CONSOLE.floorman", "com10.pdf", "lpt.pdf", "nul-results.pdf", "x.con", "my con.pdf",
                                  "Zoë Müller ♠ #3 (100%).floorman", "it's fine, isn't it; [yes] {a} ~b^ =c+ @d!.pdf",
                                  "Łukasz Żółć — Дмитрий — Αλέξης — 王小明 — محمد.floorman", ".hidden", "a.b.c"])
def test_any_other_name_is_kept_as_it_is(fine: str) -> None:
    cleaned = portable_name(fine)
    assert cleaned.name == fine and not cleaned.changed and cleaned.sentence() == "" and problems(fine) == ()


@pytest.mark.parametrize("asked", ["", ".", "..", "...", "   ", "?", "*.*"])
def test_nothing_left_uses_the_fallback(asked: str) -> None:
    cleaned = portable_name(asked, fallback="tournament.floorman")
    assert cleaned.name == "tournament.floorman" and cleaned.changed
    assert "nothing usable was left of the name: “tournament.floorman” is used" in cleaned.changes


def test_too_long_a_name_is_shortened_before_its_extension() -> None:
    cleaned = portable_name("Ü" * 200 + ".floorman")  # 400 bytes in UTF-8
    assert cleaned.name.endswith(".floorman") and len(cleaned.name.encode("utf-8")) <= MAX_BYTES
    assert set(cleaned.name[: -len(".floorman")]) == {"Ü"}  # never half a letter
    assert "at most 255 bytes" in cleaned.changes[-1]


def test_only_the_last_part_of_a_path_changes(tmp_path: Path) -> None:
    odd_folder = tmp_path / "a:b?"  # a folder that exists already is the user's, not Floorman's to rename
    path, cleaned = portable_path(odd_folder / "what?.pdf")
    assert path == odd_folder / "what-.pdf" and cleaned.changed
    same, nothing = portable_path(tmp_path / "fine.pdf")
    assert same == tmp_path / "fine.pdf" and not nothing.changed


# --- where names are given ----------------------------------------------------------------------


def test_the_new_tournament_dialog_cleans_the_file_name_and_says_so(qtbot, tmp_path: Path) -> None:
    from ui.dialogs.new_tournament import NewTournamentDialog

    dialog = NewTournamentDialog(load_profile("tda"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("CON")  # the suggested file name is already portable
    assert Path(dialog.path.text()) == tmp_path / "con_.floorman"
    dialog.name.setText("Friday: Main Event?")
    assert Path(dialog.path.text()).name == "friday-main-event.floorman"
    dialog.path.setText(str(tmp_path / "Friday: Main?.floorman"))
    dialog._ok()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert Path(dialog.path.text()) == tmp_path / "Friday- Main-.floorman"
    said = dialog.feedback.text()
    assert "“Friday: Main?.floorman” is saved as “Friday- Main-.floorman”" in said and "again" in said
    dialog._ok()  # the director has seen the new name
    assert dialog.result() == dialog.DialogCode.Accepted


def test_the_new_tournament_dialog_refuses_an_empty_file_name(qtbot, tmp_path: Path) -> None:
    from ui.dialogs.new_tournament import NewTournamentDialog

    dialog = NewTournamentDialog(load_profile("tda"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.path.setText("  ")
    dialog._ok()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert "Say where the tournament is saved" in dialog.feedback.text()


def test_save_as_cleans_the_name_and_says_so(qtbot, tmp_path: Path, clock) -> None:
    from tests.ui.conftest import open_window
    from ui.session import Session

    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("home-nl"), "Friday", time=clock)
    w = open_window(qtbot, Session(store, str(path)))
    w.store.path_chooser = lambda parent, suggested: str(tmp_path / "NUL.floorman")
    w.store.act_save_as()
    said = w.store.banner.text()
    assert "Saved as" in said and "“NUL.floorman” is saved as “NUL_.floorman”" in said
    assert (tmp_path / "NUL_.floorman").is_file() and not (tmp_path / "NUL.floorman").exists()
    w.close()


def test_a_sheet_copy_is_saved_under_a_clean_name_and_said(qtbot, tmp_path: Path) -> None:
    from ui.printing.jobs import SheetResult, job_for
    from ui.printing.preview import PreviewDialog

    sheet = tmp_path / "seating.pdf"
    sheet.write_bytes(b"%PDF-1.4 a sheet")
    preview = PreviewDialog(SheetResult(job_for("seating"), sheet, 1, [], 0.1), lambda p: True)
    qtbot.addWidget(preview)
    preview.copy_to(tmp_path / "Friday | seats.pdf ")
    assert (tmp_path / "Friday - seats.pdf").read_bytes() == b"%PDF-1.4 a sheet"
    said = preview.feedback.text()
    assert said.startswith("Saved as ") and "the character | is not allowed" in said and "removed" in said


def test_floorman_print_refuses_a_name_in_words(tmp_path: Path, capsys) -> None:
    out = tmp_path / "results?.pdf"
    assert floorman(["print", "results", "--demo", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "“results?.pdf” would not work on every computer" in err and "“results-.pdf”" in err
    assert not out.exists()
    assert floorman(["print", "results", "--demo", "--out", str(tmp_path / "LPT1.pdf")]) == 2
    assert "LPT1 is a name Windows keeps for a device" in capsys.readouterr().err
    assert floorman(["print", "results", "--demo", "--out", str(tmp_path / "Zoë's results #1.pdf")]) == 0


def test_backups_of_an_oddly_named_tournament_have_portable_names(tmp_path: Path, clock) -> None:
    path = tmp_path / 'what? "quoted".floorman'  # Linux and macOS take it; a USB stick for Windows does not
    with TournamentStore.create(path, load_profile("home-nl"), "What", time=clock) as store:
        store.execute({"cmd": "register", "name": "Ann Lee"})
        made = store.backup_now()
    assert made.name.startswith("what- -quoted--") and not portable_name(made.name).changed
    assert [b.path for b in list_backups(path)] == [made]
    assert floorman(["restore", str(path), "1"]) == 0


def test_backups_named_the_old_way_are_still_listed(tmp_path: Path, clock) -> None:
    import shutil

    path = tmp_path / "what?.floorman"
    with TournamentStore.create(path, load_profile("home-nl"), "What", time=clock) as store:
        made = store.backup_now()
    old = made.with_name(made.name.replace("what-", "what?", 1))
    shutil.move(made, old)
    assert [b.path for b in list_backups(path)] == [old]


def test_a_profile_named_con_is_saved_under_a_name_windows_takes(qtbot, tmp_path: Path, monkeypatch) -> None:
    from ui.dialogs.new_tournament import NewTournamentDialog

    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "data"))
    dialog = NewTournamentDialog(load_profile("tda"), tmp_path)
    qtbot.addWidget(dialog)
    dialog.name.setText("CON")
    dialog.save_profile()
    assert dialog.saved_profile == tmp_path / "data" / "profiles" / "con_.json"
    assert "Saved as the profile “CON”" in dialog.feedback.text()


def test_templates_use_the_same_device_names() -> None:
    from ui.templates import file_name

    assert file_name("LPT0") == "%5FLPT0.json" and file_name("nul .x") == "%5Fnul .x.json"
    assert file_name("Sunday Deepstack") == "Sunday Deepstack.json"
