"""Opening a tournament file safely: header checks, pragmas, version checks and migrations.

Order of checks on open (each failure raises a :mod:`db.errors` class and leaves the file alone):

1. the path exists and is a file, and its first 16 bytes are SQLite's signature;
2. the header's page count fits in the file (a truncated copy is caught here);
3. ``PRAGMA quick_check`` passes (a corrupted page is caught here);
4. the ``meta`` table says ``format = floorman-tournament`` (another app's database is refused);
5. the schema version is one this build knows. Newer: refused, untouched. Older: a backup copy is made
   with SQLite's online backup API, then the Alembic migrations under ``db/migrations/`` run.

The migrations are read from the package folder (``importlib.resources``), so they work the same
from a checkout, an installed wheel and a PyInstaller bundle (which ships ``db/migrations`` as data).
An up-to-date file never imports Alembic: its revision is read straight from ``alembic_version``.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event, select, text
from sqlalchemy.exc import DBAPIError

from db.errors import DamagedFile, DiskFull, FileMissing, NewerFileVersion, NotATournamentFile, StoreError
from db.models import FORMAT, REVISIONS, SCHEMA_VERSION, Meta

SQLITE_MAGIC = b"SQLite format 3\x00"


def _set_pragmas(dbapi_conn: Any, read_only: bool) -> None:
    cur = dbapi_conn.cursor()
    if not read_only:
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
    else:
        cur.execute("PRAGMA query_only=ON")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.close()


def make_engine(path: Path, *, read_only: bool = False) -> Engine:
    """An SQLAlchemy engine on ``path`` with WAL, synchronous=FULL and foreign keys on."""
    if read_only:
        url = f"sqlite:///file:{path.resolve().as_posix()}?mode=ro&uri=true"
    else:
        url = f"sqlite:///{path}"
    engine = create_engine(url)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        _set_pragmas(dbapi_conn, read_only)

    return engine


def can_write(folder: Path) -> bool:
    """Can this process create and change files in ``folder`` (the file, its -wal and -shm)?"""
    return os.access(folder, os.W_OK | os.X_OK)


def check_header(path: Path) -> None:
    """Refuse a missing, non-SQLite or truncated file before SQLite ever touches it."""
    if not path.exists():
        raise FileMissing(f"There is no tournament file at {path}.", path)
    if path.is_dir():
        raise NotATournamentFile(f"{path} is a folder, not a tournament file.", path)
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
            size = path.stat().st_size
    except PermissionError as exc:
        raise StoreError(f"Floorman is not allowed to read {path}. Check the file's permissions.", path) from exc
    if size == 0:
        raise NotATournamentFile(f"{path} is empty: it is not a Floorman tournament file.", path)
    if not header.startswith(SQLITE_MAGIC):
        raise NotATournamentFile(
            f"{path} is not a Floorman tournament file (it is not a SQLite database at all).", path
        )
    if len(header) < 100:
        raise DamagedFile(_damaged_text(path, "it is cut short"), path)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    valid = header[92:96] == header[24:28]
    if valid and pages and size < pages * page_size:
        raise DamagedFile(_damaged_text(path, f"it is cut short ({size} of {pages * page_size} bytes)"), path)


def _damaged_text(path: Path, why: str) -> str:
    return (
        f"The tournament file {path} is damaged: {why}. Nothing was changed. "
        "Restore the latest backup (floorman restore FILE --list shows them)."
    )


def translate_error(exc: BaseException, path: Path) -> StoreError:
    """Turn an SQLite error into a message a director can act on."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    msg = str(orig).lower()
    if "disk is full" in msg or "database or disk is full" in msg:
        return DiskFull(
            f"The disk holding {path} is full, so the last action was not recorded. "
            "Free some space (or save to another drive) and try again; everything before it is safe.",
            path,
        )
    if "not a database" in msg or "encrypted" in msg:
        return NotATournamentFile(f"{path} is not a Floorman tournament file (SQLite cannot read it).", path)
    if "malformed" in msg or "corrupt" in msg or "disk i/o" in msg:
        return DamagedFile(_damaged_text(path, "SQLite reports it as corrupted"), path)
    if "readonly" in msg or "read-only" in msg or "unable to open" in msg or "permission" in msg:
        return StoreError(f"Floorman cannot write to {path} or its folder. Open it read-only or copy it.", path)
    if "locked" in msg or "busy" in msg:
        return StoreError(f"{path} is busy in another program. Close it there and try again.", path)
    return StoreError(f"Floorman could not use {path}: {orig}.", path)


@dataclass(frozen=True)
class FileInfo:
    schema: int
    revision: str | None
    meta: dict[str, str]


def inspect_file(conn: Connection, path: Path) -> FileInfo:
    """Check integrity and identity; return the file's schema version."""
    rows = conn.execute(text("PRAGMA quick_check")).fetchall()
    if [r[0] for r in rows] != ["ok"]:
        raise DamagedFile(_damaged_text(path, f"SQLite's check found: {rows[0][0]}"), path)
    tables = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type = 'table'"))}
    if "meta" not in tables:
        raise NotATournamentFile(f"{path} belongs to another application: it is not a Floorman tournament file.", path)
    meta = {str(r[0]): str(r[1]) for r in conn.execute(select(Meta.key, Meta.value))}
    if meta.get("format") != FORMAT:
        raise NotATournamentFile(f"{path} belongs to another application: it is not a Floorman tournament file.", path)
    schema = int(meta.get("schema", "0") or 0)
    revision = None
    if "alembic_version" in tables:
        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    if schema > SCHEMA_VERSION or (revision is not None and revision not in REVISIONS):
        writer = meta.get("app_version", "a newer version")
        raise NewerFileVersion(
            f"{path} was saved by a newer version of Floorman ({writer}, file format {schema}); this version "
            f"reads formats up to {SCHEMA_VERSION}. Open it with the newer Floorman. The file was not changed.",
            path,
        )
    return FileInfo(schema=schema, revision=revision, meta=meta)


def needs_upgrade(info: FileInfo) -> bool:
    return info.revision != REVISIONS[-1]


def migrations_folder() -> Path:
    return Path(str(resources.files("db") / "migrations"))


def migrate(conn: Connection, revision: str = "head") -> None:
    """Run the shipped Alembic migrations on an open connection (inside its transaction)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_folder()))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, revision)


def alembic_head() -> str:
    """The newest revision among the shipped migration scripts."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_folder()))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


def sqlite_backup(source: Path | sqlite3.Connection, dest: Path) -> None:
    """Copy a database with SQLite's online backup API (consistent even while it is open).

    The copy is written without a journal and synced to disk once at the end: ``dest`` is a fresh
    temporary file that the caller renames into place only after this returns.
    """
    src = source if isinstance(source, sqlite3.Connection) else sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        out = sqlite3.connect(dest)
        try:
            out.execute("PRAGMA journal_mode=OFF")
            out.execute("PRAGMA synchronous=OFF")
            src.backup(out)
        finally:
            out.close()
        with open(dest, "rb+") as fh:
            os.fsync(fh.fileno())
    finally:
        if src is not source:
            src.close()
