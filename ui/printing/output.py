"""Where a rendered sheet goes: a file in the user's sheets folder, the system's PDF viewer, a printer.

Qt's PDF module is not part of the Essentials wheel, so Floorman never draws a PDF itself: the
system viewer shows and prints it, a CUPS printer (``lp``) takes it as it is, and page images for
the preview come from poppler's ``pdftoppm`` when it is installed. Each function here is a seam the
window takes as an argument, so tests hand in their own.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QImage

PREVIEW_PAGES = 4


def sheets_dir() -> Path:
    """``<user data>/sheets`` (beside the error log), or the temporary folder when that cannot be made."""
    from ui.errors import data_dir

    try:
        path = data_dir() / "sheets"
        path.mkdir(parents=True, exist_ok=True)
        return path
    except OSError:
        path = Path(tempfile.gettempdir()) / "floorman-sheets"
        path.mkdir(parents=True, exist_ok=True)
        return path


def file_name(tournament: str, sheet: str) -> str:
    """ "Sunday Deepstack", "seating" -> "sunday-deepstack-seating-20260514-2105.pdf"."""
    slug = re.sub(r"[^a-z0-9]+", "-", tournament.lower()).strip("-") or "tournament"
    return f"{slug[:40]}-{sheet}-{time.strftime('%Y%m%d-%H%M%S')}.pdf"


def save_pdf(pdf: bytes, name: str, folder: Path | None = None) -> Path:
    """Write the PDF (whole, then renamed into place) and return its path."""
    from sheets.output import write_output

    return write_output((folder or sheets_dir()) / name, pdf, "pdf")


def open_in_viewer(path: Path) -> bool:
    """Hand the file to the system's PDF viewer (which also prints it)."""
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))


def can_send_to_printer() -> bool:
    """CUPS (Linux, macOS) takes a PDF as it is through ``lp``."""
    return shutil.which("lp") is not None


def send_to_printer(path: Path, printer: str, copies: int = 1) -> str | None:
    """Print through ``lp``; returns None when the job was queued, else the reason in words."""
    lp = shutil.which("lp")
    if lp is None:
        return "No print queue (lp) on this computer: open the PDF and print it from the viewer."
    args = [lp, "-n", str(max(1, copies))]
    if printer:
        args += ["-d", printer]
    try:
        done = subprocess.run([*args, str(path)], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"The printer did not take the sheet ({exc})."
    if done.returncode != 0:
        return f"The printer did not take the sheet: {(done.stderr or done.stdout).strip()}"
    return None


def page_images(path: Path, pages: int = PREVIEW_PAGES, dpi: int = 60) -> list[QImage]:
    """The first pages as images, drawn by ``pdftoppm`` when it is installed; otherwise none.

    Safe off the GUI thread (QImage only)."""
    tool = shutil.which("pdftoppm")
    if tool is None:
        return []
    with tempfile.TemporaryDirectory(prefix="floorman-preview-") as tmp:
        prefix = Path(tmp) / "page"
        flags = 0x08000000 if sys.platform == "win32" else 0  # no console window
        try:
            subprocess.run([tool, "-png", "-r", str(dpi), "-f", "1", "-l", str(pages), str(path), str(prefix)],
                           capture_output=True, timeout=60, check=True, creationflags=flags)
        except (OSError, subprocess.SubprocessError):
            return []
        images = []
        for png in sorted(Path(tmp).glob("page*.png")):
            image = QImage(str(png))
            if not image.isNull():
                images.append(image)
        return images
