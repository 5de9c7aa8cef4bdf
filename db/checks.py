"""Checking a tournament file and connecting to it through plain ``sqlite3`` (no SQLAlchemy here).

Order of checks on open (each failure raises a :mod:`db.errors` class and leaves the file alone):

1. the path exists and is a file, and its first 16 bytes are SQLite's signature;
2. the header's page count fits in the file (a truncated copy is caught here);
3. ``PRAGMA quick_check`` passes (a corrupted page is caught here);
4. the ``meta`` table says ``format = floorman-tournament`` (another app's database is refused);
5. the schema version is one this build knows. Newer: refused, untouched. Older: the caller makes a
   backup and runs the Alembic migrations (``db/schema.py``, the only place SQLAlchemy is needed).

Why plain ``sqlite3``: importing SQLAlchemy takes about 0.5 s, more than loading a 10,000-player
tournament. An up-to-date file is checked, loaded and written without it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sqlite3
import stat
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from app.i18n import _
from db.errors import (
    DamagedFile,
    DiskFull,
    FileMissing,
    NewerFileVersion,
    NotATournamentFile,
    ReadOnlyPlace,
    StoreError,
)
from db.fileformat import FORMAT, REVISIONS, SCHEMA_VERSION
from db.private import private_file

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000


def set_pragmas(conn: sqlite3.Connection, read_only: bool) -> None:
    """The store's pragmas: WAL and ``synchronous=FULL`` for writing, ``query_only`` for reading."""
    cur = conn.cursor()
    if not read_only:
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
    else:
        cur.execute("PRAGMA query_only=ON")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.close()


def sqlite_uri(path: Path | str, **params: str) -> str:
    """An SQLite ``file:`` URI for ``path``, every character of the path quoted.

    SQLite reads ``?`` as the start of the parameters, ``#`` as the start of a fragment and ``%HH``
    as an escaped byte, so a file named ``Friday #3.floorman`` or ``a%20b.floorman`` must be quoted,
    or SQLite silently opens (and creates) another file.
    """
    uri = "file:" + uri_path(Path(os.path.abspath(path)).as_posix())
    if params:
        uri += "?" + "&".join(f"{k}={quote(v, safe='')}" for k, v in params.items())
    return uri


def uri_path(absolute: str) -> str:
    """The path part of a ``file:`` URI for an absolute path written with ``/`` (``Path.as_posix()``).

    - ``/home/ann/x.floorman`` -> ``/home/ann/x.floorman``;
    - ``C:/Users/Ann/x.floorman`` (Windows) -> ``/C:/Users/Ann/x.floorman`` (SQLite drops the first ``/``);
    - ``//nas/events/x.floorman`` (a Windows share, ``\\\\nas\\events``; or POSIX's ``//``) ->
      ``////nas/events/x.floorman``: an empty authority first, or SQLite reads ``nas`` as a host and refuses.
    """
    if absolute.startswith("//"):
        absolute = "//" + absolute
    elif not absolute.startswith("/"):
        absolute = "/" + absolute
    return quote(absolute, safe="/:")


def connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
    """A connection to ``path`` with the store's pragmas; read-only opens with ``mode=ro``.

    ``check_same_thread=False`` as SQLAlchemy's pool set it: the store's connection is used by one
    thread at a time, but not always the one that opened it.
    """
    if read_only:
        conn = sqlite3.connect(sqlite_uri(path, mode="ro"), uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                               check_same_thread=False)
    else:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    try:
        set_pragmas(conn, read_only)
    except BaseException:
        conn.close()
        raise
    return conn


SIDE_FILES = ("-wal", "-shm", "-journal")


def move_aside_leftovers(path: Path) -> list[str]:
    """Rename the ``-wal``, ``-shm`` and ``-journal`` left beside ``path`` by an earlier file of that name.

    Call it only when ``path`` itself does not exist (a new file is about to take the name): SQLite
    would otherwise replay the stale log into the new file. Each leftover becomes
    ``NAME-wal.stale-YYYYmmdd-HHMMSS`` beside it, kept, never used. Returns one message per file
    moved, in words the caller can show.
    """
    notices: list[str] = []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for side in SIDE_FILES:
        leftover = Path(f"{path}{side}")
        if not os.path.lexists(leftover):
            continue
        moved = leftover.with_name(f"{leftover.name}.stale-{stamp}")
        n = 1
        while os.path.lexists(moved):
            n += 1
            moved = leftover.with_name(f"{leftover.name}.stale-{stamp}-{n}")
        os.replace(leftover, moved)
        notices.append(_("{leftover} was left beside {file} by an earlier file of that name; it was moved aside "
                         "to {moved} and not used.", leftover=leftover.name, file=path.name, moved=moved.name))
    return notices


def can_write(folder: Path) -> bool:
    """Can this process create and change files in ``folder`` (the file, its -wal and -shm)?"""
    return os.access(folder, os.W_OK | os.X_OK)


def copy_for_reading(path: Path, folder: Path) -> Path:
    """A private copy of ``path`` (with its ``-wal`` and ``-journal``) in ``folder``, to read where SQLite cannot.

    SQLite reads a WAL file only through a ``-shm`` beside it, which it cannot create in a folder it
    may not write (a read-only share, a write-protected USB stick, a CD): there even a read-only open
    fails. The copy sits in a folder this process can write, so it opens, and the log still pending in
    the ``-wal`` is read too. Nobody can be writing a file whose folder is read-only, so the copy is
    the file as it stands. ``folder`` should be private (``tempfile.mkdtemp`` makes it ``0700``).
    """
    copy = folder / path.name
    try:
        for side in ("", "-wal", "-journal"):
            source = Path(f"{path}{side}")
            if side and not source.is_file():
                continue
            target = Path(f"{copy}{side}")
            private_file(target, exclusive=True)
            with open(source, "rb") as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
    except OSError as exc:
        if exc.errno == errno.ENOSPC:
            raise DiskFull(disk_full_text(path), path) from exc
        raise StoreError(_("Floorman could not read {path}: {reason}.", path=path, reason=exc.strerror or exc),
                         path) from exc
    return copy


@contextlib.contextmanager
def readable(path: Path) -> Iterator[Path]:
    """``path`` itself where SQLite can read it in place, else a private copy (:func:`copy_for_reading`)
    in the temporary folder, removed afterwards: a backup on a write-protected stick can be restored."""
    if can_write(path.parent):
        yield path
        return
    folder = Path(tempfile.mkdtemp(prefix="floorman-"))
    try:
        yield copy_for_reading(path, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_header(path: Path) -> None:
    """Refuse a missing, non-SQLite or truncated file before SQLite ever touches it."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileMissing(_("There is no tournament file at {path}.", path=path), path) from None
    except OSError as exc:
        raise StoreError(_("Floorman cannot look at {path}: {reason}.", path=path, reason=exc.strerror or exc),
                         path) from exc
    if stat.S_ISDIR(info.st_mode):
        raise NotATournamentFile(_("{path} is a folder, not a tournament file.", path=path), path)
    if not stat.S_ISREG(info.st_mode):  # a FIFO, a device, a socket: reading it could wait for ever
        raise NotATournamentFile(_("{path} is not a plain file (it is a pipe, a device or the like), so it is not "
                                   "a tournament file.", path=path), path)
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
            size = os.fstat(fh.fileno()).st_size
    except PermissionError as exc:
        raise StoreError(_("Floorman is not allowed to read {path}. Check the file's permissions.", path=path),
                         path) from exc
    if size == 0:
        raise NotATournamentFile(_("{path} is empty: it is not a Floorman tournament file.", path=path), path)
    if not header.startswith(SQLITE_MAGIC):
        raise NotATournamentFile(
            _("{path} is not a Floorman tournament file (it is not a SQLite database at all).", path=path), path
        )
    if len(header) < 100:
        raise DamagedFile(damaged_text(path, _("it is cut short")), path)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[92:96] == header[24:28]
    if valid and pages and size < pages * page_size:
        raise DamagedFile(damaged_text(path, _("it is cut short ({size} of {total} bytes)", size=size,
                                                 total=pages * page_size)), path)


def disk_full_text(path: Path) -> str:
    """What a director reads when the disk filled up while Floorman read or wrote ``path``."""
    return _("The disk is full: free some space and try again; the tournament file {file} is intact.", file=path.name)


# SQLite's extended codes of an I/O error (``sqlite3.Error.sqlite_errorcode``). Growing the ``-shm``
# fails only for want of space; a failed write, truncate or sync means a full disk when the disk is
# (nearly) out of space, and a damaged one otherwise.
SQLITE_IOERR_SHMSIZE = 10 | (19 << 8)
SQLITE_IOERR_SPACE = {10 | (3 << 8), 10 | (4 << 8), 10 | (6 << 8)}  # WRITE, FSYNC, TRUNCATE
NEARLY_FULL = 1024 * 1024  # bytes free: less than this is a full disk for a tournament file
_NO_SPACE = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), getattr(errno, "EFBIG", errno.ENOSPC)}


def free_bytes(folder: Path) -> int | None:
    """Bytes this user may still write on the disk holding ``folder`` (None when it cannot be told)."""
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return None


def is_disk_full(exc: BaseException, folder: Path | None = None) -> bool:
    """Did ``exc`` come from a full disk? Decided from the error's code, never its words: ENOSPC (or a
    full quota), SQLite's ``SQLITE_FULL`` or ``SQLITE_IOERR_SHMSIZE``, or another of SQLite's write
    errors while ``folder``'s disk has (almost) no space left. Follows SQLAlchemy's ``.orig`` and the
    chain of causes."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, DiskFull):
            return True
        if isinstance(current, OSError) and current.errno in _NO_SPACE:
            return True
        code = getattr(current, "sqlite_errorcode", None) if isinstance(current, sqlite3.Error) else None
        if isinstance(code, int):
            if code & 0xFF == sqlite3.SQLITE_FULL or code == SQLITE_IOERR_SHMSIZE:
                return True
            if code in SQLITE_IOERR_SPACE and folder is not None:
                free = free_bytes(folder)
                if free is not None and free < NEARLY_FULL:
                    return True
        orig = getattr(current, "orig", None)  # SQLAlchemy wraps the driver's error
        current = orig if isinstance(orig, BaseException) else (current.__cause__ or current.__context__)
    return False


def damaged_text(path: Path, why: str) -> str:
    """What a director reads about a damaged file: two short sentences, whatever SQLite reported."""
    why = " ".join(why.split()).rstrip(".")
    if len(why) > 160:
        why = why[:157].rstrip() + "…"
    return _("The tournament file {path} is damaged: {why}. Nothing was changed. Restore the latest backup "
             "(floorman restore FILE --list shows them).", path=path, why=why)


def translate_error(exc: BaseException, path: Path, *, recording: bool = False) -> StoreError:
    """Turn an SQLite error (plain, or wrapped by SQLAlchemy in ``.orig``) into words a director can act on.

    ``recording``: the error came while an action was being written (a full disk then says the action
    was not recorded)."""
    orig = getattr(exc, "orig", None)
    orig = orig if isinstance(orig, BaseException) else exc
    msg = str(orig).lower()
    if is_disk_full(exc, path.parent):
        if recording:
            return DiskFull(
                _("The disk holding {path} is full, so the last action was not recorded. Free some space (or save "
                  "to another drive) and try again; everything before it is safe.", path=path),
                path,
            )
        return DiskFull(disk_full_text(path), path)
    if "not a database" in msg or "encrypted" in msg:
        return NotATournamentFile(_("{path} is not a Floorman tournament file (SQLite cannot read it).", path=path),
                                  path)
    if "malformed" in msg or "corrupt" in msg or "disk i/o" in msg:
        return DamagedFile(damaged_text(path, _("SQLite reports it as corrupted")), path)
    if "readonly" in msg or "read-only" in msg or "unable to open" in msg or "permission" in msg:
        return ReadOnlyPlace(_("Floorman cannot write to {path} or its folder. Open it read-only or copy it.",
                               path=path), path)
    if "locked" in msg or "busy" in msg:
        return StoreError(_("{path} is busy in another program. Close it there and try again.", path=path), path)
    return StoreError(_("Floorman could not use {path}: {reason}.", path=path, reason=orig), path)


@dataclass(frozen=True)
class FileInfo:
    schema: int
    revision: str | None
    meta: dict[str, str]


def inspect(conn: sqlite3.Connection, path: Path) -> FileInfo:
    """Check integrity and identity; return the file's schema version. Reads only, through ``conn``."""
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if [r[0] for r in rows] != ["ok"]:
        raise DamagedFile(damaged_text(path, _("SQLite's check found: {problem}", problem=rows[0][0])), path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "meta" not in tables:
        raise NotATournamentFile(_("{path} belongs to another application: it is not a Floorman tournament file.",
                                   path=path), path)
    meta = {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM meta")}
    if meta.get("format") != FORMAT:
        raise NotATournamentFile(_("{path} belongs to another application: it is not a Floorman tournament file.",
                                   path=path), path)
    try:
        schema = int(meta.get("schema", "0") or 0)
    except ValueError:
        raise DamagedFile(damaged_text(path, _("its schema version {version} is not a number",
                                               version=repr(meta.get("schema")))), path) from None
    revision = None
    if "alembic_version" in tables:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        revision = None if row is None else str(row[0])
    if schema > SCHEMA_VERSION or (revision is not None and revision not in REVISIONS):
        writer = meta["app_version"] if "app_version" in meta else _("a newer version")
        raise NewerFileVersion(
            _("{path} was saved by a newer version of Floorman ({writer}, file format {schema}); this version reads "
              "formats up to {supported}. Open it with the newer Floorman. The file was not changed.", path=path,
              writer=writer, schema=schema, supported=SCHEMA_VERSION),
            path,
        )
    return FileInfo(schema=schema, revision=revision, meta=meta)


def needs_upgrade(info: FileInfo) -> bool:
    return info.revision != REVISIONS[-1]


def sqlite_backup(source: Path | sqlite3.Connection, dest: Path) -> None:
    """Copy a database with SQLite's online backup API (consistent even while it is open).

    The copy is written without a journal and synced to disk once at the end: ``dest`` is a fresh
    temporary file (anything left under that name is removed first), created owner-only
    (``db.private``), that the caller renames into place only after this returns.
    """
    with contextlib.ExitStack() as stack:
        if isinstance(source, sqlite3.Connection):
            src = source
        else:
            check_header(source)  # never let SQLite create an empty file where the source should be
            where = stack.enter_context(readable(source))
            src = sqlite3.connect(sqlite_uri(where, mode="ro"), uri=True)
        _copy_database(src, source, dest)


def _copy_database(src: sqlite3.Connection, source: Path | sqlite3.Connection, dest: Path) -> None:
    try:
        for leftover in (dest, *(Path(f"{dest}{side}") for side in SIDE_FILES)):
            leftover.unlink(missing_ok=True)
        private_file(dest, exclusive=True)
        out = sqlite3.connect(dest)
        try:
            out.execute("PRAGMA journal_mode=OFF")
            out.execute("PRAGMA synchronous=OFF")
            src.backup(out)
            # The copy has the source's header, which says WAL: reading it (checking a backup, listing
            # its actions) would then leave a -wal and a -shm beside it for good. A copy at rest needs none.
            out.execute("PRAGMA journal_mode=DELETE")
        finally:
            out.close()
        with open(dest, "rb+") as fh:
            os.fsync(fh.fileno())
    finally:
        if src is not source:
            src.close()
