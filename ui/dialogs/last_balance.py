"""Show the last balance (BAL-6): every move and break of the latest rebalance, and its slips again.

The rows come from the engine's last balance (:func:`app.views.seats.last_balance`); "Print slips
again" hands the same moves to the move-slip sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import TournamentState, seat_views
from app.i18n import N_, _, ngettext

COLUMNS = (N_("Player"), N_("From"), N_("To"), N_("Why"), N_("Seat locked"))


def heading(view: dict[str, Any] | None) -> str:
    """"Table 3 broken: 5 seat changes", "Moves: 2 seat changes", or why there is nothing to show."""
    if view is None:
        return _("No seat has changed since the draw: there is no balance to show yet.")
    n = len(view["moves"])
    count = ngettext("{n} seat change", "{n} seat changes", n)
    broken = view["tables_broken"]
    what = {
        "moves": _("Moves"),
        "break": ngettext("Table {tables} broken", "Tables {tables} broken", len(broken),
                          tables=", ".join(map(str, broken))),
        "redraw": _("Redraw"),
        "stage": _("Winners' table"),
    }.get(str(view["what"]), _("Seat changes"))
    return _("{what}: {count}", what=what, count=count)


def _place(table: Any, seat: Any) -> str:
    return _("T{table} S{seat}", table=table, seat=seat) if table is not None and seat is not None else "—"


class LastBalanceDialog(QDialog):
    """The last balance's moves, one row each, with "Print slips again"."""

    def __init__(self, state: TournamentState, print_slips: Callable[[list[dict[str, Any]]], object],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("The last balance"))
        self.view = seat_views.last_balance(state)
        self._print_slips = print_slips
        lay = QVBoxLayout(self)
        self.heading = QLabel(heading(self.view))
        self.heading.setObjectName("dialogHeading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        lay.addWidget(self.heading)
        moves = self.view["moves"] if self.view else []
        self.table = QTableWidget(len(moves), len(COLUMNS), self)
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        for row, m in enumerate(moves):
            cells = (str(m["player"] or ""), _place(m["from_table"], m["from_seat"]),
                     _place(m["to_table"], m["to_seat"]), str(m["reason"]), str(m["locked"] or ""))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(row, col, item)
        header = self.table.horizontalHeader()
        for col in range(len(COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.setVisible(bool(moves))
        lay.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.print_button = QPushButton(_("Print slips again"))
        self.print_button.setToolTip(_("The move slips of these seat changes, as printed after the balance"))
        self.print_button.setEnabled(bool(moves))
        buttons.addButton(self.print_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.print_button.clicked.connect(self.print_again)
        lay.addWidget(buttons)
        self.resize(820, 160 + 30 * min(len(moves), 14))

    def moves(self) -> list[dict[str, Any]]:
        """The moves as the move-slip sheet takes them."""
        if not self.view:
            return []
        return [{"player": m["player"], "from_table": m["from_table"], "from_seat": m["from_seat"],
                 "to_table": m["to_table"], "to_seat": m["to_seat"], "reason": m["reason"]}
                for m in self.view["moves"]]

    def print_again(self) -> None:
        if self.view:
            self._print_slips(self.moves())
