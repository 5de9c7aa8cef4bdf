"""Each seam picks its implementation once; a test that patches ``sys.platform`` starts and ends with none picked."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.core.timesource import FakeClock
from oskit import dirs, filelock, memory, opener, printing


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _forget() -> None:
    for picked in (filelock.file_locker, opener.file_opener, printing.print_route, dirs.data_folders,
                   memory.this_process):
        picked.cache_clear()


@pytest.fixture(autouse=True)
def fresh_seams() -> Iterator[None]:
    _forget()
    yield
    _forget()
