"""Shared test set-up: Qt runs offscreen, and every test keeps its user data in a folder of its own.

Nothing a test writes lands in a folder the whole machine shares: the user data folder (error log,
recent list, roster, saved structures and profiles, sheets) is the test's own, so two runs of the suite
on one machine never meet (the X server and the print queue of the real-device tests are each run's own
too: ``tests/support``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
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


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process's language English, so one that speaks another cannot leak it."""
    yield
    from app.i18n import set_language

    set_language("en")


@pytest.fixture
def pseudo() -> str:
    """The process speaks the pseudo-language en-XA for this test (English again after it)."""
    from app.i18n import PSEUDO, set_language

    set_language(PSEUDO)
    return PSEUDO


@pytest.fixture
def german() -> str:
    """The process speaks German for this test (English again after it)."""
    from app.i18n import set_language

    set_language("de")
    return "de"
