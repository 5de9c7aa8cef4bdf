"""Payouts and results: one row per paid place, with who finished there when known."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from app.state import TournamentState
from ui.texts import money, ordinal

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Place", "Prize", "Player", "Note")


class PayoutModel(QAbstractTableModel):
    """Prizes per place (from the engine) joined with the finishers (from the state)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, str, str, str]] = []

    def refresh(self, amounts: list[int], state: TournamentState) -> None:
        finishers: dict[int, tuple[str, int]] = {}
        for p in state.players.values():
            if p.place is not None:
                finishers[p.place] = (p.name, p.tied)
        rows = []
        count = max(len(amounts), 0)
        place = 1
        while place <= count:
            name, tied = finishers.get(place, ("", 1))
            if tied > 1:
                block = amounts[place - 1 : place - 1 + tied]
                share = sum(block) // tied
                names = [n for pl, (n, _t) in sorted(finishers.items()) if place <= pl < place + tied] or [name]
                label = f"{ordinal(place)}-{ordinal(place + tied - 1)}"
                note = f"{tied}-way tie: {money(sum(block))} split, {money(share)} each"
                rows.append((label, money(share), ", ".join(names), note))
                place += tied
                continue
            rows.append((ordinal(place), money(amounts[place - 1]), name, ""))
            place += 1
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()][index.column()]
        return None
