"""Knockouts and bounties (KO-1 to KO-8): who eliminated whom, and every bounty cent accounted for."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.invariants import all_problems
from app.knockouts.bounties import bounty_problems, money_taken, shares
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
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": ["Cat", "Cat"]})
    assert (info.value.code, info.value.rule) == ("INVALID_INPUT", "KO-1")
    assert t.state.seq == before  # a refusal changes nothing


def test_ko_1_hand_for_hand_busts_at_two_tables_ask_for_each_player():
    t = _make()
    _table(t, {1: ["Ann", "Bob", "Cat"], 2: ["Dan", "Eve", "Fay"]})
    cmd: dict[str, Any] = {"cmd": "bust", "players": ["Ann", "Dan"], "hand_for_hand": True}
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert (info.value.code, info.value.rule) == ("NEEDS_INPUT", "KO-1")
    q = info.value.question
    assert q is not None and q.field == "eliminated_by"
    assert {c.label.split(" (")[0] for c in q.choices} == {"Bob", "Cat"}
    cmd["eliminated_by"] = q.choices[0].value
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert info.value.code == "NEEDS_INPUT" and "Who knocked out Dan?" in info.value.message
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
        assert info.value.code == "INVALID_PROFILE" and words in info.value.message


def test_ko_2_bounty_cannot_change_once_entries_are_taken():
    t = _make()
    t.execute({"cmd": "register", "name": "Ann"})
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "change_settings", "settings": {"bounty.amount_cents": 2000}})
    assert (info.value.code, info.value.rule) == ("INVALID_INPUT", "KO-2")
    assert "Entries were already taken with the bounty as it is: bounty.amount_cents" in info.value.message
    assert t.state.profile["bounty.amount_cents"] == 5000
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
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "set_house_bounty", "player": "Dana", "amount_cents": 100})  # he is out
    assert info.value.code == "PLAYER_ELIMINATED"


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
    assert (info.value.code, info.value.rule) == ("INVALID_INPUT", "KO-6")
    assert "Wes has not played yet and cannot have knocked out Ann" in info.value.message
    with pytest.raises(RuleError) as info:
        t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": "Wes"})
    assert (info.value.code, info.value.rule) == ("PLAYER_ELIMINATED", "KO-1")
    assert t.state.seq == before and _p(t, "Wes").bounty_cents == 0
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": "Cat"})
    assert _p(t, "Cat").bounty_cents > 0 and not all_problems(t.state)


# -- every refusal of the knockouts area: its code, its rule, its words, and nothing changed -------------
def _refused(t: Tournament, cmd: dict[str, Any], code: str, rule: str | None, words: str) -> RuleError:
    before = t.snapshot()
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert (info.value.code, info.value.rule) == (code, rule), info.value
    assert words in info.value.message, info.value.message
    assert t.state == before
    return info.value


def _two_tables(**settings: Any) -> Tournament:
    t = _make(**settings)
    _table(t, {1: ["Ann", "Bob", "Cat"], 2: ["Dan", "Eve", "Fay"]})
    return t


def test_ko_1_every_refusal_of_a_bust_names_its_code_and_words():
    t = _make(bounty__unknown_allowed=False)
    t.execute({"cmd": "register", "name": "Gus"})  # bought in before the start, never seated
    _table(t, {1: ["Ann", "Bob", "Cat"], 2: ["Dan", "Eve", "Fay"]})
    assert _p(t, "Gus").status == "registered" and _p(t, "Gus").entries == 1
    t.execute({"cmd": "bust", "player": "Fay", "eliminated_by": "Eve"})
    bust = {"cmd": "bust", "player": "Ann"}
    for named, code, words in (
        ({"Bob": ["Cat"]}, "INVALID_INPUT", "Bob is not one of the players busting"),
        ("Ann", "INVALID_INPUT", "Ann cannot knock themselves out"),
        ("Fay", "PLAYER_ELIMINATED", "Fay holds no chips and cannot knock out Ann"),
        ("Gus", "INVALID_INPUT", "Gus has no seat in play and cannot knock out Ann"),
        ("Dan", "INVALID_INPUT", "Dan plays at table 2, not at table 1 where Ann busted"),
        (["Cat", "Cat"], "INVALID_INPUT", "Cat is named twice as Ann's eliminator"),
        ([], "INVALID_INPUT", "Name who knocked out Ann: in this tournament every bust has an eliminator"),
    ):
        _refused(t, {**bust, "eliminated_by": named}, code, "KO-1", words)
    _refused(t, {"cmd": "bust", "players": ["Ann", "Bob"], "stacks": {"Ann": 800, "Bob": 900}, "eliminated_by": "Bob"},
             "INVALID_INPUT", "KO-1", "Bob busts in the same hand and cannot knock out Ann")
    err = _refused(t, bust, "NEEDS_INPUT", "KO-1", "Who knocked out Ann? The bounty of $50.00 goes to the player")
    assert err.question is not None and err.question.field == "eliminated_by"
    assert [c.label for c in err.question.choices] == ["Bob (seat 2)", "Cat (seat 3)"]  # no "nobody": not allowed


def test_ko_6_every_refusal_of_a_correction_names_its_code_and_words():
    t = _two_tables(bounty__unknown_allowed=False)
    correct = {"cmd": "correct_eliminator", "player": "Ann"}
    _refused(t, {**correct, "eliminated_by": ["Bob"]}, "INVALID_INPUT", "KO-6",
             "No knockout of Ann is recorded: enter the bust first")
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Dan", "eliminated_by": "Eve"})
    for named, code, words in (
        (["Ann"], "INVALID_INPUT", "Ann cannot knock themselves out"),
        (["Cat", "Cat"], "INVALID_INPUT", "Cat is named twice"),
        (["Bob"], "INVALID_INPUT", "Those are the eliminators already recorded"),
        ([], "INVALID_INPUT", "Name who knocked out Ann: every bust has an eliminator here"),
        (["Dan"], "PLAYER_ELIMINATED", "Dan is out: part of a progressive bounty would go on their head"),
    ):
        _refused(t, {**correct, "eliminated_by": named}, code, "KO-6", words)
    t.execute({"cmd": "bust", "player": "Bob", "eliminated_by": "Cat"})  # Bob's bounty, with Ann's part, is won
    _refused(t, {**correct, "eliminated_by": ["Cat"]}, "WINDOW_CLOSED", "KO-6",
             "Bob's bounty, with the part added by this knockout, was won since")


def test_ko_6_no_correction_once_the_bounties_are_paid():
    t = _make(late__mode="none")
    _table(t, {1: ["Ann", "Bob", "Cat"]})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": "Bob"})
    assert t.state.ended
    _refused(t, {"cmd": "correct_eliminator", "player": "Ann", "eliminated_by": ["Cat"]}, "TOURNAMENT_OVER", None,
             "The tournament is over")


def test_ko_5_house_bounty_refusals_name_their_code_and_words():
    t = _make("tda", bounty__house={"Dana": 5000})
    _table(t, {1: ["Ann", "Dana", "Cat"]})
    _refused(t, {"cmd": "set_house_bounty", "player": "Dana", "amount_cents": 5000}, "INVALID_INPUT", "KO-5",
             "The house bounty on Dana is already $50.00")
    t.execute({"cmd": "bust", "player": "Dana", "eliminated_by": []})
    _refused(t, {"cmd": "set_house_bounty", "player": "Dana", "amount_cents": 100}, "PLAYER_ELIMINATED", None,
             "Dana is already out of the tournament")


# -- cases the knockouts had no test for --------------------------------------------------------------------
def test_ko_5_house_bounty_on_a_player_still_deciding_on_a_rebuy():
    """A rebuy event with a house bounty on Dana: the house pays it to whoever busts her, each time she loses
    all her chips, whether she then rebuys or not; declining pays nothing more. A bounty the house puts on
    her while she decides is paid when she is busted after her rebuy."""
    t = _make("home-rebuy", bounty__house={"Dana": 5000})
    _table(t, {1: ["Ann", "Dana", "Cat"]})
    err = _refused(t, {"cmd": "bust", "player": "Dana"}, "NEEDS_INPUT", "KO-1", "The house bounty of $50.00")
    assert err.question is not None and [c.label for c in err.question.choices][-1].startswith("Nobody")
    t.execute({"cmd": "bust", "player": "Dana", "eliminated_by": "Ann"})
    dana = _p(t, "Dana")
    assert dana.deciding and dana.live
    assert (t.state.house_bounties_paid_cents, _p(t, "Ann").bounties_won_cents) == (5000, 5000)
    _refused(t, {"cmd": "bust", "player": "Cat", "eliminated_by": "Dana"}, "PLAYER_ELIMINATED", "KO-1",
             "Dana holds no chips and cannot knock out Cat")  # deciding, at 0 chips: she took no pot
    t.execute({"cmd": "set_house_bounty", "player": "Dana", "amount_cents": 7500})
    assert t.view("bounties")["bounties"]["players"][1]["house_bounty_cents"] == 7500
    t.execute({"cmd": "rebuy", "player": "Dana"})
    t.execute({"cmd": "bust", "player": "Dana", "eliminated_by": "Cat"})
    assert (t.state.house_bounties_paid_cents, _p(t, "Cat").bounties_won_cents) == (12500, 7500)
    t.execute({"cmd": "decline_rebuy", "player": "Dana"})
    assert _p(t, "Dana").status == "out"
    assert t.state.house_bounties_paid_cents == 12500  # declining is not another knockout
    assert [(r["player"], r["by"], r["house_bounty"]) for r in t.state.knockout_log] == [
        (dana.id, [_p(t, "Ann").id], 5000), (dana.id, [_p(t, "Cat").id], 7500)]
    assert not all_problems(t.state)


def _reversed_seats(**settings: Any) -> Tournament:
    """Four players seated against the order they registered in (ids 1..4 sit in seats 4..1)."""
    t = _make("tda", late__mode="none", **settings)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "open_table", "table": 1})
    for seat, name in enumerate(("Dan", "Cat", "Bob", "Ann"), 1):
        t.execute({"cmd": "seat_player", "player": name, "table": 1, "seat": seat})
    t.execute({"cmd": "start_clock"})
    return t


def test_ko_4_split_bounty_odd_cent_goes_clockwise_from_the_button_not_by_id():
    """KO-4 with PAY-4: the odd cent of a split bounty goes to the first eliminator clockwise from the
    button, whatever their ids or the order they were named in."""
    t = _reversed_seats(bounty__kind="fixed", bounty__amount_cents=5001, bounty__house={"Cat": 3001})
    t.execute({"cmd": "set_button", "table": 1, "seat": 4})  # Ann (id 1) on the button: Dan (id 4) is first
    ann, dan = _p(t, "Ann"), _p(t, "Dan")
    assert ann.id < dan.id
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": ["Ann", "Dan"]})
    lines = {ln["player"]: (ln["cash"], ln["house"]) for ln in t.state.knockout_log[-1]["lines"]}
    assert lines == {dan.id: (2501, 1501), ann.id: (2500, 1500)}
    assert [ln["player"] for ln in t.state.knockout_log[-1]["lines"]] == [dan.id, ann.id]
    assert (dan.bounties_won_cents, ann.bounties_won_cents) == (4002, 4000)
    assert not all_problems(t.state)


def test_ko_4_ko_5_first_named_takes_the_house_bounty_too():
    """``bounty.split`` = ``first_named``: the first eliminator named takes the whole bounty and the whole
    house bounty, whatever the seats and the ids; the others are recorded with nothing."""
    t = _reversed_seats(bounty__kind="fixed", bounty__amount_cents=5001, bounty__split="first_named",
                        bounty__house={"Cat": 3001})
    t.execute({"cmd": "set_button", "table": 1, "seat": 4})
    bob, ann = _p(t, "Bob"), _p(t, "Ann")
    t.execute({"cmd": "bust", "player": "Cat", "eliminated_by": ["Bob", "Ann"]})
    rec = t.state.knockout_log[-1]
    assert rec["by"] == [bob.id, ann.id]
    assert [(ln["player"], ln["cash"], ln["house"]) for ln in rec["lines"]] == [(bob.id, 5001, 3001), (ann.id, 0, 0)]
    assert (bob.bounties_won_cents, ann.bounties_won_cents) == (8002, 0)
    assert (bob.knockouts, ann.knockouts) == (1, 1)
    assert t.state.house_bounties_paid_cents == 3001 and not all_problems(t.state)


def test_ko_2_books_of_a_bounty_event_that_took_a_forfeit_fee():
    """A registrant absent at the start forfeits (REG-2) and pays the forfeit fee; the first on the waiting
    list moves up and buys in. Prize pool + bounty pool + fees + forfeit fee = money taken, to the cent;
    the forfeiter's bounty, won by nobody, goes to the winner with every other (KO-8)."""
    t = _make("tda-pko", reg__forfeit_fee_cents=1500, late__mode="none", reg__cap=3,
              money__fees={"buy_in": {"house": 1000}})
    for name in ("Ann", "Bob", "Cat"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "register", "name": "Wes", "waitlist": True})
    t.execute({"cmd": "forfeit_at_start", "player": "Cat"})
    s = t.state
    assert _p(t, "Wes").entries == 1 and _p(t, "Cat").status == "out" and _p(t, "Cat").bounty_cents == 5000
    assert (s.pool_cents, s.bounty_pool_cents, s.fees_cents, s.forfeit_fees_cents) == (20000, 20000, 4000, 1500)
    assert money_taken(s) == 4 * 11000 + 1500 == s.pool_cents + s.bounty_pool_cents + s.fees_cents + 1500
    assert t.view("money")["money"]["log_totals"] == {"pool": 20000, "bounty": 20000, "fee": 4000,
                                                       "forfeit_fee": 1500}
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann", "eliminated_by": "Bob"})
    t.execute({"cmd": "bust", "player": "Wes", "eliminated_by": "Bob"})
    s = t.state
    assert s.ended and s.bounties_paid_cents == s.bounty_pool_cents == 20000
    assert _p(t, "Bob").bounties_won_cents == 20000  # Ann's, Wes's, his own and Cat's unclaimed one
    assert sum(r["amount_cents"] for r in t.view("payouts")["payouts"]) == s.pool_cents
    assert not bounty_problems(s) and not all_problems(s)
