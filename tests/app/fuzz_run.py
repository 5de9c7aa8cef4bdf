"""The director of the all-commands property: builds each command from the current state, runs it,
answers the engine's questions the way a director would, and checks the engine's invariants after
every step."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import msgspec

from app.clock.handstart import ANSWER
from app.core.state import SEATED, WINNER, TournamentState
from app.core.timesource import FakeClock
from app.eliminations.payouts import payout_check, payout_rows, prize_pool
from app.engine import Tournament
from app.errors import RuleError
from app.invariants import all_problems, flagged
from app.levels.timeline import current_level
from app.log.snapshots import encode_state
from app.tools.simulate import simulation_profile
from tests.app import fuzz_field as ff
from tests.app import fuzz_floor as fl

Builder = Callable[["Director", random.Random], "ff.Cmd | None"]


def _clock(name: str) -> Builder:
    return lambda d, r: fl.clock(d.t.state, r, name)


def _misc(name: str) -> Builder:
    return lambda d, r: fl.misc(d.t.state, r, name)


BUILDERS: dict[str, Builder] = {
    "finish": lambda d, r: {"cmd": "finish"},
    "register": lambda d, r: ff.register(d.t.state, r, d.next_number()),
    "bust": lambda d, r: ff.bust(d.t.state, r),
    "rebuy": lambda d, r: ff.for_decider(d.t.state, r, "rebuy"),
    "decline_rebuy": lambda d, r: ff.for_decider(d.t.state, r, "decline_rebuy"),
    "addon": lambda d, r: ff.purchase(d.t.state, r, "addon"),
    "topup": lambda d, r: ff.purchase(d.t.state, r, "topup"),
    "buy_chips": lambda d, r: ff.purchase(d.t.state, r, "buy_chips"),
    "reenter": lambda d, r: ff.reenter(d.t.state, r),
    "correct_eliminator": lambda d, r: ff.correct_eliminator(d.t.state, r),
    "set_house_bounty": lambda d, r: ff.house_bounty(d.t.state, r),
    "chip_count": lambda d, r: ff.chip_count(d.t.state, r),
    "absent": lambda d, r: ff.absence(d.t.state, r, "absent"),
    "returned": lambda d, r: ff.absence(d.t.state, r, "returned"),
    "forfeit": lambda d, r: ff.absence(d.t.state, r, "forfeit"),
    "no_show": lambda d, r: ff.absence(d.t.state, r, "no_show"),
    "set_button": lambda d, r: fl.set_button(d.t.state, r),
    "move": lambda d, r: fl.move(d.t.state, r),
    "break_table": lambda d, r: fl.break_or_redraw(d.t.state, r, "break_table"),
    "redraw": lambda d, r: fl.break_or_redraw(d.t.state, r, "redraw"),
    "seat_player": lambda d, r: fl.seat_player(d.t.state, r),
    "chip_race": lambda d, r: fl.chip_race(d.t.state, r, d.clock.now()),
    "found_chips": lambda d, r: fl.found_chips(d.t.state, r),
    "choose_game": lambda d, r: fl.games(d.t.state, r, "choose_game", d.level()),
    "record_draw": lambda d, r: fl.games(d.t.state, r, "record_draw", d.level()),
    "stud_action_order": lambda d, r: fl.games(d.t.state, r, "stud_action_order", d.level()),
    "set_payouts": lambda d, r: fl.payouts(d.t.state, r),
    "change_settings": lambda d, r: fl.change_settings(d.t.state, r),
    "waive_halt": lambda d, r: fl.waive_halt(d.t.state, r),
    "draw_button": lambda d, r: fl.draw_button(d.t.state, r),
    "advance_winners": lambda d, r: fl.advance_winners(d.t.state, r),
    "open_table": lambda d, r: fl.open_table(d.t.state, r),
    "lock_seat": lambda d, r: fl.seat_lock(d.t.state, r, "lock_seat"),
    "unlock_seat": lambda d, r: fl.seat_lock(d.t.state, r, "unlock_seat"),
    "award_seats": lambda d, r: {"cmd": "award_seats"},
    "end_flight_day": lambda d, r: {"cmd": "end_flight_day", "reason": r.choice(["director", "share", "never"])},
    # FLT-10: refused in a tournament not made from an event (NOT_DAY2), once made before anybody is in it
    "day2_of_event": lambda d, r: {"cmd": "day2_of_event", "event": r.choice(["Main", " ", "Main Event"]),
                                   "entries": r.randint(-1, 500), "pool_cents": r.randint(-1, 10**6),
                                   "day1": [["Zed Out", "Day 1A"]], "level": r.randint(0, 12)},
    "carry_in": lambda d, r: {"cmd": "carry_in", "name": f"Bagged {r.randint(1, 9)}", "chips": r.randint(-1, 90000),
                              "table": r.randint(0, 4), "seat": r.randint(0, 11), "flight": "Day 1A", "bag": "7"},
    "join_event": lambda d, r: {"cmd": "join_event", "event_file": r.choice(["main.fmevent", ""]),
                                "flight": r.choice(["Day 1A", "Day 1B", ""])},
    "announce": lambda d, r: fl.announcement(d.t.time.now(), r),
    "cancel_announcement": lambda d, r: {"cmd": "cancel_announcement", "announcement": r.randint(0, 3)},
}
for _name in ("close_registration", "reopen_registration", "lock_payouts", "unlock_payouts", "record_deal"):
    BUILDERS[_name] = (lambda n: lambda d, r: fl.money_engine(d.t.state, r, n))(_name)
for _name in ("start_clock", "pause_clock", "resume_clock", "next_level", "previous_level", "add_time",
              "remove_time", "start_break", "end_break", "jump_to_level", "change_level_length", "hand_for_hand",
              "hand_for_hand_round", "hand_for_hand_deduct", "set_structure"):
    BUILDERS[_name] = _clock(_name)
for _name in ("note", "forfeit_at_start", "seat_waiting", "refund_waiting", "withdraw", "buy_in", "balance",
              "hand_finished", "seat_all", "accept_chip_count", "rename_player", "preregister", "check_in",
              "remove_preregistration"):
    BUILDERS[_name] = _misc(_name)

# How often each step comes up: the everyday ones (busts, hands, balancing, time passing) most.
WEIGHTS = {"bust": 8, "hand_finished": 8, "balance": 5, "advance": 8, "move": 3, "decline_rebuy": 3, "rebuy": 3,
           "register": 3, "chip_count": 2, "set_button": 2, "seat_waiting": 2}
OPS: list[str] = sorted(set(BUILDERS) | {"advance"})
STEPS: list[str] = [op for op in OPS for _ in range(WEIGHTS.get(op, 1))]

def seated_ok(state: TournamentState) -> None:
    """Every live seated player (and the winner) sits in exactly one seat; no table has too many."""
    where: dict[int, tuple[int, int]] = {}
    for number, table in state.tables.items():
        assert len(table.seats) <= table.max_seats
        for seat, pid in table.seats.items():
            assert 1 <= seat <= table.max_seats
            assert pid not in where, "a player in two seats"
            where[pid] = (number, seat)
    for p in state.players.values():
        if p.status in (SEATED, WINNER) and p.id in where:
            assert where[p.id] == (p.table, p.seat)
        else:
            assert p.status != SEATED and p.id not in where, p


def money_ok(state: TournamentState) -> None:
    """Payouts add up to the pool (percent and bracket tables); places form a complete ranking, ties
    included. ELIM-8: the players out in stage 1 take no place."""
    assert state.profile is not None
    rows = payout_rows(state)
    if rows and state.profile["payout.table"] in ("percent", "bracket") and state.payout_override is None:
        assert sum(r["amount_cents"] for r in rows) == prize_pool(state)
    covered: list[int] = []
    for batch in state.batches:
        for group in batch.tie_groups:
            first = state.players[group[0]].place
            assert first is not None
            assert all(state.players[pid].place == first and state.players[pid].tied == len(group) for pid in group)
            covered += range(first, first + len(group))
    top = state.in_field + 1
    unranked = sum(1 for p in state.players.values() if p.out_reason == "out in stage 1")
    if not unranked:
        assert sorted(covered) == list(range(top, top + len(covered)))
        assert top + len(covered) - 1 == state.entrants
        return
    # The players out in stage 1 leave a block of places nobody takes, between the winners' table and
    # the players who busted before the stage ended.
    assert len(set(covered)) == len(covered) and all(top <= c <= state.entrants for c in covered)
    assert len(covered) + unranked == state.entrants - top + 1


_BUTTON = re.compile(r"Which seat has the button at table (\d+)\?")


def unchanged(state: TournamentState, before: bytes) -> bool:
    """Is ``state`` the state encoded as ``before``? Equal sets may list their members in another order
    once a state was rebuilt from a snapshot, so bytes that differ are decoded and compared as values."""
    return encode_state(state) == before or msgspec.msgpack.decode(before, type=TournamentState) == state


class Director:
    t: Tournament
    clock: FakeClock

    def __init__(self, profile: str, players: int, seed: int, features: list[int] | None = None) -> None:
        self.clock = FakeClock()
        prof = simulation_profile(profile, players)
        self.t = Tournament.create(prof, name="Fuzz", time=self.clock, seed=seed)
        self.numbers = 0
        self.steps = 0
        self.enter_field(players, features or [])

    def enter_field(self, players: int, features: list[int]) -> None:
        """The house opens up some of what the profile does not offer; then ``players`` register."""
        for i in features:
            self.run({"cmd": "change_settings", "settings": dict(fl.FEATURES[i % len(fl.FEATURES)])})
        for _ in range(players):
            self.run({"cmd": "register", "name": f"Entrant {self.next_number()}",
                      "identity": ff.identity(self.t.state, self.numbers)})

    def next_number(self) -> int:
        self.numbers += 1
        return self.numbers

    def level(self) -> int:
        return current_level(self.t.state, self.clock.now()) if self.t.state.clock.get("started") else 1

    # -- one step --------------------------------------------------------------------------------
    def step(self, op: str, seed: int) -> None:
        r = random.Random(seed)
        self.steps += 1
        if op == "advance":
            self.clock.advance(r.choice([5, 30, 120, 600, 1200, 3600]))
        else:
            cmd = BUILDERS[op](self, r)
            if cmd is not None:
                self.run(cmd, r)
        self.check()
        if self.steps % 20 == 0:
            self.check_replay()

    def run(self, cmd: ff.Cmd, r: random.Random | None = None, depth: int = 0) -> RuleError | None:
        """Run the command; a refusal must change nothing; answer the engine's question and repeat.

        What time passing made due runs first, as its own step (as the store does)."""
        self.t.run_due(cmd)
        state_before = encode_state(self.t.state)
        try:
            self.t.execute(cmd)
        except RuleError as err:
            assert unchanged(self.t.state, state_before), f"refused {cmd} changed the state: {err}"
            if r is not None and depth < 3 and err.code == "NEEDS_INPUT":
                answer = self.answer(cmd, err, r)
                if answer is not None:
                    return self.run(answer, r, depth + 1)
            return err
        except Exception as exc:
            raise AssertionError(f"{cmd} raised {type(exc).__name__}: {exc}") from exc
        return None

    def answer(self, cmd: ff.Cmd, err: RuleError, r: random.Random) -> ff.Cmd | None:
        """The command repeated with what the engine asked for (or the step it asked to take first)."""
        state = self.t.state
        if ANSWER in err.message and ANSWER not in cmd:
            return {**cmd, ANSWER: r.random() < 0.5}
        if err.question is not None and err.question.field == "eliminated_by" and err.question.choices:
            return {**cmd, "eliminated_by": r.choice(err.question.choices).value}  # KO-1
        if "at the start of the hand" in err.message and cmd["cmd"] == "bust":
            refs = cmd.get("players") or [cmd.get("player")]
            return {**cmd, "stacks": {str(ref): r.choice([800, 1500, 1500, 4000]) for ref in refs}}
        found = _BUTTON.search(err.message)
        if found and int(found.group(1)) in state.tables:
            table = state.tables[int(found.group(1))]
            if table.seats and self.run({"cmd": "set_button", "table": table.number,
                                         "seat": r.choice(sorted(table.seats))}) is None:
                return cmd
        if cmd["cmd"] == "chip_race" and "counts" not in cmd and state.loose_chips:
            counts: dict[str, int] = {}
            for number in sorted(state.loose_chips):
                if number in state.tables:
                    counts.update(ff.table_stacks(state, number))
            return {**cmd, "counts": counts}
        return None

    # -- the invariants --------------------------------------------------------------------------
    def check(self) -> None:
        state = self.t.state
        flags = flagged(state)  # PAY-6: a director's table that does not add up is only flagged
        if state.payout_override is not None:
            assert payout_check(state)["valid"] == (not flags)
        problems = [p for p in all_problems(state) if p not in flags]  # chips conserved among them
        assert problems == [], problems
        seated_ok(state)
        money_ok(state)

    def check_replay(self) -> None:
        again = Tournament.replay(self.t.log)
        assert again.state == self.t.state, "the replayed log gives another state"
