"""The Print… button to a real printer: Qt's print dialog, a CUPS-PDF queue checked by name, the job id;
paused, rejecting and unknown queues said in words; Qt painting the pages where there is no CUPS; the
preview's pages drawn without poppler; a name no font has printed, marked, and named in the window."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QComboBox, QLabel

from tests.support import cups
from tests.ui import printing_support
from tests.ui.printing_support import (
    draw_sheet,
    pdf_pages,
    press_print,
    print_through_button,
    wait_for_new_pdf,
)
from ui.printing import output

cups_folder = printing_support.cups_folder  # the fixture: (queue, folder)


def not_blank(image: QImage) -> bool:
    """Some pixel is clearly darker than white."""
    small = image.convertToFormat(QImage.Format.Format_Grayscale8)
    step = max(1, small.width() // 200)
    return any(small.pixelColor(x, y).value() < 128 for y in range(0, small.height(), step)
               for x in range(0, small.width(), step))


@pytest.fixture
def seated(window):
    window.tables_ctl.act_seat_draw()
    window.offer_bar.dismiss()
    return window


def test_the_print_button_sends_every_page_to_the_queue(qtbot, seated, cups_folder):
    queue, folder = cups_folder
    pdf = print_through_button(seated, qtbot, "seating", queue, folder)
    preview = seated.printing.previews[-1]
    assert preview.sheet.pages == 2 and pdf_pages(pdf) == 2
    assert preview.feedback.property("kind") == "done"
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.read_bytes())).pages)
    assert "Ann Lee" in text


def test_a_paused_queue_keeps_the_sheet_and_says_so(qtbot, seated, cups_folder):
    queue, folder = cups_folder
    preview = draw_sheet(seated, qtbot, "tables")
    cups.pause(queue)
    try:
        said = press_print(qtbot, seated, preview, queue)
    finally:
        cups.resume(queue)  # cancels the waiting job
    assert said.startswith(f"{queue} is paused: the sheet waits in its queue until it is resumed"), said
    assert f"job {queue}-" in said
    assert preview.feedback.property("kind") == "refused"


def test_a_queue_rejecting_jobs_is_refused_and_nothing_is_sent(qtbot, seated, cups_folder):
    queue, folder = cups_folder
    preview = draw_sheet(seated, qtbot, "tables")
    cups.reject(queue)
    try:
        said = press_print(qtbot, seated, preview, queue)
    finally:
        cups.resume(queue)
    assert said.startswith(f"{queue} is refusing jobs: nothing was sent"), said
    assert preview.feedback.property("kind") == "refused"
    assert list(folder.glob("*.pdf")) == []


def test_an_unknown_queue_is_refused_by_name_never_the_default(qtbot, seated, cups_folder):
    queue, folder = cups_folder

    def chooser(parent, on_chosen, last=""):
        printer = QPrinter()
        printer.setPrinterName("NoSuchQueue")
        if printer.printerName() != "NoSuchQueue":  # Qt forgot the name: hand it over as lp would get it
            printer = type("Named", (), {"printerName": lambda self: "NoSuchQueue", "copyCount": lambda self: 1,
                                         "outputFileName": lambda self: ""})()
        on_chosen(printer)

    seated.printing.printer_chooser = chooser
    preview = draw_sheet(seated, qtbot, "tables")
    qtbot.mouseClick(preview.print_button, Qt.MouseButton.LeftButton)
    assert preview.feedback.text() == "There is no printer called NoSuchQueue on this computer: nothing was sent."
    qtbot.wait(1000)
    assert list(folder.glob("*.pdf")) == []  # not the default queue either
    assert output.send_to_printer(preview.sheet.path, "NoSuchQueue").ok is False


def test_without_lp_qt_paints_the_pages_on_the_chosen_printer(qtbot, seated, cups_folder, monkeypatch):
    """The Windows path (no CUPS tools), here printing through Qt to the same CUPS-PDF queue."""
    queue, folder = cups_folder
    monkeypatch.setattr(output, "can_send_to_printer", lambda: False)
    preview = draw_sheet(seated, qtbot, "seating")
    said = press_print(qtbot, seated, preview, queue)
    assert said == f"Sent 2 pages to {queue}.", said
    pdf = wait_for_new_pdf(folder, set())
    assert pdf_pages(pdf) == preview.sheet.pages == 2
    assert all(not_blank(image) for image in output.pdf_images(pdf, dpi=30))


def test_print_with_qt_to_a_pdf_file_keeps_every_page(qtbot, seated, tmp_path):
    preview = draw_sheet(seated, qtbot, "seating")
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    target = tmp_path / "qt.pdf"
    printer.setOutputFileName(str(target))
    assert output.print_with_qt(preview.sheet.path, printer) == 2
    assert pdf_pages(target) == 2
    images = output.pdf_images(target, dpi=30)
    assert len(images) == 2 and all(not_blank(image) for image in images)


def test_the_preview_shows_pages_without_poppler(qtbot, seated, monkeypatch):
    monkeypatch.setenv("PATH", "")  # no pdftoppm, no lp: pdfium draws the pages
    preview = draw_sheet(seated, qtbot, "tables")
    assert preview.sheet.images and all(not_blank(image) for image in preview.sheet.images)
    pages = [w for w in preview.pages.findChildren(QLabel) if w.objectName() == "sheetPage"]
    assert len(pages) == len(preview.sheet.images)


def test_a_name_no_font_has_prints_and_the_window_names_the_player(qtbot, window, cups_folder, monkeypatch):
    import sheets.fonts as fonts
    from sheets.fonts import FontSet

    queue, folder = cups_folder
    monkeypatch.setattr(fonts, "_DEFAULT", FontSet(search_dirs=[Path("/usr/share/fonts/truetype/dejavu")]))
    for name in ("李小龙", "Zoë Ång", "Ольга"):
        window.session.execute({"cmd": "register", "name": name})
    window.tables_ctl.act_seat_draw()
    window.offer_bar.dismiss()
    preview = draw_sheet(window, qtbot, "seating")
    said = preview.feedback.text()
    assert "李小龙" in said and "fonts-noto-cjk" in said
    assert "李小龙" in window.statusBar().currentMessage()
    before = set(folder.glob("*.pdf"))
    assert press_print(qtbot, window, preview, queue).startswith(f"Sent to {queue} as job")
    assert pdf_pages(wait_for_new_pdf(folder, before)) == preview.sheet.pages
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(preview.sheet.path.read_bytes())).pages)
    assert "Zoë Ång" in text and "Ольга" in text and "???†" in text
    assert "† printed without some letters: install a font with them (e.g. fonts-noto-cjk)" in text


def test_the_print_dialog_starts_on_the_queue_the_sheet_went_to_last(qtbot, seated, cups_folder):
    queue, folder = cups_folder
    print_through_button(seated, qtbot, "seating", queue, folder)
    preview = draw_sheet(seated, qtbot, "seating")
    qtbot.mouseClick(preview.print_button, Qt.MouseButton.LeftButton)
    dialog = seated.printing.print_dialog
    assert dialog.printer().printerName() == queue
    combo = next((c for c in dialog.findChildren(QComboBox) if c.objectName() == "printers"), None)
    if combo is not None:  # Qt's own dialog (Linux)
        assert combo.currentText() == queue
    dialog.reject()
