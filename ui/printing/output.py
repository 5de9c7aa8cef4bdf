"""Where a rendered sheet goes: a file in the user's sheets folder, the system's PDF viewer, a printer.

Qt's PDF module is not part of the Essentials wheel, so pages are drawn by pdfium (``pypdfium2``,
whose wheels carry the library for every OS): the preview's page images, and the pages painted on a
``QPrinter`` where there is no CUPS (Windows). Where CUPS is (Linux, macOS), ``lp`` takes the PDF as
it is, after the queue is checked by name (``lpstat``). Each function here is a seam the window takes
as an argument, so tests hand in their own.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QPainter

from app.i18n import _

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

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
    """Hand the file to the system's PDF viewer (which also prints it): ``oskit.opener``, else Qt's way."""
    from oskit.opener import open_file

    return open_file(path) or bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))


def can_send_to_printer() -> bool:
    """CUPS (Linux, macOS) takes a PDF as it is through ``lp``; on Windows Qt paints it (:func:`print_with_qt`).

    The choice is ``oskit.printing``'s."""
    from oskit.printing import print_route

    return print_route().takes_pdf()


@dataclass(frozen=True)
class Sent:
    """What became of a print job: ``ok`` (queued), the sentence for the director, CUPS's job id, and
    ``waits`` when the queue is paused (the job is queued but nothing prints yet)."""

    ok: bool
    message: str
    job: str = ""
    waits: bool = False


def _cups(*args: str) -> subprocess.CompletedProcess[str]:
    """A CUPS tool in the C locale (its words are read back), never waiting more than 30 s."""
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    return subprocess.run(list(args), capture_output=True, text=True, timeout=30, check=False, env=env)


def queue_state(printer: str) -> str:
    """"ready", "paused" (disabled: jobs wait), "rejecting" (jobs refused) or "unknown" (no such queue)."""
    lpstat = shutil.which("lpstat")
    if lpstat is None:
        return "ready"  # lp itself will say what is wrong
    shown = _cups(lpstat, "-p", printer)
    if shown.returncode != 0 or not shown.stdout.strip():
        # A queue CUPS makes only when printed to (a network printer it found) is listed by -e alone.
        every = _cups(lpstat, "-e")
        return "ready" if printer in every.stdout.split() else "unknown"
    accepting = _cups(lpstat, "-a", printer)
    if accepting.returncode != 0 or " not accepting" in accepting.stdout:
        return "rejecting"
    if re.search(rf"^printer {re.escape(printer)} disabled", shown.stdout, re.MULTILINE):
        return "paused"
    return "ready"


def default_printer() -> str:
    """The system's default CUPS queue, or "" when there is none."""
    lpstat = shutil.which("lpstat")
    if lpstat is None:
        return ""
    done = _cups(lpstat, "-d")
    found = re.search(r"destination:\s*(\S+)", done.stdout)
    return found.group(1) if found and done.returncode == 0 else ""


def send_to_printer(path: Path, printer: str, copies: int = 1) -> Sent:
    """Queue the PDF on the CUPS queue ``printer`` through ``lp``, after checking that queue by name.

    An unknown queue is refused (never replaced by the default); a queue rejecting jobs is refused;
    a paused one takes the job, and the sentence says it waits there."""
    lp = shutil.which("lp")
    if lp is None:
        return Sent(False, _("No print queue (lp) on this computer: open the PDF and print it from the viewer."))
    printer = printer or default_printer()
    if not printer:
        return Sent(False, _("No printer is chosen and this computer has no default printer: nothing was sent."))
    state = queue_state(printer)
    if state == "unknown":
        return Sent(False, _("There is no printer called {printer} on this computer: nothing was sent.",
                             printer=printer))
    if state == "rejecting":
        return Sent(False, _("{printer} is refusing jobs: nothing was sent. Let it accept jobs again "
                             "(cupsaccept {printer}) and print again.", printer=printer))
    try:
        done = _cups(lp, "-d", printer, "-n", str(max(1, copies)), "--", str(path))
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Sent(False, _("{printer} did not take the sheet ({reason}).", printer=printer, reason=exc))
    if done.returncode != 0:
        return Sent(False, _("{printer} did not take the sheet: {reason}", printer=printer,
                             reason=(done.stderr or done.stdout).strip()))
    found = re.search(r"request id is (\S+)", done.stdout)
    job = found.group(1) if found else ""
    if state == "paused":
        text = _("{printer} is paused: the sheet waits in its queue until it is resumed (queued as job {job}).",
                 printer=printer, job=job) if job else _(
            "{printer} is paused: the sheet waits in its queue until it is resumed (queued).", printer=printer)
        return Sent(True, text, job, waits=True)
    return Sent(True, _("Sent to {printer} as job {job}.", printer=printer, job=job) if job else _(
        "Sent to {printer}.", printer=printer), job)


# pdfium is not thread-safe: one document at a time, whichever thread asks.
_PDFIUM = threading.Lock()


def _page_image(page: object, scale: float) -> QImage:
    import pypdfium2.raw as pdfium_c

    bitmap = page.render(scale=scale, force_bitmap_format=pdfium_c.FPDFBitmap_BGRA)  # type: ignore[attr-defined]
    image = QImage(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_ARGB32)
    return image.copy()  # owns its pixels once the bitmap is gone


def pdf_images(path: Path, pages: int | None = None, dpi: float = 60) -> list[QImage]:
    """The first ``pages`` pages of a PDF (all when None) as images at ``dpi``, drawn by pdfium.

    Safe off the GUI thread (QImage only); an unreadable file gives no images."""
    import pypdfium2 as pdfium

    with _PDFIUM:
        try:
            doc = pdfium.PdfDocument(str(path))
        except (pdfium.PdfiumError, OSError):
            return []
        try:
            count = len(doc) if pages is None else min(pages, len(doc))
            return [_page_image(doc[i], dpi / 72) for i in range(count)]
        finally:
            doc.close()


def page_images(path: Path, pages: int = PREVIEW_PAGES, dpi: int = 60) -> list[QImage]:
    """The preview's images: the first pages, drawn by pdfium (on the renderer's worker thread)."""
    return pdf_images(path, pages, dpi)


def print_with_qt(pdf_path: Path, printer: QPrinter) -> int:
    """Print a PDF on a ``QPrinter`` (Windows, or anywhere without CUPS): each page drawn by pdfium at the
    printer's resolution (at most 300 dpi) and painted to fit the printable area. Returns the pages printed."""
    import pypdfium2 as pdfium

    dpi = max(72, min(300, printer.resolution()))
    with _PDFIUM:
        doc = pdfium.PdfDocument(str(pdf_path))
        try:
            painter = QPainter()
            if not painter.begin(printer):
                raise OSError(f"the printer {printer.printerName() or ''} could not start a job".replace("  ", " "))
            try:
                for i in range(len(doc)):
                    if i:
                        printer.newPage()
                    image = _page_image(doc[i], dpi / 72)
                    area = printer.pageLayout().paintRectPixels(printer.resolution())
                    scale = min(area.width() / image.width(), area.height() / image.height())
                    w, h = image.width() * scale, image.height() * scale
                    target = QRectF((area.width() - w) / 2, (area.height() - h) / 2, w, h)
                    painter.drawImage(target, image)
                return len(doc)
            finally:
                painter.end()
        finally:
            doc.close()
