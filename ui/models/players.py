"""The player list: a thin table model over ``state.players`` and a filter that keeps up with typing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from app.state import OUT, Player, TournamentState
from ui.texts import chips, money, status_rank, status_text

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("#", "Name", "Status", "Stack", "Entries", "Paid")
ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2


class PlayerModel(QAbstractTableModel):
    """One row per player who ever entered, in registration order (rows are only ever appended)."""

    def __init__(self, state: TournamentState, now: float = 0.0, parent: Any = None) -> None:
        super().__init__(parent)
        self._state = state
        self._now = now
        self._ids: list[int] = list(state.players)
        self._names: list[str] = []  # "#id name", lower-case: never changes for a row
        self._status: dict[int, str] = {}  # row -> status text, rebuilt lazily after each refresh

    # -- refreshing from the state ----------------------------------------------------------------
    def refresh(self, state: TournamentState, now: float) -> None:
        """Follow the state after a command: new rows are inserted, the rest repaint."""
        self._state, self._now = state, now
        self._status = {}
        ids = list(state.players)
        if ids[: len(self._ids)] != self._ids:
            self.beginResetModel()
            self._ids = ids
            self._names = []
            self._status = {}
            self.endResetModel()
            return
        if len(ids) > len(self._ids):
            self.beginInsertRows(QModelIndex(), len(self._ids), len(ids) - 1)
            self._ids = ids
            self.endInsertRows()
        if self._ids:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._ids) - 1, len(COLUMNS) - 1))

    def matches(self, row: int, words: list[str]) -> bool:
        """Every word is in the player's number and name, or else in the status ("t3", "out", "waiting")."""
        names = self._names
        if len(names) < len(self._ids):
            players = self._state.players
            names.extend(f"#{pid} {players[pid].name.lower()}" for pid in self._ids[len(names):])
        key = names[row]
        if all(w in key for w in words):
            return True
        status = self._status.get(row)
        if status is None:
            status = self._status[row] = status_text(self._state.players[self._ids[row]], self._now).lower()
        return all(w in key or w in status for w in words)

    def player_at(self, row: int) -> Player:
        return self._state.players[self._ids[row]]

    def row_of(self, player_id: int) -> int:
        try:
            return self._ids.index(player_id)
        except ValueError:
            return -1

    # -- Qt model interface -----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if 0 <= section < len(COLUMNS):
                return COLUMNS[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        p = self._state.players[self._ids[index.row()]]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(p, col)
        if role == SORT_ROLE:
            return self._sort_value(p, col)
        if role == ID_ROLE:
            return p.id
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 3, 4, 5):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and p.status == OUT:
            from PySide6.QtGui import QPalette

            return QPalette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.ToolTipRole and col == 1:
            return f"{p.name} (player #{p.id})"
        return None

    def _display(self, p: Player, col: int) -> str:
        if col == 0:
            return str(p.id)
        if col == 1:
            return p.name
        if col == 2:
            return status_text(p, self._now)
        if col == 3:
            return chips(p.stack) if p.live else ""
        if col == 4:
            return str(p.entries + p.rebuys + p.reentries)
        return money(p.paid_cents)

    def _sort_value(self, p: Player, col: int) -> Any:
        if col == 0:
            return p.id
        if col == 1:
            return p.name.lower()
        if col == 2:
            return status_rank(p)
        if col == 3:
            return p.stack if p.live else -1
        if col == 4:
            return p.entries + p.rebuys + p.reentries
        return p.paid_cents


class PlayerFilter(QSortFilterProxyModel):
    """Every word typed must appear in a player's number, name or status ("t3", "out", "ann")."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self._text = ""
        self._accepted: set[int] | None = None  # source rows matching the query (None: no query)
        self.setSortRole(SORT_ROLE)
        # Re-filtering 10,000 rows on every dataChanged would cost more than a keystroke's budget;
        # the model calls :meth:`follow` after a refresh instead, and only when a query or sort is on.
        self.setDynamicSortFilter(False)

    def set_query(self, text: str) -> None:
        words = text.lower().split()
        if words == self._words:
            return
        narrower = self._accepted is not None and text.lower().startswith(self._text)
        self._text = text.lower()
        self._apply(words, narrower)

    def _apply(self, words: list[str], narrower: bool = False) -> None:
        """Decide the matching rows in one pass; typing more only re-checks the rows still shown."""
        model = self.sourceModel()
        if words and isinstance(model, PlayerModel):
            rows = self._accepted if narrower and self._accepted is not None else range(model.rowCount())
            self._accepted = {r for r in rows if model.matches(r, words)}
        else:
            self._accepted = None
        self.beginFilterChange()
        self._words = words
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def follow(self) -> None:
        """Re-apply the query and the sort after the players changed (statuses, stacks, places)."""
        if self._words:
            self._apply(self._words)
        if self.sortColumn() >= 0:
            self.sort(self.sortColumn(), self.sortOrder())

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        return self._accepted is None or source_row in self._accepted

    def player_id(self, proxy_row: int) -> int | None:
        src = self.mapToSource(self.index(proxy_row, 0))
        model = self.sourceModel()
        if not src.isValid() or not isinstance(model, PlayerModel):
            return None
        return model.player_at(src.row()).id
