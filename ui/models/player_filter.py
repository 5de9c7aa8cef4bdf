"""The player list's filter and sort: a proxy that keeps the visible rows as a plain list.

``QSortFilterProxyModel`` asks ``filterAcceptsRow`` of every source row through Python on each filter
change and then works out which ranges were removed or inserted; with 10,000 players that alone took
most of a keystroke's 50 ms. Here a keystroke is one list comprehension over precomputed lower-case
keys (:meth:`PlayerModel.search`), then one layout change that moves the persistent indexes (the
selection and current row stay on the same players). Typing more letters only re-checks the rows
still shown.

The source only ever appends rows or resets (:class:`PlayerModel`); the window calls :meth:`follow`
after each refresh to re-apply a query or a sort.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QPalette

from app.api import fold_key
from ui.models.players import DIM, PlayerModel

Index = QModelIndex | QPersistentModelIndex
_PARENTS, _HINT = "QList<QPersistentModelIndex>", "QAbstractItemModel::LayoutChangeHint"
_FLAGS = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemNeverHasChildren


class PlayerFilter(QAbstractProxyModel):
    """Every word typed must appear in a player's number, name or status ("t3", "out", "ann")."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._model: PlayerModel | None = None
        self._rows: list[int] = []  # proxy row -> source row
        self._pos: dict[int, int] | None = None  # source row -> proxy row (built when asked)
        self._matched: list[int] | None = None  # source rows matching the query, in source order
        self._words: list[str] = []
        self._text = ""
        self._sort_column, self._sort_order = -1, Qt.SortOrder.AscendingOrder

    # -- source ----------------------------------------------------------------------------------
    def setSourceModel(self, model: QAbstractItemModel) -> None:
        self.beginResetModel()
        super().setSourceModel(model)
        self._model = model  # type: ignore[assignment]
        model.modelAboutToBeReset.connect(self.beginResetModel)
        model.modelReset.connect(self._source_reset)
        model.rowsInserted.connect(self._source_rows_inserted)
        model.rowsAboutToBeRemoved.connect(self.beginResetModel)
        model.rowsRemoved.connect(self._source_reset)
        model.dataChanged.connect(self._source_data_changed)
        model.headerDataChanged.connect(self.headerDataChanged)
        self._matched = None
        self._set_rows(self._visible())
        self.endResetModel()

    def _source_reset(self) -> None:
        self._matched = None
        self._set_rows(self._visible())
        self.endResetModel()

    def _source_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        if self._words:
            return  # shown by follow() if they match
        self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + last - first)
        self._set_rows(self._rows + list(range(first, last + 1)))
        self.endInsertRows()

    def _source_data_changed(self, top: QModelIndex, bottom: QModelIndex, roles: list[int] | None = None) -> None:
        if not self._rows:
            return
        last_col = self.columnCount() - 1
        if bottom.row() - top.row() >= 64:  # many rows: the whole list repaints (what is on screen)
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, last_col))
            return
        pos = self._positions()
        for src in range(top.row(), bottom.row() + 1):  # a few rows: only those, where they are shown
            row = pos.get(src, -1)
            if row >= 0:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last_col))

    # -- query and sort --------------------------------------------------------------------------
    def set_query(self, text: str) -> None:
        text = fold_key(text) + (" " if text[-1:].isspace() else "")  # "jose" finds José
        words = text.split()
        if words == self._words:
            return
        if not (words and self._matched is not None and text.startswith(self._text)):
            self._matched = None  # a narrower query starts from the rows still matching
        self._text, self._words = text, words
        self._relayout(self._visible())

    def follow(self) -> None:
        """Re-apply the query and the sort after the players changed (statuses, stacks, places)."""
        if self._words or self._sort_column >= 0:
            self._matched = None
            self._relayout(self._visible())

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort_column, self._sort_order = column, order
        self._relayout(self._visible())

    def sortColumn(self) -> int:
        return self._sort_column

    def sortOrder(self) -> Qt.SortOrder:
        return self._sort_order

    def _visible(self) -> list[int]:
        model = self._model
        if model is None:
            return []
        total = model.rowCount()
        if self._words:
            self._matched = model.search(self._words, range(total) if self._matched is None else self._matched)
            rows = list(self._matched)
        else:
            rows = list(range(total))
        if self._sort_column >= 0:
            col = self._sort_column
            rows.sort(key=lambda r: model.sort_key(r, col), reverse=self._sort_order == Qt.SortOrder.DescendingOrder)
        return rows

    def _relayout(self, rows: list[int]) -> None:
        if rows == self._rows:
            return
        hint = QAbstractItemModel.LayoutChangeHint.VerticalSortHint  # rows only: column widths stay
        self.layoutAboutToBeChanged[_PARENTS, _HINT].emit([], hint)
        old_rows, old = self._rows, self.persistentIndexList()
        self._set_rows(rows)
        pos = self._positions()
        new = []
        for index in old:
            row = pos.get(old_rows[index.row()], -1) if 0 <= index.row() < len(old_rows) else -1
            new.append(self.index(row, index.column()) if row >= 0 else QModelIndex())
        self.changePersistentIndexList(old, new)
        self.layoutChanged[_PARENTS, _HINT].emit([], hint)

    def _set_rows(self, rows: list[int]) -> None:
        self._rows, self._pos = rows, None

    def _positions(self) -> dict[int, int]:
        if self._pos is None:
            self._pos = {src: i for i, src in enumerate(self._rows)}
        return self._pos

    # -- Qt model interface ----------------------------------------------------------------------
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not (0 <= row < len(self._rows) and 0 <= column < self.columnCount()):
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, _index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        return QModelIndex()

    def sibling(self, row: int, column: int, _index: Index) -> QModelIndex:
        return self.index(row, column)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self._model is None else self._model.columnCount()

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        return not parent.isValid() and bool(self._rows)

    def flags(self, index: Index) -> Qt.ItemFlag:
        return _FLAGS if index.isValid() else Qt.ItemFlag.NoItemFlags

    def mapToSource(self, proxy: Index) -> QModelIndex:
        if self._model is None or not proxy.isValid() or not 0 <= proxy.row() < len(self._rows):
            return QModelIndex()
        return self._model.index(self._rows[proxy.row()], proxy.column())

    def mapFromSource(self, source: Index) -> QModelIndex:
        if not source.isValid():
            return QModelIndex()
        row = self._positions().get(source.row(), -1)
        return self.index(row, source.column()) if row >= 0 else QModelIndex()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if self._model is None or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._model.cell(self._rows[index.row()], index.column(), role)

    def multiData(self, index: Index, roleDataSpan: QModelRoleDataSpan | QModelRoleData) -> None:
        """Every role the view asks of a cell in one call (a repaint asks seven roles of each cell: one
        call from Qt instead of seven)."""
        if self._model is None or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return
        model, row, col = self._model, self._rows[index.row()], index.column()
        known = model.painted(row)[col]
        for rd in roleDataSpan:  # type: ignore[union-attr]
            role = rd.role()
            value = known[role] if role in known else model.cell(row, col, role)
            if value is DIM:
                value = QPalette().color(QPalette.ColorRole.PlaceholderText)
            if value is None:
                rd.clearData()  # the span may come with a value left in it: a role not set is cleared
            else:
                rd.setData(value)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and self._model is not None:
            return self._model.headerData(section, orientation, role)
        return section + 1 if role == Qt.ItemDataRole.DisplayRole else None

    def player_id(self, proxy_row: int) -> int | None:
        if self._model is None or not 0 <= proxy_row < len(self._rows):
            return None
        return self._model.player_at(self._rows[proxy_row]).id
