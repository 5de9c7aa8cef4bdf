"""View > Room display voice…: the language the room display writes and speaks (the window's, or its own),
whether it speaks its announcements, with which voice, how loud, and which kinds; a Test voice button says a
level aloud with the choices as they stand.

The choices are the display's settings (``ui.display.settings``), remembered between nights; OK
applies them to the open display at once.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from app.i18n import N_, _, language_name, use_language
from ui.display.announce import BREAKS, FIVE_MINUTES, KINDS, LEVELS, REGISTRATION, SAMPLE
from ui.display.settings import DisplaySettings
from ui.display.voice import RoomVoice

CHIMES = N_("None: chimes")
DEFAULT_VOICE = N_("The system's default voice")
WINDOWS_LANGUAGE = N_("The window's language")
FIELDS = {LEVELS: "say_levels", BREAKS: "say_breaks", FIVE_MINUTES: "say_five_minutes",
          REGISTRATION: "say_registration"}


class VoiceDialog(QDialog):
    """The spoken announcements' preferences; :meth:`chosen` is what the director set."""

    def __init__(self, settings: DisplaySettings, voice: RoomVoice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Room display voice"))
        self.settings = settings
        self.room_voice = voice
        system = voice.voice
        self.voices = QComboBox()
        self.voices.addItem(_(CHIMES), None)
        if system is not None:
            self.voices.addItem(_(DEFAULT_VOICE), "")
            for name in system.voices():
                self.voices.addItem(name, name)
        if settings.speech and system is not None:
            at = self.voices.findData(settings.voice)
            if at < 0:  # a voice remembered from another machine: kept, and named
                self.voices.addItem(_("{voice} (not on this computer)", voice=settings.voice), settings.voice)
                at = self.voices.count() - 1
            self.voices.setCurrentIndex(at)
        self.volume = QSlider(Qt.Orientation.Horizontal)
        self.volume.setRange(0, 100)
        self.volume.setValue(settings.volume)
        self.volume_text = QLabel()
        self.volume.valueChanged.connect(lambda v: self.volume_text.setText(_("{percent} %", percent=v)))
        self.volume_text.setText(_("{percent} %", percent=settings.volume))
        self.kinds = {kind: QCheckBox(_(words)) for kind, words in KINDS.items()}
        from ui.language import offered

        self.language = QComboBox()
        self.language.addItem(_(WINDOWS_LANGUAGE), "")
        for code in offered():
            self.language.addItem(language_name(code), code)
        at = self.language.findData(settings.language)
        if at < 0 and settings.language:  # a venue's language since taken away: kept, and named
            self.language.addItem(settings.language, settings.language)
            at = self.language.count() - 1
        self.language.setCurrentIndex(max(0, at))
        for kind, box in self.kinds.items():
            box.setChecked(bool(getattr(settings, FIELDS[kind])))
        self.test_button = QPushButton(_("&Test voice"))
        self.test_button.clicked.connect(self.test)
        self.note = QLabel(voice.note if system is None else "")
        self.note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("&Language of the screen"), self.language)
        form.addRow(_("&Voice"), self.voices)
        form.addRow(_("Vol&ume"), self.volume)
        form.addRow("", self.volume_text)
        for box in self.kinds.values():
            form.addRow("", box)
        # The window is as wide as its longest words need, in any language (never a word cut).
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.test_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        lay.addLayout(form)
        lay.addWidget(self.note)
        lay.addWidget(buttons)
        self.voices.currentIndexChanged.connect(self._enable)
        self._enable()
        self.setMinimumWidth(420)

    def _enable(self, *_: object) -> None:
        on = self.voices.currentData() is not None
        for widget in (self.volume, self.test_button, *self.kinds.values()):
            widget.setEnabled(on)

    def chosen(self) -> DisplaySettings:
        """The settings with the choices made here."""
        picked = self.voices.currentData()
        kinds: dict[str, Any] = {FIELDS[kind]: box.isChecked() for kind, box in self.kinds.items()}
        return replace(self.settings, speech=picked is not None,
                       voice=picked if picked is not None else self.settings.voice,
                       volume=self.volume.value(), language=str(self.language.currentData() or ""), **kinds)

    def test(self) -> None:
        """Say a level aloud with the voice and volume chosen here (nothing is saved)."""
        if self.room_voice.test(self.chosen()):
            with use_language(self.chosen().language or None):
                sample = _(SAMPLE)
            self.note.setText(_("Speaking: “{words}”", words=sample))
        else:
            self.note.setText(self.room_voice.note)
