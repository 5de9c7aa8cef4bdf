"""Import a sign-up list: the preview of every row before anything changes, with the questions (REG-10).

Each row shows what the import does with it: matched to a roster player, a new player, already in the
tournament, a duplicate of an earlier line, or skipped with its reason. A row asked about (first and last
names transposed, or more than one candidate) has a choice: one of its candidates (the same player) or a
new player; left unanswered, it is left out, and the line above the buttons says so. Import sends one
``preregister`` command; its refusal is said in the dialog's own line and nothing changes.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import NEW, Plan, Preview, PreviewRow, fmt
from app.i18n import N_, _, ngettext
from db.signup_list import import_command
from ui.feedback import Feedback, Runs

OUTCOME_WORDS = {"matched": N_("Matched"), "new": N_("New player"), "ask": N_("Asked"), "already": N_("Already in"),
                 "duplicate": N_("Duplicate"), "skipped": N_("Skipped")}
COLUMNS = (N_("Line"), N_("Name in the list"), N_("Paid"), N_("What happens"), N_("Pre-registered as / why"))
UNANSWERED = N_("— choose —")


class SignupImportDialog(QDialog):
    """The preview of one sign-up list; Import pre-registers what it says."""

    def __init__(self, runner: Runs, source: str, shown: Preview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Import a sign-up list"))
        self.runner, self.preview = runner, shown
        self.choices: dict[int, QComboBox] = {}
        lay = QVBoxLayout(self)
        c = shown.counts
        rows = ngettext("{count} row", "{count} rows", len(shown.rows), count=fmt.chips(len(shown.rows)))
        head = QLabel(_("<b>{source}</b>: {rows} — {matched} matched, {new} new, {ask} to answer, {already} already "
                        "in, {duplicate} duplicate, {skipped} skipped. Nothing changes until Import.",
                        source=html.escape(source), rows=rows, matched=c.get("matched", 0), new=c.get("new", 0),
                        ask=c.get("ask", 0), already=c.get("already", 0), duplicate=c.get("duplicate", 0),
                        skipped=c.get("skipped", 0)))
        head.setWordWrap(True)
        lay.addWidget(head)
        self.table = QTableWidget(len(shown.rows), len(COLUMNS))
        self.table.setObjectName("signupPreview")
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for i, row in enumerate(shown.rows):
            self._fill(i, row)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.table, 1)
        self.summary = QLabel()
        self.summary.setObjectName("signupSummary")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(_("Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.resize(860, 520)
        self._summarise()

    def _fill(self, i: int, row: PreviewRow) -> None:
        cells = (str(row.line), row.typed, _("yes") if row.paid_ahead else "", _(OUTCOME_WORDS[row.outcome]),
                 row.name if row.outcome in ("matched", "new") else row.reason)
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(row.reason)
            if row.outcome in ("skipped", "duplicate", "already"):
                item.setForeground(QColor("#8a8a8a"))
            if col == 0:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(i, col, item)
        if row.asked:
            box = QComboBox()
            box.setObjectName(f"answer{row.line}")
            box.addItem(_(UNANSWERED), None)
            for cand in row.candidates:
                box.addItem(_("Same player: {player}", player=cand.words()), cand.name)
            box.addItem(_("A new player: {name}", name=row.typed), NEW)
            box.setToolTip(row.reason)
            box.currentIndexChanged.connect(lambda _i: self._summarise())
            self.choices[row.line] = box
            self.table.setCellWidget(i, len(COLUMNS) - 1, box)

    def answers(self) -> dict[int, str]:
        """The director's answers so far: line -> a candidate's name, or NEW."""
        return {line: box.currentData() for line, box in self.choices.items() if box.currentData() is not None}

    def plan(self) -> Plan:
        return self.preview.plan(self.answers())

    def answer(self, line: int, choice: str) -> None:
        """Pick ``choice`` (a candidate's name, or NEW) for the asked row at ``line``."""
        box = self.choices[line]
        box.setCurrentIndex(box.findData(choice))

    def _summarise(self) -> None:
        plan = self.plan()
        open_rows = [str(line) for line, _n, why in plan.left_out if why.startswith("asked")]
        count, paid = len(plan.names), len(plan.paid)
        if plan.paid:
            text = ngettext("Import pre-registers {count} player ({paid} paid ahead).",
                            "Import pre-registers {count} players ({paid} paid ahead).", count,
                            count=fmt.chips(count), paid=fmt.chips(paid))
        else:
            text = ngettext("Import pre-registers {count} player.", "Import pre-registers {count} players.", count,
                            count=fmt.chips(count))
        if open_rows:
            lines = ", ".join(_("line {number}", number=line) for line in open_rows)
            text += " " + _("Not answered, left out: {lines}.", lines=lines)
        self.summary.setText(text)
        self.import_button.setEnabled(bool(plan.names))

    def submit(self) -> None:
        command = import_command(self.plan())
        if command is None:
            self.feedback.refuse(_("Nobody to pre-register."))
            return
        count = len(command.names)
        if self.runner.run(command, self.feedback, ngettext("Pre-registered {count} player.",
                                                            "Pre-registered {count} players.",
                                                            count, count=fmt.chips(count))):
            self.accept()

