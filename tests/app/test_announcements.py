"""The director's announcements on the room's screens: set now or at a time, shown one at a time, cancelled,
undone; refused in words with a code (no words, too long, a time gone by, an unknown or finished one); the
director's alone; kept in the file so a display opened later shows the same; read by the screens' rotation."""

from __future__ import annotations

from typing import Any

import pytest

from app.api import FakeClock, Tournament, load_profile, views
from app.commands.roles import DESK, FLOOR, SCREEN
from app.errors import INPUT_CODES, RuleError
from app.log.history import History
from db.store import TournamentStore
from screens.layout import FORMAT, VERSION, parse_layout
from screens.rotation import moments_of, showing

T0 = 1_800_000_000.0


def _history() -> tuple[History, FakeClock]:
    clock = FakeClock(T0)
    h = History(Tournament.create(load_profile("tda"), name="Test", time=clock, seed=3))
    for name in ("Ann Lee", "Bob Ray", "Cy Lo", "Di Wu"):
        h.run({"cmd": "register", "name": name})
    h.run({"cmd": "seat_all"})
    h.run({"cmd": "start_clock"})
    return h, clock


def _refused(h: History, cmd: dict[str, Any], code: str, role: str | None = None) -> RuleError:
    before, log = h.tournament.snapshot(), len(h.tournament.log)
    with pytest.raises(RuleError) as info:
        h.run(cmd, role=role)
    assert info.value.code == code and code in INPUT_CODES
    assert h.tournament.state == before and len(h.tournament.log) == log
    return info.value


def _shown(t: Tournament) -> list[tuple[int, str, float, float]]:
    return [(a.number, a.text, a.shows_from, a.shows_until) for a in views.read(t, T0).announcements]


def test_announce_now_and_at_a_time_shows_one_at_a_time() -> None:
    h, clock = _history()
    h.run({"cmd": "announce", "text": "  Dinner   is served ", "seconds": 20})
    h.run({"cmd": "announce", "text": "Last call for the bar", "starts_at": T0 + 10, "seconds": 30})
    h.run({"cmd": "announce", "text": "Tables 4 and 5 break", "starts_at": T0 + 600})
    assert _shown(h.tournament) == [(1, "Dinner is served", T0, T0 + 20),
                                    (2, "Last call for the bar", T0 + 20, T0 + 50),
                                    (3, "Tables 4 and 5 break", T0 + 600, T0 + 630)]
    assert h.undo_label() == "Undo: announcement \u201cTables 4 and 5 break\u201d"


def test_announcements_refused_in_words_and_nothing_changes() -> None:
    h, clock = _history()
    assert "words" in _refused(h, {"cmd": "announce", "text": "   "}, "ANNOUNCEMENT_EMPTY").message
    assert "200 characters" in _refused(h, {"cmd": "announce", "text": "x" * 201}, "ANNOUNCEMENT_TOO_LONG").message
    assert "gone by" in _refused(h, {"cmd": "announce", "text": "Late", "starts_at": T0 - 3600}, "TIME_PASSED").message
    _refused(h, {"cmd": "announce", "text": "Too short", "seconds": 1}, "INVALID_INPUT")
    _refused(h, {"cmd": "announce", "text": "Next week", "starts_at": T0 + 8 * 86400}, "INVALID_INPUT")
    assert "no announcement 7" in _refused(h, {"cmd": "cancel_announcement", "announcement": 7},
                                           "UNKNOWN_ANNOUNCEMENT").message
    h.run({"cmd": "announce", "text": "Shuffle up", "seconds": 10})
    clock.advance(11)
    _refused(h, {"cmd": "cancel_announcement", "announcement": 1}, "ANNOUNCEMENT_OVER")


def test_a_time_picked_to_the_minute_just_gone_by_shows_now() -> None:
    h, clock = _history()
    clock.advance(20)
    h.run({"cmd": "announce", "text": "Seat open on table 2", "starts_at": T0})
    assert views.read(h.tournament, T0 + 20).announcements[0].shows_from == T0 + 20


def test_cancel_takes_it_off_and_the_next_moves_up_undo_brings_it_back() -> None:
    h, clock = _history()
    h.run({"cmd": "announce", "text": "First", "seconds": 60})
    h.run({"cmd": "announce", "text": "Second", "seconds": 30})
    h.run({"cmd": "cancel_announcement", "announcement": 1})
    assert _shown(h.tournament) == [(2, "Second", T0, T0 + 30)]
    _refused(h, {"cmd": "cancel_announcement", "announcement": 1}, "UNKNOWN_ANNOUNCEMENT")
    h.undo()
    assert [a[1] for a in _shown(h.tournament)] == ["First", "Second"]
    h.undo()
    h.undo()
    assert _shown(h.tournament) == []


@pytest.mark.parametrize("role", [DESK, FLOOR, SCREEN])
def test_announcements_are_the_directors_alone(role: str) -> None:
    h, _clock = _history()
    _refused(h, {"cmd": "announce", "text": "Hello"}, "ROLE_FORBIDDEN", role=role)
    h.run({"cmd": "announce", "text": "Hello"})
    _refused(h, {"cmd": "cancel_announcement", "announcement": 1}, "ROLE_FORBIDDEN", role=role)


def test_announcements_survive_reopening_the_file(tmp_path) -> None:
    clock = FakeClock(T0)
    path = tmp_path / "t.floorman"
    with TournamentStore.create(path, load_profile("tda"), "Test", time=clock) as store:
        store.execute({"cmd": "announce", "text": "Dinner break at 8", "starts_at": T0 + 120, "seconds": 45})
        before = views.read(store.tournament, T0).announcements
    with TournamentStore.open(path, time=clock) as again:
        assert views.read(again.tournament, T0).announcements == before
        assert before[0].text == "Dinner break at 8" and before[0].shows_from == T0 + 120


def test_the_rooms_screens_show_what_the_director_announced() -> None:
    h, clock = _history()
    h.run({"cmd": "announce", "text": "Chip race at the break", "starts_at": T0 + 100, "seconds": 20})
    doc = {"format": FORMAT, "version": VERSION, "name": "T", "aspect": "16:9", "screens": [
        {"name": "A", "columns": 1, "rows": 1, "seconds": 10, "regions": [{"col": 0, "row": 0, "piece": "clock"}]},
        {"name": "Said", "columns": 1, "rows": 1, "event": "announcement", "event_seconds": 20,
         "regions": [{"col": 0, "row": 0, "piece": "announcement"}]}]}
    lay = parse_layout(repr(doc).replace("'", '"').encode())
    before = showing(lay, moments_of(views.read(h.tournament, T0 + 99)), T0 + 99)
    during = showing(lay, moments_of(views.read(h.tournament, T0 + 105)), T0 + 105)
    after = showing(lay, moments_of(views.read(h.tournament, T0 + 121)), T0 + 121)
    assert before.screen.name == "A" and after.screen.name == "A"
    assert (during.screen.name, during.text, during.since, during.until) == ("Said", "Chip race at the break",
                                                                           T0 + 100, T0 + 120)
