"""The SQLAlchemy and Alembic side of the store: upgrading an older file.

Creating a file and opening an up-to-date one never import this module (``db/writer.py``,
``db/checks.py`` and ``db/loading.py`` do that with plain ``sqlite3``); it is imported only to
upgrade a file whose schema is older than the app's, and by the player roster.

The migrations are read from the package folder (``importlib.resources``), so they work the same
from a checkout, an installed wheel and a PyInstaller bundle (which ships ``db/migrations`` as data).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from sqlalchemy import URL, Connection, Engine, create_engine, event
from sqlalchemy.exc import SQLAlchemyError

from db.checks import (
    SQLITE_MAGIC,
    FileInfo,
    can_write,
    check_header,
    damaged_text,
    inspect,
    needs_upgrade,
    set_pragmas,
    sqlite_backup,
    sqlite_uri,
    translate_error,
)

__all__ = ["SQLITE_MAGIC", "FileInfo", "alembic_head", "can_write", "check_header", "damaged_text",
           "inspect_file", "make_engine", "migrate", "migrations_folder", "needs_upgrade", "sqlite_backup",
           "sqlite_uri", "translate_error", "upgrade"]


def make_engine(path: Path, *, read_only: bool = False) -> Engine:
    """An SQLAlchemy engine on ``path`` with the store's pragmas (``db.checks.set_pragmas``), whose
    transactions are SQLite's own (``BEGIN``): schema changes in one commit or not at all.

    The path goes in as a URL object, never as URL text, which SQLAlchemy would parse: a ``?`` in the
    name would start its query string, a ``%41`` would be decoded. Read-only opens through SQLite's
    ``mode=ro`` URI, built from the quoted path (``db.checks.sqlite_uri``).
    """
    if read_only:
        url = URL.create("sqlite", database=sqlite_uri(path), query={"mode": "ro", "uri": "true"})
    else:
        url = URL.create("sqlite", database=str(path))
    engine = create_engine(url)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        set_pragmas(dbapi_conn, read_only)
        # The driver's own transaction handling opens a transaction only before INSERT, UPDATE and
        # DELETE, and commits every ALTER TABLE or CREATE TABLE on its own: an upgrade killed half-way
        # left a column added and the revision not, and the file never opened again ("duplicate
        # column name"). SQLAlchemy's transaction is SQLite's own instead: all or nothing.
        dbapi_conn.isolation_level = None

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN")

    return engine


def inspect_file(conn: Connection, path: Path) -> FileInfo:
    """:func:`db.checks.inspect` through an SQLAlchemy connection."""
    raw = conn.connection.driver_connection
    return inspect(raw, path)  # type: ignore[arg-type]


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


def upgrade(path: Path, shown_as: Path) -> None:
    """Bring the file at ``path`` to the app's schema (the caller has made the backup or the copy)."""
    engine = make_engine(path)
    try:
        with engine.begin() as conn:
            migrate(conn)
    except SQLAlchemyError as exc:
        raise translate_error(exc, shown_as) from exc
    finally:
        engine.dispose()


def alembic_head() -> str:
    """The newest revision among the shipped migration scripts."""
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_folder()))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head
