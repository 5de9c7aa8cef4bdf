"""Printing from the director's window: the Print menu, Ctrl+P, the offers after an action, the preview.

Every sheet is drawn by ``sheets`` from the engine (never from the screen), on a worker thread, and
saved as a PDF in the user's sheets folder; the preview then opens it in the system's PDF viewer or
sends it to a printer chosen in Qt's print dialog (Ctrl+P in the preview; the dialog starts on the
printer that kind of sheet went to last, ``ui.printing.printers``): through CUPS (``lp``, after checking the queue by
name) where it exists, else painted page by page on the ``QPrinter`` (Windows). A name no font can
print still prints, marked; the preview says which names and which font to install.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.numbers import format_decimal
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QWidget

from app.api import fmt
from app.commands import Command
from app.i18n import N_, _, language, locale_id, ngettext
from ui.control.parts import Shell
from ui.printing import output, printers
from ui.printing.jobs import SheetJob, SheetRenderer, SheetResult, job_for
from ui.printing.offers import Offer, Seats, offer_for, race_offer
from ui.printing.preview import Opener, PreviewDialog
from ui.session import Session
from ui.widgets.offer_bar import OfferBar

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from ui.printing.chooser import SheetChooser

AddAction = Callable[[str, str, str, Callable[[], object]], object]

PrinterChooser = Callable[[QWidget, Callable[["QPrinter"], None], str], object]
SavePathChooser = Callable[[QWidget, str], str]

# (sheet, menu title in English words, shortcut); the rest of the sheets are in the menu without one.
MENU = (
    ("seating", N_("Seating slips"), ""),
    ("tables", N_("Table list"), "Ctrl+Shift+T"),
    ("moves", N_("Move slips (latest moves)"), "Ctrl+Shift+M"),
    ("structure", N_("Structure"), ""),
    ("chip-race", N_("Chip-race sheets (next race)"), ""),
    ("payouts", N_("Payouts"), ""),
    ("receipts", N_("Payout receipts"), ""),
    ("results", N_("Results"), ""),
    ("money", N_("Money trail"), ""),
)
SNAPSHOT_BEFORE = ("redraw", "break_table")  # commands whose move slips need the seats they had


def ask_printer(parent: QWidget, on_chosen: Callable[[QPrinter], None], last: str = "") -> QDialog:
    """Qt's print dialog (printer, copies), window-modal and not blocking; ``on_chosen`` gets the printer on OK.

    The dialog starts on ``last`` (the printer this kind of sheet went to last) while this computer has
    it, else on the system's default. Returns the dialog (a test picks a printer in it and accepts it).
    ``QPrintDialog.open`` takes a receiver and a slot, so the dialog is opened with ``QDialog.open`` and
    its ``accepted`` signal."""
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrinterInfo

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    if last and last in QPrinterInfo.availablePrinterNames():
        printer.setPrinterName(last)
    dialog = QPrintDialog(printer, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.setOption(QPrintDialog.PrintDialogOption.PrintToFile, True)
    dialog.accepted.connect(lambda: on_chosen(printer))
    QDialog.open(dialog)
    return dialog


def unprintable_sentence(names: list[str]) -> str:
    """One sentence for the director: which names printed without some letters, and the font to install."""
    from sheets.fonts import MARK, font_hint

    listed = ", ".join(names)
    return _("Printed without some letters (marked {mark}): {names}. No installed font has them: install "
             "a font with them (e.g. {font}) and print again.", mark=MARK, names=listed, font=font_hint(names))


def ask_save_path(parent: QWidget, suggested: str) -> str:
    path, _filter = QFileDialog.getSaveFileName(parent, _("Save the sheet"), suggested, "PDF (*.pdf)")
    return path


def drawing_words(title: str) -> str:
    """The offer bar's line while a sheet is drawn: "Drawing table list…" (English lowers the sheet's title;
    other languages keep its capitals, German nouns among them)."""
    return _("Drawing {sheet}…", sheet=title.lower() if language() == "en" else title)


class PrintingControl:
    """The window's printing: sheets drawn on a worker, offered after actions, previewed.

    The three seams (``opener``, ``printer_chooser``, ``save_path_chooser``) are attributes, so a test
    hands in its own.
    """

    def __init__(self, shell: Shell, offer_bar: OfferBar, session: Session) -> None:
        self.shell = shell
        self.offer_bar = offer_bar
        self.session = session
        self.opener: Opener = output.open_in_viewer
        self.printer_chooser: PrinterChooser = ask_printer
        self.save_path_chooser: SavePathChooser = ask_save_path
        self.renderer = SheetRenderer(parent=shell.parent)
        self.renderer.started.connect(lambda job: self.offer_bar.set_busy(drawing_words(job.title)))
        self.renderer.finished.connect(self._sheet_ready)
        self.renderer.failed.connect(self._sheet_failed)
        self.offer_bar.chosen.connect(self.print_sheet)
        self.previews: list[PreviewDialog] = []
        self.print_dialog: object = None  # the last print dialog opened (what printer_chooser returned)
        self.sheet_chooser: SheetChooser | None = None
        self._seats_before: Seats | None = None
        self._race_offered: int | None = None
        self.session.changed.connect(self._offer_after)

    def build_menu(self, add: AddAction) -> None:
        add("&Print", _("Choose a sheet…"), "Ctrl+P", self.act_print_chooser)
        for sheet, title, shortcut in MENU:
            add("&Print", _(title), shortcut, partial(self.print_named, sheet))

    # -- asking for a sheet --------------------------------------------------------------------------
    def act_print_chooser(self) -> None:
        from ui.printing.chooser import SheetChooser

        self.sheet_chooser = SheetChooser(self.offer_bar.jobs(), self.print_sheet, self.shell.parent)
        self.sheet_chooser.popup()

    def print_named(self, sheet: str) -> None:
        self.print_sheet(job_for(sheet))

    def print_sheet(self, job: SheetJob) -> None:
        venue = getattr(self.session, "venue", "")
        if venue and "venue" not in job.options:
            job.options["venue"] = venue
        authors = getattr(self.session.backend, "money_authors", None)
        if callable(authors):  # a shared tournament's money trail names the station that took each payment
            job.options["recorded_by"] = authors()
        self.renderer.render(job, self.session.tournament)

    # -- offers after an action ----------------------------------------------------------------------
    def snapshot_seats(self, cmd: Command | dict[str, Any]) -> None:
        """Before a redraw or a table break, note who sat where (the move slips print it)."""
        if (cmd.name() if isinstance(cmd, Command) else cmd.get("cmd")) in SNAPSHOT_BEFORE:
            players = self.session.state.players
            self._seats_before = {p.id: (p.table, p.seat) for p in players.values()
                                  if p.table is not None and p.seat is not None}
        else:
            self._seats_before = None

    def _offer_after(self, events: Any) -> None:
        before, self._seats_before = self._seats_before, None
        if not events:
            return
        offer = offer_for(list(events), self.session.state, before)
        if offer is not None:
            self.offer_bar.show_offer(offer)

    def offer(self, offer: Offer) -> None:
        self.offer_bar.show_offer(offer)

    def check_race_offer(self, on_break: bool, race_after: int | None) -> None:
        """Entering a break with a chip race: offer the chip-race sheets once for that break."""
        if on_break and race_after is not None and race_after != self._race_offered:
            self._race_offered = race_after
            self.offer_bar.show_offer(race_offer(race_after))

    def show_result(self, result: SheetResult) -> None:
        """A sheet drawn elsewhere (the league standings): the same preview, print and save."""
        self._sheet_ready(result)

    # -- the sheet is drawn -----------------------------------------------------------------------------
    def _sheet_ready(self, result: SheetResult) -> None:
        self.offer_bar.set_busy("" if not self.renderer.busy else self.offer_bar.busy_text.text())
        preview = PreviewDialog(result, self.opener, self.shell.parent)
        preview.print_requested.connect(lambda r, p=preview: self._send_to_printer(r, p))
        preview.save_requested.connect(lambda r, p=preview: self._save_copy(r, p))
        preview.finished.connect(lambda _code, p=preview: self._forget(p))
        self.previews.append(preview)
        preview.show()
        preview.open_button.setFocus()
        said = ngettext("{sheet}: {count} page in {seconds} s", "{sheet}: {count} pages in {seconds} s", result.pages,
                        sheet=result.job.title, count=fmt.chips(result.pages),
                        seconds=format_decimal(round(result.seconds, 1), "0.0", locale=locale_id()))
        if result.unprintable:
            warning = unprintable_sentence(result.unprintable)
            preview.feedback.refuse(warning)
            said = _("{done}. {warning}", done=said, warning=warning)
        self.shell.say(said, 5000)

    def _forget(self, preview: PreviewDialog) -> None:
        if preview in self.previews:
            self.previews.remove(preview)

    def _sheet_failed(self, job: SheetJob, message: str) -> None:
        self.offer_bar.set_busy("" if not self.renderer.busy else self.offer_bar.busy_text.text())
        self.offer_bar.refuse(_("{sheet}: {message}", sheet=job.title, message=message))

    def _send_to_printer(self, result: SheetResult, preview: PreviewDialog) -> None:
        """Qt's print dialog, then the job: through CUPS where it exists, else painted by Qt."""

        def chosen(printer: QPrinter) -> None:
            if printer.outputFileName():  # "print to file": the PDF is already the file
                preview.copy_to(Path(printer.outputFileName()))
                return
            printers.remember(result.job.sheet, printer.printerName())
            if output.can_send_to_printer():
                sent = output.send_to_printer(result.path, printer.printerName(), printer.copyCount())
                (preview.feedback.done if sent.ok and not sent.waits else preview.feedback.refuse)(sent.message)
                return
            try:
                pages = output.print_with_qt(result.path, printer)
            except Exception as exc:  # noqa: BLE001 - a driver's failure, said in one sentence
                from ui.errors import log_unexpected

                log_unexpected(exc, "printing with Qt")
                preview.feedback.refuse(
                    _("{printer} did not take the sheet ({error}).", printer=printer.printerName(), error=exc)
                    if printer.printerName() else _("The printer did not take the sheet ({error}).", error=exc))
                return
            preview.feedback.done(
                ngettext("Sent {count} page to {printer}.", "Sent {count} pages to {printer}.", pages,
                         count=fmt.chips(pages), printer=printer.printerName()) if printer.printerName()
                else ngettext("Sent {count} page to the printer.", "Sent {count} pages to the printer.", pages,
                              count=fmt.chips(pages)))

        self.print_dialog = self.printer_chooser(preview, chosen, printers.last_printer(result.job.sheet))

    def _save_copy(self, result: SheetResult, preview: PreviewDialog) -> None:
        target = self.save_path_chooser(preview, str(Path.home() / result.path.name))
        if target:
            preview.copy_to(Path(target))
