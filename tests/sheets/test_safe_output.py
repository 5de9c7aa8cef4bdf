"""No export overwrites a tournament file, its backups, a database, or a file that is not a PDF."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from floorman.cmd_print import main
from sheets.output import OutputRefused, write_output


@pytest.fixture
def tournament(tmp_path) -> Path:
    store_mod = pytest.importorskip("db.store")
    from app.profiles.profile import load_profile

    path = tmp_path / "friday.floorman"
    with store_mod.TournamentStore.create(path, load_profile("tda"), "Friday") as store:
        store.execute({"cmd": "register", "name": "Ann Lee"})
        store.backup_now()
    return path


def _one_line_refusal(capsys) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert len(captured.err.strip().splitlines()) == 1
    return captured.err


def test_print_refuses_to_write_over_the_tournament(tournament, capsys):
    before = tournament.read_bytes()
    assert main(["results", str(tournament), "--out", str(tournament)]) == 2
    assert "tournament file" in _one_line_refusal(capsys)
    assert tournament.read_bytes() == before


def test_print_refuses_a_backup_a_database_and_a_file_not_a_pdf(tournament, tmp_path, capsys):
    backup = next((tmp_path / "friday.floorman.backups").iterdir())
    database = tmp_path / "notes.db"
    database.write_bytes(tournament.read_bytes())
    letter = tmp_path / "letter.txt"
    letter.write_text("Dear director")
    for target in (backup, database, letter, tmp_path / "friday.floorman-wal"):
        existed = target.exists()
        before = target.read_bytes() if existed else None
        assert main(["results", str(tournament), "--out", str(target)]) == 2
        _one_line_refusal(capsys)
        assert (target.read_bytes() if existed else None) == before


def test_an_existing_pdf_is_replaced_whole(tournament, tmp_path, capsys):
    out = tmp_path / "results.pdf"
    out.write_bytes(b"%PDF-1.4 old")
    assert main(["results", str(tournament), "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF") and out.read_bytes() != b"%PDF-1.4 old"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_write_output_refuses_a_folder_and_a_missing_folder(tmp_path):
    with pytest.raises(OutputRefused):
        write_output(tmp_path, b"%PDF-1.4")
    with pytest.raises(OutputRefused):
        write_output(tmp_path / "nowhere" / "x.pdf", b"%PDF-1.4")
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    with pytest.raises(OutputRefused):
        write_output(fifo, b"%PDF-1.4")
