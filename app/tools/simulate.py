"""A whole tournament played headless through the engine, from the seat draw to the winner.

The simulated director registers the field, draws seats, starts the clock, then busts players at
random (sometimes several in one hand), takes rebuys and late entries where the profile allows them,
and confirms every balance, break and redraw the engine suggests, until one player is left. Every
action goes through :meth:`Tournament.execute` (or a store's ``execute``, which also commits it), is
timed, and is followed by an invariant check at the simulation's rate (``check_every``).

A check reads the whole field, so checking after every action makes a run quadratic in the field
size. By default (``check_every=None``) the run checks about :data:`CHECKS_PER_RUN` times, evenly
spread (every action for a small field), and once more at the end: the run stays linear. CI passes
``check_every=1`` to check after every action.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import msgspec

from app.balancing.locks import lock_reason, locked_players
from app.balancing.plan import plan_moves
from app.clock.handstart import ANSWER
from app.commands import Command, declaration
from app.commands.balancing import Balance
from app.commands.buttons import HandFinished
from app.commands.clock import StartClock
from app.commands.eliminations import Bust, DeclineRebuy
from app.commands.entries import Reenter, RefundWaiting, Register, SeatWaiting
from app.commands.knockouts import CorrectEliminator
from app.commands.seating import AdvanceWinners, SeatAll
from app.core.events import Event
from app.core.registry import COMMANDS
from app.core.state import Table
from app.core.timesource import FakeClock
from app.eliminations.payouts import awards, is_satellite, prize_pool
from app.eliminations.satellite import seats_awarded
from app.engine import Tournament
from app.errors import RuleError
from app.games.rotation import game_for_level
from app.invariants import all_problems, money_problems
from app.knockouts.bounties import money_taken
from app.levels.timeline import current_level
from app.profiles.profile import Profile, load_profile, profile_from_dict

Execute = Callable[[Command], list[Event]]


CHECKS_PER_RUN = 200  # the default check rate: about this many checks in a whole run
SETTLE_EVERY = 1000  # actions between two gc.freeze() of a run (see _long_lived_heap)


class InvariantBroken(Exception):
    pass


def default_check_every(players: int) -> int:
    """The default rate: a run takes about 3 actions per player, checked about CHECKS_PER_RUN times."""
    return max(1, 3 * players // CHECKS_PER_RUN)


@dataclass
class Simulation:
    players: int
    seed: int = 1
    profile: str = "tda"
    check_every: int | None = None  # check the invariants after every n-th action (1 = always, 0 = never,
    # None = the default rate, linear in the field size: see default_check_every)
    hours: float = 8.0  # simulated length of the event, spread over the busts
    timings: list[float] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    slowest: dict[str, float] = field(default_factory=dict)  # command -> its slowest run, in seconds
    timer: Callable[[], float] = time.perf_counter  # times each action (the bench passes time.process_time)


def simulation_profile(profile_id: str, players: int) -> Profile:
    """The profile, with caps lifted when the field is larger than the profile's own cap."""
    profile = load_profile(profile_id)
    if profile["stage.mode"] == "winners_table" and players > profile["table.max_seats"] * 12:
        raise ValueError(
            f"{profile.name} sends one player per table to a winners' table of at most 12 seats: "
            f"simulate at most {profile['table.max_seats'] * 12} players with it."
        )
    if profile["seat.method"] == "card_draw" and players > profile["table.max_seats"] * 4:
        raise ValueError(
            f"{profile.name} draws seats by card, one suit a table (SEAT-3): "
            f"simulate at most {profile['table.max_seats'] * 4} players with it."
        )
    changes: dict[str, Any] = {}
    cap = profile["reg.cap"]
    if cap is not None and players > cap:
        changes["reg.cap"] = None
    if profile["payout.table"] == "bracket":
        top = max(b["max_players"] for b in profile["payout.brackets"])
        if players > top:
            brackets = list(profile["payout.brackets"])
            brackets.append({"max_players": players * 4, "percents": brackets[-1]["percents"]})
            changes["payout.brackets"] = brackets
    if not changes:
        return profile
    data = profile.to_dict()
    data["settings"] = {**data["settings"], **changes}
    return profile_from_dict(data)


class Director:
    """Plays the director: chooses what happens, runs it as commands, times every action."""

    def __init__(self, sim: Simulation, tournament: Tournament, clock: FakeClock, execute: Execute | None) -> None:
        self.sim = sim
        self.t = tournament
        self.clock = clock
        self.rng = random.Random(sim.seed)
        self._execute = execute or tournament.execute
        self.actions = 0
        every = sim.check_every
        self.check_every = default_check_every(sim.players) if every is None else every
        self.max_spread = 0  # largest table-size difference seen once every suggested move was made
        self._listed: tuple[dict[int, Table], tuple[int, ...], list[int]] | None = None
        self.settle: Callable[[], None] = lambda: None  # see _long_lived_heap

    # -- one action ------------------------------------------------------------------------------
    def act(self, command: Command | dict[str, Any]) -> list[Event]:
        """Run one command (a declaration; a plain dict is checked against its declaration first)."""
        cmd = declaration(command)
        timer = self.sim.timer
        start = timer()
        try:
            events = self._execute(cmd)
        except RuleError as err:  # the engine asks whether the hand started before the level change
            if (err.code != "NEEDS_INPUT" or ANSWER not in err.message or ANSWER not in cmd.__struct_fields__
                    or getattr(cmd, ANSWER) is not None):
                raise
            cmd = msgspec.structs.replace(cmd, **{ANSWER: self.rng.random() < 0.5})
            events = self._execute(cmd)
        took = timer() - start
        self.sim.timings.append(took)
        self.actions += 1
        name = cmd.name()
        self.sim.counts[name] = self.sim.counts.get(name, 0) + 1
        if took > self.sim.slowest.get(name, 0.0):
            self.sim.slowest[name] = took
        if self.check_every and self.actions % self.check_every == 0:
            self.check(name)
        if self.actions % SETTLE_EVERY == 0:
            self.settle()
        return events

    def check(self, what: str) -> None:
        problems = all_problems(self.t.state)
        if problems:
            raise InvariantBroken(f"after action {self.actions} ({what}): {problems[0]}")

    def try_act(self, cmd: Command | dict[str, Any]) -> RuleError | None:
        try:
            self.act(cmd)
        except RuleError as err:
            return err
        return None

    # -- the phases --------------------------------------------------------------------------------
    def register_field(self) -> None:
        known = self.t.state.by_name
        for i in range(1, self.sim.players + 1):
            name = f"Player {i:05d}"
            if name.lower() not in known:  # a resumed run registers only those still missing
                self.act(Register(name_=name, identity=self.identity(i)))

    def identity(self, i: int) -> dict[str, str]:
        """The identity fields the profile asks for (REG-1), made up for the simulated player."""
        assert self.t.state.profile is not None
        made = {"first_name": "Player", "last_name": f"{i:05d}", "student_id": f"S{i:07d}", "phone": f"555{i:07d}",
                "id_number": f"ID{i:07d}"}
        return {k: made[k] for k in self.t.state.profile["reg.require_identity"]}

    def seat_and_start(self) -> None:
        """Draw the seats and start the clock, each unless a resumed run already did it."""
        if not self.t.state.tables:
            self.act(SeatAll(dealers=self.dealers()))
        if "start_clock" in COMMANDS and not self.t.state.clock.get("started"):
            self.act(StartClock())
        self.note_game()

    def dealers(self) -> list[int | str] | None:
        """SEAT-4: where the profile uses player-dealers (seeds 003 and 004), one named for every table the
        draw makes; they are locked by default (LOCK-4), so the balancing moves others."""
        state = self.t.state
        assert state.profile is not None
        if state.profile["seat.designated_dealers"] == "none":
            return None
        entered = sorted((p for p in state.players.values() if p.live and p.entries), key=lambda p: p.id)
        tables = -(-len(entered) // int(state.profile["table.max_seats"]))
        if tables < 2:
            return None
        self.sim.counts["dealers"] = tables
        return [p.id for p in entered[:tables]]

    def note_game(self) -> None:
        """Record the game in force whenever it changes (the ``games`` list of the report)."""

        game = game_for_level(self.t.state, current_level(self.t.state, self.clock.now()))
        if isinstance(game, str) and (not self.sim.games or self.sim.games[-1] != game):
            self.sim.games.append(game)

    def one_hand(self, seconds: float) -> None:
        """A hand somewhere: one or more players bust, the button moves, the tables are balanced."""
        self.clock.advance(seconds)
        table = self.pick_table()
        if table is None:
            return
        candidates = [pid for pid in table.seats.values() if not self.t.state.players[pid].deciding]
        if len(candidates) < 2:
            return
        roll = self.rng.random()
        k = 3 if roll < 0.02 else 2 if roll < 0.10 else 1
        k = min(k, len(candidates) - 1)
        busted = self.rng.sample(sorted(candidates), k)
        stacks: dict[int | str, int] | None = None
        if k > 1:
            stacks = {pid: self.rng.choice([500, 1000, 1500, 2500]) for pid in busted}
        knockouts = self.t.state.profile is not None and self.t.state.profile["bounty.kind"] != "none"
        by: list[int | str] | None = list(self.eliminators(candidates, busted)) if knockouts else None
        cmd = Bust(players=list(busted), stacks=stacks, eliminated_by=by)
        if self.t.state.profile is not None and self.t.state.profile["rebuy.offered"] and self.rng.random() < 0.4:
            if self.try_act(msgspec.structs.replace(cmd, rebuy=True)) is None:
                self.after_hand(table.number)
                return
        self.act(cmd)
        for pid in busted:
            p = self.t.state.players[pid]
            if p.deciding:
                self.act(DeclineRebuy(player=pid))
        if by is not None:
            self.knockout_extras(busted, [pid for pid in candidates if pid not in busted])
        self.after_hand(table.number)

    def knockout_extras(self, busted: list[int], others: list[int]) -> None:
        """KO-6, KO-2: now and then a knockout is corrected, or a knocked-out player re-enters."""
        if self.t.state.ended:
            return
        if others and self.rng.random() < 0.03:
            who = self.rng.sample(sorted(others), min(len(others), self.rng.choice([1, 1, 2])))
            if self.try_act(CorrectEliminator(player=busted[0], eliminated_by=list(who))) is None:
                self.sim.counts["corrections"] = self.sim.counts.get("corrections", 0) + 1
        prof = self.t.state.profile
        if prof is not None and prof["reentry.offered"] and self.rng.random() < 0.3:
            for pid in busted:
                if self.try_act(Reenter(player=pid)) is None:
                    self.sim.counts["reentries"] = self.sim.counts.get("reentries", 0) + 1

    def eliminators(self, candidates: list[int], busted: list[int]) -> list[int]:
        """KO-1: who won the pot: one player of the table, or two or three sharing a split pot."""
        left = sorted(pid for pid in candidates if pid not in busted)
        roll = self.rng.random()
        n = 3 if roll < 0.02 else 2 if roll < 0.12 else 1
        return self.rng.sample(left, min(n, len(left)))

    def _numbers(self, tables: dict[int, Table], key: tuple[int, ...]) -> list[int]:
        """``list(tables)``, listed again only when tables were opened, broken or set afresh."""
        if self._listed is None or self._listed[0] is not tables or self._listed[1] != key:
            self._listed = (tables, key, list(tables))
        return self._listed[2]

    def pick_table(self) -> Table | None:
        """A table with at least two players, at random (a few draws, then a scan of the field)."""
        state = self.t.state
        tables = state.tables
        numbers = self._numbers(tables, (len(tables), state.tables_broken, state.redraws))
        for _ in range(8):
            if not numbers:
                return None
            table = tables[self.rng.choice(numbers)]
            if table.population >= 2:
                return table
        playing = [t for t in tables.values() if t.population >= 2]
        return self.rng.choice(playing) if playing else None

    def after_hand(self, table_no: int) -> None:
        state = self.t.state
        if state.ended:
            return
        table = state.tables.get(table_no)
        if table is not None and table.population >= 2 and "hand_finished" in COMMANDS:
            self.try_act(HandFinished(table=table_no))
        self.confirm_plan()
        self.seat_waiting()
        self.maybe_late_entry()
        self.note_game()

    def confirm_plan(self) -> None:
        """Confirm every move, break or redraw the engine asks for, as suggested."""
        for _ in range(200):
            if self.t.state.ended:
                return
            plan = plan_moves(self.t.state)
            if not plan.needed:
                self.note_spread()
                return
            self.check_locks(plan)
            self.act(Balance())
        raise InvariantBroken("the balance plan did not settle after 200 confirmed actions")

    def check_locks(self, plan: Any) -> None:
        """LOCK-2: the plan's first move takes a locked player only when every player at his table is locked."""
        state = self.t.state
        m = plan.moves[0] if plan.moves else None
        if m is None or m.player is None or lock_reason(state, m.player) is None:
            return
        self.sim.counts["locked_moves"] = self.sim.counts.get("locked_moves", 0) + 1
        free = [pid for pid in state.tables[m.from_table].seats.values() if lock_reason(state, pid) is None]
        if free:
            raise InvariantBroken(f"a locked player moves from table {m.from_table} while "
                                  f"{len(free)} unlocked player(s) sit there: {m.reason}")

    def seat_waiting(self) -> None:
        """Give freed seats to paid entrants on the waiting list, or refund them when late entry is over."""
        state = self.t.state
        while state.waiting and not state.ended:
            if self.try_act(SeatWaiting()) is not None:
                if self.try_act(RefundWaiting()) is None:
                    continue
                return
            state = self.t.state
            self.confirm_plan()

    def end_stage(self) -> None:
        """P001: every first-stage table is down to its chip leader; they go to the winners' table."""
        prof = self.t.state.profile
        if prof is not None and prof["stage.mode"] == "winners_table" and self.t.state.extra.get("stage", 1) == 1:
            self.act(AdvanceWinners())

    def note_spread(self) -> None:
        sizes = self.t.state.table_index().sizes()
        if len(sizes) > 1:
            self.max_spread = max(self.max_spread, sizes[-1] - sizes[0])

    def maybe_late_entry(self) -> None:
        prof = self.t.state.profile
        if prof is None or prof["late.mode"] != "levels" or self.rng.random() > 0.02:
            return
        number = self.sim.counts.get("register", 0) + 1
        err = self.try_act(Register(name_=f"Late {number:05d}", identity=self.identity(number)))
        if err is None:
            self.sim.counts["late_entries"] = self.sim.counts.get("late_entries", 0) + 1


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    idx = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[idx]


def run_simulation(
    sim: Simulation,
    *,
    tournament: Tournament | None = None,
    clock: FakeClock | None = None,
    execute: Execute | None = None,
) -> dict[str, Any]:
    """Play the tournament to a winner and report the figures (the JSON of ``floorman simulate``)."""
    started = time.perf_counter()
    clock = clock or FakeClock()
    if tournament is None:
        profile = simulation_profile(sim.profile, sim.players)
        tournament = Tournament.create(profile, name=f"Simulation {sim.seed}", time=clock, seed=sim.seed)
    director = Director(sim, tournament, clock, execute)
    with _long_lived_heap() as settle:
        director.settle = settle
        return _play(sim, director, started)


@contextmanager
def _long_lived_heap() -> Iterator[Callable[[], None]]:
    """Keep the cycle collector off what the tournament has built so far, between actions.

    The state and the log only grow: nothing in them becomes garbage, yet each full collection walks
    all of it, so its pauses grow with the field (a few hundred milliseconds, inside one action, at
    30,000 players). ``settle`` moves everything allocated so far out of the collector's way
    (:func:`gc.freeze`, a constant-time splice); the run unfreezes at its end. A caller that froze
    objects itself is left alone.
    """
    if gc.get_freeze_count():
        yield lambda: None
        return
    try:
        yield gc.freeze
    finally:
        gc.unfreeze()


def _play(sim: Simulation, director: Director, started: float) -> dict[str, Any]:
    state = director.t.state
    if not state.tables:
        director.register_field()
    director.settle()  # the field, before the seat draw
    director.seat_and_start()
    seconds_per_hand = max(1.0, sim.hours * 3600 / max(1, sim.players))
    guard = sim.players * 20 + 1000
    while not state.ended and guard > 0:
        guard -= 1
        before = state.seq
        director.one_hand(seconds_per_hand)
        state = director.t.state
        if state.seq == before and not any(t.population >= 2 for t in state.tables.values()):
            director.confirm_plan()
            director.end_stage()
            if state.seq == before:
                raise InvariantBroken("play is stuck: no table has two players and no move is suggested")
    if not state.ended:
        raise InvariantBroken("the simulation did not reach a winner")
    if director.check_every:
        director.check("the end")
    money = money_problems(state)  # KO-2, SAT-1: the money balances to the cent, whatever the check rate
    if money:
        raise InvariantBroken(f"at the end: {money[0]}")
    return report(sim, director, time.perf_counter() - started)


def report(sim: Simulation, director: Director, elapsed: float) -> dict[str, Any]:
    t = director.t
    state = t.state
    views = t.view()
    payouts = views.get("payouts", [])
    rows = payouts if isinstance(payouts, list) else []
    ms = [x * 1000 for x in sim.timings]

    prizes = sum(cents for _place, cents, _tied in awards(state).values())
    money = {
        "money_taken_cents": money_taken(state),
        "prizes_awarded_cents": prizes,
        # every cent taken is in the prize pool, the bounty pool or the fees, and the prizes are the prize pool
        "money_balanced": not money_problems(state) and (prizes == prize_pool(state) or not rows),
    }
    satellite = {"seats_awarded": seats_awarded(state)} if is_satellite(state) else {}

    locks = {"dealers_named": sim.counts.get("dealers", 0), "locked_players_left": len(locked_players(state)),
             "locked_moves": sim.counts.get("locked_moves", 0)}
    return {
        "profile": sim.profile,
        "players": sim.players,
        "seed": sim.seed,
        "entries": sum(p.entries for p in state.players.values()),
        "rebuys": sum(p.rebuys for p in state.players.values()),
        "addons": sum(p.addons for p in state.players.values()),
        "late_entries": sim.counts.get("late_entries", 0),
        "reentries": sim.counts.get("reentries", 0),
        "eliminators_corrected": sim.counts.get("corrections", 0),
        "prize_pool_cents": state.pool_cents,
        "fees_cents": state.fees_cents,
        "bounty_pool_cents": state.bounty_pool_cents,
        "bounties_paid_cents": state.bounties_paid_cents,
        "house_bounties_paid_cents": state.house_bounties_paid_cents,
        **money,
        **satellite,
        **locks,
        "payouts": [
            {"place": r.get("place"), "player": r.get("player"), "amount_cents": r.get("amount_cents")}
            for r in rows
            if isinstance(r, dict)
        ],
        "moves": state.moves,
        "tables_broken": state.tables_broken,
        "redraws": state.redraws,
        "max_spread_after_balance": director.max_spread,
        "games": sim.games,
        "actions": director.actions,
        "events": len(t.log),
        "elapsed_s": round(elapsed, 3),
        "action_ms_p50": round(percentile(ms, 50), 4),
        "action_ms_p99": round(percentile(ms, 99), 4),
        "action_ms_max": round(max(ms) if ms else 0.0, 4),
    }
