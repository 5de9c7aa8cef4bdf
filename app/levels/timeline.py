"""The tournament clock (CLK). Computed from timestamps, never by counting ticks (CLK-10).

The structure is laid out as a line of periods (level 1, level 2, ..., a break, level 5, ...). The
clock is a position on that line, in whole milliseconds: ``pos_ms`` at wall time ``wall_ms``. While
it runs, the position at wall time ``now`` is ``pos_ms + (now - wall_ms)``; paused, it stays put. A
discretionary break sets ``wall_ms`` in the future: the position holds still until then. Everything
lives in ``state.clock`` as a few JSON fields, so a restart resumes the clock exactly::

    {"started": true, "running": true, "pos_ms": 0, "wall_ms": 1800000000000, "adjust": {"3": 60000},
     "level_ms": 1800000, "length_change": {"from_level": 8, "minutes": 20}, "structure": {...}}

Other areas ask :func:`current_level` and :func:`in_break`; screens call
:func:`app.clock.view.clock_view` with the current time.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.core.state import TournamentState
from app.levels.structure import Structure, for_settings, resolve

MINUTE_MS = 60_000


def to_ms(seconds: float) -> int:
    """A timestamp or a duration in seconds, as whole milliseconds."""
    return int(round(seconds * 1000))


@dataclass(frozen=True)
class Period:
    index: int
    kind: str  # "level" or "break"
    level: int  # the level itself, or for a break the level it follows
    start_ms: int  # position where the period starts
    length_ms: int  # its length (with any time added or removed)
    last: bool = False  # the last listed level: it goes on past its length (overtime)

    @property
    def end_ms(self) -> int:
        return self.start_ms + self.length_ms


# -- the structure in force ------------------------------------------------------------------------
_RESOLVED: dict[int, tuple[dict[str, Any], Structure]] = {}


@lru_cache(maxsize=32)
def _profile_structure(sid: str, sb_rule: str, scale: int) -> Structure:
    return for_settings({"structure.id": sid, "structure.sb_rule": sb_rule, "structure.s004_scale": scale})


def structure_of(state: TournamentState) -> Structure:
    """The clock's structure: fixed when the clock starts (or set by the director), else the profile's."""
    raw = state.clock.get("structure")
    if isinstance(raw, dict):
        hit = _RESOLVED.get(id(raw))
        if hit is not None and hit[0] is raw:
            return hit[1]
        structure = resolve(raw)
        if len(_RESOLVED) > 64:
            _RESOLVED.clear()
        _RESOLVED[id(raw)] = (raw, structure)
        return structure
    assert state.profile is not None
    s = state.profile.settings
    return _profile_structure(str(s["structure.id"]), str(s["structure.sb_rule"]), int(s["structure.s004_scale"]))


def default_level_ms(state: TournamentState) -> int:
    if "level_ms" in state.clock:
        return int(state.clock["level_ms"])
    assert state.profile is not None
    return int(state.profile["structure.level_minutes"]) * MINUTE_MS


def level_length_ms(state: TournamentState, structure: Structure, level: int) -> int:
    """A level's nominal length: the one-time change (CLK-6), else the level's own, else the default."""
    change = state.clock.get("length_change")
    if change and level >= int(change["from_level"]):
        return int(change["minutes"]) * MINUTE_MS
    own = structure.level(level).minutes
    return own * MINUTE_MS if own else default_level_ms(state)


def _line(state: TournamentState) -> Iterator[Period]:
    structure = structure_of(state)
    adjust: dict[str, int] = state.clock.get("adjust", {})
    last = structure.last_level
    start, index, level = 0, 0, 1
    while True:
        length = level_length_ms(state, structure, level) + int(adjust.get(str(index), 0))
        is_last = last is not None and level >= last
        yield Period(index, "level", level, start, max(length, 0), is_last)
        if is_last:
            return
        start, index = start + max(length, 0), index + 1
        brk = structure.break_after(level)
        if brk is not None:
            length = brk.minutes * MINUTE_MS + int(adjust.get(str(index), 0))
            yield Period(index, "break", level, start, max(length, 0))
            start, index = start + max(length, 0), index + 1
        level += 1


_LINES: dict[tuple[Any, ...], tuple[Any, tuple[Period, ...], list[int]]] = {}
CACHED_PERIODS = 120  # the first periods of the line are kept (a listed structure fits whole)


def _source_key(state: TournamentState) -> tuple[Any, Any]:
    """What the structure comes from: the clock's own dict (by identity), else the profile's keys."""
    raw = state.clock.get("structure")
    if isinstance(raw, dict):
        return id(raw), raw
    assert state.profile is not None
    s = state.profile.settings
    return (s["structure.id"], s["structure.sb_rule"], s["structure.s004_scale"]), None


def _cached_line(state: TournamentState) -> tuple[tuple[Period, ...], list[int]]:
    """The first :data:`CACHED_PERIODS` periods of the line and their ends (for a bisection)."""
    c = state.clock
    source, raw = _source_key(state)
    change = c.get("length_change") or {}
    key = (source, default_level_ms(state), change.get("from_level"), change.get("minutes"),
           tuple(sorted(c.get("adjust", {}).items())))
    hit = _LINES.get(key)
    if hit is not None and hit[0] is raw:
        return hit[1], hit[2]
    cached = tuple(p for p, _ in zip(_line(state), range(CACHED_PERIODS)))
    if len(_LINES) > 256:
        _LINES.clear()
    ends = [p.end_ms for p in cached]
    _LINES[key] = (raw, cached, ends)
    return cached, ends


def periods(state: TournamentState) -> Iterator[Period]:
    """The line of periods, with time added or removed; endless for a generated structure."""
    cached, _ends = _cached_line(state)
    yield from cached
    if not cached[-1].last and len(cached) == CACHED_PERIODS:
        for p in _line(state):
            if p.index >= CACHED_PERIODS:
                yield p


def period_at(state: TournamentState, pos_ms: int) -> Period:
    """The period holding position ``pos_ms`` (its end belongs to the next period).

    Asked several times by most commands, so the cached line is bisected rather than walked: lengths are
    never negative, so the ends only grow, and the period is the first one ending after ``pos_ms``. Only
    the last listed level (overtime) holds every position past its end.
    """
    cached, ends = _cached_line(state)
    index = bisect_right(ends, pos_ms)
    if index < len(cached):
        return cached[index]
    if cached[-1].last:
        return cached[-1]
    for p in periods(state):  # past the cached part of an endless (generated) line
        if p.index >= len(cached) and (p.last or pos_ms < p.end_ms):
            return p
    raise AssertionError("the line of periods always ends with a level that goes on")


def find_period(state: TournamentState, kind: str, level: int) -> Period | None:
    for p in periods(state):
        if p.kind == kind and p.level == level:
            return p
        if p.level > level:
            return None
    return None


# -- position --------------------------------------------------------------------------------------
def position_ms(state: TournamentState, now_ms: int) -> int:
    c = state.clock
    if not c.get("started"):
        return int(c.get("pos_ms", 0))
    pos = int(c["pos_ms"])
    if c.get("running"):
        pos += max(0, now_ms - int(c["wall_ms"]))
    return pos


def adhoc_break_left_ms(state: TournamentState, now_ms: int) -> int:
    """Time left of a discretionary break (CLK-3, P004), 0 when none is on."""
    c = state.clock
    adhoc = c.get("adhoc")
    if not adhoc:
        return 0
    if not c.get("running"):
        return int(adhoc["left_ms"])
    return max(0, int(c["wall_ms"]) - now_ms)


def current_period(state: TournamentState, now: float) -> Period:
    return period_at(state, position_ms(state, to_ms(now)))


def current_level(state: TournamentState, now: float) -> int:
    """The level (1-based) in force at ``now``; during a break, the level just finished."""
    return current_period(state, now).level


def in_break(state: TournamentState, now: float) -> bool:
    """Play is on a break: a scheduled one in the structure, or one the director called."""
    now_ms = to_ms(now)
    if not state.clock.get("started"):
        return False
    return adhoc_break_left_ms(state, now_ms) > 0 or period_at(state, position_ms(state, now_ms)).kind == "break"


# -- late registration (REG-3, REG-4) -----------------------------------------------------------------
def late_registration_end_ms(state: TournamentState) -> int | None:
    """Clock position (ms) where late registration closes: the end of ``late.last_level``; None when the
    profile takes no entries by level."""
    profile = state.profile
    if profile is None or profile["late.mode"] != "levels":
        return None
    period = find_period(state, "level", int(profile["late.last_level"]))
    return period.end_ms if period is not None else None


def late_registration_open_at(state: TournamentState, period: Period, pos_ms: int) -> bool:
    """The one rule for "late registration is open" at clock position ``pos_ms`` in ``period``: the
    director has not closed it early (REG-8), the profile takes entries by level, the tournament is not
    over, and the clock has not passed the end of ``late.last_level`` (the break after that level is
    already closed)."""
    if state.clock.get("late_closed"):  # REG-8: the director closed it early
        return False
    return late_registration_allowed_at(state, period, pos_ms)


def late_registration_allowed_at(state: TournamentState, period: Period, pos_ms: int) -> bool:
    """The profile's limit alone (REG-4): what :func:`late_registration_open_at` says when the director
    has not closed registration early. A director may reopen registration only while this holds (REG-8)."""
    profile = state.profile
    if profile is None or state.ended:
        return False
    if isinstance(state.extra.get("day2"), dict):  # FLT-6: an event's Day 2 takes new players until its first bust
        return bool(profile["flight.day2_late_reg"]) and not state.batches
    if profile["late.mode"] != "levels":
        return False
    last = int(profile["late.last_level"])
    if period.level != last:
        return period.level < last
    return period.kind == "level" and pos_ms < period.end_ms


def late_registration_open(state: TournamentState, now: float) -> bool:
    """Late registration is open at wall time ``now`` (see :func:`late_registration_open_at`)."""
    pos = position_ms(state, to_ms(now))
    return late_registration_open_at(state, period_at(state, pos), pos)


def late_registration_allowed(state: TournamentState, now: float) -> bool:
    """The profile would have late registration open at ``now`` (see :func:`late_registration_allowed_at`)."""
    pos = position_ms(state, to_ms(now))
    return late_registration_allowed_at(state, period_at(state, pos), pos)


def late_registration_closed_early(state: TournamentState) -> bool:
    """REG-8: the director closed late registration before the profile's deadline."""
    return bool(state.clock.get("late_closed"))


def break_key(state: TournamentState, now: float) -> str | None:
    """Which break play is on at ``now`` (None: none): a scheduled one by its place on the line, one the
    director called by the clock position it holds. A table that finished its hand during a break
    waits for this break's end (CLK-3): while the key is the same, it still waits."""
    if not state.clock.get("started"):
        return None
    now_ms = to_ms(now)
    pos = position_ms(state, now_ms)
    if adhoc_break_left_ms(state, now_ms) > 0:
        return f"called@{pos}"
    period = period_at(state, pos)
    return f"break@{period.index}" if period.kind == "break" else None


def window_close_ms(state: TournamentState) -> int | None:
    """The clock position where late registration closed (the end of ``late.last_level``), if it does."""
    assert state.profile is not None
    if state.profile["late.mode"] != "levels":
        return None
    level = find_period(state, "level", int(state.profile["late.last_level"]))
    return None if level is None else level.end_ms
