"""The History and Payouts & Results tabs: a table each, and what the director can do there."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.i18n import _
from ui.feedback import Feedback
from ui.models.history import WHAT, HistoryModel
from ui.models.payouts import PayoutModel


def _table(model: object) -> QTableView:
    view = QTableView()
    view.setModel(model)  # type: ignore[arg-type]
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(22)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    view.horizontalHeader().setStretchLastSection(True)
    # Columns sized to their contents look at the rows in view and 100 more, not all of them: a
    # 10,000-player field pays 1,500 places and keeps 30,000 history entries.
    view.horizontalHeader().setResizeContentsPrecision(100)
    return view


class HistoryTab(QWidget):
    """Every event with its time, newest first, and the undo / redo buttons with their labels.

    Signals:
        undo_requested(), redo_requested()
    """

    undo_requested = Signal()
    redo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = HistoryModel(self)
        self.view = _table(self.model)
        self.view.horizontalHeader().setStretchLastSection(False)
        self._size_columns()
        self.model.modelReset.connect(self._size_columns)  # a Station column comes once a station entered one
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)  # a longer entry: cut with "…", whole in its tooltip
        self.view.setWordWrap(False)
        self.undo_button = QPushButton(_("Undo"))
        self.redo_button = QPushButton(_("Redo"))
        self.undo_button.clicked.connect(self.undo_requested)
        self.redo_button.clicked.connect(self.redo_requested)
        self.feedback = Feedback()
        row = QHBoxLayout()
        row.addWidget(self.undo_button)
        row.addWidget(self.redo_button)
        row.addStretch(1)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.feedback)
        lay.addWidget(self.view, 1)

    def _size_columns(self) -> None:
        """What was done takes all the width there is; the time, the station and the mark what they need."""
        header = self.view.horizontalHeader()
        for column in range(self.model.columnCount()):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch if column == WHAT
                                        else QHeaderView.ResizeMode.ResizeToContents)

    def set_labels(self, undo: str | None, redo: str | None) -> None:
        self.undo_button.setText(_("Undo: {what}  (Ctrl+Z)", what=undo) if undo else _("Nothing to undo"))
        self.undo_button.setEnabled(undo is not None)
        self.redo_button.setText(_("Redo: {what}  (Ctrl+Shift+Z)", what=redo) if redo else _("Nothing to redo"))
        self.redo_button.setEnabled(redo is not None)


class PayoutsTab(QWidget):
    """The payout table for the field size, tie splits, and the finishers so far.

    Signals:
        edit_requested(): the director wants to edit the payout table.
        deal_requested(): the director wants the deal calculator.
        print_requested(str): a sheet name (payouts, receipts, results).
    """

    edit_requested = Signal()
    deal_requested = Signal()
    print_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = PayoutModel(self)
        self.view = _table(self.model)
        self.view.setWordWrap(False)  # a long name is cut with "…" (whole in its tooltip), never mid-letter
        header = self.view.horizontalHeader()
        header.setStretchLastSection(False)
        for col, mode in enumerate((QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.ResizeToContents,
                                    QHeaderView.ResizeMode.Stretch, QHeaderView.ResizeMode.ResizeToContents)):
            header.setSectionResizeMode(col, mode)
        self.summary = QLabel()
        self.summary.setWordWrap(True)  # a long summary takes a second line, never pushing the buttons out
        self.edit_button = QPushButton(_("Edit the payout table…"))
        self.edit_button.clicked.connect(self.edit_requested)
        self.feedback = Feedback()
        row = QHBoxLayout()
        self.print_buttons: dict[str, QPushButton] = {}
        for sheet, text in (("payouts", _("Print payouts")), ("receipts", _("Receipts")), ("results", _("Results"))):
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, s=sheet: self.print_requested.emit(s))
            self.print_buttons[sheet] = b
            row.addWidget(b)
        row.addStretch(1)
        row.addWidget(self.edit_button)
        self.deal_button = QPushButton(_("Deal calculator…"))
        self.deal_button.setToolTip(_("What each player still in would take under ICM or a chip chop; changes "
                                      "nothing."))
        self.deal_button.clicked.connect(self.deal_requested)
        row.addWidget(self.deal_button)
        lay = QVBoxLayout(self)
        lay.addWidget(self.summary)  # on a line of its own: the buttons keep their room in any language
        lay.addLayout(row)
        lay.addWidget(self.feedback)
        lay.addWidget(self.view, 1)
