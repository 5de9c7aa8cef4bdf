"""A league's rules, edited as the JSON they are kept as, checked as they are typed (LGE-1, LGE-2).

Presets fill in the common formulas; every keystroke is checked by ``app.league.rules_from`` and its
refusal shown in words under the text (OK stays off until the rules can be used); the rules in words
show once they are good. OK hands back the checked data; nothing is stored here.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.api import LeagueError, rules_from
from app.i18n import N_, _
from ui.feedback import Feedback

PRESETS: dict[str, dict[str, Any]] = {
    N_("Square root: 10 × √entries ÷ √place"): {"formula": {"kind": "sqrt_ratio", "scale": 10}},
    N_("Linear: entries − place + 1"): {"formula": {"kind": "linear", "per_place": 1}},
    N_("Points by place: 25, 18, 15, 12, 10, 8, 6, 4, 2, 1"): {
        "formula": {"kind": "table", "points": [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], "rest": 0}},
    N_("With the buy-in: 10 × √(entries × buy_in) ÷ √place"): {
        "formula": {"kind": "expression", "expression": "10 * sqrt(entries * buy_in) / sqrt(place)"}},
}


# The JSON keys and values the rules are typed with: the program reads them, so they are never translated.
RULE_KEYS = ("formula: table, sqrt_ratio, linear or expression (numbers, entries, place, buy_in, "
             "knockouts, + - * /, sqrt, min, max) · bonus: knockout, attendance · best: N · "
             "tiebreaks: wins, best_finish, events_played, cashes, knockouts, head_to_head_last")


class LeagueRulesDialog(QDialog):
    """Signals:
        submitted(object): the checked rules (a dict), on OK.
    """

    submitted = Signal(object)

    def __init__(self, league: str, rules: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Rules of {league}", league=league))
        self.resize(620, 480)
        self.preset = QComboBox()
        self.preset.addItem(_("Start from a common formula…"), None)
        for name in PRESETS:
            self.preset.addItem(_(name), name)
        self.preset.currentIndexChanged.connect(self._preset)
        self.text = QPlainTextEdit(json.dumps(rules, indent=2, ensure_ascii=False))
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.textChanged.connect(self.check)
        self.words = QLabel()
        self.words.setWordWrap(True)
        self.feedback = Feedback()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        help_text = QLabel(RULE_KEYS)
        help_text.setWordWrap(True)
        help_text.setObjectName("dim")
        top = QHBoxLayout()
        top.addWidget(self.preset, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(self.text, 1)
        lay.addWidget(help_text)
        lay.addWidget(self.feedback)
        lay.addWidget(self.words)
        lay.addWidget(self.buttons)
        self.checked: dict[str, Any] | None = None
        self.check()

    def _preset(self, _index: int) -> None:
        name = self.preset.currentData()
        if name is None:
            return
        try:
            data = json.loads(self.text.toPlainText())
        except (ValueError, RecursionError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        data.update(PRESETS[str(name)])
        self.text.setPlainText(json.dumps(data, indent=2, ensure_ascii=False))

    def check(self) -> bool:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            data = json.loads(self.text.toPlainText() or "{}")
        except ValueError as exc:
            return self._refuse(_("The rules are not readable JSON ({error}).", error=exc), ok)
        except RecursionError:
            return self._refuse(_("The rules are nested far too deeply to be league rules."), ok)
        try:
            rules = rules_from(data)
        except LeagueError as exc:
            return self._refuse(exc.message, ok)
        self.checked = dict(data)
        self.feedback.hide()
        self.words.setText("\n".join(rules.describe()))
        ok.setEnabled(True)
        return True

    def _refuse(self, text: str, ok: Any) -> bool:
        self.checked = None
        self.feedback.refuse(text)
        self.words.setText("")
        ok.setEnabled(False)
        return False

    def _ok(self) -> None:
        if self.check() and self.checked is not None:
            self.submitted.emit(self.checked)
            self.accept()
