"""Screenshots of the demo: the director's window at 1920x1080 and the room display (two sizes)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget


def grab(widget: QWidget, path: Path, width: int, height: int) -> Path:
    widget.resize(width, height)
    widget.show()
    for _ in range(3):
        QApplication.processEvents()
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    return path


def write_screenshots(out_dir: Path, size: tuple[int, int] = (1920, 1080)) -> list[Path]:
    """DIR/director.png, and DIR/display.png + DIR/display-720.png when the room display is there."""
    from ui.demo_session import demo_session
    from ui.director import DirectorWindow

    out_dir.mkdir(parents=True, exist_ok=True)
    session = demo_session()
    window = DirectorWindow(session)
    paths = [grab(window, out_dir / "director.png", *size)]
    try:
        from ui.display import save_display_screenshots
    except ImportError:
        save_display_screenshots = None
    if save_display_screenshots is not None:
        paths += save_display_screenshots(session, out_dir, session.tournament.time)
    window.close()
    return paths
