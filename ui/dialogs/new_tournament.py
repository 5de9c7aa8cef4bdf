"""A new tournament: its name, where it is saved, and an editable summary of its profile.

Every edit is checked by the engine as it is typed (``app.profile.validate_settings``); the reason
for a refusal is shown under the setting it names. OK hands back one validated profile.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.errors import RuleError
from app.profile import SCHEMA, Profile, profile_from_dict, validate_settings
from ui.widgets.player_panel import Feedback

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Money", ("money.", "rebuy.", "addon.", "topup.", "reentry.", "purchase.", "reg.", "late.")),
    ("Structure", ("structure.", "clock.", "race.", "chips")),
    ("Games", ("mix.", "limit.", "stud.", "pot.")),
    ("Seating", ("table.", "seat.", "balance.", "break.", "final_table.", "stage.", "button.", "newplayer.",
                 "display.", "absence.")),
    ("Payouts", ("payout.", "elim.")),
)
KEY_IN_MESSAGE = re.compile(r"setting '([^']+)'")


def group_of(key: str) -> str:
    for name, prefixes in GROUPS:
        if any(key.startswith(p) for p in prefixes):
            return name
    return "Other"


class SettingRow(QWidget):
    def __init__(self, key: str, value: Any) -> None:
        super().__init__()
        self.key = key
        self.check: QCheckBox | None = None
        self.edit: QLineEdit | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        if isinstance(SCHEMA[key].default, bool):
            self.check = QCheckBox(SCHEMA[key].help)
            self.check.setChecked(bool(value))
            lay.addWidget(self.check)
        else:
            self.edit = QLineEdit(json.dumps(value, ensure_ascii=False))
            self.edit.setToolTip(SCHEMA[key].help)
            help_label = QLabel(SCHEMA[key].help)
            help_label.setObjectName("dim")
            lay.addWidget(self.edit)
            lay.addWidget(help_label)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)

    def value(self) -> Any:
        if self.check is not None:
            return self.check.isChecked()
        assert self.edit is not None
        text = self.edit.text().strip()
        try:
            return json.loads(text)
        except ValueError:
            return text  # plain words for a text setting: the engine says if it is wrong


class NewTournamentDialog(QDialog):
    """Name, file, and the profile's settings grouped as Money, Structure, Games, Seating, Payouts."""

    def __init__(self, profile: Profile, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"New tournament: {profile.name}")
        self.resize(760, 640)
        self.base = profile
        self.name = QLineEdit(f"{profile.name}")
        self.path = QLineEdit(str(folder / "tournament.floorman"))
        self.name.textChanged.connect(lambda t: self.path.setText(str(folder / (_slug(t) + ".floorman"))))
        head = QFormLayout()
        head.addRow("Name", self.name)
        head.addRow("Saved as", self.path)
        self.rows: dict[str, SettingRow] = {}
        tabs = QTabWidget()
        forms: dict[str, QFormLayout] = {}
        for name, _p in (*GROUPS, ("Other", ())):
            inner = QWidget()
            forms[name] = QFormLayout(inner)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(inner)
            tabs.addTab(scroll, name)
        for key in SCHEMA:
            row = SettingRow(key, profile.settings[key])
            self.rows[key] = row
            forms[group_of(key)].addRow(key, row)
            if row.edit is not None:
                row.edit.textChanged.connect(self.validate)
            if row.check is not None:
                row.check.toggled.connect(self.validate)
        if forms["Other"].rowCount() == 0:
            tabs.removeTab(tabs.count() - 1)
        self.feedback = Feedback()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create the tournament")
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(head)
        lay.addWidget(tabs, 1)
        lay.addWidget(self.feedback)
        lay.addWidget(self.buttons)
        self.result_profile: Profile | None = profile

    def changes(self) -> dict[str, Any]:
        out = {}
        for key, row in self.rows.items():
            value = row.value()
            if value != self.base.settings[key]:
                out[key] = value
        return out

    def validate(self) -> bool:
        for row in self.rows.values():
            row.feedback.hide()
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        try:
            validate_settings(self.changes(), self.base.settings)
        except RuleError as err:
            match = KEY_IN_MESSAGE.search(err.message)
            row = self.rows.get(match.group(1)) if match else None
            if row is not None:
                row.feedback.refuse(err.message)
            # also beside OK: the setting named may be on another tab than the one being edited
            self.feedback.refuse(err.message)
            ok_button.setEnabled(False)
            return False
        self.feedback.hide()
        ok_button.setEnabled(True)
        return True

    def _ok(self) -> None:
        if not self.validate():
            return
        data = self.base.to_dict()
        data["settings"] = {**data["settings"], **self.changes()}
        self.result_profile = profile_from_dict(data)
        self.accept()


def _slug(text: str) -> str:
    return re.sub(r"[^\w\-]+", "-", text.strip()).strip("-").lower() or "tournament"
