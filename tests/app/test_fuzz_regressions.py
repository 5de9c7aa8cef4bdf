"""Regressions found by the all-commands property (tests/app/test_properties_all_commands.py): each test
names the rule the engine broke and replays the shortest sequence that broke it."""

from __future__ import annotations

import pytest

from app.chips.chipcount import chips_in_play
from app.engine import Tournament
from app.errors import RuleError
from app.log.snapshots import encode_state
from tests.app.money_kit import enter, make


def refused_unchanged(t: Tournament, cmd: dict[str, object], code: str) -> None:
    """The command is refused with ``code`` and leaves the state byte for byte as it was."""
    before = encode_state(t.state)
    with pytest.raises(RuleError) as info:
        t.execute(cmd)
    assert info.value.code == code, info.value
    assert encode_state(t.state) == before


def test_clk_5_refused_hand_for_hand_off_changes_nothing() -> None:
    t = make("casino-mixed")
    enter(t, "Ann", "Bob")
    refused_unchanged(t, {"cmd": "hand_for_hand", "on": False}, "INVALID_INPUT")
    assert "h4h" not in t.state.extra
    assert Tournament.replay(t.log).state == t.state


def test_seat_2_draw_never_seats_more_players_than_an_opened_table_holds() -> None:
    t = make("tda")
    enter(t, *[f"P{i}" for i in range(7)])
    t.execute({"cmd": "open_table", "table": 1, "seats": 6})
    refused_unchanged(t, {"cmd": "seat_all"}, "NO_OPEN_SEAT")
    t.execute({"cmd": "change_settings", "settings": {"table.max_seats": 6, "final_table.size": 6}})
    t.execute({"cmd": "seat_all"})
    assert sorted(len(tb.seats) for tb in t.state.tables.values()) == [3, 4]
    assert all(len(tb.seats) <= tb.max_seats for tb in t.state.tables.values())


def test_abs_3_forfeit_waits_for_a_rebuy_decision_at_the_table() -> None:
    """Shares of a forfeited stack went to players at zero deciding on a rebuy; a decline then lost them."""
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cy", "Di", "Ed")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "players": ["Cy", "Di"]})
    refused_unchanged(t, {"cmd": "absent", "player": "Bob", "long": True}, "NEEDS_INPUT")
    t.execute({"cmd": "absent", "player": "Bob"})
    t.time.advance(25 * 60)
    refused_unchanged(t, {"cmd": "forfeit", "player": "Bob"}, "NEEDS_INPUT")
    t.execute({"cmd": "decline_rebuy", "player": "Cy"})
    t.execute({"cmd": "decline_rebuy", "player": "Di"})
    t.execute({"cmd": "forfeit", "player": "Bob"})
    s = t.state
    assert s.chips_issued + s.chips_added - s.chips_removed == chips_in_play(s)


def test_elim_8_an_empty_table_sends_nobody_to_the_winners_table() -> None:
    t = make("campus")
    for i in range(10):
        t.execute({"cmd": "register", "name": f"P{i}",
                   "identity": {"first_name": "P", "last_name": str(i), "student_id": f"S{i}"}})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "open_table"})
    t.execute({"cmd": "advance_winners", "end": True})
    assert len(t.state.tables[1].seats) == 2
    assert sum(1 for p in t.state.players.values() if p.out_reason == "out in stage 1") == 8


def test_bal_1_a_full_small_table_receives_no_more_moves() -> None:
    """A table opened with 2 seats stays short of the others once full: the plan must not send it a
    third player (balance failed on a move with no seat to go to)."""
    t = make("home-rebuy")
    enter(t, *[f"P{i}" for i in range(17)])
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "open_table", "seats": 2})
    assert not t.view("balance")["balance"]["needed"]  # a table nobody sits at is not in play (BRK-1)
    for seat, pid in enumerate(list(t.state.tables[1].seats.values())[:2], start=1):
        t.execute({"cmd": "move", "player": pid, "table": 3, "seat": seat})
    assert len(t.state.tables[3].seats) == 2
    assert all(len(tb.seats) <= tb.max_seats for tb in t.state.tables.values())
    refused_unchanged(t, {"cmd": "balance"}, "INVALID_INPUT")


def test_ent_9_no_chip_purchase_while_deciding_on_a_rebuy() -> None:
    """Chips bought by a player at zero deciding on a rebuy left play when he declined."""
    t = make("casino-mixed", rebuy__offered=True, rebuy__last_level=4)
    enter(t, "Ann", "Bob", "Cy")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann"})
    refused_unchanged(t, {"cmd": "buy_chips", "player": "Ann", "amount_cents": 10000}, "INVALID_INPUT")


def test_ent_5_a_flagged_count_goes_stale_when_a_counted_player_busts() -> None:
    """A count flagged before a bust, accepted after it, put chips back in front of a player at zero."""
    t = make("home-nl")
    enter(t, "Ann", "Bob", "Cy")
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "start_clock"})
    stacks = {p.name: p.stack for p in t.state.players.values()}
    t.execute({"cmd": "chip_count", "counts": {**stacks, "Cy": stacks["Cy"] - 1}})
    t.execute({"cmd": "bust", "player": "Ann"})
    refused_unchanged(t, {"cmd": "accept_chip_count"}, "INVALID_INPUT")
    t.execute({"cmd": "decline_rebuy", "player": "Ann"})
    s = t.state
    assert s.chips_issued + s.chips_added - s.chips_removed == chips_in_play(s)


def test_pay_6_a_typed_table_off_the_pool_is_flagged_once_not_again_as_money_at_the_end():
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.invariants import money_problems, payout_problems
    from app.profiles.profile import load_profile

    t = Tournament.create(load_profile("hat"), name="Typed", time=FakeClock(), seed=2)  # no rebuy, no late entry
    for name in ("Ann", "Bob"):
        t.execute({"cmd": "register", "name": name})
    t.execute({"cmd": "seat_all"})
    t.execute({"cmd": "set_payouts", "amounts_cents": [84_972]})  # the director's figure, not the pool's
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "Ann"})
    assert t.state.ended
    assert payout_problems(t.state)  # PAY-6 says the table misses the pool
    assert money_problems(t.state) == []  # and the money itself balances: said once, not twice


def test_bal_1_a_hand_finished_where_nobody_is_seated_anywhere_does_not_crash_the_halt_check() -> None:
    """Found by the deep fuzz: under the TDA trigger, a hand finished at a table while no table had a player
    left (all refunded) raised IndexError in the halt check instead of being judged."""
    from app.buttons.halting import halt_now
    from app.core.timesource import FakeClock
    from app.engine import Tournament
    from app.profiles.profile import load_profile

    t = Tournament.create(load_profile("tda"), name="Halt", time=FakeClock(), seed=1)
    for i in range(12):
        t.execute({"cmd": "register", "name": f"P{i:02d}"})
    t.execute({"cmd": "seat_all"})
    table = t.state.tables[1]
    assert table.bb is not None and len(t.state.tables) == 2
    for other in t.state.tables.values():  # as if every player had left his seat
        other.seats.clear()
        t.state.seats_changed(other.number)
    assert halt_now(t.state, table) is None


@pytest.mark.parametrize("case", [5089])
def test_chips_20_9_deep_fuzz_cases_that_lost_chips_now_hold_every_invariant(case: int) -> None:
    """Deep-fuzz cases (tests/app/fuzz_deep.py, with undo) that once broke chip conservation, played again:
    5089 broke a table every player of which had busted, then counted one table, and the lot of loose chips
    that could be anywhere left play (tests/app/test_chips_in_play.py has it in a few commands)."""
    from tests.app.fuzz_deep import play

    assert play(case, undo=True) is None
