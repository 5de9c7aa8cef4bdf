"""REG-2: only waiting people who are present move up; the director marks a waiting person absent or
present (the ``absent`` and ``returned`` commands)."""

from __future__ import annotations

from tests.app.money_kit import make, players, refused


def _campus_with_waiting():
    t = make("campus", reg__cap=2)
    for n in ("A", "B", "C", "D"):
        t.execute({"cmd": "register", "name": n, "identity": {"first_name": n, "last_name": "X", "student_id": n}})
    return t


def test_reg_2_an_absent_waiting_person_is_passed_over_at_the_forfeit():
    t = _campus_with_waiting()
    t.execute({"cmd": "absent", "player": "C"})
    assert players(t)["C"]["status"] == "waiting"
    t.execute({"cmd": "forfeit_at_start", "players": ["B"]})
    assert players(t)["C"]["status"] == "waiting"
    assert players(t)["D"]["status"] == "registered"
    assert t.view("money")["money"]["entrants"] == 3  # A, B (forfeited) and D


def test_reg_2_a_waiting_person_marked_present_again_moves_up():
    t = _campus_with_waiting()
    t.execute({"cmd": "absent", "player": "C"})
    t.execute({"cmd": "returned", "player": "C"})
    t.execute({"cmd": "withdraw", "player": "A"})
    assert players(t)["C"]["status"] == "registered"


def test_reg_2_nobody_present_on_the_waiting_list_moves_nobody_up():
    t = _campus_with_waiting()
    t.execute({"cmd": "absent", "player": "C"})
    t.execute({"cmd": "absent", "player": "D", "long": True})
    t.execute({"cmd": "forfeit_at_start", "players": ["A", "B"]})
    assert [players(t)[n]["status"] for n in "CD"] == ["waiting", "waiting"]
    refused(t, {"cmd": "absent", "player": "C"}, "INVALID_INPUT")
