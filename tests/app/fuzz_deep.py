"""Long random runs of the all-commands director, deeper than the property test takes them.

``python -m tests.app.fuzz_deep [FIRST] [COUNT]`` plays COUNT cases numbered from FIRST: each a shipped
profile, a field of up to 60 players and 50 to 400 director commands, with every invariant checked after
each step and the log replayed at the end. A failing case prints its number; run it again alone with
``python -m tests.app.fuzz_deep N 1 --show`` to see the commands that led to it (``--players=N`` and
``--steps=N`` make larger fields and longer runs; ``--undo`` runs the commands through the undo history
and undoes or redoes now and then; ``--faces`` makes every sheet, the view and the phones' page from
the state reached at the end). Not part of the test
suite (it runs for minutes); the failures it found are tests of their own, named after their rules.
"""

from __future__ import annotations

import random
import sys
import traceback
from collections.abc import Callable
from typing import Any

from app.engine import Tournament
from app.errors import RuleError
from app.log.history import History
from app.log.snapshots import encode_state
from app.profiles.profile import SHIPPED
from app.tools.simulate import simulation_profile
from tests.app.fuzz_run import STEPS, Director, unchanged

MAX_PLAYERS, MAX_STEPS = 60, 400


def case(number: int) -> tuple[str, int, int, list[int], bool, list[tuple[str, int]]]:
    """The profile, field, seed, features, whether play begins at the draw, and the steps of case ``number``."""
    r = random.Random(number)
    profile = r.choice(list(SHIPPED))
    players = r.randint(2, MAX_PLAYERS)
    try:
        simulation_profile(profile, players)
    except ValueError:  # a field this profile cannot seat (a card draw, a winners' table): the largest it can
        players = 40 if profile == "home-nl" else 60
        while players > 2:
            try:
                simulation_profile(profile, players)
                break
            except ValueError:
                players -= 1
    seed = r.randint(0, 10_000)
    features = [r.randint(0, 50) for _ in range(r.randint(0, 3))]
    steps = [(r.choice(STEPS), r.randint(0, 2**32 - 1)) for _ in range(r.randint(50, MAX_STEPS))]
    return profile, players, seed, features, r.random() < 0.8, steps


def check_faces(t: Tournament) -> None:
    """``--faces``: every printed sheet, the view and the phones' page are made from the state reached,
    without an error (a sheet with nothing to show may be refused in words, as a RuleError)."""
    from app import views
    from sheets.render import SHEETS, render
    from web.snapshot import dumps, state_json

    view = views.read(t)
    dumps(state_json(view))
    for name in SHEETS:
        try:
            pdf = render(name, t)
        except RuleError:
            continue
        assert pdf.startswith(b"%PDF"), f"the {name} sheet is not a PDF"


def play(number: int, show: bool = False, undo: bool = False, faces: bool = False) -> str | None:
    """Play case ``number``; None when every check held, else what broke.

    ``undo``: the commands go through the undo history, and now and then the director undoes or redoes
    instead; after each, the invariants hold and the state is the fold of the events still in force."""
    profile, players, seed, features, begin, steps = case(number)
    d = Director(profile, players, seed, features)
    t = d.t
    history = History(t, snapshot_every=7) if undo else None
    if history is not None:
        engine_execute = Tournament.execute

        def due_and_snapshot(before: dict[str, Any] | None = None) -> Any:
            action = history.run_due(before)
            if action is not None:
                history.due_snapshot()
            return action

        t.run_due = due_and_snapshot  # type: ignore[method-assign,assignment]

        def run_and_snapshot(cmd: dict[str, Any]) -> list[Any]:
            events = history.run(cmd).events
            history.due_snapshot()  # as the store does after every action it commits
            return events

        t.execute = lambda cmd, *a, **k: (  # type: ignore[method-assign]
            engine_execute(t, cmd, *a, **k) if a or k else run_and_snapshot(cmd))
    r = random.Random(number * 7 + 1)
    commands: list[dict[str, Any]] = []
    if show:
        run = d.run

        def shown(cmd: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
            commands.append(cmd)
            return run(cmd, *args, **kwargs)

        d.run = shown  # type: ignore[method-assign]
    try:
        if begin:
            d.run({"cmd": "seat_all"})
            d.run({"cmd": "start_clock"})
        d.check()
        for op, entropy in steps:
            if history is not None and r.random() < 0.12:
                _undo_or_redo(d, history, "undo" if r.random() < 0.7 else "redo", commands)
            else:
                d.step(op, entropy)
        d.check_replay()
        if faces:
            check_faces(d.t)
    except Exception as exc:  # noqa: BLE001 - every failure is reported, none stops the run
        if show:
            for cmd in commands[-10:]:
                print("  ", cmd)
        return failed_case(number, exc)
    return None


def _undo_or_redo(d: Director, history: History, which: str, commands: list[dict[str, Any]]) -> None:
    before = encode_state(d.t.state)
    commands.append({"cmd": which})
    try:
        history.undo() if which == "undo" else history.redo()
        history.due_snapshot()
    except RuleError:
        assert unchanged(d.t.state, before), f"a refused {which} changed the state"
        return
    d.check()
    again = Tournament.replay(history.effective_events())
    assert again.state == d.t.state, f"after {which}, the state is not the fold of the events in force"


def failed_case(number: int, exc: BaseException) -> str:
    """What broke in case ``number``, in one line: the case, the error and where it was raised."""
    profile, players, seed, *_rest = case(number)
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return (f"{profile}, {players} players, seed {seed}: {type(exc).__name__} {str(exc)[:300]} "
            f"({where.filename}:{where.lineno})")


def run_cases(argv: list[str], play_case: Callable[[int], str | None], count: int = 200) -> int:
    """Play ``[FIRST] [COUNT]`` cases from the command line with ``play_case``, printing each failure as it
    comes and a count at the end. ``--players=N`` and ``--steps=N`` make larger fields and longer runs
    (other case numbers then). Exit status 1 when any case failed."""
    global MAX_PLAYERS, MAX_STEPS
    for flag in argv:
        if flag.startswith("--players="):
            MAX_PLAYERS = int(flag.split("=", 1)[1])
        elif flag.startswith("--steps="):
            MAX_STEPS = int(flag.split("=", 1)[1])
    args = [a for a in argv if not a.startswith("--")]
    first = int(args[0]) if args else 0
    count = int(args[1]) if len(args) > 1 else count
    failed = 0
    for number in range(first, first + count):
        broke = play_case(number)
        if broke is not None:
            failed += 1
            print(f"case {number}: {broke}", flush=True)
    print(f"{count} cases from {first}: {failed} failed")
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    flags = {"show": "--show" in argv, "undo": "--undo" in argv, "faces": "--faces" in argv}
    return run_cases(argv, lambda number: play(number, **flags))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
