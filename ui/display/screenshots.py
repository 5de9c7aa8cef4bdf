"""Screenshots of the room display for ``floorman --demo --screenshot DIR``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from app.api import TimeSource
from ui.display.sound import SILENT, ChimePlayer
from ui.display.window import RoomDisplay

SIZES = (("display.png", 1920, 1080), ("display-720.png", 1280, 720))


def grab_display(display: RoomDisplay, path: Path, width: int, height: int) -> Path:
    """Resize the (unshown) display, paint the current frame and save it as a PNG."""
    display.resize(width, height)
    display.panel.resize(width, height)
    display.panel.place_labels()
    display.refresh()
    QApplication.processEvents()
    if not display.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    return path


def save_display_screenshots(tournament_or_session: Any, out_dir: str | Path, time_source: TimeSource) -> list[Path]:
    """Write DIR/display.png (1920x1080) and DIR/display-720.png (1280x720); returns the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    display = RoomDisplay(tournament_or_session, time_source, player=ChimePlayer(backend=SILENT))
    try:
        return [grab_display(display, out / name, w, h) for name, w, h in SIZES]
    finally:
        display.close()
        display.deleteLater()
