"""A new tournament: its name, where it is saved, and an editable summary of its profile.

The summary shows the settings a director usually changes (money, structure, games, seating, payouts) in
words, with an editor for each kind of value; "All other rules" holds the rest, folded away. Every edit is
checked by the engine as it is made (``app.profiles.profile.validate_settings``): its refusal is shown under the
setting it names and beside OK, which stays disabled until the profile is valid. OK hands back one
validated profile; "Save as a profile" keeps a copy of it for the welcome screen.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.api import (
    SCHEMA,
    SHIPPED,
    Profile,
    RuleError,
    default_of,
    final_size_for,
    fmt,
    profile_from_dict,
    validate_settings,
)
from app.i18n import _, ngettext
from oskit.names import portable_name, portable_path
from ui.dialogs.setting_editors import CheckEditor, Editor, IntEditor, make_editor
from ui.dialogs.setting_words import (
    BOUNTIES,
    GAMES,
    MONEY,
    OTHER,
    PAYOUTS,
    REBUYS,
    SEATING,
    STRUCTURE,
    SUMMARY,
    group_of,
    help_text,
    label_of,
    named_key,
    plain_message,
)
from ui.feedback import Feedback
from ui.recent import profiles_dir

SUMMARY_KEYS = {key for _name, keys in SUMMARY for key in keys}
# Two columns: money on the left, the others on the right.
COLUMNS = ((MONEY, REBUYS, BOUNTIES), (SEATING, PAYOUTS, STRUCTURE, GAMES))


class SettingRow(QWidget):
    """One setting: its editor and, under it, the engine's reason when it refuses the value."""

    def __init__(self, key: str, value: Any, currency: Callable[[], str | None] = lambda: None) -> None:
        super().__init__()
        self.key = key
        self.editor: Editor = make_editor(key, value, currency)
        tip = help_text(key).replace(", in cents", "")
        self.editor.setToolTip(tip[:1].upper() + tip[1:])
        self.feedback = Feedback()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addWidget(self.editor)
        lay.addWidget(self.feedback)

    def value(self) -> Any:
        return self.editor.value()


PROFILE_STRUCTURE = "\x00profile"  # combo data that no template name can be (names are printable)
TEMPLATE_STRUCTURE = "\x00template"


class NewTournamentDialog(QDialog):
    """Name, file, and the profile's settings grouped as Money, Structure, Games, Seating, Payouts."""

    def __init__(self, profile: Profile, folder: Path, parent: QWidget | None = None,
                 structure: dict[str, Any] | None = None, venue: str = "", template: str = "",
                 seasons: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__(parent)
        self.structure = structure  # an event template's own structure (None: the profile's)
        self.setWindowTitle(_("New tournament: {profile}", profile=profile.name))
        self.resize(1040, 700)
        self.base = profile
        # BRK-6: a final table size the profile leaves out follows the table size, here too, until the
        # director sets one of his own.
        self._final_follows: int | None = (
            profile.settings["final_table.size"] if "final_table.size" in profile.follows else None
        )
        self.name = QLineEdit(profile.name)
        self.path = QLineEdit(str(folder / "tournament.floorman"))
        self.name.textChanged.connect(
            lambda t: self.path.setText(str(folder / portable_name(_slug(t) + ".floorman").name)))
        head = QFormLayout()
        head.addRow(_("Name"), self.name)
        head.addRow(_("Saved as"), self.path)
        self.venue = QLineEdit(venue)
        self.venue.setPlaceholderText(_("where it is played (printed on the sheets)"))
        head.addRow(_("Venue"), self.venue)
        self.template_structure = structure
        self.structure_choice = QComboBox()
        self.structure_choice.setToolTip(_("The levels and breaks: the profile's own, or a structure saved from "
                                           "the structure editor (checked against these rules)"))
        self._fill_structures()
        self.structure_choice.currentIndexChanged.connect(lambda _i: self._choose_structure())
        head.addRow(_("Structure"), self.structure_choice)
        # LGE-6: the event can join a league season now (or later, from the League tab).
        self.season_box = QComboBox()
        self.season_box.addItem(_("Not part of a league season"), None)
        for league, season in seasons:
            self.season_box.addItem(_("{league} — {season}", league=league, season=season), (league, season))
        if seasons:
            head.addRow(_("League"), self.season_box)
        if template and structure:
            said = ngettext("Rules from the event template “{template}” (its own structure of {n} level). Change "
                            "anything below; each change is checked at once.",
                            "Rules from the event template “{template}” (its own structure of {n} levels). Change "
                            "anything below; each change is checked at once.", len(structure["levels"]),
                            template=template)
        elif template:
            said = _("Rules from the event template “{template}”. Change anything below; each change is checked "
                     "at once.", template=template)
        else:
            said = _("Rules from the profile “{profile}”. Change anything below; each change is checked at once.",
                     profile=profile.name)
        source = QLabel(said)
        source.setWordWrap(True)
        source.setObjectName("dim")
        self.rows: dict[str, SettingRow] = {}
        # The currency the amounts are shown and read in: the profile's, then what the director types.
        self.currency: str | None = profile.settings["money.currency"]
        page = QWidget()
        page_lay = QVBoxLayout(page)
        page_lay.addLayout(self._groups([k for _n, ks in SUMMARY for k in ks], summary=True))
        others = [key for key in SCHEMA if key not in SUMMARY_KEYS]
        self.other_toggle = QToolButton()
        self.other_toggle.setText(_("{group} ({n})", group=_(OTHER), n=len(others)))
        self.other_toggle.setCheckable(True)
        self.other_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.other_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.other_toggle.setAutoRaise(True)
        self.other_panel = QWidget()
        self.other_panel.setLayout(self._groups(others, summary=False))
        self.other_panel.hide()
        self.other_toggle.toggled.connect(self._show_others)
        page_lay.addWidget(self.other_toggle)
        page_lay.addWidget(self.other_panel)
        page_lay.addStretch(1)
        self.area = QScrollArea()
        self.area.setWidgetResizable(True)
        self.area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.area.setWidget(page)
        self.feedback = Feedback()
        self.feedback.setMinimumWidth(320)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Create the tournament"))
        self.save_button = QPushButton(_("Save as a profile"))
        self.save_button.setToolTip(_("Keep these rules as a profile of your own, offered on the welcome screen"))
        self.save_button.clicked.connect(self.save_profile)
        self.event_button = QPushButton(_("Save as event template…"))
        self.event_button.setToolTip(_("Keep these rules, the structure, the payouts and the venue together, "
                                       "offered on the welcome screen"))
        self.event_button.clicked.connect(self.act_save_event_template)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.save_button)
        bottom.addWidget(self.event_button)
        bottom.addWidget(self.feedback, 1)
        bottom.addWidget(self.buttons)
        lay = QVBoxLayout(self)
        lay.addLayout(head)
        lay.addWidget(source)
        lay.addWidget(self.area, 1)
        lay.addLayout(bottom)
        self.result_profile: Profile | None = profile
        self.saved_profile: Path | None = None
        self.saved_event: Path | None = None
        seats = self.rows.get("table.max_seats")
        if seats is not None:
            seats.editor.changed.connect(self._follow_table_size)
        currency = self.rows.get("money.currency")
        if currency is not None:
            currency.editor.changed.connect(self._follow_currency)

    def _follow_currency(self) -> None:
        """A currency typed in full (a code Babel knows) re-shows every amount in it, keeping its figure in
        minor units: $25.00 becomes 25,00 € in a German window; a half-typed code changes nothing."""
        typed = self.rows["money.currency"].value()
        new = typed if fmt.is_currency(typed) else None
        if new is None or new == (self.currency or "USD"):
            return
        old, self.currency = self.currency, new
        for row in self.rows.values():
            row.editor.set_currency(old, new)

    # -- the structure --------------------------------------------------------------------------------
    def _fill_structures(self) -> None:
        """The profile's structure, the event template's own (when it has one), then every saved structure."""
        from ui import templates

        box = self.structure_choice
        box.addItem(_("The profile's structure"), PROFILE_STRUCTURE)
        if self.template_structure is not None:
            levels = len(self.template_structure["levels"])
            box.addItem(ngettext("The event template's own ({n} level)", "The event template's own ({n} levels)",
                                 levels), TEMPLATE_STRUCTURE)
            box.setCurrentIndex(1)
        for name in templates.names(templates.STRUCTURES):
            box.addItem(_("Saved structure “{name}”", name=name), name)

    def _choose_structure(self) -> None:
        """Take the chosen structure; a saved one that cannot be read is said, and the profile's is kept."""
        from ui import templates

        chosen = self.structure_choice.currentData()
        if chosen == PROFILE_STRUCTURE:
            self.structure = None
        elif chosen == TEMPLATE_STRUCTURE:
            self.structure = self.template_structure
        else:
            try:
                self.structure = templates.load_structure(str(chosen))
            except templates.TemplateError as err:
                self.structure_choice.blockSignals(True)
                self.structure_choice.setCurrentIndex(0)
                self.structure_choice.blockSignals(False)
                self.structure = None
                self.feedback.refuse(err.message)
                return
        self.validate()

    def _groups(self, keys: list[str], summary: bool) -> QGridLayout:
        """Group boxes of the ``keys`` in two columns, each a form of label and editor."""
        forms: dict[str, QFormLayout] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(16)
        for column, names in enumerate(COLUMNS):
            stack = QVBoxLayout()
            for name in names:
                box = QGroupBox(_(name))
                forms[name] = QFormLayout(box)
                forms[name].setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
                forms[name].setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
                stack.addWidget(box)
            stack.addStretch(1)
            grid.addLayout(stack, 0, column)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        for key in keys:
            row = SettingRow(key, self.base.settings[key], lambda: self.currency)
            self.rows[key] = row
            form = forms[_summary_group(key) if summary else _other_group(key)]
            label = QLabel("" if isinstance(row.editor, CheckEditor) else label_of(key))
            form.addRow(label, row)
            row.editor.changed.connect(self.validate)
        for form in forms.values():
            if form.rowCount() == 0:
                parent = form.parentWidget()
                if parent is not None:
                    parent.hide()
        return grid

    def _follow_table_size(self) -> None:
        final, seats = self.rows.get("final_table.size"), self.rows["table.max_seats"]
        if final is None or not isinstance(final.editor, IntEditor) or final.value() != self._final_follows:
            self._final_follows = None  # set by the director: it stays
            return
        self._final_follows = final_size_for(int(seats.value()))
        final.editor.spin.setValue(self._final_follows)

    def _show_others(self, on: bool) -> None:
        self.other_panel.setVisible(on)
        self.other_toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

    def changes(self) -> dict[str, Any]:
        out = {}
        for key, row in self.rows.items():
            value = row.value()
            # A final table size set by the director is his even when it equals the followed one.
            own = key == "final_table.size" and key in self.base.follows and value != self._final_follows
            if value != self.base.settings[key] or own:
                out[key] = value
        return out

    def validate(self) -> bool:
        for row in self.rows.values():
            row.feedback.hide()
        try:
            validate_settings(self.changes(), self.base.settings)
        except RuleError as err:
            text = plain_message(err, self.currency)
            named = self.rows.get(named_key(err) or "")
            if named is not None:
                if named.key not in SUMMARY_KEYS and not self.other_toggle.isChecked():
                    self.other_toggle.setChecked(True)
                named.feedback.refuse(text)
                named.feedback.setToolTip(err.message)
            # also beside OK: the setting named may be out of sight
            self.feedback.refuse(text)
            self.feedback.setToolTip(err.message)
            self._enable(False)
            return False
        if self.structure is not None:
            from app.api import views

            problems = views.check_structure(self.structure, {**self.base.settings, **self.changes()})
            if problems:
                self.feedback.refuse(
                    _("The event template's structure does not fit these rules: {problem}", problem=problems[0])
                    if self.structure is self.template_structure
                    else _("The chosen structure does not fit these rules: {problem}", problem=problems[0]))
                self._enable(False)
                return False
        self.feedback.hide()
        self._enable(True)
        return True

    def _enable(self, on: bool) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(on)
        self.save_button.setEnabled(on)
        self.event_button.setEnabled(on)

    def edited_profile(self) -> Profile:
        data = self.base.to_dict()
        data["settings"] = {**data["settings"], **self.changes()}
        return profile_from_dict(data)

    def save_profile(self) -> None:
        """Write these rules as a profile named after the tournament, into the user's profile folder."""
        if not self.validate():
            return
        profile = self.edited_profile()
        name = self.name.text().strip() or profile.name
        pid = portable_name(_slug(name), fallback="profile").name  # "CON" -> "con_": a file name Windows takes
        pid = pid + "-copy" if pid in SHIPPED else pid
        # Only what differs from the value a left-out key takes (BRK-6: the final table follows the
        # table size), so the saved profile loads back exactly these rules.
        settings = {k: v for k, v in profile.settings.items() if v != default_of(k, profile.settings)}
        data = {"id": pid, "name": name, "description": profile.description, "settings": settings}
        path = profiles_dir() / f"{pid}.json"
        from sheets.output import OutputRefused, write_output

        try:
            write_output(path, json.dumps(data, indent=2, ensure_ascii=False).encode("utf-8"), "profile")
        except OutputRefused as exc:
            self.feedback.refuse(_("The profile could not be saved: {reason}", reason=exc.message))
            return
        self.saved_profile = path
        self.feedback.done(_("Saved as the profile “{name}”: the welcome screen offers it from now on.", name=name))

    def act_save_event_template(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        name, ok = QInputDialog.getText(self, _("Save as event template"), _("Name of the event template:"),
                                        text=self.name.text().strip())
        if ok and name.strip():
            self.save_event_template(name)

    def save_event_template(self, name: str) -> bool:
        """Keep the profile (payouts included), the structure and the venue together as an event template."""
        from ui import templates

        if not self.validate():
            return False
        profile = self.edited_profile()
        try:
            self.saved_event = templates.save_event(name, profile.to_dict(), self.structure, self.venue.text().strip())
        except templates.TemplateError as err:
            self.feedback.refuse(err.message)
            return False
        self.feedback.done(_("Saved as the event template “{name}”: the welcome screen offers it from now on.",
                             name=templates.clean_name(name)))
        return True

    def check_file_name(self) -> bool:
        """True when the file's name works on Linux, Windows and macOS; else the name is cleaned, and said so.

        The director sees the new name in "Saved as" and creates the tournament with a second click.
        """
        text = self.path.text().strip()
        if not text:
            self.feedback.refuse(_("Say where the tournament is saved (a file name ending in .floorman)."))
            return False
        path, cleaned = portable_path(Path(text), fallback="tournament.floorman")
        if not cleaned.changed:
            return True
        self.path.setText(str(path))
        self.feedback.refuse(_("{cleaned} Check the name and create the tournament again.", cleaned=cleaned.sentence()))
        return False

    def chosen_season(self) -> tuple[str, str] | None:
        """The league season the event joins when created (None: none)."""
        data = self.season_box.currentData()
        return (str(data[0]), str(data[1])) if data else None

    def _ok(self) -> None:
        if not self.validate() or not self.check_file_name():
            return
        self.result_profile = self.edited_profile()
        self.accept()


def _summary_group(key: str) -> str:
    return next(name for name, keys in SUMMARY if key in keys)


def _other_group(key: str) -> str:
    group = group_of(key)
    return group if group != OTHER else SEATING


def _slug(text: str) -> str:
    return re.sub(r"[^\w\-]+", "-", text.strip()).strip("-").lower() or "tournament"
