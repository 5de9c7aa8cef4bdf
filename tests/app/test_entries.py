"""Registration, buy-ins, late entry, re-entry and purchase caps (ENT-1, ENT-2, ENT-8, ENT-9, REG-*)."""

from __future__ import annotations

import app.seating.draw  # noqa: F401  (registers seat_all)
import app.seating.seat_player  # noqa: F401  (registers seat_player)
from tests.app.money_kit import at_level, begin, enter, make, players, refused


def test_ent_1_register_takes_the_buy_in_and_grants_the_start_stack():
    t = make("home-nl")
    enter(t, "Ann", "Bob")
    ann = players(t)["Ann"]
    assert (ann["stack"], ann["paid_cents"], ann["entries"]) == (1000, 2500, 1)
    money = t.view("money")["money"]
    assert (money["pool_cents"], money["entrants"], money["entries"]) == (5000, 2, 2)
    assert money["log_totals"] == {"pool": 5000}


def test_ent_1_register_without_paying_then_buy_in():
    t = make("home-nl")
    t.execute({"cmd": "register", "name": "Ann", "pay": False})
    assert players(t)["Ann"]["entries"] == 0
    assert t.view("money")["money"]["pool_cents"] == 0
    t.execute({"cmd": "buy_in", "player": "Ann"})
    assert players(t)["Ann"]["stack"] == 1000
    refused(t, {"cmd": "buy_in", "player": "Ann"}, "LIMIT_REACHED")


def test_ent_2_house_fee_is_not_prize_money():
    t = make("tda", money__fee_cents=1000, money__buy_in_cents=10000)
    enter(t, "Ann")
    money = t.view("money")["money"]
    assert (money["pool_cents"], money["fees_cents"]) == (10000, 1000)
    assert players(t)["Ann"]["paid_cents"] == 11000


def test_ent_1_buy_in_amount_must_be_the_price_in_whole_cents():
    t = make("home-nl")
    refused(t, {"cmd": "register", "name": "Ann", "amount_cents": 2000}, "AMOUNT_INVALID")
    refused(t, {"cmd": "register", "name": "Ann", "amount_cents": 2500.5}, "AMOUNT_INVALID")
    refused(t, {"cmd": "register", "name": "Ann", "amount_cents": -2500}, "AMOUNT_INVALID")


def test_reg_register_refuses_a_duplicate_name_and_an_empty_one():
    t = make()
    enter(t, "Ann Lee")
    refused(t, {"cmd": "register", "name": "  ann   lee "}, "DUPLICATE_NAME")
    refused(t, {"cmd": "register", "name": " "}, "INVALID_INPUT")
    refused(t, {"cmd": "register"}, "INVALID_INPUT")


def test_reg_1_identity_fields_are_required_in_the_campus_profile():
    t = make("campus")
    refused(t, {"cmd": "register", "name": "Ann", "identity": {"first_name": "Ann"}}, "MISSING_IDENTITY")
    ident = {"first_name": "Ann", "last_name": "Lee", "student_id": "S1"}
    t.execute({"cmd": "register", "name": "Ann", "identity": ident})
    assert players(t)["Ann"]["status"] == "registered"


def _campus_ident(i: int) -> dict[str, str]:
    return {"first_name": f"P{i}", "last_name": "X", "student_id": str(i)}


def test_reg_1_cap_of_30_waitlists_the_31st_or_refuses_when_asked():
    t = make("campus")
    for i in range(30):
        t.execute({"cmd": "register", "name": f"P{i}", "identity": _campus_ident(i)})
    refused(t, {"cmd": "register", "name": "Late", "identity": _campus_ident(99), "waitlist": False}, "CAP_REACHED")
    t.execute({"cmd": "register", "name": "Late", "identity": _campus_ident(99)})
    late = players(t)["Late"]
    assert (late["status"], late["waiting"], late["entries"]) == ("waiting", True, 0)
    assert t.view("money")["money"]["entrants"] == 30


def test_reg_6_no_late_entry_in_the_hat_profile_once_started():
    t = make("hat")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    enter(t, "Dan")  # the draw does not start the tournament (section 20.6): he is seated at once
    assert players(t)["Dan"]["status"] == "seated"
    t.execute({"cmd": "start_clock"})
    refused(t, {"cmd": "register", "name": "Eve"}, "NOT_OFFERED")


def test_reg_3_late_entry_is_seated_in_level_1_and_refused_after(monkeypatch):
    t = make("home-rebuy")
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    at_level(monkeypatch, 1)
    t.execute({"cmd": "register", "name": "Dan"})
    dan = players(t)["Dan"]
    assert dan["status"] == "seated" and dan["table"] == 1
    assert t.state.players[dan["id"]].new_obligation == "wait_bb"
    at_level(monkeypatch, 2)
    refused(t, {"cmd": "register", "name": "Eve"}, "WINDOW_CLOSED")


def test_reg_3_no_open_seat_puts_the_entrant_on_the_waiting_list(monkeypatch):
    t = make("home-rebuy", table__max_seats=10)
    enter(t, *[f"P{i}" for i in range(10)])
    t.execute({"cmd": "seat_all"})
    at_level(monkeypatch, 1)
    refused(t, {"cmd": "register", "name": "Late", "waitlist": False}, "NO_OPEN_SEAT")
    t.execute({"cmd": "register", "name": "Late"})
    late = players(t)["Late"]
    assert (late["status"], late["waiting"], late["entries"]) == ("waiting", True, 1)
    assert t.view("money")["money"]["pool_cents"] == 11 * 2000


def test_ent_9_entry_cap_and_per_hand_purchases_in_the_casino_profile():
    t = make("casino-mixed")
    refused(t, {"cmd": "register", "name": "Ann", "amount_cents": 100100}, "ENTRY_ABOVE_MAX")
    refused(t, {"cmd": "register", "name": "Ann", "amount_cents": 150}, "AMOUNT_INVALID")
    t.execute({"cmd": "register", "name": "Ann", "amount_cents": 100000})
    assert players(t)["Ann"]["stack"] == 1000
    t.execute({"cmd": "buy_chips", "player": "Ann", "amount_cents": 10000})
    refused(t, {"cmd": "buy_chips", "player": "Ann", "amount_cents": 5100}, "PURCHASE_ABOVE_PER_HAND_MAX")
    t.execute({"cmd": "buy_chips", "player": "Ann", "amount_cents": 5000})
    assert players(t)["Ann"]["stack"] == 1150


def test_ent_9_buy_chips_is_not_offered_without_a_per_hand_cap():
    t = make("tda")
    enter(t, "Ann")
    refused(t, {"cmd": "buy_chips", "player": "Ann", "amount_cents": 100}, "NOT_OFFERED")


def test_ent_8_reentry_needs_the_profile_the_window_and_a_free_count(monkeypatch):
    t = make("tda", reentry__offered=True, reentry__max_per_player=1)
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    at_level(monkeypatch, 2)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["place"] == 3
    t.execute({"cmd": "reenter", "player": "Ann"})
    ann = players(t)["Ann"]
    assert (ann["status"], ann["stack"], ann["reentries"], ann["place"]) == ("seated", 10000, 1, None)
    money = t.view("money")["money"]
    assert (money["entrants"], money["reentries"], money["pool_cents"]) == (3, 1, 40000)
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["place"] == 3  # ELIM-2: re-entries add no places
    refused(t, {"cmd": "reenter", "player": "Ann"}, "LIMIT_REACHED")
    refused(t, {"cmd": "reenter", "player": "Bob"}, "INVALID_INPUT")
    at_level(monkeypatch, 4)
    t2 = make("tda", reentry__offered=True)
    enter(t2, "Ann", "Bob")
    begin(t2)
    t2.execute({"cmd": "bust", "player": "Ann", "hand_level": 4})
    # Bob is the winner now: nothing more can be done.
    refused(t2, {"cmd": "reenter", "player": "Ann"}, "TOURNAMENT_OVER")


def test_ent_8_reentry_window_closed_and_not_offered(monkeypatch):
    t = make("tda", reentry__offered=True)
    enter(t, "Ann", "Bob", "Cat")
    begin(t)
    t.execute({"cmd": "bust", "player": "Ann"})
    at_level(monkeypatch, 4)
    refused(t, {"cmd": "reenter", "player": "Ann"}, "WINDOW_CLOSED")
    t2 = make("home-nl")
    enter(t2, "Ann", "Bob", "Cat")
    begin(t2)
    refused(t2, {"cmd": "reenter", "player": "Ann"}, "NOT_OFFERED")


def test_bad_input_unknown_player_is_refused():
    t = make()
    refused(t, {"cmd": "buy_in", "player": "Nobody"}, "UNKNOWN_PLAYER")
    refused(t, {"cmd": "rebuy", "player": 42}, "UNKNOWN_PLAYER")


def test_ent_8_tda_8b_a_player_with_chips_forfeits_them_to_re_enter_where_the_house_allows():
    from app.invariants import all_problems

    strict = make("tda", reentry__offered=True)
    enter(strict, "Ann", "Bob", "Cat")
    strict.execute({"cmd": "seat_all"})
    strict.execute({"cmd": "start_clock"})
    refused(strict, {"cmd": "reenter", "player": "Ann"}, "INVALID_INPUT")  # still has chips: not allowed

    t = make("tda", reentry__offered=True, reentry__forfeit_stack=True)
    enter(t, "Ann", "Bob", "Cat")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    seat = (t.state.players[1].table, t.state.players[1].seat)
    # Counted 7,000: the other 3,000 of his recorded stack were won at his table (its loose chips).
    t.execute({"cmd": "reenter", "player": "Ann", "stack": 7000})
    ann = players(t)["Ann"]
    assert (ann["stack"], ann["entries"], ann["reentries"], ann["status"]) == (10000, 2, 1, "seated")
    assert (t.state.players[1].table, t.state.players[1].seat) == seat  # he keeps his seat
    money, chips = t.view("money")["money"], t.view("chips")["chips"]
    assert (money["pool_cents"], money["in_field"], money["entrants"]) == (40000, 3, 3)
    assert (chips["issued"], chips["removed"], chips["in_play"], chips["expected"]) == (40000, 7000, 33000, 33000)
    assert all_problems(t.state) == []
    t.execute({"cmd": "bust", "player": "Bob"})
    t.execute({"cmd": "bust", "player": "Ann"})
    assert players(t)["Ann"]["place"] == 2  # re-entries add no places (ELIM-2): three entrants


def _utc(text: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(text + "+00:00").timestamp()


def test_reg_1_registration_window_refuses_before_opening_and_waitlists_after_closing():
    t = make("campus", reg__opens_at="2027-01-11T00:00:00+00:00", reg__closes_at="2027-01-14T23:59:59+00:00")
    ident = {"first_name": "A", "last_name": "B", "student_id": "1"}
    t.time.set(_utc("2027-01-10T12:00:00"))
    err = refused(t, {"cmd": "register", "name": "Early", "identity": ident}, "WINDOW_CLOSED")
    assert "opens at 2027-01-11" in err.message
    t.time.set(_utc("2027-01-12T12:00:00"))
    for name in ("Ann", "Bob"):
        t.execute({"cmd": "register", "name": name, "identity": ident})
    t.time.set(_utc("2027-01-15T00:00:00"))
    refused(t, {"cmd": "register", "name": "Late", "identity": ident, "waitlist": False}, "CAP_REACHED")
    t.execute({"cmd": "register", "name": "Late", "identity": ident})  # recorded on the waiting list (REG-1)
    late = players(t)["Late"]
    assert (late["status"], late["entries"]) == ("waiting", 0)
    assert t.log[-1].type == "player_waitlisted" and t.log[-1].data["reason"] == "REGISTRATION_CLOSED"
    t.execute({"cmd": "withdraw", "player": "Ann"})
    assert (players(t)["Late"]["status"], players(t)["Late"]["entries"]) == ("registered", 1)  # promoted


def test_reg_1_window_settings_are_iso_text_and_a_bare_closing_date_lasts_all_day():
    from datetime import datetime

    from app.profiles.setting_checks import moment

    assert moment("2027-01-15", closing=True) == datetime(2027, 1, 16).timestamp()
    assert moment("2027-01-15") == datetime(2027, 1, 15).timestamp()
    t = make("campus")
    for bad in ("Thursday", 5, "2027-13-01"):
        refused(t, {"cmd": "change_settings", "settings": {"reg.closes_at": bad}}, "INVALID_PROFILE")
    t.execute({"cmd": "change_settings", "settings": {"reg.opens_at": None, "reg.closes_at": "2027-01-15T23:59"}})


def test_reg_1_a_bare_closing_date_accepts_its_whole_day_and_waitlists_from_the_next():
    """`reg.closes_at = "2027-01-14"` (the form of the command's own example): a bare date closes at the
    end of that day (REG-1 [Reading]), in the computer's local time. The last moment of the 14th is
    accepted; the first moment of the 15th is waitlisted, or refused CAP_REACHED with "waitlist": false."""
    from datetime import datetime

    t = make("home-nl")
    window = {"reg.opens_at": "2027-01-11T00:00", "reg.closes_at": "2027-01-14"}
    t.execute({"cmd": "change_settings", "settings": window})
    t.time.set(datetime(2027, 1, 10, 23, 59, 59).timestamp())
    refused(t, {"cmd": "register", "name": "Too Early"}, "WINDOW_CLOSED")
    t.time.set(datetime(2027, 1, 11).timestamp())
    t.execute({"cmd": "register", "name": "First"})
    t.time.set(datetime(2027, 1, 14, 9, 0).timestamp())
    t.execute({"cmd": "register", "name": "On The Day"})
    t.time.set(datetime(2027, 1, 14, 23, 59, 59, 900_000).timestamp())
    t.execute({"cmd": "register", "name": "Last Moment"})
    for name in ("First", "On The Day", "Last Moment"):
        assert (players(t)[name]["status"], players(t)[name]["entries"]) == ("registered", 1), name
    t.time.set(datetime(2027, 1, 15).timestamp())
    seq, pool = t.state.seq, t.view("money")["money"]["pool_cents"]
    err = refused(t, {"cmd": "register", "name": "Next Day", "waitlist": False}, "CAP_REACHED")
    assert err.rule == "REG-1" and err.message == "Registration closed at the end of 2027-01-14."
    assert t.state.seq == seq and "Next Day" not in players(t) and t.view("money")["money"]["pool_cents"] == pool
    t.execute({"cmd": "register", "name": "Next Day"})  # recorded on the waiting list, no entry
    assert (players(t)["Next Day"]["status"], players(t)["Next Day"]["entries"]) == ("waiting", 0)
    assert t.log[-1].type == "player_waitlisted" and t.log[-1].data["reason"] == "REGISTRATION_CLOSED"
