"""The tournament's own commands, the payouts, hand-for-hand, satellites, deals and chips are declared
and logged as typed classes: each handler takes its declaration, each event is a typed class saying
what it changes, and the events files keep read back to the same data."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import msgspec

from app.core.events import decode, to_wire
from app.core.registry import COMMANDS, DECLARED
from app.engine import Tournament, profile_of
from app.events.base import EVENT_TYPES, what_changed
from app.events.chips import ChipCountApplied, ChipCountFlagged, ChipsFound, ChipsRaced, RaceTable
from app.events.eliminations import (
    DealRecorded,
    HandForHandEnded,
    HandForHandRoundFinished,
    HandForHandStarted,
    PayoutsLocked,
    PayoutsSet,
    PayoutsUnlocked,
    SeatsWon,
)
from app.events.tournament import NoteWritten, SettingsChanged, TournamentCreated
from tests.app.money_kit import enter, make
from tests.app.test_chiprace import at_break_after_four, stacks

START = 10_000  # the TDA profile's starting stack
RELEASE_DIR = Path(__file__).resolve().parents[1] / "db" / "fixtures" / "release-1"

AREA_COMMANDS = (
    "note", "change_settings", "set_payouts", "lock_payouts", "unlock_payouts", "hand_for_hand",
    "hand_for_hand_round", "award_seats", "record_deal", "chip_count", "accept_chip_count", "chip_race",
    "found_chips",
)
AREA_EVENTS = {
    "tournament_created": TournamentCreated, "note": NoteWritten, "settings_changed": SettingsChanged,
    "payouts_set": PayoutsSet, "payouts_locked": PayoutsLocked, "payouts_unlocked": PayoutsUnlocked,
    "hand_for_hand_started": HandForHandStarted, "hand_for_hand_ended": HandForHandEnded,
    "hand_for_hand_round": HandForHandRoundFinished, "seats_won": SeatsWon, "deal_recorded": DealRecorded,
    "chip_count_flagged": ChipCountFlagged, "chip_count_applied": ChipCountApplied, "chips_raced": ChipsRaced,
    "chips_found": ChipsFound,
}


def _two_tables() -> Tournament:
    """Eight players at two tables of four, the clock started."""
    t = make("tda", table__max_seats=6, final_table__size=6)
    enter(t, *[f"P{i}" for i in range(1, 9)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t


def _at(t: Tournament, number: int) -> list[str]:
    return [t.state.players[pid].name for _, pid in sorted(t.state.tables[number].seats.items())]


def test_every_command_of_the_area_takes_its_declaration():
    assert all(name in COMMANDS for name in AREA_COMMANDS)
    assert [name for name in AREA_COMMANDS if name not in DECLARED] == []


def test_every_event_of_the_area_is_known_by_its_typed_class():
    assert {name: EVENT_TYPES.get(name) for name in AREA_EVENTS} == AREA_EVENTS


def test_the_creation_is_a_typed_event_and_the_profile_is_read_back_from_a_log():
    t = make("home-nl")
    first = t.log[0]
    assert isinstance(first, TournamentCreated)
    assert to_wire(first)["data"] == {"profile": t.state.profile.to_dict(), "name": "Test", "seed": 3}
    again = decode(to_wire(first))
    assert isinstance(again, TournamentCreated) and again.title == "Test" and again.seed == 3
    assert profile_of([again]).to_dict() == t.state.profile.to_dict()
    # a creation as a file without name or seed keeps it: the defaults
    bare = decode({"type": "tournament_created", "data": {"profile": t.state.profile.to_dict()}, "at": 5.0})
    assert isinstance(bare, TournamentCreated) and (bare.title, bare.seed, bare.at) == ("", 0, 5.0)
    assert Tournament.replay([bare]).state.profile == t.state.profile


def test_a_note_changes_the_notes_and_no_player_or_table():
    t = make()
    events = t.execute({"cmd": "note", "text": "  Seat 4 ruled all-in  "})
    assert events == [NoteWritten(text="Seat 4 ruled all-in", at=events[0].at)]
    changed = what_changed(events)
    assert changed.aspects == {"notes"} and changed.players == frozenset() and changed.tables == frozenset()


def test_settings_and_payouts_are_typed_events():
    t = _two_tables()
    (ev,) = t.execute({"cmd": "change_settings", "settings": {"payout.percents": [60, 40]}})
    assert isinstance(ev, SettingsChanged) and ev.settings == {"payout.percents": [60, 40]}
    (ev,) = t.execute({"cmd": "set_payouts", "amounts_cents": [50000, 30000]})
    assert ev == PayoutsSet(amounts_cents=[50000, 30000], at=ev.at)
    assert what_changed([ev]).aspects == {"payouts"} and what_changed([ev]).tables == frozenset()
    (ev,) = t.execute({"cmd": "set_payouts", "amounts_cents": None})
    assert ev.amounts_cents is None and t.state.payout_override is None
    (ev,) = t.execute({"cmd": "lock_payouts"})
    assert isinstance(ev, PayoutsLocked) and not ev.auto and t.state.payout_lock["prizes_cents"] == ev.prizes_cents
    (ev,) = t.execute({"cmd": "unlock_payouts", "confirm": True})
    assert isinstance(ev, PayoutsUnlocked) and t.state.payout_lock is None


def test_hand_for_hand_is_typed_and_runs_the_clocks_commands():
    t = _two_tables()
    on = t.execute({"cmd": "hand_for_hand", "on": True})
    assert [type(e).__name__ for e in on][0] == "HandForHandStarted" and on[0].first_batch == 0
    assert t.state.clock.get("running") is False  # the pause ran as part of it
    rounds = t.execute({"cmd": "hand_for_hand_round"})
    finished = [e for e in rounds if isinstance(e, HandForHandRoundFinished)]
    assert len(finished) == 1 and finished[0].round == 1 and finished[0].deducted
    off = t.execute({"cmd": "hand_for_hand", "on": False})
    assert isinstance(off[0], HandForHandEnded) and off[0].rounds == 1
    assert t.state.clock.get("running") is True


def test_a_count_that_does_not_add_up_is_a_typed_flag_and_its_acceptance_a_typed_count():
    t = _two_tables()
    one = _at(t, 1)
    counts = {name: START for name in one}
    counts[one[0]] -= 100
    (flag,) = t.execute({"cmd": "chip_count", "counts": counts})
    assert isinstance(flag, ChipCountFlagged) and flag.differences == [(1, -100)]
    assert t.state.pending_count["differences"] == [[1, -100]]  # kept as the file and a snapshot keep it
    assert what_changed([flag]).players == frozenset() and what_changed([flag]).tables == frozenset({1})
    (applied,) = t.execute({"cmd": "accept_chip_count"})
    assert isinstance(applied, ChipCountApplied) and applied.correction and applied.tables == [1]
    counted = {p.name: p.stack for p in t.state.players.values() if p.name in one}
    assert counted == counts
    assert t.state.extra["chip_corrections"][0]["differences"] == [[1, -100]]


def test_a_count_logged_before_the_loose_chips_went_with_their_holders_replays_the_same():
    t = _two_tables()
    one = _at(t, 1)
    t.execute({"cmd": "bust", "player": one[0]})
    counts = {name: START for name in one[1:]}
    counts[one[1]] += START
    t.execute({"cmd": "chip_count", "counts": counts})
    wire = [to_wire(ev) for ev in t.log]
    old = json.loads(json.dumps(wire))
    for raw in old:
        if raw["type"] == "chip_count_applied":
            del raw["data"]["taken"], raw["data"]["tables"]
    replayed = Tournament.replay([decode(raw) for raw in old])
    applied = [ev for ev in replayed.log if isinstance(ev, ChipCountApplied)]
    assert len(applied) == 1 and applied[0].taken is None and applied[0].tables is None
    assert replayed.state.loose_chips == t.state.loose_chips == {}
    assert {p.name: p.stack for p in replayed.state.players.values()} == {
        p.name: p.stack for p in t.state.players.values()}


def test_a_chip_race_logs_one_typed_record_per_table_and_racer():
    t, _ = at_break_after_four()  # odd 5s: Bob 3, Di 4, Cy 1 (his only chip), Ann 2; the pool buys 2
    events = t.execute({"cmd": "chip_race", "denomination": 5, "results": {"Di": 1, "Ann": True, "Bob": 0}})
    (raced,) = [e for e in events if isinstance(e, ChipsRaced)]
    assert (raced.denomination, raced.next, raced.removed, raced.added) == (5, 25, 50, 75)
    (table,) = raced.tables
    assert isinstance(table, RaceTable) and table.by == "results" and table.chips == 2
    assert [(r.name, r.odd, r.chip, r.added) for r in table.racers] == [
        ("Bob", 3, False, False), ("Di", 4, True, False), ("Cy", 1, False, True), ("Ann", 2, True, False)]
    assert stacks(t) == {"Bob": 1975, "Di": 4000, "Cy": 25, "Ann": 2025}
    # the view's last race is the event's fields as plain data; a race by the cards has no "by"
    last = t.view("chip_race")["chip_race"]["last"]
    assert last["tables"] == msgspec.to_builtins(raced.tables) and last["tables"][0]["by"] == "results"
    assert "by" not in msgspec.to_builtins(RaceTable(table=1, pool_value=0, chips=0, racers=[]))


def _release_events(names: set[str]) -> list[dict[str, Any]]:
    out = []
    for path in sorted(RELEASE_DIR.glob("*.floorman")):
        con = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
        try:
            for (text,) in con.execute("SELECT events FROM actions ORDER BY seq"):
                out += [raw for raw in json.loads(text) if raw["type"] in names]
        finally:
            con.close()
    return out


def test_the_events_release_1_wrote_read_back_typed_to_the_same_data():
    found = _release_events(set(AREA_EVENTS))
    assert {raw["type"] for raw in found} >= {"tournament_created", "note", "chip_count_flagged",
                                               "chip_count_applied", "hand_for_hand_started", "seats_won"}
    for raw in found:
        ev = decode(raw)
        assert isinstance(ev, AREA_EVENTS[raw["type"]]), raw["type"]
        # what the store writes for it (db.writer: the wire shape as JSON) is what the file holds
        assert json.loads(msgspec.json.encode(to_wire(ev))) == raw
