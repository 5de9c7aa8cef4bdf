"""Section 20.9: chips in play never exceed the chips issued, and a player's chips go with him when his
table breaks or he moves, the chips he won from busted players and nobody counted yet included."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import Tournament
from app.views import read
from tests.app.money_kit import enter, make, refused

START = 10_000  # the TDA profile's starting stack


def _two_tables() -> Tournament:
    """Eight players at two tables of four (six seats each), the clock started."""
    t = make("tda", table__max_seats=6, final_table__size=6)
    enter(t, *[f"P{i}" for i in range(1, 9)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    return t


def _at(t: Tournament, number: int) -> list[str]:
    return [t.state.players[pid].name for _, pid in sorted(t.state.tables[number].seats.items())]


def _chips(t: Tournament) -> dict[str, Any]:
    return t.view("chips")["chips"]


def test_brk_1_chips_won_from_busted_players_go_with_their_holders_when_a_table_breaks():
    t = _two_tables()
    one, two = _at(t, 1), _at(t, 2)
    # At each table a player busts; the winner's new stack is counted by nobody.
    t.execute({"cmd": "bust", "player": one[0]})
    t.execute({"cmd": "bust", "player": two[0]})
    t.execute({"cmd": "break_table", "table": 2})
    assert sorted(_at(t, 1)) == sorted(one[1:] + two[1:])
    assert _chips(t)["loose_at"] == {"1": [1], "2": [1]}  # table 2's lot went with its players
    # The final table's count of every chip: the two winners hold 20,000 each, the others 10,000.
    counts = {name: START for name in _at(t, 1)}
    counts[one[1]] += START
    counts[two[1]] += START
    assert sum(counts.values()) == 8 * START
    t.execute({"cmd": "chip_count", "counts": counts})
    chips = _chips(t)
    assert t.state.pending_count is None  # it adds up: nothing flagged
    assert (chips["issued"], chips["in_play"], chips["expected"], chips["loose"]) == (80_000, 80_000, 80_000, {})
    assert chips["corrections"] == []
    field = read(t).field
    assert field.average_stack == round(80_000 / 6) and field.average_stack * field.players_left <= 80_000


def test_brk_1_a_player_moved_carries_his_uncounted_winnings_and_each_table_still_adds_up():
    t = _two_tables()
    one, two = _at(t, 1), _at(t, 2)
    t.execute({"cmd": "bust", "player": two[0]})  # two[1] won his 10,000
    seat = t.state.tables[1].open_seats()[0]
    t.execute({"cmd": "move", "player": two[1], "table": 1, "seat": seat})
    # Table 2 counted without him: his winnings left with him, so nothing is missing there.
    t.execute({"cmd": "chip_count", "counts": {name: START for name in _at(t, 2)}})
    assert t.state.pending_count is None and _chips(t)["loose_at"] == {"2": [1]}
    # Table 1 counted with him: the 10,000 he carried are found, not added.
    counts = {name: START for name in _at(t, 1)}
    counts[two[1]] = 2 * START
    t.execute({"cmd": "chip_count", "counts": counts})
    chips = _chips(t)
    assert t.state.pending_count is None and chips["loose"] == {} and chips["corrections"] == []
    assert chips["in_play"] == chips["issued"] == 80_000
    assert one  # table 1's own players were counted too


def test_chips_20_9_a_count_never_puts_more_chips_in_play_than_were_issued():
    t = _two_tables()
    one = _at(t, 1)
    too_many = {name: START for name in one}
    too_many[one[0]] += 5_000
    for accept in (False, True):
        err = refused(t, {"cmd": "chip_count", "counts": too_many, "accept": accept}, "CHIPS_EXCEED_ISSUED")
        assert "85,000 chips in play" in err.message and "only 80,000 were issued" in err.message
        assert "5,000 too many" in err.message and "table 1 +5,000" in err.message
    # A count 500 short is a correction the director may accept ...
    short = {name: START for name in one}
    short[one[1]] -= 500
    t.execute({"cmd": "chip_count", "counts": short, "accept": True})
    assert _chips(t)["in_play"] == 79_500
    # ... and the 500 found later bring play back to what was issued, never above it.
    found = {name: START for name in one}
    found[one[2]] += 1
    refused(t, {"cmd": "chip_count", "counts": found, "accept": True}, "CHIPS_EXCEED_ISSUED")
    t.execute({"cmd": "chip_count", "counts": {name: START for name in one}, "accept": True})
    assert _chips(t)["in_play"] == 80_000


def test_brk_1_a_final_count_missing_the_broken_tables_chips_is_flagged_short_not_added():
    t = _two_tables()
    one, two = _at(t, 1), _at(t, 2)
    t.execute({"cmd": "bust", "player": one[0]})
    t.execute({"cmd": "bust", "player": two[0]})
    t.execute({"cmd": "break_table", "table": 2})
    # Everyone counted at the starting stack: the 20,000 won from the busted players are not there.
    t.execute({"cmd": "chip_count", "counts": {name: START for name in _at(t, 1)}})
    assert t.state.pending_count is not None and t.state.pending_count["differences"] == [[1, -20_000]]
    t.execute({"cmd": "accept_chip_count"})
    chips = _chips(t)
    assert chips["in_play"] == chips["expected"] == 60_000 and chips["loose"] == {}
    assert two


def test_chips_20_9_the_room_displays_average_stack_is_taken_over_the_chips_the_field_holds():
    t = _two_tables()
    one = _at(t, 1)
    t.execute({"cmd": "bust", "player": one[0]})
    field = read(t).field
    assert field.players_left == 7 and field.average_stack == round(80_000 / 7)


@pytest.mark.parametrize("redraw", [False, True])
def test_brk_3_a_redraw_takes_every_uncounted_lot_to_the_new_tables(redraw: bool):
    t = _two_tables()
    one, two = _at(t, 1), _at(t, 2)
    t.execute({"cmd": "bust", "player": one[0]})
    t.execute({"cmd": "bust", "player": two[0]})
    if redraw:
        t.execute({"cmd": "redraw", "tables": 1})
    else:
        t.execute({"cmd": "break_table", "table": 2})
    names = _at(t, 1)
    counts = {name: START for name in names}
    counts[one[1]] += START
    counts[two[1]] += START
    t.execute({"cmd": "chip_count", "counts": counts})
    assert t.state.pending_count is None and _chips(t)["in_play"] == 80_000


def test_race_3_after_a_break_the_race_asks_to_count_the_table_the_uncounted_chips_went_to():
    from app.core.timesource import FakeClock
    from app.profiles.profile import load_profile, profile_from_dict

    data = load_profile("hat").to_dict()
    data["settings"] = {**data["settings"], "structure.id": "hat", "table.max_seats": 6, "final_table.size": 6}
    clock = FakeClock()
    t = Tournament.create(profile_from_dict(data), time=clock, seed=5)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    enter(t, *names)
    t.execute({"cmd": "seat_all", "seats": {n: [1 + i // 4, i % 4 + 1] for i, n in enumerate(names)}})
    t.execute({"cmd": "start_clock", "level": 4})
    t.execute({"cmd": "bust", "player": "Ann"})
    t.execute({"cmd": "bust", "player": "Eve"})
    t.execute({"cmd": "break_table", "table": 2})
    clock.advance(30 * 60 + 5)  # the break after level 4: the fives race off
    err = refused(t, {"cmd": "chip_race", "denomination": 5}, "NEEDS_INPUT")
    assert err.message.startswith("Table 1 holds 4,000 chips won from busted players")
    assert err.question is not None and sorted(err.question.keys) == sorted(set(names) - {"Ann", "Eve"})


def _three_tables() -> Tournament:
    """Twelve players at three tables of four, the clock started."""
    t = make("tda", table__max_seats=4, final_table__size=4)
    enter(t, *[f"P{i}" for i in range(1, 13)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    assert sorted(len(table.seats) for table in t.state.tables.values()) == [4, 4, 4]
    return t


def test_chips_20_9_an_emptied_tables_uncounted_chips_stay_in_play_until_a_count_finds_them():
    """Found by the deep fuzz: every player of a table busted, then the empty table broke. Its 40,000 loose
    chips could be at any table left, but the count of one table dropped them from play."""
    t = _three_tables()
    for name in _at(t, 3):
        t.execute({"cmd": "bust", "player": name})
    t.execute({"cmd": "break_table", "table": 3})
    assert _chips(t)["loose_at"] == {"3": [1, 2]}  # where somebody sits; nobody is away from a table
    # Table 1 counted at its stacks: the lot is not there, so it is still at table 2.
    t.execute({"cmd": "chip_count", "counts": {name: START for name in _at(t, 1)}})
    chips = _chips(t)
    assert t.state.pending_count is None and chips["corrections"] == []
    assert chips["loose"] == {"3": 40_000} and chips["loose_at"] == {"3": [2]}
    assert chips["in_play"] == chips["issued"] == chips["expected"] == 120_000
    # Table 2 counted without them: the lot had to be there, so the count is flagged short.
    two = _at(t, 2)
    t.execute({"cmd": "chip_count", "counts": {name: START for name in two}})
    assert t.state.pending_count is not None and t.state.pending_count["differences"] == [[2, -40_000]]
    # Counted with them: it adds up, nothing added or removed.
    counts = {name: START for name in two}
    counts[two[0]] += 40_000
    t.execute({"cmd": "chip_count", "counts": counts})
    chips = _chips(t)
    assert t.state.pending_count is None and chips["loose"] == {} and chips["corrections"] == []
    assert (chips["in_play"], chips["added"], chips["removed"]) == (120_000, 0, 0)
    assert Tournament.replay(t.log).state == t.state


def test_chips_20_9_a_lot_that_may_be_at_more_than_32_tables_is_anywhere_and_a_full_count_still_expects_it():
    """In a field of hundreds of tables a lot's list of tables would only grow; past 32 it is kept as
    "any table somebody sits at". A count of every table still expects it whole; a count of one table
    takes what its surplus shows; moves and breaks leave it anywhere without a look at its tables."""
    from app.chips import loose
    from app.core.state import Table, TournamentState

    state = TournamentState()
    for n in range(1, 41):
        state.tables[n] = Table(number=n, max_seats=9, seats={1: n})
    loose.add(state, 1, 500, at=1)
    for dst in range(2, 33):
        loose.moved(state, 1, dst)
    assert state.loose_tables[1] == list(range(1, 33))  # 32 tables: still listed
    assert loose.where(state, 1) == set(range(1, 33))
    loose.moved(state, 1, 33)
    assert state.loose_tables[1] == loose.ANYWHERE
    assert loose.where(state, 1) == set(range(1, 41))
    del state.tables[40]
    loose.broken(state, 40, {39})
    loose.moved(state, 2, 39)
    assert state.loose_tables[1] == loose.ANYWHERE and loose.where(state, 1) == set(range(1, 40))
    loose.add(state, 1, 100, at=5)  # more chips won into the lot: still anywhere
    assert state.loose_tables[1] == loose.ANYWHERE and state.loose_chips[1] == 600
    every = set(range(1, 40))
    whole = loose.settle(state, {t: 0 for t in every}, {t: 0 for t in every})
    assert whole.total == -600 and whole.taken == [[1, 600]]  # a full count that misses it: short 600
    found = loose.settle(state, {7: 250}, {7: 0})
    assert found.total == 0 and found.taken == [[1, 250]]  # one table's surplus is taken from it
