"""Plays the chimes through the operating system's own player, or stays silent and says why, once.

No Qt add-ons: the chime is a WAV in resources/sounds (one file per number of strikes), handed to
what the system already has. :func:`oskit.sound.system_player` is the one seam that picks it:

- Linux: ``paplay`` (PulseAudio, PipeWire), else ``aplay`` (ALSA), else ``pw-play`` (PipeWire);
- macOS: ``afplay``;
- Windows: ``winsound.PlaySound(path, SND_FILENAME | SND_ASYNC)``.

With none of them, or with ``FLOORMAN_NO_SOUND=1`` (the tests), the display runs silently. Whatever the
case, one message tells the director, once.
"""

from __future__ import annotations

import logging
import os

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication

from app.i18n import _
from oskit.sound import LINUX_PLAYERS, CommandSound, Sound, WinSound, system_player
from ui.display.chime import STRIKES, chime_path

__all__ = ["BELL", "LINUX_PLAYERS", "SILENT", "SYSTEM", "ChimePlayer", "CommandSound", "Sound", "WinSound",
           "system_player"]

log = logging.getLogger("floorman.display")

SILENT = "silent"
SYSTEM = "system"
BELL = "bell"


class ChimePlayer(QObject):
    """Strikes the chime for a reason from :mod:`ui.display.chime`.

    ``sound``: the player to use (tests pass a fake); by default :func:`system_player`'s.
    ``backend``: force ``SILENT`` or ``BELL`` (the system bell, for tests and screenshots).

    Signals:
        message(str): emitted once, when the player first knows how it will sound (or why not).
        muted_changed(bool): the mute switch moved.
    """

    message = Signal(str)
    muted_changed = Signal(bool)

    def __init__(
        self, parent: QObject | None = None, *, backend: str | None = None, sound: Sound | None = None,
        muted: bool = False,
    ) -> None:
        super().__init__(parent)
        self._muted = muted
        self._told = False
        self.sound: Sound | None = None
        self.played: list[str] = []  # reasons struck, newest last (for the director's log)
        self.backend, self.reason = self._choose(backend, sound)

    def _choose(self, forced: str | None, sound: Sound | None) -> tuple[str, str]:
        if forced is not None:
            return forced, f"chimes: {forced}"
        if sound is not None:
            self.sound = sound
            return SYSTEM, _("Chimes play through {sound}.", sound=sound.name)
        if os.environ.get("FLOORMAN_NO_SOUND") == "1":
            return SILENT, _("Sound is switched off (FLOORMAN_NO_SOUND=1): the room display runs silently.")
        found, note = system_player()
        if found is None:
            return SILENT, note
        self.sound = found
        return SYSTEM, note

    def tell_once(self) -> None:
        """Say, once, how the chimes will sound (or that they will not)."""
        if self._told:
            return
        self._told = True
        log.info(self.reason)
        self.message.emit(self.reason)

    @property
    def muted(self) -> bool:
        return self._muted

    def set_muted(self, muted: bool) -> None:
        if muted != self._muted:
            self._muted = muted
            self.muted_changed.emit(muted)

    def strike(self, reason: str) -> bool:
        """Sound the chime for ``reason`` (one play of its file); False when muted or silent."""
        self.tell_once()
        if self._muted or self.backend == SILENT:
            return False
        self.played.append(reason)
        strikes = STRIKES.get(reason, 1)
        if self.backend == SYSTEM and self.sound is not None:
            self.sound.play(chime_path(strikes))
        elif self.backend == BELL:
            for i in range(strikes):
                QTimer.singleShot(i * 400, QApplication.beep)
        return True
