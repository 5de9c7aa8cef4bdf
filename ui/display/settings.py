"""The room display's settings the director sets in the View menu, remembered between nights.

Kept in ``display.json`` in the user data folder (``FLOORMAN_DATA_DIR`` in the tests): the chimes'
mute, the chip leaders panel, the largest bounties and the league standings between events (off by
default), the layout it shows (a preset's or a venue layout's id, ``floorman screens`` lists them; "" the
fixed design), and the spoken announcements: off (chimes) or on with a voice ("" the system's default), a
volume in per cent and which kinds of announcement are spoken; and the language the display writes and speaks
(any language on offer, ``ui.language.offered``; "" the director's window's), so a French TV may stand beside
an English window.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from ui import datafiles, errors

log = logging.getLogger("floorman.display")


@dataclass(frozen=True)
class DisplaySettings:
    muted: bool = False
    chip_leaders: bool = False
    largest_bounties: bool = False  # KO: the largest bounties beside the clock
    league_standings: bool = False  # LGE: the season's standings while an event waits to start or has ended
    speech: bool = False  # announcements spoken by the system's voice (off: the chimes)
    voice: str = ""  # the voice's name as the system lists it; "" the system's default voice
    volume: int = 80  # per cent
    say_levels: bool = True
    say_breaks: bool = True
    say_five_minutes: bool = True
    say_registration: bool = False  # the last level to register, said with that level
    layout: str = "classic-16x9"  # the layout the display shows (window.DEFAULT_LAYOUT); "" the fixed design
    language: str = ""  # the language its words are written and spoken in; "" the director's window's


def settings_path() -> Path:
    return errors.data_dir() / "display.json"


def load() -> DisplaySettings:
    """The saved settings; the defaults when there are none, or when the file is not settings (then it is
    set aside and said once: ``ui.datafiles``)."""
    return datafiles.load(settings_path(), "the room display's settings", _settings, DisplaySettings())


def _settings(raw: object) -> DisplaySettings:
    if not isinstance(raw, dict):
        raise ValueError("it is not a set of settings")
    kinds = {f.name: type(f.default) for f in fields(DisplaySettings)}
    kept: dict[str, Any] = {k: v for k, v in raw.items() if k in kinds and type(v) is kinds[k]}  # a bool is no volume
    if "volume" in kept:
        kept["volume"] = max(0, min(100, kept["volume"]))
    return DisplaySettings(**kept)


def save(settings: DisplaySettings) -> None:
    try:
        settings_path().write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
    except OSError as exc:
        log.warning("the room display's settings could not be saved: %s", exc)
