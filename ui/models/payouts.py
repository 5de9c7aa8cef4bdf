"""Payouts and results: one row per paid place, with who finished there when known."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from ui.models.rows import RowsModel
from ui.texts import money, ordinal

COLUMNS = ("Place", "Prize", "Player", "Note")


class PayoutModel(RowsModel[tuple[str, str, str, str]]):
    """Prizes per place and who won them, exactly as the engine's payouts view gives them."""

    columns = COLUMNS

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
        self.set_rows(shown)

    def cell(self, row: tuple[str, str, str, str], column: int, role: int) -> Any:
        return row[column] if role == Qt.ItemDataRole.DisplayRole else None
