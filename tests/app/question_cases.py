"""One case per question the engine asks (every NEEDS_INPUT refusal in app/): how to get there through
real commands, and how a director answers. The window's tests drive the same cases through its dialog.

A case's ``answer(question)`` is the command to run next: either the original command with the answer
in the question's field, or one choice's ``command`` (then the original command is repeated as it was).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.clock.handstart import ANSWER
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import Question
from app.profiles.profile import load_profile, profile_from_dict

Command = dict[str, Any]
MIN = 60


@dataclass(frozen=True)
class QuestionCase:
    name: str
    build: Callable[[], tuple[Tournament, Command]]  # a tournament, and the command that asks
    answer: Callable[[Question], Command]  # the command to run next
    field: str | None  # what the question is expected to ask
    kind: str
    rule: str


def _make(profile: str, seed: int = 3, **settings: Any) -> Tournament:
    data = load_profile(profile).to_dict()
    data["settings"] = {**data["settings"], **{k.replace("__", "."): v for k, v in settings.items()}}
    return Tournament.create(profile_from_dict(data), name="Questions", time=FakeClock(), seed=seed)


def _run(t: Tournament, *commands: Command) -> Tournament:
    for cmd in commands:
        t.execute(cmd)
    return t


def _register(t: Tournament, *names: str) -> None:
    for name in names:
        t.execute({"cmd": "register", "name": name})


def _seat_at(t: Tournament, layout: dict[int, dict[int, str]]) -> None:
    """Register everyone first (nobody is a late entrant), then seat them where the layout says."""
    _register(t, *[n for seats in layout.values() for n in seats.values()])
    for number, seats in layout.items():
        t.execute({"cmd": "open_table", "table": number})
        for seat, name in seats.items():
            t.execute({"cmd": "seat_player", "player": name, "table": number, "seat": seat})


def _with(cmd: Command, question: Question, value: Any) -> Command:
    assert question.field is not None
    return {**cmd, question.field: value}


def _choice(question: Question, words: str) -> Command:
    """The command of the choice whose label contains ``words``."""
    found = next(c for c in question.choices if words in c.label)
    assert found.command is not None
    return found.command


# -- CONV-6: did the hand start before the level change? -------------------------------------------------
def _level_change() -> tuple[Tournament, Command]:
    t = _make("home-nl", table__max_seats=5, final_table__size=5)
    _register(t, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    for number in sorted(t.state.tables):
        t.execute({"cmd": "set_button", "table": number, "seat": min(t.state.tables[number].seats)})
    t.time.advance(2 * 20 * MIN + 60)  # type: ignore[attr-defined]  # level 3: both tables report a hand
    for number in sorted(t.state.tables):
        t.execute({"cmd": "hand_finished", "table": number})
    t.time.advance(20 * MIN)  # type: ignore[attr-defined]  # level 4 began a minute ago
    return t, {"cmd": "bust", "player": "Ann", "rebuy": True}


def _no_show_level_change() -> tuple[Tournament, Command]:
    """REG-5 (P004): an away player's chips go at his table's first level-2 hand; level 2 began a minute
    ago and the table has reported no hand since. (A player who is here is refused without asking.)"""
    t = _make("home-nl", table__max_seats=5, final_table__size=5)
    _register(t, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"}, {"cmd": "absent", "player": "Dan"})
    t.time.advance(20 * MIN + 60)  # type: ignore[attr-defined]
    return t, {"cmd": "no_show", "players": ["Dan"]}


# -- ELIM-4: starting stacks of two busts in one hand ------------------------------------------------------
def _two_busts() -> tuple[Tournament, Command]:
    t = _make("tda")
    _register(t, "Ann", "Bob", "Cat")
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    return t, {"cmd": "bust", "players": ["Ann", "Bob"]}


# -- KO-1: who knocked the player out, where a bounty rides on it -------------------------------------------
def _knockout() -> tuple[Tournament, Command]:
    t = _make("tda-pko")
    _seat_at(t, {1: {1: "Ann", 2: "Bob", 3: "Cat"}})
    t.execute({"cmd": "start_clock"})
    return t, {"cmd": "bust", "player": "Ann"}


def _first_value(question: Question) -> Any:
    return question.choices[0].value


# -- BTN-4: the button at a table --------------------------------------------------------------------------
def _unknown_button() -> tuple[Tournament, Command]:
    t = _make("tda")
    _seat_at(t, {1: {1: "Ann", 2: "Bob", 3: "Cat"}})
    return t, {"cmd": "hand_finished", "table": 1}


# -- BAL-3: the button that picks the mover ----------------------------------------------------------------
def _balance_button() -> tuple[Tournament, Command]:
    t = _make("tda")
    _seat_at(t, {1: {s: f"A{s}" for s in range(1, 10)}, 2: {s: f"B{s}" for s in range(1, 7)}})
    t.execute({"cmd": "set_button", "table": 2, "seat": 1})
    return t, {"cmd": "balance"}


def _tied_tables_button() -> tuple[Tournament, Command]:
    """BAL-2 (P004): tables 1 and 2 tie for the most players; table 2's button was never entered."""
    t = _make("home-nl")
    _seat_at(t, {1: {s: f"A{s}" for s in range(1, 9)}, 2: {s: f"B{s}" for s in range(1, 9)},
                 3: {s: f"C{s}" for s in range(1, 8)}})
    for number in (1, 3):
        t.execute({"cmd": "set_button", "table": number, "seat": 1})
    t.execute({"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "C4", "rebuy": False})
    return t, {"cmd": "balance"}


# -- ENT-5: a player who lost his chips rebuys or declines first -------------------------------------------
def _deciding(profile: str = "home-nl") -> Tournament:
    t = _make(profile, table__max_seats=9, final_table__size=9)
    _register(t, *[f"P{i}" for i in range(1, 11)])  # two tables of five
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "P1"})  # may rebuy: stays seated at 0 chips, deciding
    assert t.state.players[t.state.by_name["p1"]].deciding
    return t


def _deciding_moved() -> tuple[Tournament, Command]:
    t = _deciding()
    p = t.state.players[t.state.by_name["p1"]]
    other = next(tb for n, tb in sorted(t.state.tables.items()) if n != p.table)
    return t, {"cmd": "move", "player": "P1", "table": other.number, "seat": other.open_seats()[0]}


def _deciding_table_broken() -> tuple[Tournament, Command]:
    t = _deciding()
    return t, {"cmd": "break_table", "table": t.state.players[t.state.by_name["p1"]].table}


def _deciding_hand_finished() -> tuple[Tournament, Command]:
    t = _deciding()
    return t, {"cmd": "hand_finished", "table": t.state.players[t.state.by_name["p1"]].table}


def _deciding_forfeit() -> tuple[Tournament, Command]:
    t = _deciding()
    p = t.state.players[t.state.by_name["p1"]]
    assert p.table is not None
    neighbour = next(pid for pid in t.state.tables[p.table].seats.values() if pid != p.id)
    return t, {"cmd": "absent", "player": t.state.players[neighbour].name, "long": True}


# -- RACE-3: counts before the chip race -------------------------------------------------------------------
RACE_STACKS = {"Bob": 1990, "Di": 3995, "Cy": 5, "Ann": 2010}


def _at_the_race() -> Tournament:
    data = load_profile("hat").to_dict()
    data["settings"] = {**data["settings"], "structure.id": "hat"}
    t = Tournament.create(profile_from_dict(data), name="Questions", time=FakeClock(), seed=5)
    _register(t, *RACE_STACKS)
    _run(t, {"cmd": "seat_all", "seats": {"Bob": [1, 1], "Di": [1, 2], "Cy": [1, 3], "Ann": [1, 4]}},
         {"cmd": "start_clock", "level": 4}, {"cmd": "chip_count", "counts": RACE_STACKS, "accept": True})
    t.time.advance(30 * MIN + 5)  # type: ignore[attr-defined]  # the break after level 4
    t.execute({"cmd": "bust", "player": "Bob"})  # his chips are on the table, in nobody's count
    return t


def _race_uncounted() -> tuple[Tournament, Command]:
    return _at_the_race(), {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1}}


def _race_count_off() -> tuple[Tournament, Command]:
    counts = {"Di": 5985, "Cy": 5, "Ann": 2000}  # 10 chips short
    return _at_the_race(), {"cmd": "chip_race", "denomination": 5, "results": {"Di": 1}, "counts": counts}


# -- ELIM-8: end the first stage now? ----------------------------------------------------------------------
def _stage_not_over() -> tuple[Tournament, Command]:
    t = _make("campus", seed=1)
    for i in range(1, 13):
        name = f"N{i:02d}"
        t.execute({"cmd": "register", "name": name,
                   "identity": {"first_name": name, "last_name": "Student", "student_id": f"S{name}"}})
    t.execute({"cmd": "seat_all"})
    assert len(t.state.tables) >= 2
    return t, {"cmd": "advance_winners"}


def _deciding_stage_ends() -> tuple[Tournament, Command]:
    t = _make("campus", seed=1, **{"rebuy.offered": True, "rebuy.last_level": 3, "rebuy.max_per_player": 1})
    for i in range(1, 13):
        name = f"N{i:02d}"
        t.execute({"cmd": "register", "name": name,
                   "identity": {"first_name": name, "last_name": "Student", "student_id": f"S{name}"}})
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    t.execute({"cmd": "bust", "player": "N01"})  # may rebuy: stays seated at 0 chips, deciding
    assert t.state.players[t.state.by_name["n01"]].deciding
    return t, {"cmd": "advance_winners", "end": True}


# -- MIX-6: the dealer's seat settles a tie showing --------------------------------------------------------
def _stud_tie() -> tuple[Tournament, Command]:
    t = _make("hat")
    return t, {"cmd": "stud_action_order", "game": "stud", "street": 4, "cards": {"2": ["Kc", "Kd"], "6": ["Kh", "Ks"]}}


# -- PAY-10: unlocking a locked payout table that would change ------------------------------------------------
def _unlock_changes() -> tuple[Tournament, Command]:
    t = _make("tda", **{"payout.table": "percent", "payout.places_percent": 50, "payout.places_rounding": "down"})
    for i in range(5):
        t.execute({"cmd": "register", "name": f"U{i}"})
    t.execute({"cmd": "lock_payouts"})
    t.execute({"cmd": "register", "name": "U5"})
    return t, {"cmd": "unlock_payouts"}


# -- REG-9: the same name but for its accents --------------------------------------------------------------
def _same_but_accents() -> tuple[Tournament, Command]:
    t = _make("tda")
    _register(t, "José Núñez", "Ann Lee")
    return t, {"cmd": "register", "name": "Jose Nunez"}


# -- REG-10: a pre-registered name the same but for its accents -------------------------------------------
def _prereg_same_but_accents() -> tuple[Tournament, Command]:
    t = _make("tda")
    _register(t, "José Núñez")
    return t, {"cmd": "preregister", "names": ["Ann Lee", "jose nunez"]}


# -- REG-9: a word that mixes look-alike alphabets ---------------------------------------------------------
def _mixed_alphabets() -> tuple[Tournament, Command]:
    t = _make("tda")
    _register(t, "Ann Lee")
    return t, {"cmd": "register", "name": "\u0410nn Lee"}  # a Cyrillic capital A


# -- ENT-6, ENT-7: the counted stack a top-up or an add-on depends on --------------------------------------
def _topup_stack() -> tuple[Tournament, Command]:
    t = _make("home-rebuy")
    _register(t, "Ann", "Bob", "Cat")
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    t.time.advance(20 * MIN + 45)  # type: ignore[attr-defined]  # level 2 began 45 seconds ago
    return t, {"cmd": "topup", "player": "Ann", ANSWER: True}


def _addon_stack() -> tuple[Tournament, Command]:
    t = _make("tda", addon__offered=True, addon__level=1, addon__requires_zero_stack=True)
    _register(t, "Ann", "Bob", "Cat")
    _run(t, {"cmd": "seat_all"}, {"cmd": "start_clock"})
    t.time.advance(MIN)  # type: ignore[attr-defined]  # a minute of play: nobody's stack is known
    return t, {"cmd": "addon", "player": "Ann"}


CASES: list[QuestionCase] = [
    QuestionCase("conv-6 level change (bust)", _level_change, lambda q: _with(_level_change()[1], q, True),
                 ANSWER, "bool", "CONV-6"),
    QuestionCase("conv-6 level change (no-show)", _no_show_level_change,
                 lambda q: _with(_no_show_level_change()[1], q, False), ANSWER, "bool", "CONV-6"),
    QuestionCase("elim-4 starting stacks", _two_busts,
                 lambda q: _with(_two_busts()[1], q, {k: 100 * (i + 1) for i, k in enumerate(q.keys)}),
                 "stacks", "amounts", "ELIM-4"),
    QuestionCase("btn-4 button unknown", _unknown_button, lambda q: _choice(q, "Seat 2"), None, "choice", "BTN-4"),
    QuestionCase("bal-3 button to pick the mover", _balance_button, lambda q: _choice(q, "Seat 1"),
                 None, "choice", "BAL-3"),
    QuestionCase("bal-2 button of a tied table before the card draw", _tied_tables_button,
                 lambda q: _choice(q, "Seat 1"), None, "choice", "BAL-3"),
    QuestionCase("ent-5 move of a player deciding", _deciding_moved, lambda q: _choice(q, "P1 rebuys"),
                 None, "choice", "ENT-5"),
    QuestionCase("ent-5 break of a table with a player deciding", _deciding_table_broken,
                 lambda q: _choice(q, "P1 declines"), None, "choice", "ENT-5"),
    QuestionCase("ent-5 hand finished with a player deciding", _deciding_hand_finished,
                 lambda q: _choice(q, "P1 rebuys"), None, "choice", "ENT-5"),
    QuestionCase("ent-5 forfeit at a table with a player deciding", _deciding_forfeit,
                 lambda q: _choice(q, "P1 declines"), None, "choice", "ENT-5"),
    QuestionCase("race-3 chips not counted", _race_uncounted,
                 lambda q: {**_race_uncounted()[1], "counts": {"Di": 5985, "Cy": 5, "Ann": 2010}},
                 "counts", "amounts", "RACE-3"),
    QuestionCase("race-3 count does not add up", _race_count_off, lambda q: _choice(q, "Accept"),
                 "counts", "amounts", "RACE-3"),
    QuestionCase("ent-5 winners' table with a player deciding", _deciding_stage_ends,
                 lambda q: _choice(q, "N01 declines"), None, "choice", "ENT-5"),
    QuestionCase("elim-8 stage not over", _stage_not_over, lambda q: _with(_stage_not_over()[1], q, True),
                 "end", "bool", "ELIM-8"),
    QuestionCase("mix-6 dealer seat", _stud_tie, lambda q: _with(_stud_tie()[1], q, 3), "dealer_seat", "integer",
                 "MIX-6"),
    QuestionCase("ko-1 who knocked the player out", _knockout, lambda q: _with(_knockout()[1], q, _first_value(q)),
                 "eliminated_by", "choice", "KO-1"),
    QuestionCase("reg-9 same name but for its accents", _same_but_accents,
                 lambda q: _with(_same_but_accents()[1], q, True), "another", "bool", "REG-9"),
    QuestionCase("reg-10 pre-registered name the same but for its accents", _prereg_same_but_accents,
                 lambda q: _with(_prereg_same_but_accents()[1], q, True), "another", "bool", "REG-10"),
    QuestionCase("reg-9 a word mixing look-alike alphabets", _mixed_alphabets,
                 lambda q: _with(_mixed_alphabets()[1], q, True), "mixed_scripts", "bool", "REG-9"),
    QuestionCase("ent-6 counted stack for a top-up", _topup_stack, lambda q: _with(_topup_stack()[1], q, 700),
                 "stack", "integer", "ENT-6"),
    QuestionCase("ent-7 counted stack for a zero-stack add-on", _addon_stack,
                 lambda q: _with(_addon_stack()[1], q, 0), "stack", "integer", "ENT-7"),
    QuestionCase("pay-10 unlock changes the table", _unlock_changes,
                 lambda q: _with(_unlock_changes()[1], q, True), "confirm", "bool", "PAY-10"),
]
