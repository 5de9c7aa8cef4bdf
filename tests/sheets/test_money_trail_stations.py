"""The money trail of a tournament shared by several stations names the station (and operator) that took
each payment; a single laptop's trail has no such column."""

from __future__ import annotations

import re
from pathlib import Path

from app.core.timesource import FakeClock
from app.profiles.profile import load_profile
from db.joincode import read_code
from db.shared_store import create_shared, open_shared
from db.station_codes import issue_code
from db.store import TournamentStore
from floorman.cmd_print import main
from sheets import render
from tests.sheets.conftest import pdf_text

DESK, TRICKY = "Desk 1", "O'Brien\"); DROP TABLE actions;--"


def flat(pdf: bytes) -> str:
    return " ".join(pdf_text(pdf).split())


def test_the_money_trail_of_a_shared_tournament_names_who_took_each_payment(pg_database, tmp_path: Path):
    clock = FakeClock(1_790_000_000.0)
    path = tmp_path / "friday.floorman"
    with TournamentStore.create(path, load_profile("home-rebuy"), "Friday", time=clock, seed=3) as store:
        store.execute({"cmd": "register", "name": "Ann Lee"})  # on the director's laptop, before sharing
    director = create_shared(pg_database, from_file=path, station="Director", operator="Sam", time=clock)
    try:
        with open_shared(read_code(issue_code(pg_database, "desk")).url(), station=DESK, operator="Kim",
                         time=clock) as desk, \
                open_shared(pg_database, station="Cage", operator=TRICKY, time=clock) as cage:
            clock.advance(60)
            desk.execute({"cmd": "register", "name": "Bo Chen"})
            clock.advance(60)
            cage.execute({"cmd": "register", "name": "Cy Lo"})
            director.poll()
            director.execute({"cmd": "seat_all"})
            director.execute({"cmd": "start_clock"})
            clock.advance(600)
            director.execute({"cmd": "bust", "player": "Bo Chen"})  # deciding on a rebuy
            desk.poll()
            clock.advance(60)
            desk.execute({"cmd": "rebuy", "player": "Bo Chen"})
        director.poll()
        authors = director.money_authors()
        assert len(authors) == len(director.tournament.state.money_log)
        text = flat(render("money", director.tournament, {"recorded_by": authors}))
        assert "Recorded by" in text
        assert re.search(r"Bo Chen Buy-in( \+ house fee)? Desk 1 \(Kim\)", text), text
        assert re.search(r"Bo Chen Rebuy( \+ house fee)? Desk 1 \(Kim\)", text), text
        assert re.search(r"Cy Lo Buy-in( \+ house fee)? Cage \(O'Brien\"\); DROP TABLE actions;--\)", text), text
        assert not re.search(r"Ann Lee Buy-in( \+ house fee)? (Desk|Cage|Director)", text)  # before sharing: no one
        out, pdf = tmp_path / "back.floorman", tmp_path / "money.pdf"
        director.export(out)  # the file brought back keeps who recorded what, and so does its sheet
        assert main(["money", str(out), "--out", str(pdf), "--date", "2026-05-01"]) == 0
        printed = flat(pdf.read_bytes())
        assert "Recorded by" in printed and re.search(r"Bo Chen Rebuy( \+ house fee)? Desk 1 \(Kim\)", printed)
    finally:
        director.close()
    with TournamentStore.open(path, read_only=True) as file:
        assert file.money_authors() == []  # a single laptop's: no station named, nothing folded
        single = flat(render("money", file.tournament, {"recorded_by": file.money_authors()}))
    assert "Recorded by" not in single and "Ann Lee" in single
