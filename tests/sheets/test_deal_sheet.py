"""The deal sheet the players sign (PAY-11): `floorman print deal FILE --out X.pdf`."""

from __future__ import annotations

from pypdf import PdfReader

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.store import TournamentStore
from floorman.cmd_print import main
from tests.sheets.conftest import pdf_text

FINAL = {"money.buy_in_cents": 10000, "payout.table": "percent", "payout.percents": [50, 30, 20], "late.mode": "none"}


def test_pay_11_deal_sheet_from_a_tournament_file(tmp_path):
    path = tmp_path / "final.floorman"
    s = TournamentStore.create(path, load_profile("tda"), "Sunday Final", time=FakeClock(1_790_000_000.0), seed=2)
    s.execute({"cmd": "change_settings", "settings": FINAL})
    for name in ("Łukasz Żółć", "Ann Lee", "Bo Chen", "Dev Novak"):
        s.execute({"cmd": "register", "name": name})
    s.execute({"cmd": "seat_all"})
    s.execute({"cmd": "start_clock"})
    s.execute({"cmd": "bust", "player": "Dev Novak"})
    s.execute({"cmd": "record_deal", "method": "chip_chop", "save_cents": 2000,
               "chips": {"Łukasz Żółć": 20000, "Ann Lee": 15000, "Bo Chen": 5000}})
    s.close()
    out = tmp_path / "deal.pdf"
    assert main(["deal", str(path), "--out", str(out)]) == 0
    pdf = out.read_bytes()
    assert len(PdfReader(out).pages) == 1
    text = " ".join(pdf_text(pdf).split())
    for words in ("Deal", "Łukasz Żółć", "Ann Lee", "Bo Chen", "20,000", "Signature", "chip chop",
                  "Left to play for: $20.00", "Prizes in play: $400.00", "Tournament director"):
        assert words in text, words


def test_pay_11_no_deal_recorded(tmp_path):
    out = tmp_path / "deal.pdf"
    assert main(["deal", "--demo", "--out", str(out)]) == 0
    assert "No deal has been recorded" in pdf_text(out.read_bytes())
