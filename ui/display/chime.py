"""The chime the room hears, and when it sounds.

:class:`ChimePolicy` decides when to chime from successive display frames (pure, testable without
audio): one minute left in a level, a level change (including the start of a break), and the end of
a break. :func:`chime_wav` makes the sound itself, a short two-tone bell, with the ``wave`` module;
``python -m ui.display.chime`` rewrites resources/sounds/chime*.wav (one file per number of strikes).
"""

from __future__ import annotations

import io
import math
import struct
import sys
import wave
from importlib import resources
from pathlib import Path

from screens.frame import BREAK, LAST_MINUTE, OVERTIME, RUNNING, DisplayFrame

ONE_MINUTE = "one_minute"
LEVEL_CHANGE = "level_change"
BREAK_END = "break_end"
FIVE_TO_BREAK = "five_to_break"  # a moment the voice announces (ui/display/announce.py); it has no chime

# How many strikes of the bell each reason gets.
STRIKES = {ONE_MINUTE: 1, LEVEL_CHANGE: 2, BREAK_END: 3}
_TICKING = (RUNNING, LAST_MINUTE, OVERTIME, BREAK)
LATE = 10.0  # seconds past its mark a warning is still worth giving (the clock can jump: a wake from sleep)


class ChimePolicy:
    """Feed it every frame; it answers which moments are due (each at most once): the chimes' reasons
    and :data:`FIVE_TO_BREAK`. The voice speaks at the same moments (ui/display/announce.py).

    The first frame it sees starts nothing, so a display opened again (or a restart) at the moment
    of a level change never says it twice.
    """

    def __init__(self) -> None:
        self._last: DisplayFrame | None = None
        self.before: DisplayFrame | None = None  # the frame the last update's moments were seen against

    def update(self, frame: DisplayFrame) -> list[str]:
        last, self._last = self._last, frame
        self.before = last
        if last is None or frame.mode not in _TICKING:
            return []
        due: list[str] = []
        if frame.level_key != last.level_key:
            due.append(BREAK_END if last.level_key[1] and not frame.level_key[1] else LEVEL_CHANGE)
        elif not frame.level_key[1] and frame.mode != OVERTIME and _crossed(last.seconds_left, frame.seconds_left, 60):
            due.append(ONE_MINUTE)
        if _crossed(last.seconds_to_break, frame.seconds_to_break, 300) and (frame.seconds_to_break or 0) > 300 - LATE:
            due.append(FIVE_TO_BREAK)  # not when the clock jumped to the break's last seconds: that is no news
        return due


def _crossed(before: float | None, now: float | None, mark: float) -> bool:
    return before is not None and now is not None and before > mark >= now


RATE = 22050
STRIKE_GAP = 0.6  # seconds between two strikes of one chime


def _strike(t: float) -> float:
    attack = min(1.0, t / 0.01)
    tone = math.sin(2 * math.pi * 880.0 * t) + 0.5 * math.sin(2 * math.pi * 1318.5 * t) * math.exp(-t * 2.0)
    return 0.45 * attack * math.exp(-t * 3.2) * tone / 1.5


def chime_wav(seconds: float = 1.2, strikes: int = 1) -> bytes:
    """A soft bell: two partials (A5 and E6) with a quick attack and an exponential decay, struck
    ``strikes`` times, :data:`STRIKE_GAP` apart (one file per chime, so one call plays it)."""
    frames = int(RATE * (seconds + STRIKE_GAP * (strikes - 1)))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        samples = bytearray()
        for i in range(frames):
            t = i / RATE
            value = sum(_strike(t - k * STRIKE_GAP) for k in range(strikes) if t >= k * STRIKE_GAP)
            samples += struct.pack("<h", int(max(-1.0, min(1.0, value)) * 32767))
        w.writeframes(bytes(samples))
    return buf.getvalue()


def chime_path(strikes: int = 1) -> Path:
    """The shipped chime with ``strikes`` strikes (plain files in the ``resources`` package, also in the
    bundle): ``chime.wav``, ``chime-2.wav``, ``chime-3.wav``."""
    name = "chime.wav" if strikes <= 1 else f"chime-{strikes}.wav"
    return Path(str(resources.files("resources").joinpath("sounds", name)))


def main() -> int:
    for strikes in sorted(set(STRIKES.values())):
        path = chime_path(strikes)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(chime_wav(strikes=strikes))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
