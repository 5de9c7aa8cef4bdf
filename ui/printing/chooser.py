"""The sheet chooser (Ctrl+P): every sheet, the ones offered just now on top; Enter prints the line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.i18n import N_, _, language_name
from ui import language
from ui.printing.jobs import SheetJob, job_for

HINTS = {
    "seating": N_("a slip per player: table and seat"),
    "tables": N_("who sits where, by table and by name"),
    "moves": N_("slips for the latest moves"),
    "structure": N_("levels, breaks and chip races"),
    "chip-race": N_("the next colour-up, a page per table"),
    "payouts": N_("places and prizes"),
    "receipts": N_("one to sign per paid place"),
    "results": N_("every finisher so far"),
    "money": N_("every cent in and out, in time order, balanced"),
}


def all_jobs() -> list[SheetJob]:
    from sheets import SHEET_NAMES

    return [job_for(name) for name in SHEET_NAMES]


def choices(offered: list[SheetJob], text: str = "") -> list[SheetJob]:
    """Offered sheets first (with their options), then every other sheet; ``text`` narrows by words."""
    seen = {j.sheet for j in offered}
    out = list(offered) + [j for j in all_jobs() if j.sheet not in seen]
    words = text.lower().split()
    return [j for j in out if all(w in f"{j.title} {j.sheet} {j.why}".lower() for w in words)]


def _hint(sheet: str) -> str:
    return _(HINTS[sheet]) if sheet in HINTS else ""


class SheetChooser(QDialog):
    """A small popup over the window, like the command palette; Escape closes it."""

    def __init__(self, offered: list[SheetJob], run: Callable[[SheetJob], None], parent: QWidget) -> None:
        super().__init__(parent, Qt.WindowType.Dialog | Qt.WindowType.FramelessWindowHint)
        self.offered = offered
        self.run = run
        self.setMinimumWidth(520)
        title = QLabel(_("<b>Print a sheet</b>  ·  Enter opens the preview"))
        title.setWordWrap(True)
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(_("seating · moves · chip race · receipts"))
        self.list = QListWidget()
        # The sheets' own language (a French room's slips beside an English window), remembered.
        self.language = QComboBox()
        self.language.setObjectName("sheetLanguage")
        for code in language.offered():
            self.language.addItem(language_name(code), code)
        found = self.language.findData(language.chosen("sheets"))
        self.language.setCurrentIndex(max(0, found))
        self.language.currentIndexChanged.connect(self.language_chosen)
        words = QLabel(_("Sheets in:"))
        words.setBuddy(self.language)
        row = QHBoxLayout()
        row.addWidget(words)
        row.addWidget(self.language, 1)
        lay = QVBoxLayout(self)
        lay.addWidget(title)
        lay.addLayout(row)
        lay.addWidget(self.edit)
        lay.addWidget(self.list)
        self.edit.textChanged.connect(self.update_list)
        self.edit.returnPressed.connect(self.run_current)
        self.list.itemActivated.connect(lambda _item: self.run_current())
        self.jobs: list[SheetJob] = []
        self.update_list("")

    def popup(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            self.show()
            return
        geo = parent.geometry()
        self.move(geo.x() + (geo.width() - 520) // 2, geo.y() + 80)
        self.show()
        self.edit.setFocus()

    def update_list(self, text: str) -> None:
        self.jobs = choices(self.offered, text)
        self.list.clear()
        offered = {id(j) for j in self.offered}
        for job in self.jobs:
            why = _("offered {why}", why=job.why) if id(job) in offered and job.why else _hint(job.sheet)
            self.list.addItem(QListWidgetItem(f"{job.title}  —  {why}" if why else job.title))
        if self.jobs:
            self.list.setCurrentRow(0)

    def sheet_language(self) -> str:
        return str(self.language.currentData() or "en")

    def language_chosen(self, _index: int) -> None:
        language.remember("sheets", self.sheet_language())

    def run_current(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.jobs):
            self.close()
            job = self.jobs[row]
            self.run(replace(job, options={**job.options, "language": self.sheet_language()}))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            self.list.setCurrentRow(max(0, min(self.list.count() - 1, self.list.currentRow() + step)))
            return
        super().keyPressEvent(event)
