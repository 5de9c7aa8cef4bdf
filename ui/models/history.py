"""The tournament's history in words, newest first: time, what was done (and at which station, when
several share the tournament), and whether it was undone."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from app.api import HistoryItem
from ui.models.rows import RowsModel

COLUMNS = ("Time", "What was done", "")


class HistoryModel(RowsModel[HistoryItem]):
    """A view over the engine's list of actions (``History.items()``); rows are newest first."""

    columns = COLUMNS

    def refresh(self, items: list[HistoryItem]) -> None:
        self.set_rows(reversed(items))

    def cell(self, item: HistoryItem, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return time.strftime("%H:%M:%S", time.localtime(item.at))
            if column == 1:
                return _what(item)
            return "undone" if item.undone else "automatic" if item.automatic else ""
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return _what(item)
        if role == Qt.ItemDataRole.FontRole and item.undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None


def _what(item: HistoryItem) -> str:
    """The label, capitalised, and who entered it where several stations share the tournament
    ("Bust-out of Ann Lee — Floor 2 (Lou)")."""
    what = item.label[:1].upper() + item.label[1:]
    who = item.who()
    return f"{what} \u2014 {who}" if who else what
