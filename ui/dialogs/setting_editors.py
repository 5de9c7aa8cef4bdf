"""One editor per kind of profile setting: amounts, whole numbers, yes/no, choices, lists, "unlimited".

Every editor has ``value()`` (what the engine is given) and a ``changed`` signal; none judges a value:
``app.profiles.profile.validate_settings`` does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.api import IDENTITY_FIELDS, SCHEMA, fmt
from app.i18n import N_, _
from ui.dialogs import setting_text as st
from ui.dialogs.setting_words import SUFFIXES, choice_word, label_of, none_word

# The details a registrant may be asked for (the profile's keys), in words.
IDENTITY_WORDS = {"first_name": N_("First name"), "last_name": N_("Last name"), "student_id": N_("Student ID"),
                  "phone": N_("Phone"), "id_number": N_("ID number")}
Currency = Callable[[], "str | None"]  # the currency the form's amounts are in now (money.currency)


class Editor(QWidget):
    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.lay = QHBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.lay.setSpacing(8)

    def value(self) -> Any:
        raise NotImplementedError

    def set_currency(self, old: str | None, new: str | None) -> None:
        """The form's currency changed from ``old`` to ``new``: an amount keeps its minor units (the profile's
        figures) and is shown the new currency's way. Nothing for an editor that holds no amount."""


class CheckEditor(Editor):
    def __init__(self, text: str, value: bool) -> None:
        super().__init__()
        self.box = QCheckBox(text)
        self.box.setChecked(bool(value))
        self.box.toggled.connect(self.changed)
        self.lay.addWidget(self.box)

    def value(self) -> bool:
        return self.box.isChecked()


class ChoiceEditor(Editor):
    def __init__(self, items: list[tuple[str, Any]], value: Any, editable: bool = False) -> None:
        super().__init__()
        self.combo = QComboBox()
        self.combo.setEditable(editable)
        for word, data in items:
            self.combo.addItem(word, data)
        index = self.combo.findData(value)
        if index < 0:
            self.combo.addItem(str(value), value)
            index = self.combo.count() - 1
        self.combo.setCurrentIndex(index)
        self.combo.currentIndexChanged.connect(self.changed)
        self.lay.addWidget(self.combo)
        self.lay.addStretch(1)

    def value(self) -> Any:
        return self.combo.currentData()


PRIZE_UNITS = (100, 500, 1_000, 2_500, 5_000, 10_000)  # PAY-8's usual units, in cents


class RoundingEditor(ChoiceEditor):
    """PAY-8: every prize a multiple of a unit ($1, $5, ...) or exact to the cent (null); a profile's own
    unit is offered too."""

    CENT = 0  # the combo's data for "to the cent" (null in the profile)

    def __init__(self, unit: int | None, currency: Currency = lambda: None) -> None:
        units = sorted({*PRIZE_UNITS, *([unit] if unit else [])})
        super().__init__(self._items(units, currency()), unit or self.CENT)

    @staticmethod
    def _items(units: list[int], currency: str | None) -> list[tuple[str, int]]:
        return [(_("The cent (exact amounts)"), RoundingEditor.CENT)] + [(RoundingEditor._word(u, currency), u)
                                                                        for u in units]

    @staticmethod
    def _word(unit: int, currency: str | None) -> str:
        amount = fmt.money_rounded(unit, currency)
        return _("{amount} (whole amounts)", amount=amount) if unit == 10 ** fmt.decimals(currency) else amount

    def set_currency(self, old: str | None, new: str | None) -> None:
        for i in range(1, self.combo.count()):
            self.combo.setItemText(i, self._word(int(self.combo.itemData(i)), new))

    def value(self) -> int | None:
        unit = self.combo.currentData()
        return None if unit == self.CENT else int(unit)


class IntEditor(Editor):
    def __init__(self, value: int | None, suffix: str = "") -> None:
        super().__init__()
        self.spin = QSpinBox()
        self.spin.setRange(0, 2_000_000_000)  # the engine says what is too small or too large
        self.spin.setGroupSeparatorShown(True)
        self.spin.setSuffix(suffix)
        self.spin.setFixedWidth(140)
        self.spin.setValue(value or 0)
        self.spin.valueChanged.connect(self.changed)
        self.lay.addWidget(self.spin)
        self.lay.addStretch(1)

    def value(self) -> int:
        return self.spin.value()


class MoneyEditor(Editor):
    """An amount as typed in the form's currency and the reader's language ("$25.50", "25.5", "1,250"; German
    "25,50 €", "1.250"), handed on in whole minor units (cents). Text that is not plainly an amount (English
    "25,50" could be 2,550 or 25.50) is handed on as typed, and the engine's refusal says so."""

    def __init__(self, cents: int | None, currency: Currency = lambda: None) -> None:
        super().__init__()
        self.currency = currency
        self.edit = QLineEdit(st.format_money(cents or 0, currency()))
        self.edit.setFixedWidth(140)
        self.edit.textChanged.connect(self.changed)
        self.edit.editingFinished.connect(self._tidy)
        self.lay.addWidget(self.edit)
        self.lay.addStretch(1)

    def _tidy(self) -> None:
        cents = st.parse_money(self.edit.text(), self.currency())
        if cents is not None:
            self.edit.setText(st.format_money(cents, self.currency()))

    def value(self) -> int | str:
        cents = st.parse_money(self.edit.text(), self.currency())
        return self.edit.text() if cents is None else cents

    def set_currency(self, old: str | None, new: str | None) -> None:
        cents = st.parse_money(self.edit.text(), old)
        if cents is not None:
            self.edit.setText(st.format_money(cents, new))


class TextEditor(Editor):
    """A list as short text ("50 / 30 / 20", or one item a line), with a hint and a live summary."""

    def __init__(self, value: Any, show: Callable[[Any], str], read: Callable[[str], Any], hint: str,
                 summary: Callable[[Any], str] | None = None, lines: int = 1, empty: str = "") -> None:
        super().__init__()
        self.initial, self.read, self.summarize = value, read, summary
        self.initial_text = show(value)
        self.edit: QLineEdit | QPlainTextEdit
        if lines > 1:
            self.edit = QPlainTextEdit(self.initial_text)
            self.edit.setTabChangesFocus(True)
            self.edit.setFixedHeight(self.edit.fontMetrics().lineSpacing() * lines + 12)
        else:
            self.edit = QLineEdit(self.initial_text)
        self.edit.setPlaceholderText(empty or _("none"))
        self.edit.textChanged.connect(self._changed)
        self.note = QLabel()
        self.note.setObjectName("dim")
        self.note.setWordWrap(True)
        column = QVBoxLayout()
        column.setSpacing(2)
        column.addWidget(self.edit)
        column.addWidget(self.note)
        self.hint = hint
        self.lay.addLayout(column, 1)
        self._show_note()

    def text(self) -> str:
        return self.edit.toPlainText() if isinstance(self.edit, QPlainTextEdit) else self.edit.text()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's spelling, as the line edits)
        if isinstance(self.edit, QPlainTextEdit):
            self.edit.setPlainText(text)
        else:
            self.edit.setText(text)

    def _changed(self) -> None:
        self._show_note()
        self.changed.emit()

    def _show_note(self) -> None:
        value = self.value()
        if self.summarize is not None and isinstance(value, list):
            self.note.setText(self.summarize(value))
        else:
            self.note.setText(self.hint)

    def value(self) -> Any:
        text = self.text()
        if text == self.initial_text:
            return self.initial  # unchanged text keeps the exact value it came from
        parsed = self.read(text)
        return text if parsed is None else parsed


class IdentityEditor(Editor):
    def __init__(self, value: list[str]) -> None:
        super().__init__()
        self.initial = list(value)
        self.boxes: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        for i, name in enumerate(IDENTITY_FIELDS):
            box = QCheckBox(_(IDENTITY_WORDS.get(name, name)))
            box.setChecked(name in value)
            box.toggled.connect(self.changed)
            self.boxes[name] = box
            grid.addWidget(box, i // 3, i % 3)
        self.lay.addLayout(grid)
        self.lay.addStretch(1)

    def value(self) -> list[str]:
        chosen = [name for name, box in self.boxes.items() if box.isChecked()]
        return self.initial if set(chosen) == set(self.initial) else chosen


class OptionalEditor(Editor):
    """A value, or none of it: "Unlimited", "Same as the buy-in", "No cap" (the field shows when unticked)."""

    def __init__(self, inner: Editor, word: str, is_none: bool) -> None:
        super().__init__()
        self.inner = inner
        self.none = QCheckBox(word[:1].upper() + word[1:])  # already in the reader's words
        self.none.setChecked(is_none)
        self.inner.setVisible(not is_none)
        self.inner.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        self.none.toggled.connect(lambda on: self.inner.setVisible(not on))
        self.none.toggled.connect(self.changed)
        self.inner.changed.connect(self.changed)
        self.lay.addWidget(self.none)
        self.lay.addWidget(self.inner)
        self.lay.addStretch(1)

    def value(self) -> Any:
        return None if self.none.isChecked() else self.inner.value()

    def set_currency(self, old: str | None, new: str | None) -> None:
        self.inner.set_currency(old, new)


class MoneyListEditor(TextEditor):
    """Amounts per place ("$500 / $300"), in the form's currency and the reader's language."""

    def __init__(self, value: list[int], currency: Currency) -> None:
        super().__init__(value, lambda v: st.format_money_list(v, currency()),
                         lambda t: st.parse_money_list(t, currency()),
                         _("amount per place, as {example}",
                           example=st.format_money_list([50_000, 30_000], currency())),
                         lambda v: st.money_summary(v, currency()))

    def set_currency(self, old: str | None, new: str | None) -> None:
        amounts = st.parse_money_list(self.text(), old)
        if amounts is not None:
            self.setText(st.format_money_list(amounts, new))


def shipped_structures() -> list[tuple[str, str]]:
    """(name, id) of every structure under resources/structures/."""
    out = []
    for entry in sorted(resources.files("resources").joinpath("structures").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            out.append((str(data.get("name", entry.name[:-5])), entry.name[:-5]))
    return out


def _json_or_none(text: str) -> Any:
    if not text.strip():
        return {}
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _one_number(text: str) -> Any:
    values = st.parse_percents(text)
    return values[0] if values and len(values) == 1 else None


def make_editor(key: str, value: Any, currency: Currency = lambda: None) -> Editor:
    """The editor of setting ``key`` showing ``value``; an amount is shown in ``currency()``, the form's
    currency when it is asked (the profile's, or the one the director has just typed)."""
    setting = SCHEMA[key]
    optional = setting.check(None) is None and key not in ("reg.opens_at", "reg.closes_at")
    if isinstance(setting.default, bool):
        return CheckEditor(label_of(key), value)
    if setting.choices:
        return ChoiceEditor([(choice_word(key, c), c) for c in setting.choices], value)
    if key == "structure.id":
        structures = ChoiceEditor(shipped_structures(), value)
        structures.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        structures.combo.setMinimumContentsLength(24)
        structures.combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        return structures
    if key in ("reg.opens_at", "reg.closes_at"):
        return TextEditor(value, lambda v: v or "", lambda t: t.strip() or None,
                          _("a date and time, as 2027-01-15 19:00"), empty=none_word(key))
    if key == "reg.require_identity":
        return IdentityEditor(value)
    if key == "money.currency":
        return TextEditor(value, str, lambda t: t.strip().upper() or None, _("ISO code, as USD, EUR or JPY"))
    if key == "satellite.event":
        return TextEditor(value, str, lambda t: t.strip(), _("the event the seats are for, as Main Event"))
    if key == "money.fees":
        return TextEditor(value, lambda v: json.dumps(v) if v else "", _json_or_none,
                          _('fees in cents per purchase, as {example}',
                            example='{"buy_in": {"house": 1000, "dealer": 500}}'))
    if key == "bounty.house":
        return TextEditor(value, lambda v: json.dumps(v) if v else "", _json_or_none,
                          _('player name: bounty in cents, as {example}', example='{"Dana Lee": 10000}'))
    if key == "payout.places_percent":
        share = TextEditor(value, lambda v: "" if v is None else f"{v:g}", _one_number,
                           _("percent of the entries, as 15"))
        return OptionalEditor(share, none_word(key), value is None)
    if key == "payout.round_to_cents":
        return RoundingEditor(value, currency)
    if key == "payout.percents":
        return TextEditor(value, st.format_list, st.parse_percents, _("percent per place, as 50 / 30 / 20"),
                          st.percent_summary)
    if key == "payout.fixed_cents":
        return MoneyListEditor(value, currency)
    if key == "payout.brackets":
        return TextEditor(value, st.format_brackets, st.parse_brackets,
                          _("one line per field size, as  up to 20: 50 / 30 / 20"), lines=4)
    if key == "chips":
        return TextEditor(value, st.format_chips, st.parse_chips, _("one chip a line: value, colour × how many"),
                          lines=5)
    if key == "mix.games":
        return TextEditor(value, st.format_games, st.parse_games, _("game names, as Texas Hold'em / Omaha"))
    if isinstance(setting.default, list):
        return TextEditor(value, st.format_list, st.parse_ints, _("numbers, as 18 / 9"))
    inner: Editor
    if key.endswith("_cents"):
        inner = MoneyEditor(value, currency)
    else:
        suffix = SUFFIXES.get(key)
        inner = IntEditor(1 if value is None else value, _(suffix) if suffix else "")
    return OptionalEditor(inner, none_word(key), value is None) if optional else inner
