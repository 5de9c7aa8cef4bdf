"""``floorman screens render --lang CODE``: a layout drawn in a language, the window's left as it is; a code
with no catalogue refused in one sentence, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.i18n import language
from floorman.cli import main
from screens.compose import Picture, picture_text


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words of every picture drawn (the renderer is the display's own, called as it is)."""
    import ui.display.layout_view as view

    words: list[str] = []
    real = view.render_image

    def record(picture: Picture, *args, **kwargs):  # type: ignore[no-untyped-def]
        words.append(picture_text(picture))
        return real(picture, *args, **kwargs)

    monkeypatch.setattr(view, "render_image", record)
    return words


def test_render_draws_the_screen_in_the_language_asked_for(data_dir: Path, qapp, drawn: list[str]) -> None:
    out = data_dir / "payouts.png"
    assert main(["screens", "render", "classic-16x9", "--demo", "--size", "640x360", "--out", str(out),
                 "--screen", "payouts", "--lang", "de"]) == 0
    assert out.is_file()
    assert "Preispool" in drawn[0] or "Platz" in drawn[0], drawn[0]
    assert language() == "en"  # the process's own language is left as it was
    assert main(["screens", "render", "classic-16x9", "--demo", "--size", "640x360", "--out", str(out),
                 "--screen", "payouts", "--lang", "en-XA"]) == 0
    assert "[" in drawn[1] and "Place" not in drawn[1].replace("[Þļåçé", "")
    assert main(["screens", "render", "classic-16x9", "--demo", "--size", "640x360", "--out", str(out),
                 "--screen", "payouts"]) == 0
    assert "Place" in drawn[2] and "[" not in drawn[2]


def test_render_refuses_a_language_it_has_no_catalogue_of(data_dir: Path, qapp,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = data_dir / "x.png"
    assert main(["screens", "render", "classic-16x9", "--demo", "--size", "640x360", "--out", str(out),
                 "--lang", "xx"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("floorman screens render: --lang: There is no xx catalogue.") and "\n" not in err
    assert not out.exists()
