"""Tournament > Export results… (and the event of flights' Export…): one dialog says what (results, entries,
money), the format (CSV, Excel, JSON, a ranking site's CSV) and where; the file is written by
:mod:`sheets.exports`, as ``floorman export`` writes it for a tournament file or an event's file.

An existing file is replaced only when the director says so (``replace_asker``, a seam for tests), and never a
tournament file, a database or a file of another kind; a refusal is shown in the dialog in one sentence and
nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.i18n import N_, _
from oskit.names import portable_path
from sheets.exports import FORMATS, SUFFIX, WHAT, export, write_export
from sheets.output import OutputRefused

TOURNAMENT_WHAT = ("results", "entries", "money")
# What was written, in a whole sentence per kind of export.
EXPORTED: dict[str, Callable[[object], str]] = {
    "results": lambda path: _("Exported the results to {path}.", path=path),
    "entries": lambda path: _("Exported the entries to {path}.", path=path),
    "money": lambda path: _("Exported the money to {path}.", path=path),
    "league": lambda path: _("Exported the league to {path}.", path=path),
}
FILTERS = {"csv": "CSV (*.csv)", "xlsx": N_("Excel workbooks (*.xlsx)"), "json": "JSON (*.json)",
           "ranking": "CSV (*.csv)"}


def ask_export_path(parent: QWidget, suggested: str, fmt_name: str) -> str:
    path, _filter = QFileDialog.getSaveFileName(parent, _("Export to"), suggested, _(FILTERS[fmt_name]))
    return path


def ask_replace(parent: QWidget, path: str) -> bool:
    answer = QMessageBox.question(parent, _("Replace the file?"), _("{path} already exists. Replace it?", path=path),
                                  QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


class ExportDialog(QDialog):
    """``source``: what it exports, as :func:`sheets.exports.export` takes it (the tournament, or an event of
    flights' state); ``folder``: where the file is suggested; ``recorded_by``: a shared tournament's authors of
    the money rows; ``venue``: the ranking format's venue; ``title``: the dialog's title."""

    def __init__(self, source: Any, folder: Path, parent: QWidget | None = None,
                 recorded_by: Sequence[tuple[str, str]] = (), venue: str = "",
                 done: Callable[[str], object] | None = None, title: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(title or _("Export results"))
        self.source, self.folder, self.recorded_by = source, folder, recorded_by
        self.on_done = done  # the window's banner: what was written (QDialog has its own done())
        self.path_chooser: Callable[[QWidget, str, str], str] = ask_export_path
        self.replace_asker: Callable[[QWidget, str], bool] = ask_replace
        self.written: Path | None = None
        self.what = QComboBox()
        for key in TOURNAMENT_WHAT:
            words = _(WHAT[key])
            self.what.addItem(words[:1].upper() + words[1:], key)
        self.format = QComboBox()
        for key, words in FORMATS.items():
            self.format.addItem(_(words), key)
        self.path = QLineEdit()
        self.path.setAccessibleName(_("File"))
        choose = QPushButton(_("Choose…"))
        choose.clicked.connect(self.choose)
        where = QHBoxLayout()
        where.addWidget(self.path, 1)
        where.addWidget(choose)
        self.venue = QLineEdit(venue)
        self.venue.setAccessibleName(_("Venue"))
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setObjectName("refusal")
        self.error.hide()
        form = QFormLayout()
        form.addRow(_("&What"), self.what)
        form.addRow(_("&Format"), self.format)
        form.addRow(_("File"), where)
        form.addRow(_("&Venue (ranking sites)"), self.venue)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Save).setText(_("Export"))
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.error)
        lay.addWidget(self.buttons)
        self.what.currentIndexChanged.connect(self._suggest)
        self.format.currentIndexChanged.connect(self._suggest)
        self._suggested = ""
        self._suggest()

    def chosen(self) -> tuple[str, str]:
        return str(self.what.currentData()), str(self.format.currentData())

    def _suggest(self) -> None:
        """The file name follows what and the format until the director types or chooses another."""
        what, fmt_name = self.chosen()
        name = f"{self._event_name()} {what}{'-ranking' if fmt_name == 'ranking' else ''}{SUFFIX[fmt_name]}"
        target, _cleaned = portable_path(self.folder / name, fallback=f"{what}{SUFFIX[fmt_name]}")
        if not self.path.text() or self.path.text() == self._suggested:
            self.path.setText(str(target))
        self._suggested = str(target)
        self.venue.setEnabled(fmt_name == "ranking")

    def _event_name(self) -> str:
        """The tournament's name, or the event's title."""
        state = getattr(self.source, "state", self.source)
        return str(getattr(state, "name", "") or getattr(state, "title", "") or _("Tournament"))

    def choose(self) -> None:
        path = self.path_chooser(self, self.path.text(), self.chosen()[1])
        if path:
            self.path.setText(path)

    def refuse(self, words: str) -> None:
        self.error.setText(words)
        self.error.show()

    def export(self) -> None:
        what, fmt_name = self.chosen()
        text = self.path.text().strip()
        if not text:
            self.refuse(_("Choose where to write the file."))
            return
        if what != "results" and fmt_name == "ranking":
            self.refuse(_("The ranking-site format is for results only; choose CSV, Excel or JSON for the money.")
                        if what == "money" else
                        _("The ranking-site format is for results only; choose CSV, Excel or JSON for the entries.")
                        if what == "entries" else
                        _("The ranking-site format is for results only; choose CSV, Excel or JSON for the {what}.",
                          what=what))
            return
        target = Path(text)
        force = False
        if target.exists() or target.is_symlink():
            if not self.replace_asker(self, str(target)):
                return
            force = True
        try:
            data = export(what, fmt_name, self.source,
                          {"recorded_by": self.recorded_by, "venue": self.venue.text().strip()})
            self.written = write_export(target, data, fmt_name, force=force)
        except OutputRefused as exc:
            self.refuse(exc.message)
            return
        except (OSError, ValueError) as exc:
            self.refuse(" ".join(str(exc).split()))
            return
        if self.on_done is not None:
            said = EXPORTED.get(what)
            self.on_done(said(self.written) if said is not None
                         else _("Exported the {what} to {path}.", what=what, path=self.written))
        self.accept()
