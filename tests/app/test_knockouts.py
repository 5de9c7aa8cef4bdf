"""Knockouts and bounties (KO-1 to KO-8): who eliminated whom, and every bounty cent accounted for."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.engine import Tournament
from app.core.invariants import all_problems
from app.core.timesource import FakeClock
from app.errors import RuleError
from app.knockouts.bounties import bounty_problems, shares
from app.log.history import History
from app.profiles.profile import load_profile, profile_from_dict
from app.tools.simulate import Simulation, run_simulation


def _make(profile: str = "tda-pko", **settings: Any) -> Tournament:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], **{k.replace("__", "."): v for k, v in settings.items()}}
    return Tournament.create(profile_from_dict(data), name="KO", time=FakeClock(), seed=1)


def _table(t: Tournament | History, layout: dict[int, list[str]]) -> None:
    run = t.run if isinstance(t, History) else t.execute
    for names in layout.values():
        for name in names:
            run({"cmd": "register", "name": name})
    for number, names in layout.items():
        run({"cmd": "open_table", "table": number})
        for seat, name in enumerate(names, 1):
            run({"cmd": "seat_player", "player": name, "table": number, "seat": seat})
    run({"cmd": "start_clock"})


def _p(t: Tournament, name: str) -> Any:
    return t.state.players[t.state.by_name[name.lower()]]


def test_ko_1_bust_without_bounties_asks_nothing():
    t = _make("tda")
    _table(t, {1: ["Ann", "Bob", "Cat"]})
    t.execute({"cmd": "bust", "player": "Ann"})
    assert not t.state.knockout_log


def test_ko_1_eliminator_must_hold_chips_at_the_table():
    t = _make()
    _table(t, {1: ["Ann", "Bob", "Cat"], 2: ["Dan", "Eve", "Fay"]})
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": "Cat"})
    before = t.state.seq
    for bad, code in (("Bob", "PLAYER_ELIMINATED"), ("Dan", "INVALID_INPUT"), ("Nobody", "UNKNOWN_PLAYER")):
        with pytest.raises(RuleError) as info:
            t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": bad})
        assert info.value.code == code
    with pytest.raises(RuleError):
        t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": ["Cat", "Cat"]})
    assert t.state.seq == before  # a refusal changes nothing


def test_ko_1_hand_for_hand_busts_at_two_tables_ask_for_each_player():
    t = _make()
    _table(t, {1: ["Ann", "Bob", "Cat"], 2: ["Dan", "Eve", "Fay"]})
    cmd: dict[str, Any] = {"cmd": "bust", "players": ["Ann", "Dan"], "hand_for_hand": True}
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    q = info.value.question
    assert q is not None and q.field == "eliminated_by"
    assert {c.label.split(" (")[0] for c in q.choices} == {"Bob", "Cat"}
    cmd["eliminated_by"] = q.choices[0].value
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    q2 = info.value.question
    assert q2 is not None and {c.label.split(" (")[0] for c in q2.choices} == {"Eve", "Fay"}
    cmd["eliminated_by"] = q2.choices[1].value
    t.execute(cmd)
    assert [len(r["by"]) for r in t.state.knockout_log] == [1, 1]
    assert not all_problems(t.state)


def test_ko_2_fixed_bounty_is_kept_apart_from_the_prize_pool_and_refunded_with_the_entry():
    t = _make("tda", bounty__kind="fixed", bounty__amount_cents=2500, money__fees={"buy_in": {"house": 1000}})
    for name in ("Ann", "Bob", "Cat"):
        t.execute({"cmd": "register", "name": name})
    assert (t.state.pool_cents, t.state.bounty_pool_cents, t.state.fees_cents) == (22500, 7500, 3000)
    t.execute({"cmd": "withdraw", "player": "Cat"})
    assert (t.state.pool_cents, t.state.bounty_pool_cents, t.state.fees_cents) == (15000, 5000, 2000)
    assert _p(t, "Cat").bounty_cents == 0 and not bounty_problems(t.state)


def test_ko_2_bounty_settings_are_checked():
    for changes, words in (
        ({"bounty.kind": "fixed"}, "bounty.amount_cents"),
        ({"bounty.kind": "fixed", "bounty.amount_cents": 20000}, "at most the buy-in"),
        ({"bounty.kind": "progressive", "bounty.amount_cents": 100, "rebuy.offered": True}, "rebuys"),
        ({"bounty.cash_percent": 101}, "bounty.cash_percent"),
        ({"bounty.house": {"Dana": 0}}, "bounty.house"),
    ):
        data = load_profile("tda").to_dict()
        data["settings"] = {**data["settings"], **changes}
        with pytest.raises(RuleError) as info:
            profile_from_dict(data)
        assert words in info.value.message


def test_ko_2_bounty_cannot_change_once_entries_are_taken():
    t = _make()
    t.execute({"cmd": "register", "name": "Ann"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "change_settings", "settings": {"bounty.amount_cents": 2000}})
    assert info.value.rule == "KO-2"
    t.execute({"cmd": "change_settings", "settings": {"bounty.cash_percent": 40}})


def test_ko_3_progressive_odd_cent_stays_on_the_winners_head():
    t = _make(bounty__amount_cents=5001)
    _table(t, {1: ["Ann", "Bob", "Cat"]})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    bob = _p(t, "Bob")
    assert (bob.bounties_won_cents, bob.bounty_cents) == (2500, 5001 + 2501)


def test_ko_3_cash_percent_zero_and_hundred():
    for pct, cash in ((0, 0), (100, 5000)):
        t = _make(bounty__cash_percent=pct)
        _table(t, {1: ["Ann", "Bob", "Cat"]})
        t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
        assert _p(t, "Bob").bounties_won_cents == cash
        assert _p(t, "Bob").bounty_cents == 10000 - cash


def test_ko_4_shares_odd_cents_and_exactly_even():
    assert shares(10, [7, 8, 9], "equal") == {7: 4, 8: 3, 9: 3}
    assert shares(9, [7, 8, 9], "equal") == {7: 3, 8: 3, 9: 3}
    assert shares(1, [7, 8], "equal") == {7: 1, 8: 0}
    assert shares(10, [8, 7], "first_named") == {8: 10, 7: 0}
    assert shares(10, [], "equal") == {}


def test_ko_5_house_bounty_with_nobody_named_is_not_paid():
    t = _make("tda", bounty__house={"Dana": 5000})
    _table(t, {1: ["Ann", "Dana", "Cat"]})
    t.execute({"cmd": "bust", "player": "Dana", "eliminated_by": []})
    assert t.state.house_bounties_paid_cents == 0 and not all_problems(t.state)
    with pytest.raises(RuleError):
        t.execute({"cmd": "set_house_bounty", "player": "Dana", "amount_cents": 100})  # he is out


def test_ko_6_undo_of_a_correction_puts_the_bounty_back():
    h = History(_make())
    t = h.tournament
    _table(h, {1: ["Ann", "Bob", "Cat"]})
    h.run({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    h.run({"cmd": "correct_eliminator", "player": "Ann", "eliminated_by": ["Cat"]})
    assert (_p(t, "Bob").bounty_cents, _p(t, "Cat").bounty_cents) == (5000, 7500)
    h.undo()
    t = h.tournament
    assert (_p(t, "Bob").bounty_cents, _p(t, "Cat").bounty_cents) == (7500, 5000)
    assert not all_problems(t.state)


def test_ko_7_the_winner_takes_his_own_bounty_and_every_cent_is_paid():
    t = _make(late__mode="none")
    _table(t, {1: ["Ann", "Bob", "Cat"]})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Bob"})
    assert t.state.ended
    bob = _p(t, "Bob")
    assert bob.bounties_won_cents == 15000 and t.state.bounties_paid_cents == t.state.bounty_pool_cents


# -- bounty money is conserved, whatever the order of the busts, the split pots, re-entries, corrections --
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(["fixed", "progressive"]),
    cents=st.integers(1, 10000),
    pct=st.integers(0, 100),
    split=st.sampled_from(["equal", "first_named"]),
    late=st.sampled_from(["none", "levels"]),
    plan=st.lists(st.tuples(st.sampled_from(["bust", "bust", "bust", "reenter", "correct", "house"]),
                            st.integers(0, 50), st.integers(0, 50), st.integers(0, 3)), min_size=1, max_size=40),
)
def test_ko_2_ko_3_ko_4_ko_6_bounty_money_is_conserved(kind: str, cents: int, pct: int, split: str, late: str,
                                                       plan: list[tuple[str, int, int, int]]) -> None:
    t = _make("tda", bounty__kind=kind, bounty__amount_cents=cents, bounty__cash_percent=pct, bounty__split=split,
              bounty__unknown_allowed=True, reentry__offered=True, late__mode=late,
              bounty__house={"P3": 777})
    names = [f"P{i}" for i in range(9)]
    _table(t, {1: names})
    for op, a, b, n in plan:
        if t.state.ended:
            break
        seated = sorted(t.state.tables[1].seats.values())
        if len(seated) < 2:
            break
        victim = seated[a % len(seated)]
        others = [pid for pid in seated if pid != victim]
        by = [others[(b + i) % len(others)] for i in range(min(n, len(others)))]
        out = sorted(pid for pid, p in t.state.players.items() if p.status == "out")
        before = t.state.seq
        try:
            if op == "bust":
                t.execute({"cmd": "bust", "player": victim, "eliminated_by": by})
            elif op == "reenter" and out:
                t.execute({"cmd": "reenter", "player": out[a % len(out)]})
            elif op == "correct" and out:
                t.execute({"cmd": "correct_eliminator", "player": out[a % len(out)], "eliminated_by": by})
            elif op == "house":
                t.execute({"cmd": "set_house_bounty", "player": victim, "amount_cents": b * 100})
        except RuleError:
            assert t.state.seq == before  # a refusal changes nothing
        assert not bounty_problems(t.state)
    if late == "levels" and not t.state.ended and t.state.in_field == 1:
        t.execute({"cmd": "close_registration"})
    if t.state.ended:
        assert t.state.bounties_paid_cents == t.state.bounty_pool_cents
    assert not all_problems(t.state)


def test_ko_2_simulate_300_players_pko_balances_to_the_cent():
    report = run_simulation(Simulation(players=300, seed=3, profile="tda-pko"))
    assert report["money_balanced"]
    assert report["bounty_pool_cents"] == report["bounties_paid_cents"] == report["entries"] * 5000
    kept = report["prize_pool_cents"] + report["bounty_pool_cents"] + report["fees_cents"]
    assert kept == report["money_taken_cents"]


def test_ko_8_a_forfeited_players_bounty_goes_to_the_winner():
    t = _make(late__mode="none", absence__forfeit_after_min=1)
    _table(t, {1: ["Ann", "Bob", "Cat"]})
    t.execute({"cmd": "absent", "player": "Ann"})
    t.time.advance(120)  # type: ignore[attr-defined]
    t.execute({"cmd": "forfeit", "player": "Ann"})
    assert _p(t, "Ann").status == "out" and _p(t, "Ann").bounty_cents == 5000
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Bob"})
    assert t.state.ended
    assert _p(t, "Bob").bounties_won_cents == 2500 + 7500 + 5000
    assert not all_problems(t.state)


def test_ko_1_ko_6_a_player_who_has_not_played_never_takes_a_bounty():
    """Found by a long all-commands fuzz: a knockout corrected onto two people on the waiting list (never
    bought in, never seated) put the bounty on their heads, where nobody could ever win it, and the
    tournament ended with bounty money unpaid."""
    t = _make(**{"reg.cap": 3})
    _table(t, {1: ["Ann", "Bob", "Cat"]})
    t.execute({"cmd": "register", "name": "Wes", "waitlist": True})  # the event is full: the waiting list
    assert _p(t, "Wes").status == "waiting" and not _p(t, "Wes").entries
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    before = t.state.seq
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "correct_eliminator", "player": "Ann", "eliminated_by": ["Wes"]})
    assert info.value.rule == "KO-6" and "has not played yet" in info.value.message
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": "Wes"})
    assert info.value.rule == "KO-1"
    assert t.state.seq == before and _p(t, "Wes").bounty_cents == 0
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": "Cat"})
    assert _p(t, "Cat").bounty_cents > 0 and not all_problems(t.state)
