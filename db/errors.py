"""What can go wrong with a tournament file, in words a director can act on.

Every failure of the store raises a :class:`StoreError` subclass whose ``message`` is meant to be
shown as it is: it says what happened, to which file, and what to do next. Nothing in the store
overwrites or deletes a file before it has been checked, so after any of these errors the file on
disk is exactly as it was.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """A tournament file could not be opened, created, written or restored."""

    def __init__(self, message: str, path: Path | str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = Path(path) if path is not None else None

    def __str__(self) -> str:
        return self.message


class FileMissing(StoreError):
    """There is no file at the path given."""


class FileAlreadyExists(StoreError):
    """A new tournament would overwrite an existing file."""


class NotATournamentFile(StoreError):
    """The file is not a SQLite database, or is one written by another application."""


class DamagedFile(StoreError):
    """The file is a Floorman file but is truncated or corrupted."""


class NewerFileVersion(StoreError):
    """The file was saved by a newer version of Floorman; it is left untouched."""


class FileLocked(StoreError):
    """Another copy of Floorman has the tournament open for writing."""

    def __init__(self, message: str, path: Path | str | None = None, holder: str = "") -> None:
        super().__init__(message, path)
        self.holder = holder


class NotWritable(StoreError):
    """The file or its folder cannot be written (permissions, read-only media)."""


class ReadOnlyPlace(NotWritable):
    """The file or its folder cannot be written, but the file can still be opened read-only."""

    offer_read_only = True


class DiskFull(StoreError):
    """The disk filled up; the action that needed the space was not recorded."""


class ReadOnlyStore(StoreError):
    """A change was attempted on a tournament opened read-only."""


class FileMoved(StoreError):
    """The open tournament file was renamed, moved, replaced or deleted: nothing more is written to it.

    Everything is still in memory and in the open connection: :meth:`db.store.TournamentStore.save_as`
    saves the whole tournament to a new file, so the director can carry on there.
    """

    offer_save_as = True


class BackupError(StoreError):
    """A backup could not be written, listed or restored."""
