"""Recently opened tournament files and the director's saved profile copies, in the user data folder."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from app.i18n import N_
from db.private import private_file
from ui import datafiles, errors

MAX_RECENT = 12


def _recent_file() -> Path:
    return errors.data_dir() / "recent.json"


def _paths(data: object) -> list[Path]:
    if not isinstance(data, list):
        raise ValueError(N_("it is not a list of files"))
    return [Path(p) for p in data if isinstance(p, str) and p and "\x00" not in p][:MAX_RECENT]


def recent_files() -> list[Path]:
    """The tournaments opened last, newest first; a recent list that is not one is set aside (said once)."""
    return datafiles.load(_recent_file(), N_("the list of recent tournaments"), _paths, [])


def remember(path: str | Path) -> None:
    p = str(Path(path).resolve())
    items = [str(x) for x in recent_files() if str(x) != p]
    items.insert(0, p)
    path = _recent_file()
    temp = path.with_name(path.name + ".saving")
    try:  # the list names the director's tournaments: owner-only (0600), like the files themselves
        private_file(temp)
        temp.write_text(json.dumps(items[:MAX_RECENT], indent=1), encoding="utf-8")
        os.replace(temp, path)
    except OSError:  # a recent list that cannot be written only loses convenience
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


def profiles_dir() -> Path:
    path = errors.data_dir() / "profiles"
    path.mkdir(parents=True, exist_ok=True)
    return path


def saved_profiles() -> list[Path]:
    return sorted(profiles_dir().glob("*.json"))


def tournaments_dir() -> Path:
    path = errors.data_dir() / "tournaments"
    path.mkdir(parents=True, exist_ok=True)
    return path
