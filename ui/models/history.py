"""The tournament's history in words, newest first: time, what was done, at which station and by whom
(a column of its own once any action was entered at a station: a shared tournament), and whether it was
undone."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from app.api import HistoryItem
from app.i18n import N_, _
from ui.models.rows import RowsModel

COLUMNS = (N_("Time"), N_("What was done"), "")
STATION_COLUMNS = (N_("Time"), N_("What was done"), N_("Station"), "")  # once an action was entered at a station
WHAT, STATION = 1, 2


class HistoryModel(RowsModel[HistoryItem]):
    """A view over the engine's list of actions (``History.items()``); rows are newest first."""

    columns = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.stations = False  # a Station column: some action was entered at a station

    def header_labels(self) -> tuple[str, ...]:
        return STATION_COLUMNS if self.stations else COLUMNS

    def refresh(self, items: list[HistoryItem]) -> None:
        self.beginResetModel()
        self.stations = any(item.station or item.operator for item in items)
        self._rows = list(reversed(items))
        self.endResetModel()

    def cell(self, item: HistoryItem, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return time.strftime("%H:%M:%S", time.localtime(item.at))
            if column == WHAT:
                return _label(item)
            if column == STATION and self.stations:
                return item.who()
            return _("undone") if item.undone else _("automatic") if item.automatic else ""
        if role == Qt.ItemDataRole.ToolTipRole and column in (WHAT, STATION):
            return _what(item)
        if role == Qt.ItemDataRole.FontRole and item.undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        return None


def _label(item: HistoryItem) -> str:
    return item.label[:1].upper() + item.label[1:]


def _what(item: HistoryItem) -> str:
    """The label, capitalised, and who entered it where several stations share the tournament
    ("Bust-out of Ann Lee — Floor 2 (Lou)")."""
    what = _label(item)
    who = item.who()
    return f"{what} \u2014 {who}" if who else what
