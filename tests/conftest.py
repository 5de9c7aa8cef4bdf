"""Shared test set-up: Qt runs offscreen, and every test keeps its user data in a folder of its own.

Nothing a test writes lands in a folder the whole machine shares: the user data folder (error log,
recent list, roster, saved structures and profiles, sheets) is the test's own, so two runs of the suite
on one machine never meet (the X server and the print queue of the real-device tests are each run's own
too: ``tests/support``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# A real PostgreSQL server for the tests that ask for one (``pg_url``, ``pg_database``).
pytest_plugins = ("tests.support.pg",)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FLOORMAN_NO_SOUND", "1")


@pytest.fixture(autouse=True)
def user_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own user data folder (``FLOORMAN_DATA_DIR``; child processes inherit it), beside its
    ``tmp_path`` rather than in it, so a test may expect its ``tmp_path`` to hold only what it made."""
    folder = tmp_path_factory.mktemp("userdata")
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(folder))
    return folder
