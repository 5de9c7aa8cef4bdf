"""Files and folders only their owner can read: tournaments, backups, the roster, logs, lock files.

A tournament file holds players' names, identity details and money. Everything Floorman writes
about them is created owner-only (``0600`` files, ``0700`` folders on POSIX), whatever the process's
umask: the mode is set explicitly on the open file descriptor (or the new folder) before any data is
written. SQLite gives a database's ``-wal``, ``-shm`` and ``-journal`` the mode of the database
itself, so they follow.

    fd_path = private_file(path)            # create (or tighten) an owner-only file, then write to it
    private_file(path, exclusive=True)      # refuse if it exists (FileExistsError)
    private_dir(folder)                     # create (or tighten) an owner-only folder
    private_dir(folder, tighten=False)      # only a folder it creates is made owner-only

On Windows the modes are not enforced by the file system; files in the user's folders are private
to the user already.
"""

from __future__ import annotations

import os
from pathlib import Path

FILE_MODE = 0o600
DIR_MODE = 0o700


def private_file(path: Path | str, *, exclusive: bool = False) -> Path:
    """Make sure ``path`` exists and is readable and writable by its owner only; return it.

    A new file is created empty with mode ``0600`` (not widened by the umask, and set again with
    ``fchmod`` in case the umask narrowed it oddly); an existing one is left as it is but for its mode.
    """
    path = Path(path)
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags, FILE_MODE)
    try:
        fchmod = getattr(os, "fchmod", None)
        if fchmod is not None:
            fchmod(fd, FILE_MODE)
        else:  # Windows has no fchmod: the mode is set by name (only its read-only bit means anything there)
            os.chmod(path, FILE_MODE)
    finally:
        os.close(fd)
    return path


def private_dir(path: Path | str, *, tighten: bool = True) -> Path:
    """Make sure the folder ``path`` exists (with its parents); a folder created here is ``0700``.

    With ``tighten`` (the default), an existing folder is made ``0700`` too: use it for folders that
    are Floorman's own (a tournament's backups), not for a folder the user chose.
    """
    path = Path(path)
    try:
        path.mkdir(mode=DIR_MODE)
        created = True
    except FileExistsError:
        created = False
    except FileNotFoundError:  # the parents are created owner-only too
        private_dir(path.parent, tighten=False)
        return private_dir(path, tighten=tighten)
    if created or tighten:
        os.chmod(path, DIR_MODE)
    return path
