"""Files shipped with the app, read through importlib.resources (works inside a PyInstaller bundle)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def icon_path() -> Path:
    ref = resources.files("resources") / "icons" / "floorman.svg"
    return Path(str(ref))
