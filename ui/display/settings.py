"""The room display's settings the director sets in the View menu, remembered between nights.

Kept in ``display.json`` in the user data folder (``FLOORMAN_DATA_DIR`` in the tests): the chimes'
mute, the chip leaders panel, the largest bounties and the league standings between events (off by
default).
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from ui import errors

log = logging.getLogger("floorman.display")


@dataclass(frozen=True)
class DisplaySettings:
    muted: bool = False
    chip_leaders: bool = False
    largest_bounties: bool = False  # KO: the largest bounties beside the clock
    league_standings: bool = False  # LGE: the season's standings while an event waits to start or has ended


def settings_path() -> Path:
    return errors.data_dir() / "display.json"


def load() -> DisplaySettings:
    """The saved settings; the defaults when there are none or the file cannot be read."""
    try:
        raw = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return DisplaySettings()
    if not isinstance(raw, dict):
        return DisplaySettings()
    known = {f.name for f in fields(DisplaySettings)}
    return DisplaySettings(**{k: bool(v) for k, v in raw.items() if k in known})


def save(settings: DisplaySettings) -> None:
    try:
        settings_path().write_text(json.dumps(asdict(settings), indent=1), encoding="utf-8")
    except OSError as exc:
        log.warning("the room display's settings could not be saved: %s", exc)
