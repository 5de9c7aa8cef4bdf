"""``floorman last-balance FILE``: the last balance of a stored tournament (BAL-6), with its locks (LOCK-5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.store import TournamentStore
from floorman.cli import main


def _stored(path: Path) -> None:
    clock = FakeClock(1_800_000_000.0)
    store = TournamentStore.create(path, load_profile("tda"), "Friday", time=clock, seed=2)
    try:
        for i in range(20):
            store.execute({"cmd": "register", "name": f"P{i:02d}"})
        store.execute({"cmd": "seat_all"})
        store.execute({"cmd": "start_clock"})
        state = store.tournament.state
        store.execute({"cmd": "lock_seat", "player": state.tables[1].seats[1], "reason": "player-dealer"})
        for seat in sorted(state.tables[3].seats)[:4]:
            clock.advance(30)
            store.execute({"cmd": "bust", "players": [state.tables[3].seats[seat]]})
        clock.advance(30)
        store.execute({"cmd": "balance"})
    finally:
        store.close()


def test_bal_6_last_balance_prints_the_moves_of_the_last_balance(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "friday.floorman"
    _stored(path)
    assert main(["last-balance", str(path), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["what"] in ("moves", "break") and view["moves"]
    assert main(["last-balance", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat change" in out and "-> table" in out


def test_bal_6_last_balance_of_a_missing_file_is_one_sentence(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["last-balance", str(tmp_path / "none.floorman")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("floorman last-balance:") and "Traceback" not in err
