"""The structure editor: levels, breaks, antes, games and limits, level by level in a table.

Every edit is checked at once by the engine's own structure checks (``app.views.structure_problems``):
the row of the level a problem names is marked, the reason is shown in one sentence, and Save stays
disabled until the structure is good. Save hands the ``set_structure`` command to the window (which runs
it through the CommandRunner, so refusals and questions behave like every command); a structure can also
be kept as a named template and loaded back (:mod:`ui.templates`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.api import fmt, views
from app.commands.clock import SetStructure
from app.commands.games import RecordDraw
from app.i18n import N_, _, ngettext
from ui import templates
from ui.feedback import Feedback

BLINDS = (("sb", N_("Small blind")), ("bb", N_("Big blind")), ("ante", N_("Ante")))
# Translators: "Complete" is the stud bet that completes the bring-in to a full small bet
STUD = (("stud_ante", N_("Stud ante")), ("bring_in", N_("Bring-in")), ("complete", N_("Complete")))
LIMITS = (("small_bet", N_("Small bet")), ("big_bet", N_("Big bet")))
BREAK = (("break", N_("Break after (min)")), ("race", N_("Chip race")))
WRONG = QColor(255, 205, 205)


def _number(text: str) -> int | str | None:
    """A cell's text as the engine reads it: empty is left out, a whole number is a number, anything else
    is handed on as typed (the engine says why it is wrong)."""
    text = text.strip()
    if not text:
        return None
    whole = fmt.parse_whole(text)  # "1,000", German "1.000", French "1 000"
    return text if whole is None else whole


class StructureEditor(QDialog):
    """The structure in force as a table, one row per level.

    ``settings``: the tournament's profile settings (the checks and the small-blind rule);
    ``structure``: ``app.views.editable_structure``; ``games``: the game of each level by name, where
    known; ``game_choices``: the game ids a level can be given (a hat mix once it has been drawn).

    Signals:
        save_requested(object, object): the ``set_structure`` command, and the ``record_draw`` commands
        for the levels whose game was changed.
    """

    save_requested = Signal(object, object)

    def __init__(self, settings: Mapping[str, Any], structure: dict[str, Any], games: dict[int, str] | None = None,
                 game_choices: list[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Edit the structure"))
        self.resize(980, 620)
        self.settings = settings
        self.sb_rule = str(settings.get("structure.sb_rule", "listed"))
        self.game_choices = list(game_choices or [])
        self.games = dict(games or {})
        levels = list(structure.get("levels", []))
        mixed = len(settings.get("mix.games") or []) > 1
        stud = any(lv.get("stud_ante") is not None for lv in levels) or bool(views.stud_games(settings))
        limit = settings.get("limit.betting") == "limit"
        self.columns: list[tuple[str, str]] = [("minutes", N_("Minutes"))]
        if mixed or self.game_choices:
            self.columns.append(("game", N_("Game")))
        self.columns += list(BLINDS) + (list(STUD) if stud else []) + (list(LIMITS) if limit else []) + list(BREAK)
        self.table = QTableWidget(0, len(self.columns))
        self.table.setHorizontalHeaderLabels([_(title) for _k, title in self.columns])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemChanged.connect(lambda _item: self.validate())
        note = (_("Blank minutes: the tournament's level length. A break comes after the level of its row. "
                  "The small blind follows the big blind (the profile's rule).") if self.sb_rule != "listed" else
                _("Blank minutes: the tournament's level length. A break comes after the level of its row."))
        hint = QLabel(note)
        hint.setObjectName("dim")
        hint.setWordWrap(True)
        self.buttons: dict[str, QPushButton] = {}
        row_buttons = QHBoxLayout()
        for key, text, slot in (("add", _("Add a level"), self.add_level),
                                ("remove", _("Remove the level"), self.remove_level),
                                ("up", _("Move up"), lambda: self.move_level(-1)),
                                ("down", _("Move down"), lambda: self.move_level(1)),
                                ("load", _("Load a template…"), self.act_load_template),
                                ("template", _("Save as template…"), self.act_save_template)):
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, s=slot: s())
            self.buttons[key] = b
            row_buttons.addWidget(b)
        row_buttons.addStretch(1)
        self.feedback = Feedback()
        self.feedback.setWordWrap(True)
        self.save_button = QPushButton(_("Save to the tournament"))
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        close = QPushButton(_("Close"))
        close.clicked.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.feedback, 1)
        bottom.addWidget(self.save_button)
        bottom.addWidget(close)
        lay = QVBoxLayout(self)
        lay.addWidget(hint)
        lay.addLayout(row_buttons)
        lay.addWidget(self.table, 1)
        lay.addLayout(bottom)
        self.problems: list[views.StructureProblem] = []
        self.fill(structure)

    # -- the table ----------------------------------------------------------------------------------
    def column(self, key: str) -> int:
        return next(i for i, (k, _t) in enumerate(self.columns) if k == key)

    def fill(self, structure: dict[str, Any]) -> None:
        """Show ``structure``'s levels and breaks (from the tournament, or a template)."""
        breaks = {int(b["after"]): b for b in structure.get("breaks", []) if isinstance(b, dict)
                  and isinstance(b.get("after"), int)}
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for number, lv in enumerate(structure.get("levels", []), start=1):
            self._insert(self.table.rowCount(), lv if isinstance(lv, dict) else {}, breaks.get(number),
                         self.games.get(number, ""))
        self.table.blockSignals(False)
        self.validate()

    def _insert(self, row: int, level: dict[str, Any], brk: dict[str, Any] | None, game: str) -> None:
        self.table.insertRow(row)
        for col, (key, _title) in enumerate(self.columns):
            if key == "game":
                self._game_cell(row, game)
                continue
            if key == "break":
                value: Any = "" if brk is None else brk.get("minutes", "")
            elif key == "race":
                value = "" if brk is None else ", ".join(str(v) for v in brk.get("race", []))
            else:
                value = level.get(key)
            item = QTableWidgetItem("" if value is None else str(value))
            if key != "race":
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if key == "sb" and self.sb_rule != "listed":
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                item.setToolTip(_("The small blind follows the big blind (the profile's small-blind rule)"))
            self.table.setItem(row, col, item)

    def _game_cell(self, row: int, game: str) -> None:
        col = self.column("game")
        if not self.game_choices:
            item = QTableWidgetItem(game)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            item.setToolTip(_("The game of this level, as the profile's mix gives it"))
            self.table.setItem(row, col, item)
            return
        self.table.setItem(row, col, QTableWidgetItem(""))
        combo = QComboBox()
        for gid in self.game_choices:
            combo.addItem(views.game_name(gid), gid)
        found = combo.findText(game)
        combo.setCurrentIndex(max(found, 0))
        combo.setProperty("original", combo.currentData())
        self.table.setCellWidget(row, col, combo)

    def _text(self, row: int, key: str) -> str:
        item = self.table.item(row, self.column(key))
        return item.text() if item is not None else ""

    def _row_values(self, row: int) -> tuple[dict[str, Any], dict[str, Any] | None]:
        level: dict[str, Any] = {}
        for key, _title in self.columns:
            if key in ("game", "break", "race") or (key == "sb" and self.sb_rule != "listed"):
                continue
            value = _number(self._text(row, key))
            if value is not None:
                level[key] = value
        brk = None
        minutes = _number(self._text(row, "break"))
        if minutes is not None:
            race_text = self._text(row, "race").replace(";", ",")
            race: list[Any] = [_number(part) for part in race_text.split(",") if part.strip()]
            brk = {"after": row + 1, "minutes": minutes, "race": race}
        return level, brk

    def structure(self) -> dict[str, Any]:
        """The levels and breaks as typed, in the form ``set_structure`` takes."""
        levels, breaks = [], []
        for row in range(self.table.rowCount()):
            level, brk = self._row_values(row)
            levels.append(level)
            if brk is not None:
                breaks.append(brk)
        return {"levels": levels, "breaks": breaks}

    def game_changes(self) -> list[RecordDraw]:
        """A ``record_draw`` for each level whose game the director changed."""
        if "game" not in (k for k, _t in self.columns) or not self.game_choices:
            return []
        out = []
        for row in range(self.table.rowCount()):
            combo = self.table.cellWidget(row, self.column("game"))
            if isinstance(combo, QComboBox) and combo.currentData() != combo.property("original"):
                out.append(RecordDraw(level=row + 1, game=str(combo.currentData())))
        return out

    # -- checking as the director types ----------------------------------------------------------------
    def validate(self) -> bool:
        structure = self.structure()
        self.problems = views.structure_problems(structure, self.settings)
        self.table.blockSignals(True)
        wrong_rows = {p.level - 1 for p in self.problems if p.level is not None}
        for row in range(self.table.rowCount()):
            self.table.setVerticalHeaderItem(row, QTableWidgetItem(_("Level {number}", number=row + 1)))
            reason = next((p.text for p in self.problems if p.level == row + 1), "")
            for col in range(self.table.columnCount()):
                item = self.table.item(row, col)
                if item is None:
                    continue
                item.setBackground(QBrush(WRONG) if row in wrong_rows else QBrush())
                if self.columns[col][0] != "sb" or self.sb_rule == "listed":
                    item.setToolTip(reason)
            if self.sb_rule != "listed":
                bb = _number(self._text(row, "bb"))
                sb_item = self.table.item(row, self.column("sb"))
                if sb_item is not None:
                    sb_item.setText(str(views.small_blind(bb, self.sb_rule)) if isinstance(bb, int) and bb else "")
        self.table.blockSignals(False)
        ok = not self.problems
        if ok:
            self.feedback.hide()
        else:
            first = self.problems[0].text
            more = len(self.problems) - 1
            self.feedback.refuse(ngettext("{problem} ({n} more to fix)", "{problem} ({n} more to fix)", more,
                                          problem=first) if more else first)
        self.save_button.setEnabled(ok)
        self.buttons["template"].setEnabled(ok)
        self.buttons["remove"].setEnabled(self.table.rowCount() > 1)
        return ok

    def wrong_rows(self) -> list[int]:
        """The rows marked wrong (0-based)."""
        return sorted({p.level - 1 for p in self.problems if p.level is not None})

    # -- adding, removing, moving levels -------------------------------------------------------------
    def current_row(self) -> int:
        row = self.table.currentRow()
        return row if row >= 0 else self.table.rowCount() - 1

    def add_level(self) -> None:
        """A new level after the selected one (the last if none), with the selected level's amounts doubled."""
        row = self.current_row()
        level: dict[str, Any] = {}
        if row >= 0:
            level, _brk = self._row_values(row)
            level = {k: (2 * v if isinstance(v, int) and k != "minutes" else v) for k, v in level.items()}
        self.table.blockSignals(True)
        self._insert(row + 1, level, None, self._game_text(row))
        self.table.blockSignals(False)
        self.table.selectRow(row + 1)
        self.validate()

    def _game_text(self, row: int) -> str:
        if row < 0 or "game" not in (k for k, _t in self.columns):
            return ""
        combo = self.table.cellWidget(row, self.column("game"))
        if isinstance(combo, QComboBox):
            return combo.currentText()
        return self._text(row, "game")

    def remove_level(self) -> None:
        row = self.current_row()
        if self.table.rowCount() <= 1 or row < 0:
            return
        self.table.removeRow(row)
        self.table.selectRow(min(row, self.table.rowCount() - 1))
        self.validate()

    def move_level(self, step: int) -> None:
        """Swap the selected level with the one above (-1) or below (1); a break stays after its row's level."""
        row = self.current_row()
        other = row + step
        if row < 0 or not 0 <= other < self.table.rowCount():
            return
        self.table.blockSignals(True)
        for col, (key, _title) in enumerate(self.columns):
            if key in ("break", "race"):
                continue
            if key == "game" and self.game_choices:
                a, b = self.table.cellWidget(row, col), self.table.cellWidget(other, col)
                if isinstance(a, QComboBox) and isinstance(b, QComboBox):
                    ia, ib = a.currentIndex(), b.currentIndex()
                    a.setCurrentIndex(ib)
                    b.setCurrentIndex(ia)
                continue
            first, second = self.table.takeItem(row, col), self.table.takeItem(other, col)
            self.table.setItem(row, col, second)
            self.table.setItem(other, col, first)
        self.table.blockSignals(False)
        self.table.selectRow(other)
        self.validate()

    # -- saving ---------------------------------------------------------------------------------------
    def save(self) -> None:
        if not self.validate():
            return
        self.save_requested.emit(SetStructure(structure=self.structure()), self.game_changes())

    def save_template(self, name: str) -> bool:
        if not self.validate():
            return False
        try:
            templates.save_structure(name, self.structure())
        except templates.TemplateError as err:
            self.feedback.refuse(err.message)
            return False
        self.feedback.done(_("Saved as the structure template “{name}”.", name=templates.clean_name(name)))
        return True

    def load_template(self, name: str) -> bool:
        try:
            structure = templates.load_structure(name, self.settings)
        except templates.TemplateError as err:
            self.feedback.refuse(err.message)
            return False
        self.fill(structure)
        self.feedback.done(_("Loaded the structure template “{name}”: check it, then save it to the tournament.",
                             name=name))
        return True

    def act_save_template(self) -> None:
        name, ok = QInputDialog.getText(self, _("Save as template"), _("Name of the structure template:"))
        if ok and name.strip():
            self.save_template(name)

    def act_load_template(self) -> None:
        names = templates.names(templates.STRUCTURES)
        if not names:
            self.feedback.refuse(_("No structure template has been saved yet."))
            return
        name, ok = QInputDialog.getItem(self, _("Load a template"), _("Structure template:"), names, 0, False)
        if ok and name:
            self.load_template(name)
