"""A list of players with a tick box each (the eliminators of a bust, KO-1 and KO-6)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem


class PlayerChecklist(QListWidget):
    """One row per player (``label``), ticked or not; :meth:`ticked` gives the ids in the list's order."""

    def add_player(self, player_id: int, label: str, ticked: bool = False) -> None:
        item = QListWidgetItem(label)
        item.setData(Qt.ItemDataRole.UserRole, player_id)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        self.addItem(item)

    def ticked(self) -> list[int]:
        out = []
        for i in range(self.count()):
            item = self.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(int(item.data(Qt.ItemDataRole.UserRole)))
        return out
