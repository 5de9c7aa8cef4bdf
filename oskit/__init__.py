"""The operating system's services, each behind one small seam: Linux, Windows and macOS.

Each module here is one service with a ``Protocol`` and an implementation per system, picked once
from ``sys.platform`` (:func:`system`); the rest of Floorman calls the seam and never asks which
system it runs on:

- :mod:`oskit.filelock`: an exclusive, non-blocking lock on an open file (``fcntl`` / ``msvcrt``);
- :mod:`oskit.printing`: whether the system's print queue takes a PDF as it is (CUPS ``lp``), or Qt
  paints the pages on the printer (Windows);
- :mod:`oskit.opener`: open a file in the program the system gives it (``xdg-open``, ``open``,
  ``os.startfile``);
- :mod:`oskit.sound`: play a WAV file without waiting (``paplay``/``aplay``/``pw-play``, ``afplay``,
  ``winsound``);
- :mod:`oskit.speech`: speak a sentence, or write it spoken into a sound file (``espeak-ng`` or
  ``spd-say``, ``say``, Windows' SAPI through PowerShell);
- :mod:`oskit.dirs`: the user's data folder (platformdirs' per-system rules);
- :mod:`oskit.memory`: the process's peak memory and how long ago it started;
- :mod:`oskit.names`: file names every one of the three systems accepts.

Nothing here imports Floorman's other packages, Qt, SQLAlchemy or reportlab, and nothing imports a
module that exists on one system only until that system's implementation is used.
"""

from __future__ import annotations

import sys

LINUX = "linux"
MACOS = "macos"
WINDOWS = "windows"


def system(platform: str | None = None) -> str:
    """``"windows"``, ``"macos"`` or ``"linux"`` for ``platform`` (default ``sys.platform``, read now).

    Other POSIX systems (the BSDs, Cygwin) take the Linux implementations: they have the same calls.
    """
    platform = sys.platform if platform is None else platform
    if platform == "win32":
        return WINDOWS
    if platform == "darwin":
        return MACOS
    return LINUX
