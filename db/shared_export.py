"""A shared tournament back into a normal tournament file: the file written, and what it holds in words.

    path = writable_target("friday-back.floorman")   # never over a file; a folder that can be written
    write_file(path, meta, rows)   # the file's ``actions`` rows (oldest first) into a new tournament file
    Exported(path, ...).words()    # "Saved friday-back.floorman from the tournament's server: actions 1–812, ..."

db.shared_store.SharedStore.export (from the server), export_held (from what the station holds) and
save_as_file (either) write through these; so do the host's backups (db.shared_backups).
"""

from __future__ import annotations

import json
import time as _time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.i18n import _
from app.log.history import Action
from db import checks, writer
from db.errors import FileAlreadyExists, NotWritable
from db.fileformat import ACTION_COLUMNS, FORMAT, SCHEMA_VERSION
from db.private import private_file
from db.store import _publish, _remove_database, app_version

_FILE_INSERT = f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) VALUES ({', '.join('?' for _ in ACTION_COLUMNS)})"


@dataclass(frozen=True)
class Exported:
    """A normal tournament file written from a shared tournament: where, how many actions (1 to ``last_seq``),
    the last one's time and who recorded it, and whether it came from the server or from what this station
    held when the server could not be reached."""

    path: Path
    actions: int
    last_seq: int
    last_at: float | None
    last_station: str
    last_operator: str
    from_server: bool

    def words(self) -> str:
        """ "Saved friday.floorman from this station's own copy: actions 1–812, the last at 21:03 by Floor 2
        (Bob); actions other stations committed after that are not in it." """
        by = f"{self.last_station} ({self.last_operator})" if self.last_operator else self.last_station
        last = ""
        if self.last_at is not None:
            last = f", the last at {_time.strftime('%H:%M', _time.localtime(self.last_at))}"
            last += f" by {by}" if by else ""
        held = f"actions 1\u2013{self.last_seq}{last}"
        if self.from_server:
            return f"Saved {self.path.name} from the tournament's server: {held}, the whole tournament."
        return (f"The tournament's server cannot be reached, so {self.path.name} was saved from this station's own "
                f"copy: {held}; actions other stations committed after that are not in it.")


def writable_target(path: Path | str) -> Path:
    path = Path(path)
    if path.exists() or path.is_symlink():
        raise FileAlreadyExists(_("{path} already exists; Floorman will not overwrite it. Choose another name.",
                                  path=path), path)
    if not path.parent.is_dir() or not checks.can_write(path.parent):
        raise NotWritable(_("Floorman cannot write in the folder {folder}. Choose another folder.",
                            folder=path.parent), path)
    return path


def write_file(path: Path, meta: dict[str, str], rows: list[tuple[Any, ...]]) -> None:
    """A new tournament file at ``path`` holding ``rows`` (the file's ``actions`` columns, oldest first), built
    under a temporary name and moved into place, never over an existing file."""
    facts = {"format": FORMAT, "schema": str(SCHEMA_VERSION), "app_version": app_version(),
             "name": meta.get("name", ""), "created_at": meta.get("created_at", repr(rows[0][2]))}
    seq, kind, at, label, command, events, target, automatic, station, operator = rows[0]
    first = Action(seq, kind, at, label, json.loads(command), None, target, bool(automatic), raw_events=events,
                   station=station, operator=operator)
    temp = path.with_name(path.name + ".exporting")
    try:
        _remove_database(temp)
        private_file(temp, exclusive=True)
        db = checks.connect(temp)
        try:
            writer.build_file(db, facts, first)
            with db:
                db.executemany(_FILE_INSERT, rows[1:])
        finally:
            db.close()
        _publish(temp, path)
    except BaseException:
        _remove_database(temp)
        raise
