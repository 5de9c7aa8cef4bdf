"""Absent players, forfeits, no-shows, the waiting list, refunds and chip counts (ABS, REG, ENT-10)."""

from __future__ import annotations

from tests.app.money_kit import at_level, begin, enter, make, players, refused


def _seated_home_nl(n: int = 4):
    t = make("home-nl")
    enter(t, *[f"P{i}" for i in range(n)])
    t.execute({"cmd": "seat_all"})
    return t


def test_abs_3_forfeit_after_20_minutes_splits_chips_and_odd_units_go_to_the_bank(monkeypatch):
    t = _seated_home_nl(4)
    at_level(monkeypatch, 2)
    t.execute({"cmd": "absent", "player": "P0"})
    refused(t, {"cmd": "forfeit", "player": "P0"}, "WINDOW_CLOSED")
    t.time.advance(20 * 60)
    refused(t, {"cmd": "returned", "player": "P0"}, "WINDOW_CLOSED")
    t.execute({"cmd": "forfeit", "player": "P0", "stack": 1010})
    ps = players(t)
    # 1010 chips = 202 units of 5: 67 units (335 chips) each to three players, 1 unit to the bank
    assert [ps[f"P{i}"]["stack"] for i in (1, 2, 3)] == [1335, 1335, 1335]
    assert (ps["P0"]["status"], ps["P0"]["place"], ps["P0"]["out_reason"]) == ("out", 4, "forfeit")
    chips = t.view("chips")["chips"]
    assert chips["removed"] == 5 and chips["in_play"] == chips["expected"]


def test_abs_3_declared_long_absence_forfeits_at_once_and_return_in_time_continues(monkeypatch):
    t = _seated_home_nl(4)
    t.execute({"cmd": "absent", "player": "P1"})
    t.time.advance(19 * 60)
    t.execute({"cmd": "returned", "player": "P1"})
    assert players(t)["P1"]["absent_since"] is None
    t.execute({"cmd": "absent", "player": "P2", "long": True})
    assert players(t)["P2"]["status"] == "out"


def test_abs_2_forfeit_not_offered_under_tda():
    t = make("tda")
    enter(t, "Ann", "Bob")
    t.execute({"cmd": "absent", "player": "Ann"})
    refused(t, {"cmd": "forfeit", "player": "Ann"}, "NOT_OFFERED")
    refused(t, {"cmd": "no_show", "players": ["Ann"]}, "NOT_OFFERED")


def test_reg_5_no_show_chips_removed_at_level_2(monkeypatch):
    t = _seated_home_nl(4)
    t.execute({"cmd": "absent", "player": "P3"})
    at_level(monkeypatch, 1)
    refused(t, {"cmd": "no_show", "players": ["P3"]}, "WINDOW_CLOSED")
    at_level(monkeypatch, 2)
    refused(t, {"cmd": "no_show", "players": ["P2"]}, "INVALID_INPUT")
    t.execute({"cmd": "no_show", "players": ["P3"]})
    assert (players(t)["P3"]["place"], t.view("chips")["chips"]["removed"]) == (4, 1000)
    assert t.view("money")["money"]["pool_cents"] == 10000  # the entry fee stays in the pool


def test_reg_3_waiting_entrant_seated_when_a_seat_frees_or_refunded_after_level_1(monkeypatch):
    t = make("home-rebuy")
    enter(t, *[f"P{i}" for i in range(10)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    at_level(monkeypatch, 1)
    enter(t, "W1", "W2")
    refused(t, {"cmd": "seat_waiting"}, "NO_OPEN_SEAT")
    refused(t, {"cmd": "refund_waiting"}, "WINDOW_CLOSED")
    t.execute({"cmd": "bust", "player": "P0"})
    t.execute({"cmd": "decline_rebuy", "player": "P0"})
    t.execute({"cmd": "seat_waiting"})
    assert players(t)["W1"]["status"] == "seated"
    at_level(monkeypatch, 2)
    t.execute({"cmd": "refund_waiting"})
    w2 = players(t)["W2"]
    assert (w2["status"], w2["refunded"], w2["place"]) == ("out", True, None)
    money = t.view("money")["money"]
    assert (money["pool_cents"], money["refunds_cents"], money["entrants"]) == (22000, 2000, 11)
    assert players(t)["P0"]["place"] == 11


def test_reg_1_withdrawal_promotes_the_first_waiting_and_forfeit_at_start_records_the_fee():
    t = make("campus", reg__cap=2)
    ids = {n: {"first_name": n, "last_name": "X", "student_id": n} for n in ("A", "B", "C", "D")}
    for n in ids:
        t.execute({"cmd": "register", "name": n, "identity": ids[n]})
    assert [players(t)[n]["status"] for n in "ABCD"] == ["registered", "registered", "waiting", "waiting"]
    t.execute({"cmd": "withdraw", "player": "A"})
    assert players(t)["C"]["status"] == "registered"
    t.execute({"cmd": "forfeit_at_start", "players": ["B"]})
    money = t.view("money")["money"]
    assert (money["forfeit_fees_cents"], money["pool_cents"]) == (2000, 0)
    assert players(t)["D"]["status"] == "registered"
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    refused(t, {"cmd": "forfeit_at_start", "players": ["C"]}, "ALREADY_STARTED")


def test_chip_count_that_does_not_add_up_is_flagged_per_table_then_accepted_as_a_correction():
    t = make("tda")
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    t.execute({"cmd": "bust", "player": "Cat"})
    refused(t, {"cmd": "chip_count", "counts": {"Ann": 20000}}, "INVALID_INPUT")
    refused(t, {"cmd": "chip_count", "counts": {"Ann": -1, "Bob": 5}}, "INVALID_INPUT")
    t.execute({"cmd": "chip_count", "counts": {"Ann": 20000, "Bob": 9000}})
    chips = t.view("chips")["chips"]
    assert chips["discrepancy"] == {"1": -1000}
    assert players(t)["Ann"]["stack"] == 10000  # nothing changes until accepted
    t.execute({"cmd": "accept_chip_count"})
    chips = t.view("chips")["chips"]
    assert (chips["removed"], chips["in_play"], chips["discrepancy"]) == (1000, 29000, {})
    t.execute({"cmd": "chip_count", "counts": {"Ann": 19000, "Bob": 10000}})
    assert players(t)["Ann"]["stack"] == 19000 and t.view("chips")["chips"]["corrections"][-1]["total"] == -1000


def test_abs_3_split_unit_is_the_smallest_chip_still_in_play_after_a_race():
    t = _seated_home_nl(4)
    t.execute({"cmd": "start_clock", "level": 4})  # from level 4 on every amount is a multiple of 25 (RACE-2)
    t.execute({"cmd": "chip_count", "counts": {f"P{i}": 1000 for i in range(4)}})
    t.execute({"cmd": "chip_race", "denomination": 5})  # no odd 5s anywhere: the 5 simply leaves play
    assert t.view("chip_race")["chip_race"]["in_play"] == [25, 100, 500, 1000]
    t.execute({"cmd": "absent", "player": "P0"})
    t.time.advance(20 * 60)
    t.execute({"cmd": "forfeit", "player": "P0", "stack": 1000})
    ps = players(t)
    # 1000 chips = 40 units of 25: 13 units (325 chips) each to three players, 1 unit (25) to the bank;
    # in units of the raced-off 5 it would have been 330 each and 10 to the bank.
    assert [ps[f"P{i}"]["stack"] for i in (1, 2, 3)] == [1325, 1325, 1325]
    chips = t.view("chips")["chips"]
    assert chips["removed"] == 25 and chips["in_play"] == chips["expected"]


def test_ent_5_a_count_cannot_give_chips_to_a_player_deciding_on_a_rebuy() -> None:
    """Found by the chip-conservation property: a player who lost every chip is counted at 0 or not at all."""
    import pytest

    import app.entries.ledger
    from app.chips.chipcount import chips_in_play

    t = make("home-rebuy")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(app.entries.ledger, "current_level", lambda state, now: 1)
        mp.setattr(app.entries.ledger, "in_break", lambda state, now: False)
        for name in ("S0", "S1", "S2"):
            t.execute({"cmd": "register", "name": name})
        begin(t)
        t.execute({"cmd": "bust", "players": ["S0", "S1"], "stacks": {"S0": 1, "S1": 1}})
        before = t.snapshot()
        _, err = t.try_execute({"cmd": "chip_count", "counts": {"S0": 1}, "accept": True})
        assert err is not None and err.code == "INVALID_INPUT" and "deciding on a rebuy" in err.message
        assert t.state == before
        t.execute({"cmd": "decline_rebuy", "player": "S0"})
        s = t.state
        assert s.chips_issued + s.chips_added - s.chips_removed == chips_in_play(s)
