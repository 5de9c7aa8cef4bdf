"""Which screen shows when, with the fake clock: the cycle's order and times, a level up for its seconds and
then the cycle again, the break, announcements now and at a time one at a time, the final table, hand for
hand, the bubble; the same screen after a restart at the same time."""

from __future__ import annotations

from typing import Any

from app.api import FakeClock, Tournament, load_profile, views
from screens.layout import FORMAT, VERSION, Layout, parse_layout
from screens.rotation import (
    PAGE_SECONDS,
    Announcement,
    Moment,
    announcement_moments,
    moments_of,
    showing,
)

T0 = 1_800_000_000.0


def screen(name: str, seconds: int = 0, event: str | None = None, event_seconds: int = 30) -> dict[str, Any]:
    return {"name": name, "columns": 1, "rows": 1, "seconds": seconds, "event": event,
            "event_seconds": event_seconds, "regions": [{"col": 0, "row": 0, "piece": "clock"}]}


def layout(*events: dict[str, Any]) -> Layout:
    doc = {"format": FORMAT, "version": VERSION, "name": "Test", "aspect": "16:9",
           "screens": [screen("A", 10), screen("B", 20), screen("C", 5), *events]}
    return parse_layout(repr(doc).replace("'", '"').replace("None", "null").encode())


EVENTS = layout(screen("Level up", event="level_up", event_seconds=15),
                screen("Break", event="break", event_seconds=0),
                screen("Final table", event="final_table", event_seconds=40),
                screen("Hand for hand", event="hand_for_hand", event_seconds=0),
                screen("Bubble", event="bubble", event_seconds=12),
                screen("Announcement", event="announcement", event_seconds=20))


def names(lay: Layout, moments: tuple[Moment, ...], start: float, seconds: int) -> list[str]:
    return [showing(lay, moments, start + s).screen.name for s in range(seconds)]


def test_the_cycle_takes_turns_in_order_each_for_its_seconds() -> None:
    lay = layout()
    start = 35.0 * 1000  # a round of A, B, C is 35 s; rounds count from 0
    assert names(lay, (), start, 70) == (["A"] * 10 + ["B"] * 20 + ["C"] * 5) * 2
    s = showing(lay, (), start + 12)
    assert (s.screen.name, s.since, s.until, s.event) == ("B", start + 10, start + 30, None)
    assert s.page(start + 12) == 0 and s.page(start + 10 + PAGE_SECONDS) == 1


def running(players: int = 12) -> tuple[Tournament, FakeClock]:
    clock = FakeClock(T0)
    t = Tournament.create(load_profile("tda"), name="Test", time=clock, seed=2)
    for i in range(players):
        t.execute({"cmd": "register", "name": f"Player {i:02d}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t, clock


def at(t: Tournament, now: float, announcements: tuple[Announcement, ...] = ()) -> Any:
    return showing(EVENTS, moments_of(views.read(t, now), announcements), now)


def level_seconds(t: Tournament) -> float:
    return float(views.structure(t).rows[0].minutes * 60)


def test_a_level_up_shows_its_screen_for_its_seconds_then_the_cycle_resumes() -> None:
    t, _ = running()
    level2 = T0 + level_seconds(t)
    assert at(t, level2 - 1).event is None  # level 1 began with the clock: no level up
    s = at(t, level2 + 3)
    assert (s.screen.name, s.event, s.since, s.until, s.text) == ("Level up", "level_up", level2, level2 + 15,
                                                                 "Level 2")
    assert at(t, level2 + 14.9).screen.name == "Level up"
    after = at(t, level2 + 15)
    assert (after.screen.name, after.since, after.event) == ("A", level2 + 15, None)  # from the first screen
    assert at(t, level2 + 25).screen.name == "B"


def first_break(t: Tournament) -> tuple[float, float]:
    """(start, end) of the first break, from the structure."""
    at_ = T0
    for row in views.structure(t).rows:
        at_ += row.minutes * 60
        if row.break_after is not None:
            return at_, at_ + row.break_after.minutes * 60
    raise AssertionError("no break")


def test_the_break_screen_shows_during_the_break_then_the_level_up() -> None:
    t, _ = running()
    start, end = first_break(t)
    for now in (start, start + 60, end - 1):
        s = at(t, now)
        assert (s.screen.name, s.event, s.since, s.until) == ("Break", "break", start, end)
    s = at(t, end + 1)
    assert (s.screen.name, s.since) == ("Level up", end)
    assert at(t, end + 16).screen.name == "A"


def test_an_announcement_shows_now_or_at_its_time_and_one_at_a_time() -> None:
    t, clock = running()
    now = clock.now() + 100
    said = (Announcement("Dinner is served", now, 20), Announcement("Last call for the bar", now + 10, 20),
            Announcement("Tables 4 and 5 break", now + 300, 15))
    assert [(m.start, m.end) for m in announcement_moments(said)] == [(now, now + 20), (now + 20, now + 40),
                                                                      (now + 300, now + 315)]
    s = at(t, now, said)
    assert (s.screen.name, s.text, s.until) == ("Announcement", "Dinner is served", now + 20)
    assert at(t, now + 15, said).text == "Dinner is served"  # the second waits for the first
    assert at(t, now + 25, said).text == "Last call for the bar"
    assert at(t, now + 40, said).screen.name == "A"  # then the cycle resumes, from its first screen
    assert at(t, now + 299, said).event is None
    assert at(t, now + 305, said).text == "Tables 4 and 5 break"
    level2 = T0 + level_seconds(t)
    during = at(t, level2 + 1, (Announcement("Seat open at table 2", level2, 30),))
    assert during.screen.name == "Announcement"  # the director's words come before the level up


def test_the_final_table_shows_its_seating_when_it_is_seated() -> None:
    t, clock = running(12)
    clock.advance(60)
    for i in range(3):
        t.execute({"cmd": "bust", "player": f"Player {i:02d}"})
    while views.read(t, clock.now()).pending:
        t.execute(dict(views.read(t, clock.now()).pending[0].command))
    view = views.read(t, clock.now())
    assert view.field.final_table
    seated = view.moves[-1].at
    s = at(t, seated + 5)
    assert (s.screen.name, s.event, s.since, s.until) == ("Final table", "final_table", seated, seated + 40)
    assert at(t, seated + 41).screen.name == "A"


def test_hand_for_hand_shows_throughout_and_the_bubble_joins_the_cycle() -> None:
    t, clock = running(12)
    clock.advance(60)
    paid = views.read(t, clock.now()).field.paid_places
    for i in range(12 - paid - 1):
        t.execute({"cmd": "bust", "player": f"Player {i:02d}"})
    now = clock.now()
    view = views.read(t, now)
    assert view.field.bubble and not view.field.hand_for_hand
    moments = moments_of(view)
    assert Moment("bubble", None) in moments
    round_ = names(EVENTS, moments, 47.0 * 100_000, 47)  # the bubble (12 s) first, then A, B, C: 47 s a round
    assert round_ == ["Bubble"] * 12 + ["A"] * 10 + ["B"] * 20 + ["C"] * 5
    t.execute({"cmd": "hand_for_hand", "on": True})
    now = clock.now()
    for later in (0, 100, 1000):
        s = at(t, now + later)
        assert (s.screen.name, s.event, s.until) == ("Hand for hand", "hand_for_hand", None)


def test_after_a_restart_at_the_same_time_the_same_screen_shows() -> None:
    t, clock = running()
    start, end = first_break(t)
    times = [T0 + 5, T0 + level_seconds(t) + 7, start + 30, end + 3, end + 200, end + 1234.5]
    before = [at(t, now) for now in times]
    again = Tournament.replay(list(t.log), time=FakeClock(T0))  # the file opened again
    after = [at(again, now) for now in times]
    assert [(s.screen.name, s.since, s.until) for s in after] == [(s.screen.name, s.since, s.until) for s in before]
    assert [s.screen.name for s in before][1:4] == ["Level up", "Break", "Level up"]


def test_an_event_without_its_screen_leaves_the_cycle_as_it_is() -> None:
    t, _ = running()
    level2 = T0 + level_seconds(t)
    plain = layout()
    moments = moments_of(views.read(t, level2 + 3))
    assert any(m.kind == "level_up" for m in moments)
    assert showing(plain, moments, level2 + 3) == showing(plain, (), level2 + 3)
