"""The preview of a rendered sheet: its first pages (drawn by pdfium), and where it goes next.

Open (the default, Enter) hands the PDF to the system's viewer, which shows every page and prints
through the system's own print dialog. Print… (Ctrl+P) picks a printer and copies with Qt's print dialog; the
printing controller then queues the PDF as it is (CUPS) or paints its pages with Qt (Windows). Save a
copy… writes it where the director wants.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.api import fmt
from app.i18n import _, ngettext
from ui.feedback import Feedback
from ui.printing.jobs import SheetResult

Opener = Callable[[Path], bool]


def _pages_text(n: int) -> str:
    return ngettext("{count} page", "{count} pages", n, count=fmt.chips(n))


class PreviewDialog(QDialog):
    """Not modal: the director can keep working while a sheet is shown.

    Signals:
        print_requested(object): the SheetResult to send to a printer.
        save_requested(object): the SheetResult to save under another name.
    """

    print_requested = Signal(object)
    save_requested = Signal(object)

    def __init__(self, result: SheetResult, opener: Opener, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sheet = result
        self.opener = opener
        job = result.job
        self.setWindowTitle(_("{sheet} — Floorman", sheet=job.title))
        self.resize(720, 640)
        heading = QLabel(f"<b>{job.title}</b>" + (f" · {job.why}" if job.why else ""))
        facts = QLabel(_("{pages} · saved as {path}", pages=_pages_text(result.pages), path=result.path))
        facts.setObjectName("dim")
        facts.setWordWrap(True)
        facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.pages = QWidget()
        row = QHBoxLayout(self.pages)
        row.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        for image in result.images:
            page = QLabel()
            page.setObjectName("sheetPage")
            page.setPixmap(QPixmap.fromImage(image))
            page.setStyleSheet("background: white; border: 1px solid #888;")
            row.addWidget(page)
        if not result.images:
            note = QLabel(
                _("Open the sheet to see every page: it opens in this computer's PDF viewer, "
                  "which prints it with the system's print dialog.")
            )
            note.setWordWrap(True)
            row.addWidget(note)
        elif result.pages > len(result.images):
            more = QLabel(_("… and {count} more", count=fmt.chips(result.pages - len(result.images))))
            more.setObjectName("dim")
            row.addWidget(more)
        scroll = QScrollArea()
        scroll.setWidget(self.pages)
        scroll.setWidgetResizable(True)
        self.feedback = Feedback()
        buttons = QDialogButtonBox()
        self.open_button = QPushButton(_("Open in the PDF viewer"))
        self.open_button.setDefault(True)
        self.print_button = QPushButton(_("Print…"))
        self.print_button.setShortcut(QKeySequence(QKeySequence.StandardKey.Print))
        key = self.print_button.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.print_button.setToolTip(_("Choose a printer and print ({key})", key=key))
        self.save_button = QPushButton(_("Save a copy…"))
        buttons.addButton(self.open_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.open_button.clicked.connect(self.open_pdf)
        self.print_button.clicked.connect(lambda: self.print_requested.emit(self.sheet))
        self.save_button.clicked.connect(lambda: self.save_requested.emit(self.sheet))
        buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(heading)
        lay.addWidget(facts)
        lay.addWidget(scroll, 1)
        lay.addWidget(self.feedback)
        lay.addWidget(buttons)

    def open_pdf(self) -> None:
        if self.opener(self.sheet.path):
            self.close()
        else:
            self.feedback.refuse(_("No PDF viewer opened the sheet; it is saved as {path}.", path=self.sheet.path))

    def copy_to(self, target: Path) -> None:
        from oskit.names import portable_path
        from sheets.output import OutputRefused, write_output

        target, cleaned = portable_path(target, fallback="sheet.pdf")
        try:
            write_output(target, self.sheet.path.read_bytes(), "pdf")
        except OutputRefused as exc:
            self.feedback.refuse(exc.message)
            return
        except OSError as exc:
            self.feedback.refuse(_("Could not save {path}: {reason}.", path=target, reason=exc.strerror or exc))
            return
        self.feedback.done(" ".join(filter(None, [_("Saved as {path}.", path=target), cleaned.sentence()])))
