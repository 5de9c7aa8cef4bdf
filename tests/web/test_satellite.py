"""A satellite's end on the phones: the seat winners named in the JSON and on the page (run by Node with a
stand-in document), as the room display names them; a normal finish still names its one winner."""

from __future__ import annotations

from app import views
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.profiles.profile import load_profile, profile_from_dict
from tests.web.page_in_node import run_page
from web.snapshot import make_snapshot, state_json

NAMES = ["Ann Lee", "Bo Chen", "Cy Diaz", "Dee Ong", "Eve Fox", "Fay Gu", "Gil Hart", "Hal Ives", "Ivy Joss", "Jo Kerr"]


def _bust_to(t: Tournament, left: int) -> None:
    while t.state.in_field > left:
        table = max(t.state.tables.values(), key=lambda tb: tb.population)
        t.execute({"cmd": "bust", "player": next(iter(table.seats.values()))})


def _finished(profile: str, names: list[str], left: int) -> tuple[Tournament, FakeClock]:
    """Played down to ``left`` and past the end of late registration: the seats awarded, or the winner."""
    clock = FakeClock(1_800_000_000.0)
    data = load_profile(profile).to_dict()
    if profile == "satellite":  # $60 a head: 10 entries make $600, three $200 seats
        data["settings"] = {**data["settings"], "satellite.seat_value_cents": 20_000}
    t = Tournament.create(profile_from_dict(data), name="Thursday satellite", time=clock, seed=1)
    for name in names:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    clock.advance(5 * 3600)
    _bust_to(t, left)
    if not t.state.ended:
        t.execute({"cmd": "note", "text": "late registration is over"})
    assert t.state.ended
    return t, clock


def _page(t: Tournament, clock: FakeClock) -> dict:
    snapshot = make_snapshot(views.read(t, clock.now()), wall=clock.now())
    return run_page(snapshot.with_time(int(clock.now() * 1000)))


def test_sat_3_the_phones_name_every_seat_winner():
    t, clock = _finished("satellite", NAMES, 3)
    winners = sorted((p.name for p in t.state.players.values() if p.out_reason == "seat"), key=str.lower)
    assert len(winners) == 3
    status = state_json(views.read(t, clock.now()))["status"]
    assert status["ended"] and status["winner"] == ""
    assert status["seat_winners"] == winners and status["seat_event"] == "Main Event"
    page = _page(t, clock)
    assert page["level"]["shows"] == "3 seats in Main Event won by"  # the room display's words
    assert page["blinds"]["shows"] == " · ".join(winners)  # no blinds left to play: the winners instead
    assert page["left"]["shows"] == "3 / 10"  # the seat winners, not "0 / 10"
    assert page["next"]["shows"] == page["brk"]["shows"] == page["note"]["shows"] == ""
    assert page["clock"]["shows"] == "00:00"
    # The seat winners left their seats: no "Table 1 · 0 players" is listed.
    assert state_json(views.read(t, clock.now()))["tables"] == [] and page["tables"]["shows"] in ("", [])


def test_elim_6_the_phones_name_the_one_winner_and_nothing_left_to_play():
    t, clock = _finished("tda", NAMES[:3], 1)
    winner = next(p.name for p in t.state.players.values() if p.status == "winner")
    status = state_json(views.read(t, clock.now()))["status"]
    assert status["winner"] == winner and status["seat_winners"] == [] and status["seat_event"] == ""
    page = _page(t, clock)
    assert page["level"]["shows"] == f"Winner: {winner}"  # not "… · PAUSED": the clock stopped at the finish
    assert page["left"]["shows"] == "1 / 3"
    assert page["blinds"]["shows"] == page["next"]["shows"] == page["brk"]["shows"] == page["note"]["shows"] == ""
