"""The tables' commands and events are typed: each event says exactly what it changed, and files written
before (their events in older shapes) still read the same."""

from __future__ import annotations

from app.core.events import decode
from app.core.registry import DECLARED
from app.events.balancing import TableBroken
from app.events.base import what_changed
from app.events.seating import SeatsDrawn
from app.seating.draw import drawn_seats
from tests.app.tables_support import add_players, layout_tables, seat, tournament


def test_btn_4_the_button_commands_take_their_declarations() -> None:
    assert {"hand_finished", "set_button", "draw_button"} <= DECLARED.keys()


def test_btn_4_a_button_placed_or_a_hand_finished_changes_its_table_only() -> None:
    t = tournament("home-nl")
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat"})
    seat(t, 2, {1: "Dan", 2: "Eve", 3: "Fay"})
    placed = what_changed(t.execute({"cmd": "set_button", "table": 1, "seat": 1}))
    assert (placed.aspects, placed.players, placed.tables) == ({"tables"}, frozenset(), {1})
    cards = {"Dan": "2c", "Eve": "As", "Fay": "Kh"}
    drawn = what_changed(t.execute({"cmd": "draw_button", "table": 2, "cards": cards}))
    assert (drawn.players, drawn.tables) == (frozenset(), {2})
    assert t.state.tables[2].button == 2 and t.state.tables[2].draw_cards == {4: "2c", 5: "As", 6: "Kh"}
    finished = what_changed(t.execute({"cmd": "hand_finished", "table": 1}))
    # the newcomers dealt in are players of the table the event does not name: any player may have changed
    assert (finished.aspects, finished.players, finished.tables) == ({"players", "tables"}, None, {1})


def test_btn_4_a_small_blind_given_as_null_is_none_and_left_out_follows_the_button() -> None:
    t = tournament("home-nl")
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    table = t.state.tables[1]
    assert (table.button, table.sb, table.bb) == (1, 2, 3)
    t.execute({"cmd": "set_button", "table": 1, "seat": 1, "sb": None, "bb": 3})
    assert (table.button, table.sb, table.bb) == (1, None, 3)


def test_btn_1_a_hand_finished_written_by_an_older_floorman_reads_the_same() -> None:
    t = tournament("home-nl")
    seat(t, 1, {1: "Ann", 2: "Bob", 3: "Cat", 4: "Dan"})
    t.execute({"cmd": "set_button", "table": 1, "seat": 1})
    ev = t.execute({"cmd": "hand_finished", "table": 1})[-1]
    wire = ev.to_dict()
    assert wire["data"]["sitting_out"] == {} and wire["data"]["table"] == 1
    older = {k: v for k, v in wire["data"].items() if k not in ("halted", "waiting")}  # written before BAL-1, CLK-3
    again = decode({**wire, "data": {**older, "sitting_out": {"2": "between button and small blind"}}})
    assert again.type == "hand_finished" and again.data["sitting_out"] == {"2": "between button and small blind"}
    assert again.halted is None and again.waiting is None  # type: ignore[attr-defined]


def test_seat_1_the_seating_commands_take_their_declarations() -> None:
    assert {"open_table", "seat_all", "seat_player", "advance_winners", "redraw"} <= DECLARED.keys()


def test_seat_1_a_table_opened_or_a_player_seated_names_exactly_what_changed() -> None:
    t = tournament("home-nl")
    opened = what_changed(t.execute({"cmd": "open_table", "table": 3, "seats": 8}))
    assert (opened.aspects, opened.players, opened.tables) == ({"tables"}, frozenset(), {3})
    add_players(t, ["Ann"])
    ann = t.state.by_name["ann"]
    seated = what_changed(t.execute({"cmd": "seat_player", "player": "Ann", "table": 3, "seat": 5}))
    assert (seated.players, seated.tables) == ({ann}, {3})
    assert (t.state.players[ann].table, t.state.players[ann].seat) == (3, 5)


def test_seat_1_the_draw_is_written_in_the_same_shape_and_read_back_typed() -> None:
    t = tournament("tda", seed=3)
    add_players(t, [f"P{i:02d}" for i in range(1, 25)])
    drawn = next(ev for ev in t.execute({"cmd": "seat_all"}) if ev.type == "seats_drawn")
    wire = drawn.to_dict()
    assert set(wire["data"]) == {"method", "seated", "sizes", "button_cards", "buttons"}
    assert all(isinstance(k, str) and set(pos) == {"button", "sb_seat", "sb", "bb"}
               for k, pos in wire["data"]["buttons"].items())
    again = decode(wire)
    assert isinstance(again, SeatsDrawn) and again == drawn
    assert list(again.places()) == list(drawn_seats(wire["data"]))
    assert what_changed([again]).players is None  # everyone drew: any player changed


def test_bal_1_the_balancing_commands_take_their_declarations() -> None:
    assert {"move", "balance", "break_table", "waive_halt", "lock_seat", "unlock_seat"} <= DECLARED.keys()


def _people(prefix: str, seats: list[int]) -> dict[int, str]:
    return {s: f"{prefix}{s}" for s in seats}


def test_brk_1_a_broken_table_names_exactly_its_players_and_the_tables_they_went_to() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _people("A", [1, 2, 3, 4, 5, 6]), 2: _people("B", [1, 2, 3, 4, 5, 6]),
                      3: _people("C", [1, 2, 3, 4])})
    leaving = {t.state.by_name[f"c{s}"] for s in (1, 2, 3, 4)}
    cards = {"C1": "2c", "C2": "As", "C3": "Td", "C4": "Th"}
    order = [[2, 8], [1, 7], [2, 7], [1, 8]]
    events = t.execute({"cmd": "break_table", "table": 3, "cards": cards, "seat_order": order})
    broken = next(ev for ev in events if ev.type == "table_broken")
    assert isinstance(broken, TableBroken) and broken.from_seats == {t.state.by_name[f"c{s}"]: s for s in (1, 2, 3, 4)}
    changed = what_changed(events)
    assert (changed.aspects, changed.players, changed.tables) == ({"players", "tables"}, leaving, {1, 2, 3})
    # an older file's event: no from_seats, so the seats come from the broken table when it is applied
    older = decode({**broken.to_dict(), "data": {k: v for k, v in broken.data.items() if k != "from_seats"}})
    assert set(older.touched_players() or ()) == leaving


def test_bal_1_a_move_and_a_lock_name_what_they_change() -> None:
    t = tournament("tda")
    layout_tables(t, {1: _people("A", [1, 2, 3, 4, 5, 6]), 2: _people("B", [1, 2, 3, 4])})
    a1 = t.state.by_name["a1"]
    moved = what_changed(t.execute({"cmd": "move", "player": "A1", "table": 2, "seat": 7}))
    assert (moved.players, moved.tables) == ({a1}, {1, 2})
    assert (t.state.players[a1].table, t.state.players[a1].seat) == (2, 7)
    locked = what_changed(t.execute({"cmd": "lock_seat", "player": "A1", "reason": "wheelchair"}))
    assert (locked.players, locked.tables) == ({a1}, None)  # the lock shows at his seat, wherever it is
    unlocked = what_changed(t.execute({"cmd": "unlock_seat", "player": "A1"}))
    assert unlocked.players == {a1}
    assert "seat_locks" not in t.state.extra


def test_bal_1_a_waived_halt_names_its_table_only() -> None:
    from tests.app.test_halting import _halted_field

    t = _halted_field()
    waived = what_changed(t.execute({"cmd": "waive_halt", "table": 2, "reason": "two hands to the break"}))
    assert (waived.aspects, waived.players, waived.tables) == ({"tables"}, frozenset(), {2})
    assert t.state.extra["halt_waived"]["2"]["reason"] == "two hands to the break"
