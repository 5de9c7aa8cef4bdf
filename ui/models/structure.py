"""The structure as a table: one row per level and per break, the level in force marked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from app.i18n import N_, _
from ui.models.rows import RowsModel
from ui.texts import chips


def _blinds(level: dict[str, Any]) -> str:
    b = level.get("blinds") or {}
    if not b:
        return ""
    text = f"{chips(int(b.get('sb', 0)))}/{chips(int(b.get('bb', 0)))}"
    return _("{blinds} ante {ante}", blinds=text, ante=chips(int(b["ante"]))) if b.get("ante") else text


def _stud(level: dict[str, Any]) -> str:
    s = level.get("stud") or {}
    if not s:
        return ""
    return _("ante {ante}, bring-in {bring_in}, complete {complete}", ante=chips(int(s["ante"])),
             bring_in=chips(int(s["bring_in"])), complete=chips(int(s["complete"])))


def _limits(level: dict[str, Any]) -> str:
    limits = level.get("limits") or {}
    bets = limits.get("blinds") or limits.get("stud") or {}
    return f"{chips(int(bets['small_bet']))}/{chips(int(bets['big_bet']))}" if bets else ""


class StructureModel(RowsModel[tuple[int | None, list[str]]]):
    """Rows from the engine's ``structure`` view; columns only for the forced bets the structure has.

    A row is (level number, or None for a break; its cells).
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._columns: list[str] = []
        self._current: int | None = None

    def refresh(self, view: dict[str, Any], current_level: int | None, games: dict[int, str]) -> None:
        levels = list(view.get("levels", []))
        breaks = {int(b["after"]): b for b in view.get("breaks", [])}
        has_stud = any(lv.get("stud") for lv in levels)
        has_limits = any(lv.get("limits") for lv in levels)
        columns = [N_("Level"), N_("Minutes"), N_("Game"), N_("Blinds")] + ([N_("Stud")] if has_stud else []) + (
            [N_("Limits")] if has_limits else []
        )
        rows: list[tuple[int | None, list[str]]] = []
        for lv in levels:
            number = int(lv["level"])
            cells = [str(number), str(lv.get("minutes", "")), games.get(number, lv.get("game") or ""), _blinds(lv)]
            if has_stud:
                cells.append(_stud(lv))
            if has_limits:
                cells.append(_limits(lv))
            rows.append((number, cells))
            brk = breaks.get(number)
            if brk is not None:
                race = ", ".join(chips(int(d)) for d in brk.get("race", []))
                note = _("break, chip race: {race} chips leave", race=race) if race else _("break")
                rows.append((None, ["", str(brk.get("minutes", "")), note] + [""] * (len(columns) - 3)))
        self._columns, self._current = columns, current_level
        self.set_rows(rows)

    def header_labels(self) -> list[str]:
        return self._columns

    def level_at(self, row: int) -> int | None:
        return self._rows[row][0] if 0 <= row < len(self._rows) else None

    def row_of_level(self, level: int) -> int | None:
        return next((i for i, (n, _) in enumerate(self._rows) if n == level), None)

    def cell(self, row: tuple[int | None, list[str]], column: int, role: int) -> Any:
        number, cells = row
        if role == Qt.ItemDataRole.DisplayRole and column < len(cells):
            return cells[column]
        if role == Qt.ItemDataRole.FontRole and number is not None and number == self._current:
            font = QFont()
            font.setBold(True)
            return font
        return None
