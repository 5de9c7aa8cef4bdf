"""The player list: a thin table model over ``state.players`` (the filter is in :mod:`ui.models.player_filter`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from app.api import OUT, Player, TournamentState, currency_of, fold_key, seat_views
from app.i18n import N_, _, ngettext
from ui.texts import DECIDING_KEYS, chips, money, status_rank, status_text

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("#", N_("Name"), N_("Status"), N_("Stack"), N_("Entries"), N_("Paid"))
BOUNTY_COLUMNS = (N_("Bounty"), N_("KOs"))  # KO: in an event with bounties, the bounty on each head and the knockouts
_NUMBERS = (0, 3, 4, 5, 6, 7)  # the columns of figures, right-aligned
ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_DISPLAY, _ALIGN = int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.TextAlignmentRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
DIM = object()  # a cell's colour: the palette's placeholder text colour (an out player), looked up when painted
# The roles a repaint asks that the list never sets: answered from the cache without a call.
_UNASKED = {int(r): None for r in (Qt.ItemDataRole.FontRole, Qt.ItemDataRole.CheckStateRole,
                                     Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.BackgroundRole)}


class PlayerModel(QAbstractTableModel):
    """One row per player who ever entered, in registration order (rows are only ever appended)."""

    def __init__(self, state: TournamentState, now: float = 0.0, parent: Any = None) -> None:
        super().__init__(parent)
        self._state = state
        self._now = now
        self._ids: list[int] = list(state.players)
        self._names: list[str] = []  # "#id name", accents and case folded: never changes for a row
        self._status: list[str] = []  # row -> status text, lower-case; made when a search needs it
        self._row: dict[int, int] | None = None  # player id -> row, made when asked
        self._absent: set[int] | None = None  # players absent (their status counts minutes), made when asked
        self._painted: dict[int, list[dict[int, Any]]] = {}  # row -> what a repaint asks of its cells
        self.columns = _columns(state)

    # -- refreshing from the state ----------------------------------------------------------------
    def refresh(self, state: TournamentState, now: float, changed: Iterable[int] | None = None) -> None:
        """Follow the state after a command: new rows are inserted, the rest repaint.

        ``changed``: the players the command touched (only their rows, and those of absent players whose
        minutes tick, repaint); None: every row may have changed.
        """
        self._state, self._now = state, now
        if changed is None:
            self._status = []
            self._painted = {}
        ids = state.players
        n = len(self._ids)
        if len(ids) < n or (changed is None and list(ids)[:n] != self._ids) or _columns(state) != self.columns:
            self.beginResetModel()
            self.columns = _columns(state)
            self._ids = list(ids)
            self._row = None
            self._names = []
            self._status = []
            self._absent = None
            self._painted = {}
            self.endResetModel()
            return
        if len(ids) > n:
            self.beginInsertRows(QModelIndex(), n, len(ids) - 1)
            self._ids.extend(itertools.islice(ids, n, None))
            self._row = None
            self.endInsertRows()
        if not self._ids:
            return
        if changed is None:
            self._absent = None
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._ids) - 1, len(self.columns) - 1))
            return
        absent = self._absent_ids()
        pids = set(changed)
        for pid in pids:
            p = ids.get(pid)
            if p is not None and p.absent_since is not None:
                absent.add(pid)
            else:
                absent.discard(pid)
        rows = sorted(r for r in (self._row_of(pid) for pid in pids | absent) if r >= 0)
        for r in rows:
            self._painted.pop(r, None)
        if self._status:
            for r in rows:
                if r < len(self._status):
                    self._status[r] = status_text(ids[self._ids[r]], now).lower()
        for first, last in _runs(rows):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.columns) - 1))

    def has_absent(self) -> bool:
        """Some player is absent (his status counts the minutes: his row changes with the time)."""
        return bool(self._absent_ids())

    def _absent_ids(self) -> set[int]:
        if self._absent is None:
            self._absent = {pid for pid, p in self._state.players.items() if p.absent_since is not None}
        return self._absent

    def _row_of(self, player_id: int) -> int:
        if self._row is None or len(self._row) != len(self._ids):
            self._row = {pid: r for r, pid in enumerate(self._ids)}
        return self._row.get(player_id, -1)

    def search(self, words: list[str], rows: Iterable[int]) -> list[int]:
        """The rows among ``rows`` where every word is in the number and name, or else in the status.

        List comprehensions over precomputed lower-case keys: no Qt or method call per row. The status
        texts are made (all at once, kept until the next refresh) only when some name does not match.
        """
        names = self._names
        if len(names) < len(self._ids):
            players = self._state.players
            names.extend(f"#{pid} {fold_key(players[pid].name)}" for pid in self._ids[len(names):])
        found = list(rows)
        for w in words:
            by_name = [r for r in found if w in names[r]]
            if len(by_name) < len(found):
                status = self._statuses()
                by_name = [r for r in found if w in names[r] or w in status[r]]
            found = by_name
        return found

    def _statuses(self) -> list[str]:
        if len(self._status) != len(self._ids):
            players, now = self._state.players, self._now
            self._status = [status_text(players[pid], now).lower() for pid in self._ids]
        return self._status

    def player_at(self, row: int) -> Player:
        return self._state.players[self._ids[row]]

    def row_of(self, player_id: int) -> int:
        return self._row_of(player_id)

    # -- Qt model interface -----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if 0 <= section < len(self.columns):
                return _(self.columns[section]) if self.columns[section] != "#" else "#"
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        return self.cell(index.row(), index.column(), role)

    def painted(self, row: int) -> list[dict[int, Any]]:
        """What a repaint asks of each cell of ``row`` (display, alignment, colour, font ...), by column;
        kept until the row changes (the list repaints its 40 rows far more often than they change)."""
        cells = self._painted.get(row)
        if cells is None:
            p = self._state.players[self._ids[row]]
            out = p.status == OUT
            cells = [
                {**_UNASKED, _DISPLAY: self._display(p, col), _ALIGN: _RIGHT if col in _NUMBERS else None,
                 _FOREGROUND: DIM if out else None}
                for col in range(len(self.columns))
            ]
            if p.table is not None and seat_views.locked(self._state, p.id):
                cells[2][int(Qt.ItemDataRole.DecorationRole)] = lock_icon()  # LOCK-5: a padlock before the seat
            self._painted[row] = cells
        return cells

    def cell(self, row: int, col: int, role: int) -> Any:
        """What :meth:`data` answers for (row, col), without making an index (the filter calls it)."""
        p = self._state.players[self._ids[row]]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(p, col)
        if role == SORT_ROLE:
            return self._sort_value(p, col)
        if role == ID_ROLE:
            return p.id
        if role == Qt.ItemDataRole.TextAlignmentRole and col in _NUMBERS:
            return _RIGHT
        if role == Qt.ItemDataRole.ForegroundRole and p.status == OUT:
            from PySide6.QtGui import QPalette

            return QPalette().color(QPalette.ColorRole.PlaceholderText)
        if role == Qt.ItemDataRole.ToolTipRole and col == 1:
            return _("{name} (player #{number})", name=p.name, number=p.id)
        if role == Qt.ItemDataRole.ToolTipRole and col == 2:
            if p.deciding and p.live:
                return _("{name} lost all their chips while rebuys are open: {keys}.", name=p.name, keys=DECIDING_KEYS)
            locked = seat_views.locked(self._state, p.id) if p.table is not None else ""
            # whole, when the column is too narrow; with the reason of a locked seat (LOCK-5)
            return status_text(p, self._now) + ("\n" + _("Seat locked: {reason}", reason=locked) if locked else "")
        if role == Qt.ItemDataRole.DecorationRole and col == 2 and p.table is not None:
            return lock_icon() if seat_views.locked(self._state, p.id) else None  # LOCK-5
        if role == Qt.ItemDataRole.ToolTipRole and col == 5 and (p.bounty_cents or p.bounties_won_cents or p.knockouts):
            return self._bounty_text(p)
        if role == Qt.ItemDataRole.ForegroundRole and col == 2 and p.deciding and p.live:
            from PySide6.QtGui import QColor

            return QColor("#d97706")
        return None

    def _bounty_text(self, p: Player) -> str:
        """KO: what rides on the player and what he won, for the Paid column's tooltip."""
        cur = currency_of(self._state)
        parts = [_("{name} paid {amount}", name=p.name, amount=money(p.paid_cents, cur))]
        if p.bounty_cents and p.live:
            parts.append(_("bounty on their head {amount}", amount=money(p.bounty_cents, cur)))
        if p.bounties_won_cents:
            parts.append(_("bounties won {amount}", amount=money(p.bounties_won_cents, cur)))
        if p.knockouts:
            parts.append(ngettext("{n} knockout", "{n} knockouts", p.knockouts))
        return " · ".join(parts)

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
            return str(p.entries + p.rebuys)  # every entry (re-entries counted in it) and rebuy
        if col == 6:  # KO: the bounty on the head of a player still in
            return money(p.bounty_cents, currency_of(self._state)) if p.live and p.bounty_cents else ""
        if col == 7:
            return str(p.knockouts) if p.knockouts else ""
        return money(p.paid_cents, currency_of(self._state))

    def sort_key(self, row: int, col: int) -> Any:
        return self._sort_value(self._state.players[self._ids[row]], col)

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
            return p.entries + p.rebuys
        if col == 6:
            return p.bounty_cents if p.live else -1
        if col == 7:
            return p.knockouts
        return p.paid_cents


def _columns(state: TournamentState) -> tuple[str, ...]:
    """The list's columns: the bounty and the knockouts too in an event with bounties (KO)."""
    profile = state.profile
    return COLUMNS + (BOUNTY_COLUMNS if profile is not None and profile["bounty.kind"] != "none" else ())


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted rows as runs of consecutive rows: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    out: list[tuple[int, int]] = []
    for r in rows:
        if out and r == out[-1][1] + 1:
            out[-1] = (out[-1][0], r)
        else:
            out.append((r, r))
    return out


__all__ = ["BOUNTY_COLUMNS", "COLUMNS", "DIM", "ID_ROLE", "SORT_ROLE", "PlayerModel"]


_LOCK_ICON: list[Any] = []


def lock_icon() -> Any:
    """The padlock shown before a locked seat's status (made once)."""
    if not _LOCK_ICON:
        from PySide6.QtCore import QPointF
        from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap

        from ui.glyphs import padlock

        pix = QPixmap(14, 14)
        pix.fill(QColor(0, 0, 0, 0))
        painter = QPainter(pix)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        padlock(painter, QPointF(7, 8), QColor("#d97706"))
        painter.end()
        _LOCK_ICON.append(QIcon(pix))
    return _LOCK_ICON[0]
