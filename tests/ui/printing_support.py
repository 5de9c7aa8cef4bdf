"""Printing from the director's window to a real CUPS queue, for any UI test.

``cups_folder`` is a fixture: a folder the CUPS-PDF queue writes into, and the queue's name (it fails,
not skips, when CI=true and this machine cannot run CUPS). ``print_through_button`` draws a sheet,
clicks Print… in its preview, picks the queue in Qt's print dialog, accepts it, and returns the PDF
that came out of the queue::

    from tests.ui import printing_support
    from tests.ui.printing_support import print_through_button

    cups_folder = printing_support.cups_folder  # the fixture, under its own name in the test module

    def test_night(qtbot, window, cups_folder):
        queue, folder = cups_folder
        pdf = print_through_button(window, qtbot, "seating", queue, folder)
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog

from tests.support import cups
from ui.printing.jobs import SheetJob, job_for
from ui.printing.preview import PreviewDialog


@pytest.fixture
def cups_folder(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """(queue name, folder): a CUPS-PDF queue writing into a fresh folder, ready and accepting jobs."""
    if not cups.available():
        if os.environ.get("CI") == "true":
            pytest.fail("CI needs cups and printer-driver-cups-pdf (run as root): .ci/run installs them")
        pytest.skip("needs root, cups and printer-driver-cups-pdf")
    folder = tmp_path / "printed"
    folder.mkdir()
    folder.chmod(0o777)  # cups-pdf writes as its own user
    queue = cups.pdf_queue(folder)
    try:
        yield queue, folder
    finally:
        cups.remove_queue(queue)


def pdf_pages(path: Path) -> int:
    return len(PdfReader(io.BytesIO(path.read_bytes())).pages)


def draw_sheet(window, qtbot, sheet: str | SheetJob) -> PreviewDialog:
    """Ask the window for a sheet (a name in ``sheets.SHEETS`` or a SheetJob) and return its preview."""
    job = sheet if isinstance(sheet, SheetJob) else job_for(sheet)
    with qtbot.waitSignal(window.printing.renderer.finished, timeout=30_000):
        window.printing.print_sheet(job)
    return window.printing.previews[-1]


def press_print(qtbot, window, preview: PreviewDialog, queue: str) -> str:
    """Click Print… in ``preview``, choose ``queue`` in Qt's print dialog and accept it; returns what the
    preview then says."""
    qtbot.mouseClick(preview.print_button, Qt.MouseButton.LeftButton)
    dialog = window.printing.print_dialog
    assert isinstance(dialog, QDialog) and dialog.isVisible(), "the print dialog did not open"
    combo = next((c for c in dialog.findChildren(QComboBox) if c.objectName() == "printers"), None)
    if combo is not None:  # Qt's own dialog (Linux): pick the queue by name
        index = combo.findText(queue)
        assert index >= 0, f"{queue} is not in the print dialog: {[combo.itemText(i) for i in range(combo.count())]}"
        combo.setCurrentIndex(index)
    dialog.accept()
    return preview.feedback.text()


def wait_for_new_pdf(folder: Path, before: set[Path], timeout: float = 30.0) -> Path:
    """The first PDF in ``folder`` not in ``before``, once cups-pdf has written it whole."""
    deadline = time.monotonic() + timeout
    sizes: dict[Path, int] = {}
    while time.monotonic() < deadline:
        for path in sorted(set(folder.glob("*.pdf")) - before):
            size = path.stat().st_size
            whole = size > 0 and sizes.get(path) == size and path.read_bytes()[-32:].rstrip().endswith(b"%%EOF")
            sizes[path] = size
            if whole:
                try:
                    if pdf_pages(path) > 0:
                        return path
                except Exception:  # noqa: BLE001 - cups-pdf is still writing it
                    pass
        time.sleep(0.3)
    raise AssertionError(f"no PDF came out of the queue into {folder} within {timeout:.0f} s")


def print_through_button(window, qtbot, sheet: str | SheetJob, queue: str, folder: Path) -> Path:
    """Draw ``sheet`` in ``window``, print it with the preview's Print… button on ``queue``, and return the
    PDF the CUPS-PDF queue wrote into ``folder`` (its page count is the sheet's)."""
    preview = draw_sheet(window, qtbot, sheet)
    before = set(folder.glob("*.pdf"))
    said = press_print(qtbot, window, preview, queue)
    assert said.startswith(f"Sent to {queue} as job {queue}-"), said
    path = wait_for_new_pdf(folder, before)
    assert pdf_pages(path) == preview.sheet.pages
    return path
