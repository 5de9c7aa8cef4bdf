"""Fixtures for the director's window: small tournaments in memory, on a clock the test moves."""

from __future__ import annotations

import pytest

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile
from ui.session import Session

NAMES = [
    "Ann Lee",
    "Bo Chen",
    "Carla Novak",
    "Dev Patel",
    "Elif Kaya",
    "Femi Okafor",
    "Greta Rossi",
    "Hiro Sato",
    "Ines Silva",
    "Jonas Berg",
    "Kofi Mensah",
    "Lena Fischer",
]


@pytest.fixture(autouse=True)
def user_data(tmp_path, monkeypatch):
    """Keep the error log, recent list, roster, sheets and saved profiles of every test in its own folder."""
    folder = tmp_path / "userdata"
    folder.mkdir()
    monkeypatch.setenv("FLOORMAN_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1_800_000_000.0)


def make_session(
    clock: FakeClock, profile: str = "tda", players: int = 12, seat: bool = False, start: bool = False
) -> Session:
    """Players registered; ``seat``: drawn to their seats; ``start``: the clock started too, so play has
    begun (nobody busts before, ELIM-6)."""
    t = Tournament.create(load_profile(profile), name="Test event", time=clock, seed=3)
    for name in NAMES[:players]:
        t.execute({"cmd": "register", "name": name})
    if seat or start:
        t.execute({"cmd": "seat_all"})
    if start:
        t.execute({"cmd": "start_clock"})
    return Session.in_memory(t)


@pytest.fixture
def session(clock) -> Session:
    return make_session(clock)


def open_window(qtbot, session):
    """The director's window on ``session``, shown at 1366x768 and exposed."""
    from ui.director import DirectorWindow

    w = DirectorWindow(session)
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def window(qtbot, session):
    return open_window(qtbot, session)
