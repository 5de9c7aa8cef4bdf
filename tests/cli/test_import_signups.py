"""``floorman import-signups FILE LIST``: the preview printed, the names pre-registered (REG-10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.roster import Roster
from db.store import TournamentStore
from floorman.cli import main


def _files(tmp_path: Path) -> tuple[Path, Path, Path]:
    path = tmp_path / "friday.floorman"
    store = TournamentStore.create(path, load_profile("tda"), "Friday", time=FakeClock(1_800_000_000.0), seed=2)
    store.execute({"cmd": "register", "name": "Cy Lo"})
    store.close()
    roster = tmp_path / "players.sqlite"
    with Roster.open(roster) as r:
        r.add("José Núñez")
        r.add("Ann Lee")
    signups = tmp_path / "signups.csv"
    signups.write_bytes("Name;Paid\r\njose nunez;yes\r\nLee, Ann;\r\ncy lo;\r\nBo Chen;x\r\n;\r\nBo Chen;\r\n"
                        "Dee\x07Fox;\r\n".encode("cp1252"))
    return path, roster, signups


def _preregistered(path: Path) -> list[tuple[str, bool]]:
    store = TournamentStore.open(path, read_only=True)
    try:
        return [(r["name"], r["paid_ahead"]) for r in store.tournament.view("preregistered")["preregistered"]]
    finally:
        store.close()


def test_reg_10_import_signups_dry_run_prints_the_preview_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, roster, signups = _files(tmp_path)
    assert main(["import-signups", str(path), str(signups), "--roster", str(roster), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "line 2: MATCHED jose nunez (paid ahead): matched to José Núñez (in the roster)" in out
    assert "line 3: ASK Lee, Ann" in out and "candidate: Ann Lee (in the roster, names in the other order)" in out
    assert "line 4: ALREADY cy lo" in out
    assert "line 7: DUPLICATE Bo Chen" in out
    assert "line 8: SKIPPED" in out and "control or invisible characters" in out
    assert "Left out, asked and not answered: line 3 (Lee, Ann)" in out
    assert "Dry run: nothing was changed." in out
    assert _preregistered(path) == []


def test_reg_10_import_signups_pre_registers_with_the_answers(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path, roster, signups = _files(tmp_path)
    assert main(["import-signups", str(path), str(signups), "--roster", str(roster)]) == 0
    assert "Pre-registered 2 players." in capsys.readouterr().out
    assert _preregistered(path) == [("José Núñez", True), ("Bo Chen", True)]
    assert main(["import-signups", str(path), str(signups), "--roster", str(roster), "--answer", "3=Ann Lee"]) == 0
    out = capsys.readouterr().out
    assert "line 2: ALREADY jose nunez" in out and "Pre-registered 1 player." in out
    assert _preregistered(path)[-1] == ("Ann Lee", False)


def test_reg_10_import_signups_refuses_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, roster, signups = _files(tmp_path)
    assert main(["import-signups", str(path), str(tmp_path / "none.csv"), "--roster", str(roster)]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert main(["import-signups", str(path), str(signups), "--roster", str(roster), "--answer", "2=new"]) == 2
    assert "line 2 was not asked about" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["import-signups", str(path), str(signups), "--answer", "x"])
    assert info.value.code == 2
    assert "is not LINE=NAME" in capsys.readouterr().err
    assert _preregistered(path) == []
