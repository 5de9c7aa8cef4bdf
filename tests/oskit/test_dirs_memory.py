"""The user data and font folders and the process's memory on Windows and macOS (their calls faked) and Linux."""

from __future__ import annotations

import ctypes
import sys
import types
from pathlib import Path

import pytest

from oskit import dirs, memory


@pytest.fixture
def no_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FLOORMAN_DATA_DIR", raising=False)


# --- user data folders: oskit.dirs (the roster, the error log, sheets, settings) ------------------


def test_windows_data_folder_is_local_appdata_floorman(monkeypatch: pytest.MonkeyPatch, no_override) -> None:
    import platformdirs.windows

    asked: list[str] = []

    def known_folder(csidl: str) -> str:
        asked.append(csidl)
        return "C:\\Users\\Ann\\AppData\\Local"

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", known_folder)
    folder = dirs.user_data_dir()
    assert asked == ["CSIDL_LOCAL_APPDATA"]  # local, not roaming: a tournament never follows a profile
    assert str(folder).startswith("C:\\Users\\Ann\\AppData\\Local") and folder.name == "Floorman"


def test_the_roster_and_error_log_share_that_folder_on_windows(monkeypatch: pytest.MonkeyPatch, no_override) -> None:
    import platformdirs.windows

    from db.roster import default_roster_path

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: "C:\\Users\\Ann\\AppData\\Local")
    assert default_roster_path() == dirs.user_data_dir() / "players.sqlite"


def test_macos_data_folder_is_application_support(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                  no_override) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert dirs.user_data_dir() == tmp_path / "Library" / "Application Support" / "Floorman"


def test_linux_data_folder_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_override) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert dirs.user_data_dir() == tmp_path / "data" / "Floorman"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert dirs.user_data_dir() == tmp_path / ".local" / "share" / "Floorman"


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_floorman_data_dir_wins_everywhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, platform: str) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(tmp_path / "stick"))
    assert dirs.user_data_dir() == tmp_path / "stick"


def test_font_folders_of_each_system(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("WINDIR", "D:\\Win")
    monkeypatch.setenv("LOCALAPPDATA", "C:\\Users\\Ann\\AppData\\Local")
    windows = dirs.folders_for("win32").fonts()
    assert windows == [Path("D:\\Win") / "Fonts", Path("C:\\Users\\Ann\\AppData\\Local") / "Microsoft" / "Windows"
                       / "Fonts"]
    monkeypatch.delenv("WINDIR")
    monkeypatch.delenv("LOCALAPPDATA")
    assert dirs.folders_for("win32").fonts() == [Path("C:\\Windows") / "Fonts"]
    assert tmp_path / "Library" / "Fonts" in dirs.folders_for("darwin").fonts()
    assert Path("/System/Library/Fonts") in dirs.folders_for("darwin").fonts()
    assert tmp_path / ".local" / "share" / "fonts" in dirs.folders_for("linux").fonts()


def test_sheets_look_for_fonts_where_this_system_keeps_them(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from sheets.fonts import system_font_dirs

    monkeypatch.delenv("FLOORMAN_FONT_DIRS", raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    (tmp_path / "Fonts").mkdir()
    monkeypatch.setenv("WINDIR", str(tmp_path))
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    assert system_font_dirs() == [tmp_path / "Fonts"]


# --- process memory: oskit.memory (floorman simulate's peak, the self-test's start-up time) ------


def test_linux_peak_memory_and_start_time_are_real() -> None:
    peak = memory.process_for("linux").peak_bytes()
    assert peak is not None and peak > 10 * memory.MB
    started = memory.process_for("linux").seconds_since_start()
    assert started is not None and 0 < started < 24 * 3600


def test_linux_without_resource_reads_proc_status(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)
    (tmp_path / "self").mkdir()
    (tmp_path / "self" / "status").write_text("Name:\tfloorman\nVmPeak:\t  900000 kB\nVmHWM:\t  204800 kB\n")
    assert memory.LinuxProcess(tmp_path).peak_bytes() == 200 * memory.MB
    assert memory.LinuxProcess(tmp_path).seconds_since_start() is None  # no /proc/self/stat here
    assert memory.LinuxProcess(tmp_path / "nowhere").peak_bytes() is None


def test_macos_counts_rusage_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    usage = types.SimpleNamespace(ru_maxrss=150 * memory.MB)  # bytes on macOS, kilobytes on Linux
    fake = types.SimpleNamespace(RUSAGE_SELF=0, getrusage=lambda who: usage)
    monkeypatch.setitem(sys.modules, "resource", fake)
    monkeypatch.setattr(sys, "platform", "darwin")
    assert memory.peak_rss_mb() == 150.0
    assert memory.seconds_since_start() is None
    monkeypatch.setattr(sys, "platform", "linux")
    memory.this_process.cache_clear()
    assert memory.peak_rss_mb() == 150.0 * 1024


class FakeWindll:
    """``ctypes.windll`` with the four calls Floorman makes, filling the structures as Windows does."""

    def __init__(self, peak: int, age_seconds: float, ok: bool = True) -> None:
        created = 133_000_000_000_000_000  # a FILETIME: 100 ns since 1601
        now = created + int(age_seconds * 10_000_000)
        self.handles: list[object] = []

        def current_process() -> int:
            return -1  # the pseudo-handle

        def memory_info(handle, counters_ref, size) -> int:
            self.handles.append(handle)
            counters = counters_ref._obj
            assert size == ctypes.sizeof(counters) and counters.cb == size
            counters.PeakWorkingSetSize = peak
            return 1 if ok else 0

        def times(handle, created_ref, exit_ref, kernel_ref, user_ref) -> int:
            created_ref._obj.dwLowDateTime = created & 0xFFFFFFFF
            created_ref._obj.dwHighDateTime = created >> 32
            return 1 if ok else 0

        def system_time(now_ref) -> None:
            now_ref._obj.dwLowDateTime = now & 0xFFFFFFFF
            now_ref._obj.dwHighDateTime = now >> 32

        self.kernel32 = types.SimpleNamespace(GetCurrentProcess=current_process, GetProcessTimes=times,
                                              GetSystemTimeAsFileTime=system_time)
        self.psapi = types.SimpleNamespace(GetProcessMemoryInfo=memory_info)


def test_windows_peak_working_set_and_start_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", FakeWindll(peak=321 * memory.MB, age_seconds=1.25), raising=False)
    monkeypatch.setitem(sys.modules, "resource", None)  # Windows has none
    assert memory.peak_rss_mb() == 321.0
    assert memory.seconds_since_start() == pytest.approx(1.25)


def test_windows_calls_refused_give_none(monkeypatch: pytest.MonkeyPatch) -> None:
    process = memory.WindowsProcess(FakeWindll(peak=1, age_seconds=1, ok=False))
    assert process.peak_bytes() is None and process.seconds_since_start() is None
    broken = memory.WindowsProcess(types.SimpleNamespace())  # no kernel32: an AttributeError, kept inside
    assert broken.peak_bytes() is None and broken.seconds_since_start() is None
    monkeypatch.delattr(ctypes, "windll", raising=False)
    assert memory.WindowsProcess().peak_bytes() is None and memory.WindowsProcess().seconds_since_start() is None


def test_simulate_reports_the_seam_s_figure(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    import json

    from floorman.cli import main

    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", FakeWindll(peak=77 * memory.MB, age_seconds=2), raising=False)
    assert main(["simulate", "--players", "6", "--seed", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["peak_rss_mb"] == 77.0


def test_private_files_without_fchmod_as_on_windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Windows has no ``os.fchmod``: the mode is set by name (db.private), and the file is still made."""
    import os
    import stat

    from db.private import FILE_MODE, private_file

    monkeypatch.delattr(os, "fchmod", raising=False)
    made = private_file(tmp_path / "players.sqlite", exclusive=True)
    assert made.is_file() and stat.S_IMODE(made.stat().st_mode) == FILE_MODE
    with pytest.raises(FileExistsError):
        private_file(made, exclusive=True)
