"""Sound, opening a file and the print route on Windows and macOS (their OS modules faked) and on Linux."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from oskit import opener, printing, sound


def which_of(*present: str):
    return lambda name: f"/usr/bin/{name}" if name in present else None


# --- sound: oskit.sound (the room display's chimes) -------------------------------------------------


def test_windows_without_winsound_is_silent_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "winsound", None)  # importing it fails
    found, note = sound.system_player(which=which_of("paplay", "afplay"))
    assert found is None and note == "Windows sound (winsound) is missing: the room display runs silently."


def test_winsound_failing_to_play_is_logged_not_raised(monkeypatch: pytest.MonkeyPatch, caplog) -> None:
    def refuse(path: str, flags: int) -> None:
        raise RuntimeError("Failed to play sound")

    fake = type("winsound", (), {"SND_FILENAME": 0x20000, "SND_ASYNC": 1, "PlaySound": staticmethod(refuse)})
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "winsound", fake)
    found, _note = sound.system_player()
    assert found is not None
    found.play(Path("chime.wav"))
    assert "could not be played" in caplog.text


def test_macos_plays_with_afplay_started_not_awaited(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(sound.shutil, "which", which_of("afplay"))
    started: list[tuple[list[str], dict]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda argv, **kw: started.append((argv, kw)))
    found, note = sound.system_player()
    assert found is not None and note == "Chimes play through macOS (afplay)."
    found.play(Path("/x/chime-2.wav"))
    assert started[0][0] == ["/usr/bin/afplay", "/x/chime-2.wav"]
    assert started[0][1]["stdin"] == subprocess.DEVNULL


# --- opening a file: oskit.opener (a sheet in the PDF viewer) ------------------------------------


def test_windows_opens_with_os_startfile(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    opened: list[str] = []
    monkeypatch.setattr(os, "startfile", opened.append, raising=False)
    monkeypatch.setattr(subprocess, "Popen", lambda *a, **k: pytest.fail("Windows never starts a program by name"))
    sheet = tmp_path / "seating.pdf"
    assert opener.open_file(sheet) is True
    assert opened == [str(sheet)] and opener.file_opener().name == "os.startfile"


def test_windows_with_no_program_for_pdf_says_false(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def no_association(path: str) -> None:
        raise OSError(1155, "No application is associated with the specified file for this operation")

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(os, "startfile", no_association, raising=False)
    assert opener.open_file(tmp_path / "seating.pdf") is False


def test_windows_without_startfile_says_false(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delattr(os, "startfile", raising=False)
    assert opener.open_file(tmp_path / "seating.pdf") is False


@pytest.mark.parametrize(("platform", "program"), [("darwin", "open"), ("linux", "xdg-open")])
def test_macos_and_linux_open_with_their_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  platform: str, program: str) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(opener.shutil, "which", which_of(program))
    started: list[list[str]] = []
    monkeypatch.setattr(subprocess, "Popen", lambda argv, **kw: started.append(argv))
    assert opener.open_file(tmp_path / "seating.pdf") is True
    assert started == [[f"/usr/bin/{program}", str(tmp_path / "seating.pdf")]]


def test_linux_without_xdg_open_says_false(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(opener.shutil, "which", which_of())
    assert opener.open_file(tmp_path / "seating.pdf") is False


def test_a_program_that_fails_to_start_says_false(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def broken(argv, **kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(subprocess, "Popen", broken)
    assert opener.CommandOpener("open", which=which_of("open")).open(tmp_path / "a.pdf") is False


def test_the_window_falls_back_to_qt_when_the_system_cannot_open(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    from PySide6.QtGui import QDesktopServices

    from ui.printing import output

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(opener.shutil, "which", which_of())
    asked: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: asked.append(url.toLocalFile()) or True)
    assert output.open_in_viewer(tmp_path / "a.pdf") is True
    assert asked == [str(tmp_path / "a.pdf")]


# --- printing: oskit.printing (CUPS takes the PDF, or Qt paints it) -----------------------------


def test_windows_paints_with_qt_even_with_an_lp_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.printing import output

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(printing.shutil, "which", which_of("lp"))  # e.g. MSYS2's lp: not Windows' queue
    assert output.can_send_to_printer() is False
    assert printing.print_route().name == "Windows printing (Qt)"


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_linux_and_macos_send_the_pdf_to_cups_when_lp_exists(monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    from ui.printing import output

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(printing.shutil, "which", which_of("lp"))
    assert output.can_send_to_printer() is True
    monkeypatch.setattr(printing.shutil, "which", which_of())
    assert output.can_send_to_printer() is False  # no CUPS here: Qt paints, as on Windows


# --- a screen: ui.launch.has_display (Linux needs X11 or Wayland; Windows and macOS always have one) ---


@pytest.mark.parametrize(("platform", "shown"), [("linux", False), ("win32", True), ("darwin", True)])
def test_a_screen_without_display_variables(monkeypatch: pytest.MonkeyPatch, platform: str, shown: bool) -> None:
    from ui.launch import has_display

    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", platform)
    assert has_display() is shown
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert has_display() is True
