"""Pre-registration and check-in at the door (REG-10): a no-show never gets a seat, nor a share of the field."""

from __future__ import annotations

import pytest

from app.errors import RuleError
from app.log.history_labels import label_for
from tests.app.money_kit import begin, enter, make, players, refused


def _prereg(t, *names: str, paid_ahead: bool = False) -> None:
    t.execute({"cmd": "preregister", "names": list(names), "paid_ahead": paid_ahead})


def test_reg_10_preregistered_players_are_not_in_the_field_the_pool_or_the_draw():
    t = make("tda")
    enter(t, "Ann Lee", "Bob Roy", "Cy Lo")
    _prereg(t, "Dee Fox", "Eve Ng", paid_ahead=True)
    view = t.view()
    assert [p["name"] for p in view["preregistered"]] == ["Dee Fox", "Eve Ng"]
    assert all(p["paid_ahead"] for p in view["preregistered"])
    assert set(view["players"]) == {"Ann Lee", "Bob Roy", "Cy Lo"}
    pool = t.state.pool_cents
    assert t.state.in_field == 3 and t.state.entrants == 3
    t.execute({"cmd": "seat_all"})
    seated = {pid for table in t.state.tables.values() for pid in table.seats.values()}
    assert {t.state.players[pid].name for pid in seated} == {"Ann Lee", "Bob Roy", "Cy Lo"}
    assert t.state.pool_cents == pool


def test_reg_10_check_in_registers_pays_and_seats_after_the_draw():
    t = make("tda")
    enter(t, "Ann Lee", "Bob Roy", "Cy Lo")
    _prereg(t, "José Núñez")
    begin(t)
    pool = t.state.pool_cents
    events = t.execute({"cmd": "check_in", "name": "josé  NÚÑEZ"})
    assert [e.type for e in events][:2] == ["preregistration_ended", "player_registered"]
    p = players(t)["José Núñez"]
    assert p["entries"] == 1 and p["table"] is not None
    assert t.state.pool_cents > pool and t.state.in_field == 4
    assert t.view()["preregistered"] == []
    assert label_for({"cmd": "check_in", "name": "José Núñez"}, t.state) == "check-in of José Núñez"


def test_reg_10_refusals_say_why_and_change_nothing():
    t = make("tda")
    enter(t, "Ann Lee")
    _prereg(t, "Bob Roy", paid_ahead=True)
    refused(t, {"cmd": "check_in", "name": "Nobody"}, "NOT_PREREGISTERED")
    refused(t, {"cmd": "check_in", "name": "Ann Lee"}, "NOT_PREREGISTERED")
    refused(t, {"cmd": "preregister", "names": ["ann lee"]}, "DUPLICATE_NAME")
    refused(t, {"cmd": "preregister", "names": ["BOB ROY"]}, "DUPLICATE_NAME")
    refused(t, {"cmd": "preregister", "names": ["Cy Lo", "cy lo"]}, "DUPLICATE_NAME")
    refused(t, {"cmd": "preregister", "names": ["Cy\u0007Lo"]}, "INVALID_INPUT")
    refused(t, {"cmd": "preregister", "names": ["x" * 81]}, "INVALID_INPUT")
    refused(t, {"cmd": "preregister", "names": []}, "INVALID_INPUT")
    refused(t, {"cmd": "register", "name": "Bob Roy"}, "PREREGISTERED")
    refused(t, {"cmd": "check_in", "name": "Bob Roy", "pay": False}, "INVALID_INPUT")
    t.execute({"cmd": "check_in", "name": "Bob Roy"})
    refused(t, {"cmd": "check_in", "name": "Bob Roy"}, "ALREADY_CHECKED_IN")
    refused(t, {"cmd": "remove_preregistration", "name": "Bob Roy"}, "ALREADY_CHECKED_IN")


def test_reg_10_the_desk_checks_in_but_only_the_director_removes_a_preregistration():
    t = make("tda")
    _prereg(t, "Ann Lee", "Bob Roy")
    refused(t, {"cmd": "remove_preregistration", "name": "Zed"}, "NOT_PREREGISTERED")
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "remove_preregistration", "name": "Ann Lee"}, role="desk")
    assert info.value.code == "ROLE_FORBIDDEN" and t.state == before
    t.execute({"cmd": "check_in", "name": "Bob Roy", "pay": False}, role="desk")
    t.execute({"cmd": "remove_preregistration", "name": "ann lee"})
    assert t.view()["preregistered"] == []
    assert set(players(t)) == {"Bob Roy"}


def test_reg_10_a_refused_check_in_leaves_the_name_on_the_list():
    t = make("tda", late__last_level=1)
    enter(t, "Ann Lee", "Bob Roy")
    _prereg(t, "Cy Lo")
    begin(t)
    t.execute({"cmd": "close_registration"})
    refused(t, {"cmd": "check_in", "name": "Cy Lo"}, "WINDOW_CLOSED")
    assert [p["name"] for p in t.view()["preregistered"]] == ["Cy Lo"]
    refused(t, {"cmd": "preregister", "names": ["Dee Fox"]}, "WINDOW_CLOSED")


def test_reg_10_closing_registration_counts_who_never_checked_in():
    t = make("tda")
    enter(t, "Ann Lee", "Bob Roy")
    _prereg(t, "Cy Lo", "Dee Fox", "Eve Ng")
    begin(t)
    t.execute({"cmd": "check_in", "name": "Cy Lo"})
    events = t.execute({"cmd": "close_registration"})
    closed = [e for e in events if e.type == "registration_closed"]
    assert closed and closed[0].data["never_checked_in"] == 2


def test_reg_10_balancing_never_sees_a_no_show():
    t = make("tda", table__max_seats=3)
    enter(t, *(f"P{i}" for i in range(6)))
    _prereg(t, *(f"N{i}" for i in range(6)))
    begin(t)
    assert sum(len(tb.seats) for tb in t.state.tables.values()) == 6
    t.execute({"cmd": "bust", "player": "P0"})
    assert all(p.name.startswith("P") for p in t.state.players.values())


def test_reg_10_one_preregistration_names_those_who_paid_ahead():
    t = make("tda")
    t.execute({"cmd": "preregister", "names": ["Ann Lee", "Bob Roy"], "paid_names": ["bob roy"]})
    assert t.view()["preregistered"] == [{"name": "Ann Lee", "paid_ahead": False},
                                         {"name": "Bob Roy", "paid_ahead": True}]
    refused(t, {"cmd": "preregister", "names": ["Cy Lo"], "paid_names": ["Dee Fox"]}, "INVALID_INPUT")
