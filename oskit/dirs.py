"""The user's data folder, where Floorman keeps the roster, the error log, sheets and settings.

- Linux: ``$XDG_DATA_HOME/Floorman``, else ``~/.local/share/Floorman``;
- macOS: ``~/Library/Application Support/Floorman``;
- Windows: ``%LOCALAPPDATA%\\Floorman`` (the known folder, asked of the shell).

and where the system keeps its fonts (:meth:`DataFolders.fonts`), for the sheets' fallback fonts.

platformdirs knows each system's rules; here its class for each system is picked by name, so the
choice is made once, here, and each system's rule can be checked on any system. ``FLOORMAN_DATA_DIR``
overrides the folder everywhere (the tests, a portable install on a USB stick).
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Protocol

from oskit import MACOS, WINDOWS, system

APP = "Floorman"
OVERRIDE = "FLOORMAN_DATA_DIR"


class DataFolders(Protocol):
    name: str

    def user_data(self, app: str) -> Path:
        """The folder of ``app``'s own data for this user (not created here)."""
        ...

    def fonts(self) -> list[Path]:
        """Where this system installs fonts, for everyone and for this user (whether they exist or not)."""
        ...


class XdgFolders:
    name = "XDG (Linux)"

    def user_data(self, app: str) -> Path:
        from platformdirs.unix import Unix

        return Path(Unix(app, appauthor=False).user_data_dir)

    def fonts(self) -> list[Path]:
        home = Path.home()
        return [Path("/usr/share/fonts"), Path("/usr/local/share/fonts"), home / ".fonts",
                home / ".local" / "share" / "fonts"]


class MacFolders:
    name = "macOS"

    def user_data(self, app: str) -> Path:
        from platformdirs.macos import MacOS

        return Path(MacOS(app, appauthor=False).user_data_dir)

    def fonts(self) -> list[Path]:
        return [Path("/Library/Fonts"), Path("/System/Library/Fonts"), Path.home() / "Library" / "Fonts"]


class WindowsFolders:
    name = "Windows"

    def user_data(self, app: str) -> Path:
        from platformdirs.windows import Windows

        return Path(Windows(app, appauthor=False, roaming=False).user_data_dir)

    def fonts(self) -> list[Path]:
        found = [Path(os.environ.get("WINDIR") or "C:\\Windows") / "Fonts"]
        local = os.environ.get("LOCALAPPDATA")
        if local:  # fonts installed for this user only (Windows 10 1809 and later)
            found.append(Path(local) / "Microsoft" / "Windows" / "Fonts")
        return found


def folders_for(platform: str | None = None) -> DataFolders:
    """The data folders of ``platform`` (default: this system, read now)."""
    kind = system(platform)
    if kind == WINDOWS:
        return WindowsFolders()
    if kind == MACOS:
        return MacFolders()
    return XdgFolders()


@functools.cache
def data_folders() -> DataFolders:
    return folders_for()


def user_data_dir(app: str = APP) -> Path:
    """``FLOORMAN_DATA_DIR`` when set, else this system's data folder for ``app`` (not created here)."""
    override = os.environ.get(OVERRIDE)
    if override:
        return Path(override)
    return data_folders().user_data(app)


def font_dirs() -> list[Path]:
    """This system's font folders that exist."""
    return [d for d in data_folders().fonts() if d.is_dir()]
