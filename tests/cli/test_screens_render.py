"""``floorman screens render``: one screen of a layout drawn into a PNG without a monitor, on a tournament
file or the demo; every refusal in one sentence, exit 2, nothing written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from PySide6.QtGui import QColor, QImage

from app.profiles.profile import load_profile
from db.store import TournamentStore
from floorman.cli import main
from screens.layout import find_layout, save_layout


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path))
    return tmp_path


def test_render_draws_the_named_screen_of_a_preset_on_the_demo(data_dir: Path, qapp,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = data_dir / "payouts.png"
    assert main(["screens", "render", "classic-16x9", "--demo", "--size", "640x360", "--out", str(out),
                 "--screen", "payouts"]) == 0
    assert capsys.readouterr().out.strip() == f"Wrote {out} (Classic, screen Payouts, 640x360)."
    image = QImage(str(out))
    assert (image.width(), image.height()) == (640, 360)
    assert image.pixelColor(2, 358) == QColor(find_layout("classic-16x9").theme.background)
    lit = sum(image.pixelColor(x, y).lightness() > 200 for x in range(0, 640, 4) for y in range(0, 360, 4))
    assert lit > 100  # words were drawn


def test_render_reads_a_tournament_file_and_a_venue_layout_with_its_images(data_dir: Path, qapp,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = data_dir / "night.floorman"
    store = TournamentStore.create(path, load_profile("tda"), "Friday Freezeout", seed=0)
    try:
        for name in ("Ann Lee", "Bo Chen", "Carla Novak"):
            store.execute({"cmd": "register", "name": name})
    finally:
        store.close()
    red = QImage(8, 8, QImage.Format.Format_RGB32)
    red.fill(QColor("#ff0000"))
    base = find_layout("big-clock-16x9")
    own = msgspec.structs.replace(base, name="Our room", theme=msgspec.structs.replace(
        base.theme, background_image="felt.png"))
    folder = data_dir / "layouts" / "our-room"
    (folder / "images").mkdir(parents=True)
    red.save(str(folder / "images" / "felt.png"))
    save_layout(own, folder)
    out = data_dir / "ours.png"
    assert main(["screens", "render", "our-room", str(path), "--size", "400x225", "--out", str(out)]) == 0
    assert "(Our room, screen Clock, 400x225)" in capsys.readouterr().out
    image = QImage(str(out))
    assert image.pixelColor(1, 1) == QColor("#ff0000")  # the venue's background image


@pytest.mark.parametrize(("args", "words"), [
    (["nowhere", "--demo"], "There is no layout 'nowhere'; there are big-clock-16x9"),
    (["classic-16x9", "--demo", "--screen", "Lobby"], "has no screen 'Lobby'; it has Clock, Payouts"),
    (["classic-16x9"], "give a tournament FILE or --demo (one of them)."),
    (["classic-16x9", "missing.floorman"], "There is no tournament file at missing.floorman."),
    (["classic-16x9", "--demo", "--size", "big"], "--size 'big' is not a size like 1920x1080."),
    (["classic-16x9", "--demo", "--size", "99999x10"], "99999x10 is out of range"),
    (["classic-16x9", "--demo", "--size", "10x10"], "out of range; each side is from 16 to 8192 pixels."),
    (["classic-16x9", "--demo", "--out", "night.floorman"], "is a tournament file or belongs to one"),
    (["classic-16x9", "--demo", "--out", "picture.jpg"], "does not end in .png"),
    (["broken", "--demo"], "The layout is of version 7"),
])
def test_render_refusals_are_one_sentence_and_write_nothing(data_dir: Path, args: list[str], words: str,
                                                             capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(data_dir)
    (data_dir / "layouts" / "broken").mkdir(parents=True)
    (data_dir / "layouts" / "broken" / "layout.json").write_text('{"format": "floorman-layout", "version": 7}')
    argv = ["screens", "render", *args]
    if "--size" not in args:
        argv += ["--size", "320x180"]
    if "--out" not in args:
        argv += ["--out", "picture.png"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("floorman screens render: ") and words in err and "\n" not in err
    assert not (data_dir / "picture.png").exists()


def test_render_needs_no_monitor(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    env["FLOORMAN_DATA_DIR"] = str(tmp_path)
    out = tmp_path / "big.png"
    done = subprocess.run([sys.executable, "-m", "floorman", "screens", "render", "big-clock-9x16", "--demo",
                           "--size", "270x480", "--out", str(out)], capture_output=True, text=True, env=env,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr
    assert QImage(str(out)).size().toTuple() == (270, 480)


def test_floorman_bench_screens_runs_the_screens_benchmark(monkeypatch, capsys) -> None:
    from floorman import cmd_bench

    ran: list[list[str]] = []

    def fake_run(argv, cwd=None):
        ran.append(list(argv))
        return subprocess.CompletedProcess(argv, 0)

    monkeypatch.setattr(subprocess, "run", fake_run)
    assert cmd_bench.main(["screens", "--json"]) == 0
    assert ran and ran[0][-2:] == ["tests.bench.bench_screens", "--json"]
    assert "== screens: the room display drawing a layout at 3840x2160" in capsys.readouterr().err
