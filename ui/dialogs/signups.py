"""Import a sign-up list: the preview of every row before anything changes, with the questions (REG-10).

Each row shows what the import does with it: matched to a roster player, a new player, already in the
tournament, a duplicate of an earlier line, or skipped with its reason. A row asked about (first and last
names transposed, or more than one candidate) has a choice: one of its candidates (the same player) or a
new player; left unanswered, it is left out, and the line above the buttons says so. Import sends one
``preregister`` command; its refusal is said in the dialog's own line and nothing changes.
"""

from __future__ import annotations

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

from app.api import NEW, Plan, Preview, PreviewRow
from db.signup_list import import_command
from ui.feedback import Feedback, Runs

OUTCOME_WORDS = {"matched": "Matched", "new": "New player", "ask": "Asked", "already": "Already in",
                 "duplicate": "Duplicate", "skipped": "Skipped"}
COLUMNS = ("Line", "Name in the list", "Paid", "What happens", "Pre-registered as / why")
UNANSWERED = "— choose —"


class SignupImportDialog(QDialog):
    """The preview of one sign-up list; Import pre-registers what it says."""

    def __init__(self, runner: Runs, source: str, shown: Preview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import a sign-up list")
        self.runner, self.preview = runner, shown
        self.choices: dict[int, QComboBox] = {}
        lay = QVBoxLayout(self)
        c = shown.counts
        head = QLabel(f"<b>{source}</b>: {len(shown.rows):,} rows — {c.get('matched', 0)} matched, "
                      f"{c.get('new', 0)} new, {c.get('ask', 0)} to answer, {c.get('already', 0)} already in, "
                      f"{c.get('duplicate', 0)} duplicate, {c.get('skipped', 0)} skipped. Nothing changes "
                      "until Import.")
        head.setWordWrap(True)
        lay.addWidget(head)
        self.table = QTableWidget(len(shown.rows), len(COLUMNS))
        self.table.setObjectName("signupPreview")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
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
        self.import_button = self.buttons.addButton("Import", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.resize(860, 520)
        self._summarise()

    def _fill(self, i: int, row: PreviewRow) -> None:
        cells = (str(row.line), row.typed, "yes" if row.paid_ahead else "", OUTCOME_WORDS[row.outcome],
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
            box.addItem(UNANSWERED, None)
            for cand in row.candidates:
                box.addItem(f"Same player: {cand.words()}", cand.name)
            box.addItem(f"A new player: {row.typed}", NEW)
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
        open_rows = [f"line {line}" for line, _n, why in plan.left_out if why.startswith("asked")]
        text = f"Import pre-registers {len(plan.names):,} player{'s' if len(plan.names) != 1 else ''}"
        text += f" ({len(plan.paid):,} paid ahead)." if plan.paid else "."
        if open_rows:
            text += f" Not answered, left out: {', '.join(open_rows)}."
        self.summary.setText(text)
        self.import_button.setEnabled(bool(plan.names))

    def submit(self) -> None:
        command = import_command(self.plan())
        if command is None:
            self.feedback.refuse("Nobody to pre-register.")
            return
        count = len(command.names)
        if self.runner.run(command, self.feedback, f"Pre-registered {count:,} player{'s' if count != 1 else ''}."):
            self.accept()

