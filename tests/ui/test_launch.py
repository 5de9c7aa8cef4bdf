"""The command line's window modes: self-test, screenshots, and a machine with no display at all."""

from __future__ import annotations

import os
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

from PySide6.QtWidgets import QApplication

from ui.launch import has_display
from ui.selftest import run_self_test

ROOT = Path(__file__).resolve().parents[2]


def test_self_test_checks_every_window_and_prints_one_line(qapp):
    lines: list[str] = []
    assert run_self_test(QApplication.instance(), lines.append) == 0
    assert len(lines) == 1 and lines[0].startswith("SELF-TEST OK: welcome")
    assert "director (300 players, 30 tables)" in lines[0] and "room display" in lines[0]


def test_screenshots_of_the_demo(qapp, tmp_path):
    from ui.screens import write_screenshots

    paths = write_screenshots(tmp_path)
    names = {p.name for p in paths}
    assert {"director.png", "display.png", "display-720.png"} <= names
    from PySide6.QtGui import QImage

    image = QImage(str(tmp_path / "director.png"))
    assert (image.width(), image.height()) == (1920, 1080)


def test_no_display_means_offscreen(monkeypatch):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    if sys.platform.startswith("linux"):
        assert not has_display()
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert not has_display()  # drawn, never shown
    monkeypatch.setenv("QT_QPA_PLATFORM", "minimal")
    assert not has_display()
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert has_display()


def test_demo_on_a_headless_machine_writes_screenshots_and_exits_0(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "floorman", "--demo"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "floorman-screens" / "director.png").exists()
    assert "floorman-screens" in proc.stdout


def test_demo_with_the_offscreen_platform_asked_for_writes_screenshots_and_exits_0(tmp_path):
    """A CI job exports QT_QPA_PLATFORM=offscreen: the demo must not run a window nobody can see or close."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    env["QT_QPA_PLATFORM"] = "offscreen"
    proc = subprocess.run(
        [sys.executable, "-m", "floorman", "--demo"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "floorman-screens" / "director.png").exists()


def test_launch_self_test_option(qapp, capsys):
    from ui.launch import launch

    assert launch(Namespace(self_test=True, demo=False, screenshot=None, file=None)) == 0
    assert capsys.readouterr().out.startswith("SELF-TEST OK:")


def test_lang_picks_the_windows_language_and_refuses_an_unknown_one_in_words(capsys) -> None:  # noqa: ANN001
    """``floorman --lang CODE``: a code with no catalogue stops before any window, in one sentence, exit 2."""
    from floorman.cli import main

    assert main(["--lang", "xx", "--self-test"]) == 2
    err = capsys.readouterr().err
    assert "There is no xx catalogue" in err and "pt-BR" in err and "Traceback" not in err
