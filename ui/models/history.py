"""The tournament's history in words, newest first: time, what was done, and whether it was undone."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from app.history import HistoryItem

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Time", "What was done", "")


class HistoryModel(QAbstractTableModel):
    """A view over the engine's list of actions (``History.items()``); rows are newest first."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._items: list[HistoryItem] = []

    def refresh(self, items: list[HistoryItem]) -> None:
        self.beginResetModel()
        self._items = list(reversed(items))
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == 0:
                return time.strftime("%H:%M:%S", time.localtime(item.at))
            if index.column() == 1:
                return item.label[:1].upper() + item.label[1:]
            return "undone" if item.undone else "automatic" if item.automatic else ""
        if role == Qt.ItemDataRole.FontRole and item.undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None
