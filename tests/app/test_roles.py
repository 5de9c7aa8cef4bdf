"""Stations' roles: the director runs everything, the desk the money and seating, the floor what
happens at the tables, a screen nothing. Each declaration says its roles once; the engine checks them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import app.engine  # noqa: F401  (registers every command)
from app.commands import catalogue
from app.commands.base import DESK, DIRECTOR, FLOOR, ROLES, SCREEN
from app.commands.roles import allowed, check_role, known_role, who_may
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import INPUT_CODES, RuleError
from app.log.history import History
from app.profiles.profile import load_profile
from app.views import read

COMMANDS_DIR = Path(__file__).parents[2] / "app" / "commands"


def _declared_roles() -> dict[str, bool]:
    """Each declaration class in app/commands/*.py: does its own body set ``roles``?"""
    out: dict[str, bool] = {}
    for path in COMMANDS_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(k.arg == "tag" for k in node.keywords):
                out[node.name] = any(isinstance(s, ast.AnnAssign) and getattr(s.target, "id", "") == "roles"
                                     for s in node.body)
    return out


def test_every_declared_command_says_its_roles_itself():
    declared = _declared_roles()
    assert {c.__name__ for c in catalogue()} == set(declared)
    assert [name for name, has in declared.items() if not has] == []
    for decl in catalogue():
        assert decl.roles <= {DESK, FLOOR}, decl.name()  # the director always, a screen never


def _history() -> History:
    h = History(Tournament.create(load_profile("tda"), time=FakeClock(), seed=3))
    for name in ("Ann Lee", "Bob Ray", "Cy Lo", "Di Wu"):
        h.run({"cmd": "register", "name": name})
    h.run({"cmd": "seat_all"})
    h.run({"cmd": "start_clock"})
    return h


def _refused(h: History, role: str, cmd: dict, *, code: str = "ROLE_FORBIDDEN") -> RuleError:
    before, log, actions = h.tournament.snapshot(), len(h.tournament.log), len(h.actions)
    with pytest.raises(RuleError) as info:
        h.run(cmd, role=role)
    assert info.value.code == code and code in INPUT_CODES
    assert h.tournament.state == before and len(h.tournament.log) == log and len(h.actions) == actions
    return info.value


def test_role_director_runs_everything():
    assert all(allowed(DIRECTOR, c) for c in catalogue())
    assert all(allowed(None, c) for c in catalogue())  # no role: the single laptop, the director's
    h = _history()
    h.run({"cmd": "bust", "player": "Ann Lee"}, role=DIRECTOR)
    h.run({"cmd": "pause_clock"}, role=DIRECTOR)
    assert read(h.tournament.state, h.tournament.time.now()).clock.paused


def test_role_desk_takes_the_money_and_seats_players():
    for name in ("register", "buy_in", "rebuy", "addon", "topup", "reenter", "withdraw", "refund_waiting",
                 "seat_waiting", "seat_player", "buy_chips"):
        assert allowed(DESK, name), name
    h = _history()
    h.run({"cmd": "register", "name": "Eve Po"}, role=DESK, station="Desk 1", operator="Kim")
    assert h.actions[-1].station == "Desk 1" and h.actions[-1].operator == "Kim"
    assert any(p.name == "Eve Po" for p in h.tournament.state.players.values())


def test_role_desk_is_refused_what_changes_the_play():
    h = _history()
    for cmd in ({"cmd": "bust", "player": "Ann Lee"}, {"cmd": "pause_clock"}, {"cmd": "chip_count",
                "counts": {"Ann Lee": 100}}, {"cmd": "set_payouts", "amounts_cents": [100]}):
        _refused(h, DESK, cmd)
    err = _refused(h, DESK, {"cmd": "bust", "player": "Ann Lee"})
    assert err.message == ("A desk station cannot enter \u201cbust-out of Ann Lee\u201d: that is for the floor "
                           "or the director.")


def test_role_floor_enters_what_happens_at_the_tables():
    for name in ("bust", "decline_rebuy", "chip_count", "move", "hand_for_hand", "hand_for_hand_round",
                 "hand_finished", "set_button", "absent", "returned"):
        assert allowed(FLOOR, name), name
    h = _history()
    h.run({"cmd": "hand_finished", "table": 1}, role=FLOOR, station="Floor 2")
    h.run({"cmd": "bust", "player": "Ann Lee"}, role=FLOOR, station="Floor 2")
    assert h.tournament.state.players[1].status != "seated"
    assert h.actions[-1].station == "Floor 2"


def test_role_floor_is_refused_the_money_and_the_clock():
    h = _history()
    err = _refused(h, FLOOR, {"cmd": "register", "name": "Eve Po"})
    assert err.message.endswith("that is for the desk or the director.")
    _refused(h, FLOOR, {"cmd": "next_level"})
    _refused(h, FLOOR, {"cmd": "change_settings", "settings": {"table.max_seats": 8}})


def test_role_screen_runs_no_command_at_all():
    assert not any(allowed(SCREEN, c) for c in catalogue())
    h = _history()
    err = _refused(h, SCREEN, {"cmd": "note", "text": "hello"})
    assert err.message.startswith("A screen station only shows the tournament")


def test_role_is_checked_by_the_engine_itself():
    t = _history().tournament
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "start_break", "minutes": 5}, role=FLOOR)
    assert info.value.code == "ROLE_FORBIDDEN" and "start break" in info.value.message
    assert t.state == before


def test_role_undo_is_only_of_what_the_station_may_enter():
    h = _history()
    h.run({"cmd": "bust", "player": "Ann Lee"}, role=FLOOR, station="Floor 2", operator="Lou")
    target = h.undo_target()
    assert target is not None and (target.station, target.operator) == ("Floor 2", "Lou")
    before, count = h.tournament.snapshot(), len(h.actions)
    with pytest.raises(RuleError) as info:
        h.undo(role=DESK)
    assert info.value.code == "ROLE_FORBIDDEN" and "cannot undo" in info.value.message
    assert h.tournament.state == before and len(h.actions) == count
    undo = h.undo(role=FLOOR, station="Floor 1")
    assert undo.station == "Floor 1" and h.items()[-1].station == "Floor 1"
    with pytest.raises(RuleError) as info:
        h.redo(role=SCREEN)
    assert info.value.code == "ROLE_FORBIDDEN"
    h.redo(role=DIRECTOR)


def test_an_unknown_role_is_refused_in_words():
    with pytest.raises(RuleError) as info:
        known_role("cashier")
    assert info.value.code == "INVALID_INPUT" and "director, desk, floor, screen" in info.value.message
    assert set(ROLES) == {DIRECTOR, DESK, FLOOR, SCREEN}


def test_who_may_run_a_command_in_words():
    assert who_may("note") == "the desk, the floor or the director"
    assert who_may("next_level") == "the director"
    check_role(DESK, "note", "note")  # allowed: nothing raised
