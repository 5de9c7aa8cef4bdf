"""A tournament in a folder nobody may write (a write-protected USB stick, a read-only share) is
verified, printed and opened read-only from a private copy, and the folder is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.readonly import run_in_read_only_folder

OPEN_READ_ONLY = """
import sys
from db.store import TournamentStore
with TournamentStore.open(sys.argv[1], read_only=True) as store:
    notes = [n["text"] for n in store.tournament.state.extra["notes"]]
    print(store.last_seq, "|".join(notes))
"""


def _listing(folder: Path) -> dict[str, int]:
    return {p.name: p.stat().st_size for p in folder.iterdir()}


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "left-with-its-wal"])
def test_verify_print_and_read_only_open_in_a_read_only_folder(store, store_path, tmp_path, closed):
    store.execute({"cmd": "register", "name": "Ann Lee"})
    store.execute({"cmd": "note", "text": "still in the -wal"})
    seq = store.last_seq
    if closed:  # closed cleanly: no -wal or -shm, and SQLite could not make its -shm in the folder
        store.close()
        assert not Path(f"{store_path}-wal").exists()
    else:  # the writer is still open: its last actions are in the -wal, which a reader must see too
        assert Path(f"{store_path}-wal").stat().st_size > 0
    before = _listing(store_path.parent)
    temp = tmp_path.parent / f"{tmp_path.name}-temp"  # the copies' folder, outside the read-only one
    temp.mkdir()

    verify = run_in_read_only_folder(store_path.parent, "-m", "floorman", "verify", str(store_path), temp=temp)
    assert verify.returncode == 0, verify.stderr
    assert f"{seq} actions" in verify.stdout and "OK:" in verify.stdout

    pdf = tmp_path.parent / f"{tmp_path.name}-results.pdf"  # outside the read-only folder
    try:
        printed = run_in_read_only_folder(store_path.parent, "-m", "floorman", "print", "seating", str(store_path),
                                          "--out", str(pdf), temp=temp)
        assert printed.returncode == 0, printed.stderr
        assert pdf.read_bytes().startswith(b"%PDF")
    finally:
        pdf.unlink(missing_ok=True)

    opened = run_in_read_only_folder(store_path.parent, "-c", OPEN_READ_ONLY, str(store_path), temp=temp)
    assert opened.returncode == 0, opened.stderr
    assert opened.stdout.split() == [str(seq), "still", "in", "the", "-wal"]

    assert _listing(store_path.parent) == before  # nothing was written beside the file
    assert list(temp.iterdir()) == []  # and the private copies are gone


def test_a_backup_in_a_read_only_folder_can_be_restored(store, store_path, tmp_path):
    store.execute({"cmd": "register", "name": "Ann Lee"})
    backup = store.backup_now()
    store.close()
    temp = tmp_path / "temp"
    temp.mkdir()
    target = tmp_path / "restored.floorman"
    run = run_in_read_only_folder(backup.parent, "-m", "floorman", "restore", str(target), str(backup), temp=temp)
    assert run.returncode == 0, run.stderr
    checked = run_in_read_only_folder(backup.parent, "-m", "floorman", "verify", str(target), temp=temp)
    assert checked.returncode == 0 and "OK:" in checked.stdout, checked.stderr
    assert list(temp.iterdir()) == []
