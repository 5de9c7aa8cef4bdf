"""An upgrade is all or nothing, and the backup made before it restores.

A real process upgrades the schema-1 fixture and is killed with SIGKILL just before each SQL statement of
the upgrade in turn (the statements are counted on a first, uninterrupted upgrade; see
:mod:`tests.db.upgrade_kill_child`). After every kill the
file opens (upgraded then), verifies and holds the whole log; and the before-upgrade backup, a file of
the older schema, is restored by ``floorman restore`` and opens too.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from db.backups import check_backup, list_backups
from db.store import TournamentStore
from db.verify import verify_file
from floorman.cli import main as floorman

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the child forks the upgrading processes (POSIX)")

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _log(path: Path) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return conn.execute("SELECT seq, kind, label, command, events FROM actions ORDER BY seq").fetchall()
    finally:
        conn.close()


def test_an_upgrade_killed_at_any_statement_leaves_a_file_that_opens(tmp_path: Path) -> None:
    original_log = _log(FIXTURES / "schema1.floorman")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FLOORMAN_NO_SOUND": "1"}
    done = subprocess.run([sys.executable, "-m", "tests.db.upgrade_kill_child", str(FIXTURES / "schema1.floorman"),
                           str(tmp_path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    statements = int(lines[0].split()[1])
    assert statements > 5
    assert lines[1:statements + 1] == [f"killed {n}" for n in range(1, statements + 1)]
    for n in range(1, statements + 1):
        path = tmp_path / f"kill-{n:02d}.floorman"
        with TournamentStore.open(path) as store:  # opens, and finishes the upgrade if it was cut short
            assert store.last_seq == len(original_log)
        assert _log(path) == original_log, f"statement {n}"
        report = verify_file(path)
        assert report.ok, (n, report.problems)
        before = [b for b in list_backups(path) if b.reason == "before-upgrade-schema1"]
        assert before, f"statement {n}: no backup before the upgrade"
        assert check_backup(before[0].path) == len(original_log)


def test_the_backup_before_an_upgrade_restores(tmp_path: Path, capsys) -> None:
    path = tmp_path / "old.floorman"
    shutil.copyfile(FIXTURES / "schema1.floorman", path)
    with TournamentStore.open(path) as store:
        store.execute({"cmd": "note", "text": "after the upgrade"})
        upgraded_seq = store.last_seq
    backups = list_backups(path)
    number = next(i for i, b in enumerate(backups, 1) if b.reason == "before-upgrade-schema1")
    assert floorman(["restore", str(path), str(number)]) == 0, capsys.readouterr().err
    assert "Restored" in capsys.readouterr().out
    with TournamentStore.open(path) as store:  # the older schema is upgraded again (after its own backup)
        assert store.last_seq == upgraded_seq - 1
    assert verify_file(path).ok
    kept = [b for b in list_backups(path) if b.reason == "before-restore"]
    assert kept and check_backup(kept[-1].path) == upgraded_seq
