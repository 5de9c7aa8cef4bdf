"""Payouts and results: one row per paid place, with who finished there when known."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from ui.texts import money, ordinal

Index = QModelIndex | QPersistentModelIndex
COLUMNS = ("Place", "Prize", "Player", "Note")


class PayoutModel(QAbstractTableModel):
    """Prizes per place and who won them, exactly as the engine's payouts view gives them."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[tuple[str, str, str, str]] = []

    def refresh(self, rows: list[dict[str, Any]]) -> None:
        """Show the engine's payout rows; a tied block shows each player's own share (PAY-4)."""
        sizes: dict[int, int] = {}
        for row in rows:
            sizes[int(row["place"])] = sizes.get(int(row["place"]), 0) + 1
        shown = []
        for row in rows:
            place, size = int(row["place"]), sizes[int(row["place"])]
            label = ordinal(place) if size == 1 else f"{ordinal(place)}-{ordinal(place + size - 1)}"
            note = f"{size}-way tie, prizes of {label} split" if size > 1 else ""
            shown.append((label, money(int(row["amount_cents"])), str(row.get("player") or ""), note))
        self.beginResetModel()
        self._rows = shown
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
