"""Payouts and results: one row per paid place, with who finished there when known."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import Qt

from app.api import PayoutView, fmt
from app.i18n import N_, ngettext
from ui.models.rows import RowsModel

COLUMNS = (N_("Place"), N_("Prize"), N_("Player"), N_("Note"))


class PayoutModel(RowsModel[tuple[str, str, str, str]]):
    """Prizes per place and who won them, exactly as the view's payout rows give them."""

    columns = COLUMNS

    def refresh(self, rows: Iterable[PayoutView], currency: str = fmt.USD) -> None:
        """Show the payout rows; a tied block shows each player's own share (PAY-4)."""
        shown = []
        for row in rows:
            note = ngettext("{n}-way tie, prizes of {n} place split", "{n}-way tie, prizes of {n} places split",
                            row.span) if row.tied else ""
            if row.seat and row.tied:  # SAT-3: play stopped with every player left winning a seat
                note = ngettext("the {n} player left won a seat", "the {n} players left each won a seat", row.span)
            shown.append((row.label, row.prize_text(currency), row.name or "", note))
        self.set_rows(shown)

    def cell(self, row: tuple[str, str, str, str], column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return row[column]
        if role == Qt.ItemDataRole.ToolTipRole and row[column]:
            return row[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
