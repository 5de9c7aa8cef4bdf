"""CLK-10: time left is exact to the millisecond under any pauses and adjustments, across restarts."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from app.clock.view import clock_view
from app.core.timesource import FakeClock
from app.engine import Tournament
from app.errors import RuleError
from app.profiles.profile import load_profile

START = 1_800_000_000.0
EIGHT_HOURS_MS = 8 * 3600 * 1000
LEVEL, BREAK = 30 * 60_000, 10 * 60_000


def hat_line() -> list[tuple[str, int, int]]:
    """Seed 000's line of periods: (kind, level, length in ms)."""
    line = []
    for level in range(1, 16):
        line.append(("level", level, LEVEL))
        if level in (4, 8, 12):
            line.append(("break", level, BREAK))
    return line


class Model:
    """The clock counted the slow way: each period's length and the time spent in it."""

    def __init__(self) -> None:
        self.line = hat_line()
        self.idx, self.elapsed, self.running = 0, 0, True

    @property
    def last(self) -> bool:
        return self.idx == len(self.line) - 1

    def left(self) -> int:
        return max(0, self.line[self.idx][2] - self.elapsed)

    def advance(self, ms: int) -> None:
        while self.running:
            if self.last or ms < self.left():
                self.elapsed += ms
                return
            ms -= self.left()
            self.idx, self.elapsed = self.idx + 1, 0

    def adjust(self, ms: int) -> bool:
        kind, level, length = self.line[self.idx]
        if ms < 0:
            if self.left() == 0:
                return False
            ms = -min(-ms, self.left())
        self.line[self.idx] = (kind, level, length + ms)
        if self.left() == 0 and not self.last:
            self.idx, self.elapsed = self.idx + 1, 0
        return True


ops = st.lists(
    st.one_of(
        st.tuples(st.just("advance"), st.integers(0, 12 * 60_000)),
        st.tuples(st.sampled_from(["pause", "resume", "restore"]), st.just(0)),
        st.tuples(st.sampled_from(["add_time", "remove_time"]), st.integers(1, 900)),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(ops)
def test_clk_10_time_left_exact_to_the_millisecond_over_eight_hours(steps: list[tuple[str, int]]) -> None:
    fc = FakeClock(START)
    t = Tournament.create(load_profile("hat"), time=fc, seed=1)
    t.execute({"cmd": "start_clock"})
    model, total = Model(), 0

    def check() -> None:
        v = clock_view(t.state, fc.now())
        kind, level, _ = model.line[model.idx]
        assert (v["level"], v["on_break"], v["ms_left"]) == (level, kind == "break", model.left())
        assert v["paused"] is not model.running

    for op, n in steps:
        if op == "advance":
            n = min(n, EIGHT_HOURS_MS - total)
            total += n
            fc.set(START + total / 1000)
            model.advance(n)
        elif op == "restore":
            t = Tournament.replay(t.log, time=fc)
            t.state.clock = json.loads(json.dumps(t.state.clock))
        elif op in ("pause", "resume"):
            ok = model.running == (op == "pause")
            try:
                t.execute({"cmd": f"{op}_clock"})
                assert ok
                model.running = op == "resume"
            except RuleError as err:
                assert not ok and err.code == "CLOCK_STATE"
        else:
            ms = n * 1000 if op == "add_time" else -n * 1000
            accepted = model.adjust(ms)
            try:
                t.execute({"cmd": op, "seconds": n})
                assert accepted
            except RuleError as err:
                assert not accepted and err.code == "CLOCK_STATE"
        check()
    fc.set(START + EIGHT_HOURS_MS / 1000)
    model.advance(EIGHT_HOURS_MS - total)
    check()


def _walked(state: object, pos_ms: int) -> object:
    """CLK-10's definition of the period at a position: walk the line to the first one ending after it."""
    from app.levels.timeline import periods

    for p in periods(state):  # type: ignore[arg-type]
        if p.last or pos_ms < p.end_ms:
            return p
    raise AssertionError("no period")


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["tda", "campus", "casino-mixed", "hat"]),
    st.dictionaries(st.integers(0, 140), st.integers(-40 * 60_000, 20 * 60_000), max_size=6),
    st.lists(st.integers(0, 200 * 3_600_000), min_size=1, max_size=20),
)
def test_clk_10_the_period_at_a_position_is_the_first_ending_after_it(
    profile: str, adjust: dict[int, int], positions: list[int]
) -> None:
    """The bisected lookup gives the same period as the walk along the line: with time removed down to
    zero-length periods, past the last listed level, and past the cached part of a generated structure."""
    from app.levels.timeline import period_at

    t = Tournament.create(load_profile(profile), name="Clock", time=FakeClock(START))
    t.state.clock["adjust"] = {str(k): v for k, v in adjust.items()}
    from app.levels.timeline import periods

    ends = [p.end_ms for p, _ in zip(periods(t.state), range(130))]  # each end, a step either side
    for pos in positions + [0, 1] + [e + d for e in ends for d in (-1, 0, 1) if e + d >= 0]:
        assert period_at(t.state, pos) == _walked(t.state, pos)
