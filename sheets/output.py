"""Writing a finished sheet to disk without ever overwriting what it must not.

Shared by ``floorman print`` and the window's "save a copy" and sheets folder. An export may replace
only a file of its own kind (an existing PDF, for a PDF); it never replaces a tournament file, its
backups, its lock or journal files, any SQLite database, a folder or a device, nor a file that is not
a PDF; and it refuses a name Windows, macOS or Linux would refuse (``oskit.names``: a sheet copied to
a USB stick must open on the venue's other laptop). The bytes are written to a temporary file in the
same folder, synced, and renamed into place (``os.replace``), so the target is either the old file or
the whole new one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from app.i18n import _
from oskit.names import portable_name

SQLITE_MAGIC = b"SQLite format 3\x00"
MAGIC = {"pdf": b"%PDF-", "xlsx": b"PK\x03\x04"}  # a workbook is a zip file
_TOURNAMENT_SUFFIXES = (".floorman", ".floorman.lock", "-wal", "-shm", "-journal")


class OutputRefused(ValueError):
    """The target may not be written; ``message`` says why in one sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def check_target(target: Path, kind: str = "pdf") -> None:
    """Raise :class:`OutputRefused` unless ``target`` may be (over)written with a ``kind`` file."""
    name = target.name
    cleaned = portable_name(name, fallback=f"sheet.{kind}")
    if cleaned.changed:
        raise OutputRefused(_("The name “{name}” would not work on every computer ({changes}); choose another, "
                              "such as “{suggested}”.", name=name, changes="; ".join(cleaned.changes),
                              suggested=cleaned.name))
    if name.lower().endswith(_TOURNAMENT_SUFFIXES) or any(
            part.lower().endswith(".floorman.backups") for part in target.parent.parts):
        raise OutputRefused(_("{target} is a tournament file or belongs to one; choose another name for the {kind}.",
                              target=target, kind=kind))
    if not target.parent.is_dir():
        raise OutputRefused(_("The folder {folder} does not exist; choose another place for the {kind}.",
                              folder=target.parent, kind=kind))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputRefused(_("Floorman cannot look at {target} ({reason}); choose another name.", target=target,
                              reason=exc.strerror or exc)) from exc
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(_("{target} is not a plain file; choose another name for the {kind}.", target=target,
                              kind=kind))
    try:
        with open(target, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise OutputRefused(_("Floorman cannot read {target} ({reason}); choose another name.", target=target,
                              reason=exc.strerror or exc)) from exc
    if head.startswith(SQLITE_MAGIC):
        raise OutputRefused(_("{target} is a database (perhaps a tournament file); Floorman will not overwrite it.",
                              target=target))
    if kind == "csv" and (b"\x00" in head or not name.lower().endswith((".csv", ".txt"))):
        raise OutputRefused(_("{target} already exists and is not a CSV file; Floorman will not overwrite it.",
                              target=target))
    if kind == "json" and b"\x00" in head:
        raise OutputRefused(_("{target} already exists and is not a JSON file; Floorman will not overwrite it.",
                              target=target))
    magic = MAGIC.get(kind)
    if magic is not None and not head.startswith(magic):
        raise OutputRefused(_("{target} already exists and is not a {kind}; Floorman will not overwrite it.",
                              target=target, kind=kind.upper()))


def write_output(target: Path | str, data: bytes, kind: str = "pdf") -> Path:
    """Check ``target`` (:func:`check_target`), then write ``data`` beside it and rename it into place."""
    target = Path(target)
    check_target(target, kind)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = None
    try:
        fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as exc:
        raise OutputRefused(_("Floorman cannot write in {folder} ({reason}); choose another folder.",
                              folder=target.parent, reason=exc.strerror or exc)) from exc
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise OutputRefused(_("Floorman could not write {target} ({reason}).", target=target,
                              reason=exc.strerror or exc)) from exc
    return target
