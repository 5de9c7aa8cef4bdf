"""The event log in words, newest first: time and what happened."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from app.events import Event
from app.state import TournamentState
from ui.texts import event_text

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Time", "What happened")


class HistoryModel(QAbstractTableModel):
    """A view over the tournament's event log (a list the engine owns); rows are newest first."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._log: list[Event] = []
        self._state: TournamentState | None = None
        self._count = 0

    def refresh(self, log: list[Event], state: TournamentState) -> None:
        self.beginResetModel()
        self._log, self._state, self._count = log, state, len(log)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid() or self._state is None:
            return None
        if not 0 <= index.row() < self._count:
            return None
        ev = self._log[self._count - 1 - index.row()]
        if index.column() == 0:
            return time.strftime("%H:%M:%S", time.localtime(ev.at))
        return event_text(ev.type, ev.data, self._state)
