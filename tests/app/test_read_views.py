"""The read side: seat changes say where players came from (old logs still replay), one view per change."""

from __future__ import annotations

from app import views
from app.core.events import Event, decode
from app.engine import Tournament
from app.tools.demo import build_demo


def _written_without(log: list[Event], key: str) -> list[Event]:
    """The log as an older Floorman wrote it: its events' data without ``key``."""
    return [decode({**ev.to_dict(), "data": {k: v for k, v in ev.data.items() if k != key}}) for ev in log]


def test_a_broken_table_records_where_each_player_sat_and_an_old_log_still_replays() -> None:
    t = build_demo(players=60)
    pending = views.read(t).pending
    assert pending and pending[0].kind == "break"
    broken = pending[0].from_table
    seats = {pid: seat for seat, pid in t.state.tables[broken].seats.items()}
    t.execute(dict(pending[0].command))
    moved = [m for m in views.read(t).moves if m.kind == "break"]
    assert moved and all(m.from_table == broken and m.from_seat == seats[m.player_id] for m in moved)
    assert views.read(t).last_moves() == tuple(moved)

    old = _written_without(list(t.log), "from_seats")  # written before the event named the seats left behind
    assert all(ev.data.get("from_seats") is None for ev in old)
    again = Tournament.replay(old)
    replayed = [m for m in views.read(again).moves if m.kind == "break"]
    assert [(m.player_id, m.from_seat, m.to_seat) for m in replayed] == [
        (m.player_id, m.from_seat, m.to_seat) for m in moved
    ]


def test_a_redraw_without_origins_in_an_old_log_still_applies() -> None:
    t = build_demo(players=30)
    before = {p.id: (p.table, p.seat) for p in t.state.players.values() if p.table is not None}
    t.execute({"cmd": "redraw", "tables": 3})
    redrawn = [m for m in views.read(t).moves if m.kind == "redraw"]
    assert redrawn and all((m.from_table, m.from_seat) == before[m.player_id] for m in redrawn)
    old = _written_without(list(t.log), "from")
    assert all(ev.data.get("from") is None for ev in old)
    again = Tournament.replay(old)
    assert {p.id: (p.table, p.seat) for p in again.state.players.values()} == {
        p.id: (p.table, p.seat) for p in t.state.players.values()
    }
    assert not [m for m in views.read(again).moves if m.kind == "redraw"]


def test_the_view_is_kept_until_the_state_changes() -> None:
    t = build_demo(players=30)
    a, b = views.read(t, 100.0), views.read(t, 100.0)
    assert a is b
    c = views.read(t, 160.0)
    assert c.players is a.players and c.clock is not a.clock
    t.execute({"cmd": "note", "text": "hello"})
    assert views.read(t).players is not a.players


def test_tables_whose_hands_follow_the_clock_are_rebuilt_only_when_the_level_changes(monkeypatch) -> None:
    """The room display reads the view ten times a second: while tables have not reported a hand (their
    next hand follows the clock), the tables are made again only when the level or a break changes."""
    import sys

    from app.core.timesource import FakeClock
    from app.profiles.profile import load_profile

    read_module = sys.modules["app.views.read"]  # the module (``app.views.read`` the name is its function)
    t = Tournament.create(load_profile("tda"), name="Clock", time=FakeClock(), seed=1)
    for i in range(18):
        t.execute({"cmd": "register", "name": f"Player {i}"})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    state = t.state
    assert read_module._hands_follow_time(state)
    made = []
    real = read_module._tables
    monkeypatch.setattr(read_module, "_tables", lambda s, now=None: made.append(now) or real(s, now))
    views.forget()
    start = views.read(t).clock.at or 0.0
    level = views.read(t, start + 1).clock.level
    for second in range(2, 40):
        assert views.read(t, start + second).clock.level == level
    assert len(made) <= 2  # the first full view, and the first read at a new time within the level


def test_reg_3_a_late_entrant_waiting_is_offered_the_first_free_seat_before_any_balancing() -> None:
    from tests.app.money_kit import enter, make

    t = make("tda")
    enter(t, *[f"P{i:02d}" for i in range(18)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    assert all(table.population == table.max_seats for table in t.state.tables.values())
    enter(t, "Late Lou")  # late registration: every seat is taken, so he waits (REG-3)
    lou = t.state.players[t.state.by_name["late lou"]]
    assert lou.status == "waiting" and lou.entries == 1
    assert not any(p.kind == "seat" for p in views.read(t).pending)  # no seat free yet: nothing to offer
    t.execute({"cmd": "bust", "player": "P00"})
    pending = views.read(t).pending
    assert pending[0].kind == "seat" and pending[0].player_id == lou.id
    assert pending[0].command == {"cmd": "seat_waiting", "player": lou.id}
    assert pending[0].text() == "Seat Late Lou: waiting for a seat"
    t.execute(dict(pending[0].command))
    assert lou.status == "seated" and lou.table is not None
    assert not any(p.kind == "seat" for p in views.read(t).pending)
