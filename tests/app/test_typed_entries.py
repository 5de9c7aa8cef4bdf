"""The entries, absence and knockout areas on typed declarations and typed events: every handler takes its
declaration, every event reads back from the file's shape (older shapes too) to the same state."""

from __future__ import annotations

import json
from typing import Any

import app.seating.seat_player  # noqa: F401  (registers seat_player)
from app.commands import absence as absence_commands
from app.commands import catalogue
from app.commands import entries as entry_commands
from app.commands import knockouts as knockout_commands
from app.core.context import apply_event
from app.core.events import decode, to_wire
from app.core.registry import DECLARED
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.events.entries import ChipsBought, EntryRefunded
from app.events.knockouts import BountyToWinner, EliminatorCorrected, Knockout
from app.profiles.profile import load_profile, profile_from_dict


def _make(profile: str, **settings: Any) -> Tournament:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], **{k.replace("__", "."): v for k, v in settings.items()}}
    return Tournament.create(profile_from_dict(data), name="Typed", time=FakeClock(), seed=1)


def _seat(t: Tournament, names: list[str]) -> None:
    for name in names:
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "open_table", "table": 1})
    for seat, name in enumerate(names, 1):
        t.execute({"cmd": "seat_player", "player": name, "table": 1, "seat": seat})
    t.execute({"cmd": "start_clock"})


def _pid(t: Tournament, name: str) -> int:
    return t.state.by_name[name.lower()]


def _replayed(t: Tournament) -> Tournament:
    """The tournament read back from its log as a file keeps it (JSON text, keys as strings)."""
    text = json.dumps([to_wire(ev) for ev in t.log])
    return Tournament.replay([decode(raw) for raw in json.loads(text)], time=FakeClock())


def test_every_entry_absence_and_knockout_handler_takes_its_declaration():
    mine = [c.name() for c in catalogue()
            if c.__module__ in (entry_commands.__name__, absence_commands.__name__, knockout_commands.__name__)]
    assert len(mine) == 21  # 18, and the pre-registration of REG-10: preregister, check_in, remove_preregistration
    assert [n for n in mine if n not in DECLARED] == []


def test_older_purchase_and_refund_shapes_read_the_fee_as_the_house_fee():
    """A purchase or refund written before fees were split (ENT-11) names only ``fee_cents``: it is the house's."""
    t = _make("tda", money__fee_cents=1000, money__buy_in_cents=10000)
    t.execute({"cmd": "register", "name": "Ann", "pay": False})
    pid = _pid(t, "Ann")
    bought = decode({"type": "chips_bought", "at": 5.0,
                     "data": {"player": pid, "kind": "entry", "cents": 10000, "fee_cents": 1000, "chips": 20000}})
    assert isinstance(bought, ChipsBought)
    assert (bought.fees, bought.hand_mark, bought.stack_before, bought.bounty_cents) == ({}, -1, None, 0)
    apply_event(t.state, bought)
    assert t.state.fees_by_type == {"house": 1000} and t.state.players[pid].fees_paid == {"house": 1000}
    assert (t.state.pool_cents, t.state.players[pid].stack) == (10000, 20000)
    refunded = decode({"type": "entry_refunded", "at": 6.0,
                       "data": {"player": pid, "cents": 10000, "fee_cents": 1000}})
    assert isinstance(refunded, EntryRefunded) and refunded.reason == "refund"
    apply_event(t.state, refunded)
    assert t.state.fees_by_type == {"house": 0} and t.state.refunds_cents == 11000
    assert t.state.players[pid].out_reason == "refund"


def test_knockouts_and_corrections_replay_from_the_file_to_the_same_money():
    t = _make("tda-pko", late__mode="none")
    _seat(t, ["Ann", "Bob", "Cat", "Dan"])
    t.execute({"cmd": "set_house_bounty", "player": "Ann", "amount_cents": 3000})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "correct_eliminator", "player": "Ann", "eliminated_by": ["Cat", "Dan"]})
    t.execute({"cmd": "bust", "player": "Dan", "eliminated_by": ["Cat"]})
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": ["Cat"]})
    kinds = [type(ev) for ev in t.log]
    assert Knockout in kinds and EliminatorCorrected in kinds and BountyToWinner in kinds
    again = _replayed(t)
    assert again.state == t.state
    assert again.state.knockout_log[0]["corrected"] is True
    assert again.state.bounties_paid_cents == again.state.bounty_pool_cents


def test_a_knockout_names_the_players_it_changed():
    t = _make("tda-pko")
    _seat(t, ["Ann", "Bob", "Cat"])
    events = t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    ko = next(ev for ev in events if isinstance(ev, Knockout))
    assert sorted(ko.touched_players()) == sorted([_pid(t, "Ann"), _pid(t, "Bob")])
    assert list(ko.touched_tables()) == [] and "money" in ko.changes


def test_a_rebuy_names_its_player_and_an_entry_every_player():
    t = _make("home-rebuy")
    _seat(t, ["Ann", "Bob", "Cat"])
    entry = next(ev for ev in t.log if isinstance(ev, ChipsBought))
    assert entry.touched_players() is None  # the field grew: every provisional place may move (ELIM-2)
    events = t.execute({"cmd": "bust", "player": "Ann", "rebuy": True})
    rebuy = next(ev for ev in events if isinstance(ev, ChipsBought))
    assert rebuy.kind == "rebuy" and list(rebuy.touched_players() or ()) == [_pid(t, "Ann")]
