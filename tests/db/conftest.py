"""Fixtures for the store tests: a fake clock and a fresh tournament file in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.store import TournamentStore


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    return tmp_path / "friday.floorman"


@pytest.fixture
def store(store_path: Path, clock: FakeClock) -> Iterator[TournamentStore]:
    s = TournamentStore.create(store_path, load_profile("home-nl"), "Friday", time=clock, seed=7)
    yield s
    s.close()
