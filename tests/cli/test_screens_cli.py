"""``floorman screens``: the layouts listed, the shipped presets and the venue's own from the data folder,
a refused venue layout with its reason; in words or as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from floorman.cli import main
from screens.layout import load_layout, preset_paths, save_layout

PRESET_IDS = sorted(p.stem for p in preset_paths())


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path))
    own = load_layout(preset_paths()[0])
    save_layout(msgspec.structs.replace(own, name="Our room"), tmp_path / "layouts" / "our-room")
    (tmp_path / "layouts" / "broken").mkdir()
    (tmp_path / "layouts" / "broken" / "layout.json").write_text('{"format": "floorman-layout", "version": 7}')
    return tmp_path


def test_screens_lists_the_presets_and_the_venues_own_layouts(data_dir: Path, capsys: pytest.CaptureFixture[str]
                                                              ) -> None:
    assert main(["screens"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out[:-1]] == [*PRESET_IDS, "broken", "our-room"]
    assert "refused: The layout is of version 7" in out[-3]
    assert out[-1] == f"8 presets and 2 of the venue's own in {data_dir / 'layouts'} (1 refused)."


def test_screens_json_gives_each_layouts_id_source_and_screens(data_dir: Path, capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    assert main(["screens", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["folder"] == str(data_dir / "layouts")
    rows = {row["id"]: row for row in data["layouts"]}
    assert sorted(rows) == sorted([*PRESET_IDS, "broken", "our-room"])
    assert rows["classic-16x9"]["source"] == "preset" and rows["classic-16x9"]["aspect"] == "16:9"
    assert "Clock" in rows["classic-16x9"]["screens"]
    assert rows["our-room"]["source"] == "venue" and rows["our-room"]["error"] == ""
    assert rows["broken"]["code"] == "UNKNOWN_VERSION" and rows["broken"]["screens"] == []


def test_screens_list_takes_another_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screens", "list", "--json", "--folder", str(tmp_path / "none")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["id"] for row in data["layouts"]] == PRESET_IDS
    assert main(["screens", "list", "--folder", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"8 presets and 0 of the venue's own in {tmp_path}."


def test_screens_refuses_an_unknown_action_in_one_line() -> None:
    out = subprocess.run([sys.executable, "-m", "floorman", "screens", "draw"], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "invalid choice: 'draw'" in out.stderr
