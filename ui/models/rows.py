"""A read-only table over a plain list of rows: the part every small Qt model here has in common."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from app.i18n import _

Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")


class RowsModel(QAbstractTableModel, Generic[Row]):
    """Subclasses name their columns (``columns``, or :meth:`header_labels` when they vary) and say
    what a cell shows in :meth:`cell`; replacing the rows is one model reset."""

    columns: Sequence[str] = ()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Row] = []

    def set_rows(self, rows: Iterable[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, index: Index) -> Row | None:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._rows[index.row()]

    def header_labels(self) -> Sequence[str]:
        return self.columns

    def cell(self, row: Row, column: int, role: int) -> Any:
        raise NotImplementedError

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.header_labels())

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        labels = self.header_labels()
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            # The labels are marked where they are written (N_) and shown in the reader's words here.
            return (_(labels[section]) if labels[section] else "") if 0 <= section < len(labels) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = self.row_at(index)
        if row is None or not 0 <= index.column() < len(self.header_labels()):
            return None
        return self.cell(row, index.column(), role)
