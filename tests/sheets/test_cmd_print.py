"""floorman print SHEET FILE --out OUT.pdf, from a tournament file or the built-in demo."""

from __future__ import annotations

import pytest

from floorman.cmd_print import DEMO_NAMES, main
from tests.sheets.conftest import pdf_text


def test_print_from_a_tournament_file(tmp_path):
    store_mod = pytest.importorskip("db.store")
    from app.profiles.profile import load_profile

    path = tmp_path / "friday.floorman"
    store = store_mod.TournamentStore.create(path, load_profile("tda"), "Friday Deepstack", backup_dir=tmp_path / "b")
    for name in DEMO_NAMES[:12]:
        store.execute({"cmd": "register", "name": name})
    store.execute({"cmd": "seat_all"})
    store.close()
    out = tmp_path / "slips.pdf"
    assert main(["seating", str(path), "--out", str(out), "--paper", "a4", "--venue", "Casino Łódź"]) == 0
    text = pdf_text(out.read_bytes())
    assert all(name in text for name in DEMO_NAMES[:12])


def test_print_every_sheet_of_the_demo(tmp_path, capsys):
    for sheet in ("tables", "payouts", "receipts"):
        out = tmp_path / f"{sheet}.pdf"
        assert main([sheet, "--demo", "--out", str(out), "--blank", "--date", "2026-05-01"]) == 0
        assert out.read_bytes().startswith(b"%PDF")
        assert "2026-05-01" in pdf_text(out.read_bytes())
    assert "Wrote" in capsys.readouterr().out


def test_bad_arguments(tmp_path, capsys):
    assert main(["seating", "--out", str(tmp_path / "x.pdf")]) == 2
    assert "FILE or --demo" in capsys.readouterr().err
    assert main(["seating", str(tmp_path / "missing.floorman"), "--out", str(tmp_path / "x.pdf")]) == 2
    assert "floorman print:" in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()
    with pytest.raises(SystemExit):
        main(["flyer", "--demo", "--out", str(tmp_path / "x.pdf")])
