"""A form generated from a command's declaration: one field per declared field, checked as typed.

Works for any declaration in ``app.commands.catalogue()``: player fields get a name picker, table and
seat numbers and other whole numbers spin boxes, yes/no fields check boxes, text line edits, lists and
maps a simple line ("Ann, Bo" or "Ann: 5000, Bo: 8000"). Every change is checked by
``app.commands.parse``: its words show under the form and OK waits until the command is well formed.
On OK the command goes through the window's runner, so a refusal shows here in one sentence and the
engine's questions are asked like everywhere else.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import msgspec.inspect as mi
from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.api import RuleError, TournamentState
from app.commands import by_name, parse
from app.i18n import _
from ui.dialogs import ok_cancel
from ui.feedback import Feedback, Runs

MAX_WHOLE = 2_000_000_000
SKIPPED = ("at",)  # the window leaves the time out: the engine uses its clock
NOT_GIVEN = "—"


def _parts(t: mi.Type) -> tuple[list[mi.Type], bool]:
    """The types a field takes, without None, and whether None (not given) is allowed."""
    types = list(t.types) if isinstance(t, mi.UnionType) else [t]
    kept = [x for x in types if not isinstance(x, mi.NoneType)]
    return kept, len(kept) < len(types)


def _scalar(text: str) -> Any:
    text = text.strip()
    if text.lstrip("-").isdigit():
        return int(text)
    if text.lower() in ("true", "false", "yes", "no"):
        return text.lower() in ("true", "yes")
    return text


class Field:
    """One row of the form: its editor and how to read a value from it (None: not given)."""

    def __init__(self, name: str, widget: QWidget, read: Callable[[], Any], changed: Any) -> None:
        self.name = name
        self.widget = widget
        self.read = read
        self.changed = changed


def field_for(name: str, t: mi.Type, player_names: list[str], parent: QWidget) -> Field:
    """The editor for a declared field of type ``t``."""
    types, optional = _parts(t)
    kinds = {type(x) for x in types}
    if mi.IntType in kinds and mi.StrType in kinds or (name.startswith("player") and kinds == {mi.IntType}):
        edit = QLineEdit(parent)
        edit.setPlaceholderText(_("player name or number"))
        model = QStringListModel(player_names, edit)
        completer = QCompleter(model, edit)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        edit.setCompleter(completer)
        return Field(name, edit, lambda: _scalar(edit.text()) if edit.text().strip() else None, edit.textChanged)
    if kinds == {mi.BoolType}:
        box = QCheckBox(parent)
        if optional:
            box.setTristate(True)
            box.setCheckState(Qt.CheckState.PartiallyChecked)
            box.setToolTip(_("Grey: not given (the engine decides or asks)"))

        def read_bool() -> bool | None:
            state = box.checkState()
            return None if state == Qt.CheckState.PartiallyChecked else state == Qt.CheckState.Checked

        return Field(name, box, read_bool, box.stateChanged)
    if kinds == {mi.IntType}:
        it = types[0]
        assert isinstance(it, mi.IntType)
        low = it.ge if it.ge is not None else (it.gt + 1 if it.gt is not None else 0)
        high = it.le if it.le is not None else (it.lt - 1 if it.lt is not None else MAX_WHOLE)
        spin = QSpinBox(parent)
        spin.setRange(low - 1 if optional else low, high)
        if optional:
            spin.setSpecialValueText(NOT_GIVEN)
            spin.setValue(low - 1)
        return Field(name, spin, lambda: None if optional and spin.value() < low else spin.value(), spin.valueChanged)
    if kinds == {mi.LiteralType}:
        lit = types[0]
        assert isinstance(lit, mi.LiteralType)
        combo = QComboBox(parent)
        values = ([None] if optional else []) + list(lit.values)
        for v in values:
            combo.addItem(NOT_GIVEN if v is None else str(v), v)
        return Field(name, combo, combo.currentData, combo.currentIndexChanged)
    edit = QLineEdit(parent)
    if mi.ListType in kinds:
        edit.setPlaceholderText(_("one or more, separated by commas: Ann, Bo"))

        def read_list() -> list[Any] | None:
            text = edit.text().strip()
            return [_scalar(x) for x in text.split(",") if x.strip()] if text else None

        return Field(name, edit, read_list, edit.textChanged)
    if mi.DictType in kinds or mi.StructType in kinds or mi.DataclassType in kinds:
        edit.setPlaceholderText(_("key: value, key: value"))

        def read_map() -> Any:
            text = edit.text().strip()
            if not text:
                return None
            if text.startswith("{"):
                try:
                    return json.loads(text)
                except (ValueError, RecursionError):
                    return text
            out: dict[str, Any] = {}
            for part in text.split(","):
                key, _, value = part.partition(":")
                out[key.strip()] = _scalar(value)
            return out

        return Field(name, edit, read_map, edit.textChanged)
    if mi.FloatType in kinds:
        def read_float() -> Any:
            text = edit.text().strip()
            try:
                return float(text) if text else None
            except ValueError:
                return text

        return Field(name, edit, read_float, edit.textChanged)
    return Field(name, edit, lambda: edit.text().strip() or (None if optional else ""), edit.textChanged)


class CommandForm(QDialog):
    """The generated form of one declared command; OK runs it through the window's runner."""

    def __init__(self, name: str, state: TournamentState, runner: Runs,
                 values: dict[str, Any] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        decl = by_name(name)
        if decl is None:
            raise KeyError(name)
        self.name = name
        self.runner = runner
        self.title = decl.title()
        self.setWindowTitle(f"{self.title[:1].upper()}{self.title[1:]} — Floorman")
        self.setMinimumWidth(480)
        lay = QVBoxLayout(self)
        help_text = QLabel(decl.help())
        help_text.setWordWrap(True)
        lay.addWidget(help_text)
        form = QFormLayout()
        names = [p.name for p in state.players.values()]
        self.fields: dict[str, Field] = {}
        info = mi.type_info(decl)
        assert isinstance(info, mi.StructType)
        for f in info.fields:
            key = f.encode_name  # the field's name in the command ("name", where Python says name_)
            if key in SKIPPED:
                continue
            field = field_for(key, f.type, names, self)
            self.fields[key] = field
            form.addRow(decl.field_words(key) + ("" if not f.required else " *"), field.widget)
            field.changed.connect(self.check)
        lay.addLayout(form)
        self.error = Feedback()
        lay.addWidget(self.error)
        self.feedback = Feedback()
        lay.addWidget(self.feedback)
        self.buttons = ok_cancel(self, self._ok)
        lay.addWidget(self.buttons)
        for key, value in (values or {}).items():
            self.set_value(key, value)
        self.check()

    def set_value(self, key: str, value: Any) -> None:
        w = self.fields[key].widget
        if isinstance(w, QLineEdit):
            w.setText(", ".join(map(str, value)) if isinstance(value, list) else str(value))
        elif isinstance(w, QSpinBox):
            w.setValue(int(value))
        elif isinstance(w, QCheckBox):
            w.setCheckState(Qt.CheckState.Checked if value else Qt.CheckState.Unchecked)
        elif isinstance(w, QComboBox):
            w.setCurrentIndex(max(0, w.findData(value)))

    def command(self) -> dict[str, Any]:
        cmd: dict[str, Any] = {"cmd": self.name}
        for key, field in self.fields.items():
            value = field.read()
            if value is not None:
                cmd[key] = value
        return cmd

    def check(self) -> bool:
        """Validate as typed: the declaration's words under the form, OK only when well formed."""
        try:
            parse(self.command())
        except RuleError as err:
            self.error.refuse(err.message)
            ok = False
        else:
            self.error.hide()
            ok = True
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        return ok

    def _ok(self) -> None:
        if not self.check():
            return
        self.feedback.hide()
        self.runner.run(self.command(), self.feedback, then=lambda _events: self._done())

    def _done(self) -> None:
        self.accept()
        parent = self.parentWidget()
        if parent is not None and hasattr(parent, "statusBar"):
            parent.statusBar().showMessage(_("Done: {command}.", command=self.title), 5000)

