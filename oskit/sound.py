"""Play a WAV file through the system's own player, without waiting for it to end.

- Linux: ``paplay`` (PulseAudio, PipeWire), else ``aplay`` (ALSA), else ``pw-play`` (PipeWire);
- macOS: ``afplay``;
- Windows: ``winsound.PlaySound(path, SND_FILENAME | SND_ASYNC)``.

:func:`system_player` picks one and says in one line what it picked, or why there is none.
"""

from __future__ import annotations

import importlib
import logging
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from oskit import MACOS, WINDOWS, system

log = logging.getLogger("floorman.sound")

LINUX_PLAYERS = ("paplay", "aplay", "pw-play")


class Sound(Protocol):
    """Something that plays a WAV file without waiting for it to end."""

    name: str

    def play(self, path: Path) -> None: ...


class CommandSound:
    """A command-line player (``paplay FILE``, ``afplay FILE``), started and left to finish alone."""

    def __init__(self, program: str, name: str) -> None:
        self.program = program
        self.name = name

    def play(self, path: Path) -> None:
        try:
            subprocess.Popen(  # noqa: S603 (a fixed program found on PATH, a file of ours)
                [self.program, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, close_fds=True,
            )
        except OSError as exc:
            log.warning("the chime could not be played with %s: %s", self.name, exc)


class WinSound:
    """Windows' own ``winsound`` module, asynchronous (the window never waits for the chime)."""

    name = "winsound"

    def __init__(self, module: Any) -> None:
        self.module = module

    def play(self, path: Path) -> None:
        try:
            self.module.PlaySound(str(path), self.module.SND_FILENAME | self.module.SND_ASYNC)
        except RuntimeError as exc:
            log.warning("the chime could not be played: %s", exc)


def _winsound() -> Any | None:
    try:
        return importlib.import_module("winsound")
    except ImportError:
        return None


def system_player(
    platform: str | None = None, which: Callable[[str], str | None] | None = None
) -> tuple[Sound | None, str]:
    """The system's WAV player for ``platform`` (default ``sys.platform``) and a one-line note about it."""
    find = which or shutil.which
    kind = system(platform)
    if kind == WINDOWS:
        module = _winsound()
        if module is not None:
            return WinSound(module), "Chimes play through Windows (winsound)."
        return None, "Windows sound (winsound) is missing: the room display runs silently."
    if kind == MACOS:
        found = find("afplay")
        if found:
            return CommandSound(found, "afplay"), "Chimes play through macOS (afplay)."
        return None, "No sound player found (afplay): the room display runs silently."
    for name in LINUX_PLAYERS:
        found = find(name)
        if found:
            return CommandSound(found, name), f"Chimes play through {name}."
    return None, "No sound player found (paplay, aplay or pw-play): the room display runs silently."
