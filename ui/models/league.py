"""League standings and one player's season, as thin models over ``app.league``'s rows.

The text of every cell is ``app.league.table_rows`` (the printed sheet and the CSV write the same);
the sort role gives numbers, so the table sorts 10th after 9th and points as numbers.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel, Qt

from app.api import COLUMNS, HistoryRow, Standing, Standings, history_rows, table_rows
from app.i18n import N_
from ui.models.rows import RowsModel

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
PLAYER_ROLE = Qt.ItemDataRole.UserRole + 2
NUMERIC = (0, 2, 3, 4, 5, 6, 7, 8)
HISTORY_COLUMNS = (N_("Date"), N_("Event"), N_("Entries"), N_("Place"), N_("Knockouts"), N_("Points"), N_("Counted"))


class StandingsModel(RowsModel[tuple[Standing, tuple[str, ...]]]):
    """One row per player, in the standings' order."""

    columns = COLUMNS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.standings: Standings | None = None

    def refresh(self, standings: Standings | None) -> None:
        self.standings = standings
        if standings is None:
            self.set_rows([])
            return
        self.set_rows(zip(standings.rows, table_rows(standings), strict=True))

    def texts(self) -> list[tuple[str, ...]]:
        """Every row's cells as shown (in the standings' order)."""
        return [text for _row, text in self._rows]

    def cell(self, row: tuple[Standing, tuple[str, ...]], column: int, role: int) -> Any:
        standing, text = row
        if role == Qt.ItemDataRole.DisplayRole:
            return text[column]
        if role == SORT_ROLE:
            return _sort_key(standing, column, text)
        if role == PLAYER_ROLE:
            return standing.player
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return text[1]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC and column not in (0, 6):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _sort_key(s: Standing, column: int, text: tuple[str, ...]) -> Any:
    keys: dict[int, Any] = {0: s.rank, 2: s.points, 3: s.played, 4: s.counted, 5: s.wins,
                            6: s.best if s.best is not None else 1_000_000, 7: s.cashes, 8: s.knockouts}
    return keys.get(column, text[column].casefold())


class StandingsFilter(QSortFilterProxyModel):
    """Sorts by the numbers behind the cells; the filter box matches any part of the player's name."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
        self._words: list[str] = []

    def set_text(self, text: str) -> None:
        """Show the players whose name has every word of ``text`` (accents and case ignored)."""
        from app.api import fold_key

        words = fold_key(text).split()
        if words == self._words:
            return
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            self._words = words
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # older Qt
            self._words = words
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        if not self._words:
            return True
        from app.api import fold_key

        model = self.sourceModel()
        key = fold_key(str(model.data(model.index(source_row, 1, source_parent)) or ""))
        return all(word in key for word in self._words)


class PlayerHistoryModel(RowsModel[tuple[str, ...]]):
    """The selected player's events of the season, most recent first."""

    columns = HISTORY_COLUMNS

    def refresh(self, standing: Standing | None) -> None:
        self.set_rows(history_rows(standing) if standing is not None else [])

    def cell(self, row: tuple[str, ...], column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (2, 4, 5):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


__all__ = ["HistoryRow", "PlayerHistoryModel", "StandingsFilter", "StandingsModel"]
