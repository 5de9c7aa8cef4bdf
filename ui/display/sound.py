"""Plays the chimes, or stays silent and says why, once.

The chime is the WAV in resources/sounds, played with QtMultimedia's ``QSoundEffect`` when
PySide6-Addons is installed and an audio output exists. Without QtMultimedia the system bell
(``QApplication.beep``) stands in. With no audio output, or with ``FLOORMAN_NO_SOUND=1`` (tests),
the display runs silently. Whatever the case, one message tells the director, once.
"""

from __future__ import annotations

import importlib
import logging
import os
from typing import Any

from PySide6.QtCore import QObject, QTimer, QUrl, Signal
from PySide6.QtWidgets import QApplication

from ui.display.chime import STRIKES, chime_path

log = logging.getLogger("floorman.display")

SILENT = "silent"
EFFECT = "effect"
BELL = "bell"


def _load_multimedia() -> Any | None:
    try:
        return importlib.import_module("PySide6.QtMultimedia")
    except ImportError:
        return None


class ChimePlayer(QObject):
    """Strikes the chime for a reason from :mod:`ui.display.chime`.

    Signals:
        message(str): emitted once, when the player first knows how it will sound (or why not).
        muted_changed(bool): the mute switch moved.
    """

    message = Signal(str)
    muted_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None, *, backend: str | None = None) -> None:
        super().__init__(parent)
        self._muted = False
        self._effect: Any = None
        self._told = False
        self.played: list[str] = []  # reasons struck, newest last (for the director's log)
        self.backend, self.reason = self._choose(backend)

    def _choose(self, forced: str | None) -> tuple[str, str]:
        if forced is not None:
            return forced, f"chimes: {forced}"
        if os.environ.get("FLOORMAN_NO_SOUND") == "1":
            return SILENT, "Sound is switched off (FLOORMAN_NO_SOUND=1): the room display runs silently."
        mm = _load_multimedia()
        if mm is None:
            return BELL, "Chimes use the system bell (the chime sound needs PySide6-Addons)."
        if not mm.QMediaDevices.audioOutputs():
            return SILENT, "No audio device found: the room display runs silently."
        effect = mm.QSoundEffect(self)
        effect.setSource(QUrl.fromLocalFile(str(chime_path())))
        effect.setVolume(0.9)
        self._effect = effect
        return EFFECT, "Chimes play on the default audio output."

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
        """Sound the chime for ``reason``; False when muted or silent."""
        self.tell_once()
        if self._muted or self.backend == SILENT:
            return False
        self.played.append(reason)
        strikes = STRIKES.get(reason, 1)
        if self.backend == EFFECT and self._effect is not None:
            self._effect.setLoopCount(strikes)
            self._effect.play()
        elif self.backend == BELL:
            for i in range(strikes):
                QTimer.singleShot(i * 400, QApplication.beep)
        return True
