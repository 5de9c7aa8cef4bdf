"""The room display's voice: speaks the announcements through :mod:`oskit.speech`, or leaves them to the
chimes and says why, once.

No Qt here: the window hands it the moments its :class:`ui.display.chime.ChimePolicy` found and strikes
the chimes of the moments it did not speak. With speech off, no voice on the system, or
``FLOORMAN_NO_SOUND=1`` (the tests), nothing is spoken and every chime sounds as before.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence

from app.i18n import N_, _, use_language
from oskit.speech import Voice, system_voice
from screens.frame import DisplayFrame
from ui.display.announce import BREAKS, FIVE_MINUTES, LEVELS, REGISTRATION, SAMPLE, announcement
from ui.display.settings import DisplaySettings

log = logging.getLogger("floorman.display")

VoiceFinder = Callable[[], tuple[Voice | None, str]]
NO_SOUND = N_("Sound is switched off (FLOORMAN_NO_SOUND=1): the room display chimes instead of speaking.")


def _system() -> tuple[Voice | None, str]:
    if os.environ.get("FLOORMAN_NO_SOUND") == "1":
        return None, _(NO_SOUND)
    return system_voice()


def kinds_of(settings: DisplaySettings) -> frozenset[str]:
    """The kinds of announcement ``settings`` has turned on."""
    on = {LEVELS: settings.say_levels, BREAKS: settings.say_breaks, FIVE_MINUTES: settings.say_five_minutes,
          REGISTRATION: settings.say_registration}
    return frozenset(kind for kind, yes in on.items() if yes)


class RoomVoice:
    """Speaks what the room should hear, with the voice and volume of the display's settings.

    ``voice``: the system's speech to use (tests pass a fake); by default ``finder``'s, else
    :func:`oskit.speech.system_voice`'s, looked for the first time it is needed.
    """

    def __init__(self, settings: DisplaySettings | None = None, voice: Voice | None = None,
                 finder: VoiceFinder | None = None) -> None:
        self.settings = settings or DisplaySettings()
        self._finder = finder
        self._voice = voice
        self._looked = voice is not None
        self.note = _("Announcements are spoken by {voice}.", voice=voice.name) if voice is not None else ""
        self._told = False
        self._listed: list[str] | None = None  # the system's voices, listed once when a named one is chosen
        self.said: list[str] = []  # every announcement spoken, oldest first

    @property
    def voice(self) -> Voice | None:
        """The system's speech, or None (then :attr:`note` says why)."""
        if not self._looked:
            self._looked = True
            self._voice, self.note = (self._finder or _system)()
        return self._voice

    @property
    def speaking(self) -> bool:
        """Announcements are on and a voice can speak them."""
        return self.settings.speech and self.voice is not None

    def tell_once(self) -> str:
        """How the announcements will be heard, or why they will not: the first time it is asked after
        they were turned on (logged too); "" after that, or while they are off."""
        if not self.settings.speech or self._told:
            return ""
        self.voice  # noqa: B018 (looks for it, and so writes the note)
        self._told = True
        log.info(self.note)
        return self.note

    def apply(self, settings: DisplaySettings) -> None:
        self.settings = settings
        self._told = False

    def _named(self, voice: Voice, name: str) -> str:
        """``name`` if this system has that voice, else "" (its default): a voice chosen on another
        computer, or uninstalled since, never leaves the room in silence."""
        if not name:
            return ""
        if self._listed is None:
            self._listed = voice.voices()
        if name in self._listed:
            return name
        log.warning("the voice %r is not on this computer: the system's default voice speaks instead", name)
        return ""

    def announce(self, moments: Sequence[str], frame: DisplayFrame, before: DisplayFrame | None) -> frozenset[str]:
        """Speak the announcement of ``moments`` at ``frame``; answers the moments spoken (not to chime)."""
        if not moments or not self.settings.speech:
            return frozenset()
        voice = self.voice
        if voice is None:
            return frozenset()
        said = announcement(moments, frame, before, kinds_of(self.settings))
        if said.text:
            self.say(said.text, voice)
        return said.moments

    def say(self, text: str, voice: Voice | None = None) -> bool:
        """Speak ``text`` now with the chosen voice and volume; False when there is no voice."""
        voice = voice or self.voice
        if voice is None:
            return False
        voice.speak(text, self._named(voice, self.settings.voice), self.settings.volume)
        self.said.append(text)
        return True

    def test(self, settings: DisplaySettings) -> bool:
        """The preferences' Test voice button: a level announced with ``settings``' voice and volume."""
        voice = self.voice
        if voice is None:
            return False
        with use_language(settings.language or None):  # said in the screen's language
            words = _(SAMPLE)
        voice.speak(words, self._named(voice, settings.voice), settings.volume)
        return True
