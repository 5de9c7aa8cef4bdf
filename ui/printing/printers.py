"""The printer each kind of sheet went to last, remembered between nights.

Kept in ``printers.json`` in the user data folder: the last printer of every sheet (seating slips to the
label printer by the desk, results to the office laser) and the last printer of all, for a sheet never
printed yet. Qt's print dialog then starts on that printer, if this computer still has it.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from ui import errors

log = logging.getLogger("floorman.printing")


def printers_path() -> Path:
    return errors.data_dir() / "printers.json"


def _load() -> dict[str, Any]:
    try:
        raw = json.loads(printers_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return raw if isinstance(raw, dict) else {}


def last_printer(sheet: str) -> str:
    """The printer ``sheet`` went to last; else the last printer used for any sheet; else ""."""
    raw = _load()
    by_sheet = raw.get("sheets")
    if isinstance(by_sheet, dict) and isinstance(by_sheet.get(sheet), str) and by_sheet[sheet]:
        return str(by_sheet[sheet])
    last = raw.get("last")
    return last if isinstance(last, str) else ""


def remember(sheet: str, printer: str) -> None:
    """``sheet`` went to ``printer``: the next one of its kind (and a sheet never printed) starts there."""
    if not printer:
        return
    raw = _load()
    by_sheet = raw.get("sheets")
    by_sheet = dict(by_sheet) if isinstance(by_sheet, dict) else {}
    by_sheet[sheet] = printer
    try:
        printers_path().write_text(json.dumps({"last": printer, "sheets": by_sheet}, indent=1), encoding="utf-8")
    except OSError as exc:
        log.warning("the last printer could not be remembered: %s", exc)
