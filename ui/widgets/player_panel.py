"""The left column: search box, the player list, and the action bar where one action is typed."""

from __future__ import annotations

from PySide6.QtCore import QStringListModel, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCompleter,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.api import fmt
from app.i18n import _, ngettext
from ui.feedback import Feedback
from ui.models.player_filter import PlayerFilter
from ui.models.players import PlayerModel
from ui.texts import widest_status
from ui.widgets.prereg_list import PreregisteredList


class ActionBar(QFrame):
    """"Rebuy: [name]" — the action's title, a name field with completion, Enter to submit.

    Signals:
        submitted(str, str): (action key, text typed).
        cancelled(): Escape pressed.
    """

    submitted = Signal(str, str)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actionBar")
        self.key = ""
        self.title = QLabel()
        self.title.setObjectName("actionTitle")
        self.edit = QLineEdit()
        self.edit.setClearButtonEnabled(True)
        self.edit.setProperty("floormanUndoWhenEmpty", True)  # see ui.shortcuts: empty, Ctrl+Z undoes the command
        self.names = QStringListModel(self)
        self.completer = QCompleter(self.names, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.edit.setCompleter(self.completer)
        self.other_names = QStringListModel(self)
        self.other_completer = QCompleter(self.other_names, self)
        self.other_completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.other_completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.edit.returnPressed.connect(self._submit)
        self.feedback = Feedback()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.title)
        row.addWidget(self.edit, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addLayout(row)
        lay.addWidget(self.feedback)
        self.hide()

    def begin(self, key: str, title: str, text: str = "", placeholder: str = "",
              own_completion: bool = False, names: list[str] | None = None) -> None:
        """Start an action; ``own_completion``: the line's names come from elsewhere (the roster); ``names``:
        the line completes from these names instead of the players' (the pre-registered ones)."""
        self.key = key
        if own_completion:
            self.edit.setCompleter(None)  # type: ignore[arg-type]  # None removes it (Qt's stubs say otherwise)
        elif names is not None:
            self.other_names.setStringList(names)
            self.edit.setCompleter(self.other_completer)
        else:
            self.edit.setCompleter(self.completer)
        self.title.setText(_("{action}:", action=title))
        self.edit.setPlaceholderText(placeholder or _("player name or number"))
        self.edit.setText(text)
        self.feedback.hide()
        self.show()
        self.edit.setFocus()
        self.edit.selectAll()

    def _submit(self) -> None:
        text = self.edit.text().strip()
        if text:
            self.submitted.emit(self.key, text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.hide()
            self.cancelled.emit()
            return
        super().keyPressEvent(event)


LONG_NAME = "Maximilian Alexander"


def column_samples() -> tuple[str, ...]:
    """The widest usual value of each column, in the window's language (a German status, a French amount)."""
    return ("00000", LONG_NAME, widest_status(), fmt.chips(12_345_678), "000", fmt.money(1_234_500),
            fmt.money(123_450), "000")


class PlayerPanel(QWidget):
    """Search, list, act. The list filters as you type over any number of players."""

    def __init__(self, model: PlayerModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.proxy = PlayerFilter(self)
        self.proxy.setSourceModel(model)
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Find a player: name, number, T3, waiting, out…  (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_query)
        self.count = QLabel()
        self.count.setObjectName("dim")
        self.action_bar = ActionBar()
        self.view = QTableView()
        self.view.setModel(self.proxy)
        # Rows come in registration order already; sorting starts when the director clicks a header.
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(max(22, self.view.fontMetrics().height() + 8))
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)  # a long name ends in "…"; whole in its tooltip
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        fm, head = self.view.fontMetrics(), header.fontMetrics()
        for col, sample in enumerate(column_samples()):  # the widest usual value, or the heading, in any font
            title = model.headerData(col, Qt.Orientation.Horizontal)
            heading = head.horizontalAdvance(title) + 24 if isinstance(title, str) else 0  # room for the sort mark
            self.view.setColumnWidth(col, max(fm.horizontalAdvance(sample) + 12, heading))
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.count)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(top)
        lay.addWidget(self.action_bar)
        lay.addWidget(self.view, 1)
        self.preregistered = PreregisteredList()  # REG-10: hidden while nobody is pre-registered
        lay.addWidget(self.preregistered)
        self.proxy.rowsInserted.connect(self._count)
        self.proxy.rowsRemoved.connect(self._count)
        self.proxy.modelReset.connect(self._count)
        self.proxy.layoutChanged.connect(self._count)
        self._count()

    def wanted_width(self) -> int:
        """The width that shows every column whole, a long name included (the Name column stretches)."""
        fm = self.view.fontMetrics()
        columns = sum(self.view.columnWidth(c) for c in range(self.model.columnCount()) if c != 1)
        name = fm.horizontalAdvance(LONG_NAME) + 12
        frame = 2 * self.view.frameWidth() + self.view.verticalScrollBar().sizeHint().width() + 4
        return columns + name + frame

    def _count(self) -> None:
        shown, total = self.proxy.rowCount(), self.model.rowCount()
        self.count.setText(_("{shown} of {total}", shown=fmt.chips(shown), total=fmt.chips(total)) if shown != total
                           else ngettext("{count} player", "{count} players", total, count=fmt.chips(total)))

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        ids = [self.proxy.player_id(r) for r in rows]
        return [i for i in ids if i is not None]
