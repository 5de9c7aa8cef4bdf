"""KO on paper: the money trail keeps the bounty pool apart and balances; payouts, results and receipts show
the bounties each player won."""

from __future__ import annotations

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict
from app.views import money as money_view
from sheets.money_data import collect_money
from sheets.source import collect


def _pko_finished() -> Tournament:
    data = load_profile("tda-pko").to_dict()
    data["settings"]["late.mode"] = "none"
    t = Tournament.create(profile_from_dict(data), name="Friday PKO", time=FakeClock(), seed=1)
    names = ["Ann", "Bob", "Cat", "Dan"]
    for n in names:
        t.execute({"cmd": "register", "name": n})
    t.execute({"cmd": "open_table", "table": 1})
    for i, n in enumerate(names, 1):
        t.execute({"cmd": "seat_player", "player": n, "table": 1, "seat": i})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": ["Cat", "Dan"]})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Dan"})
    return t


def test_ko_2_money_trail_keeps_the_bounty_pool_apart_and_balances():
    t = _pko_finished()
    trail = collect_money(money_view(t), [])
    assert trail.bounties_in() == 20000 and trail.log_totals["bounty"] == 20000 and trail.log_totals["pool"] == 20000
    assert not trail.mismatches()
    assert [line.bounty_cents for line in trail.lines] == [5000] * 4
    assert trail.bounties_paid_cents == 20000
    assert sum(c for _n, c, _k in trail.bounties_won) == 20000


def test_ko_2_payout_and_results_rows_carry_the_bounties_won():
    t = _pko_finished()
    sheet = collect(t)
    won = {r.name: r.bounties_cents for r in sheet.results}
    assert won["Dan"] == 20000 - 2500 - 1875 and won["Bob"] == 2500 and won["Ann"] == 0
    assert sheet.bounty_pool_cents == 20000


def test_ko_1_the_results_sheet_says_who_knocked_each_player_out(tmp_path):
    from pypdf import PdfReader

    from sheets.render import render

    t = _pko_finished()
    sheet = collect(t)
    by = {r.name: r.knocked_out_by for r in sheet.results}
    assert by == {"Ann": "Bob", "Bob": "Cat and Dan", "Cat": "Dan", "Dan": ""}
    pdf = tmp_path / "results.pdf"
    pdf.write_bytes(render("results", t))
    text = " ".join((page.extract_text() or "") for page in PdfReader(str(pdf)).pages)
    assert "Knocked out by" in text and "Cat and Dan" in text


def test_ko_1_the_results_sheet_counts_each_players_knockouts_beside_their_bounties():
    import io

    from pypdf import PdfReader

    from sheets import render_sheet

    t = _pko_finished()
    sheet = collect(t)
    knocked = {r.name: r.knockouts for r in sheet.results}
    assert knocked == {"Dan": 2, "Cat": 1, "Bob": 1, "Ann": 0}  # Bob's pot was split: Cat and Dan both count it
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(render_sheet("results", sheet))).pages)
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert "Knockouts" in lines and "Bounties" in lines
    dan = lines.index("Dan")
    assert lines[dan + 1:dan + 4] == ["$100.00", "2", "$156.25"]  # his prize, two knockouts, the bounties
