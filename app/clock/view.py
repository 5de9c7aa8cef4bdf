"""What the clock shows (CLK, MIX): level, game, forced bets, time left, what comes next.

:func:`clock_view` is a pure function of the state and the current time; the room display calls it
every tenth of a second. :func:`announcements` lists what the room hears between two moments (one
minute left, level up, break start and end, late registration closing), as data. :func:`clock_part`
gives the clock at a time, or as of its last recorded change.
"""

from __future__ import annotations

from typing import Any

from app.core.state import Table, TournamentState
from app.games import rotation
from app.games.catalogue import CATALOGUE, betting
from app.i18n import N_, _
from app.levels.structure import Level
from app.levels.timeline import (
    MINUTE_MS,
    Period,
    adhoc_break_left_ms,
    break_key,
    late_registration_end_ms,
    late_registration_open_at,
    level_length_ms,
    period_at,
    periods,
    position_ms,
    structure_of,
    to_ms,
)

ANNOUNCE_SHOW_MS = 15_000  # an announcement stays on the view this long
LATE_WARNING_MS = 5 * MINUTE_MS


def clock_text(ms: int) -> str:
    """Whole seconds left, rounded up, as M:SS or H:MM:SS (30:00 at a level's start)."""
    s = -(-max(ms, 0) // 1000)
    h, rest = divmod(s, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def forced_bets(state: TournamentState, level: Level, game_id: str | None) -> dict[str, Any] | None:
    """The forced bets (and limits, in limit betting) of ``game_id``'s family at ``level``."""
    if game_id is None:
        return None
    assert state.profile is not None
    g = CATALOGUE.get(game_id)
    forced = g.forced if g is not None else "blinds"
    out: dict[str, Any] = {"family": forced}
    if forced == "stud":
        out.update(level.stud() or {})
    else:
        out.update(level.blinds())
    if state.profile["limit.betting"] == "limit":
        out.update(level.limits(forced))
    return out


def _game(game_id: str | None) -> dict[str, Any] | None:
    if game_id is None:
        return None
    g = CATALOGUE.get(game_id)
    return {"id": game_id, "name": g.name if g else game_id, "family": g.family if g else None,
            "forced": g.forced if g else "blinds"}


def _next_break(state: TournamentState, current: Period) -> Period | None:
    later = [b.after for b in structure_of(state).breaks if b.after > current.level or
             (b.after == current.level and current.kind == "level")]
    if not later:
        return None
    for p in periods(state):
        if p.index > current.index and p.kind == "break":
            return p
    return None


def late_registration_seconds_left(state: TournamentState, pos_ms: int) -> int | None:
    """Whole seconds (rounded up) until late registration closes, once the clock has started; None when
    it is closed (:func:`late_registration_open_at`) or there is none."""
    end = late_registration_end_ms(state)
    if end is None or not state.clock.get("started"):
        return None
    if not late_registration_open_at(state, period_at(state, pos_ms), pos_ms):
        return None
    return -(-(end - pos_ms) // 1000)


def clock_view(state: TournamentState, now: float) -> dict[str, Any]:
    """Everything the clock displays at wall time ``now`` (seconds)."""
    assert state.profile is not None
    c = state.clock
    now_ms = to_ms(now)
    structure = structure_of(state)
    pos = position_ms(state, now_ms)
    period = period_at(state, pos)
    adhoc_left = adhoc_break_left_ms(state, now_ms) if c.get("started") else 0
    level = structure.level(period.level)
    gid = rotation.game_for_level(state, period.level)
    overtime_ms = pos - period.end_ms if period.last else 0
    left = adhoc_left if adhoc_left else max(0, period.end_ms - pos)
    on_break = period.kind == "break" or adhoc_left > 0
    following = next((p for p in periods(state) if p.index == period.index + 1), None)
    next_level = None if period.last else period.level + 1
    next_lv = structure.level(next_level) if next_level else None
    next_gid = rotation.next_game(state, period.level)
    brk = _next_break(state, period)
    scheduled = structure.break_after(period.level) if period.kind == "break" else None
    out: dict[str, Any] = {
        "as_of": now,
        "started": bool(c.get("started")),
        "running": bool(c.get("started") and c.get("running")),
        "paused": bool(c.get("started") and not c.get("running")),
        "pause_reason": c.get("pause_reason") if c.get("started") and not c.get("running") else None,
        "structure": structure.id,
        "level": period.level,
        "period": "break" if on_break else "level",
        "on_break": on_break,
        "break": None,
        "level_minutes": level_length_ms(state, structure, period.level) // MINUTE_MS,
        "ms_left": left,
        "seconds_left": -(-left // 1000),
        "time_left": clock_text(left),
        "last_minute": 0 < left <= MINUTE_MS and not on_break and not overtime_ms > 0,
        "overtime": overtime_ms > 0,
        "overtime_seconds": max(0, overtime_ms) // 1000,
        "game": _game(gid),
        "forced_bets": forced_bets(state, level, gid),
        "blinds": level.blinds(),
        "stud": level.stud(),
        "betting": betting(CATALOGUE[gid], _limits(level, gid), state.profile.settings, players_left(state))
        if gid in CATALOGUE else None,
        "next": None if next_lv is None else {
            "level": next_level,
            "break_first": bool(following is not None and following.kind == "break"),
            "game": _game(next_gid),
            "forced_bets": forced_bets(state, next_lv, next_gid),
        },
        "seconds_to_break": None if brk is None or on_break else -(-(brk.start_ms - pos) // 1000),
        "late_registration_open": late_registration_open_at(state, period, pos),
        "late_registration_seconds_left": late_registration_seconds_left(state, pos),
        "late_registration_closed_early": bool(c.get("late_closed")),
        "level_length_change": c.get("length_change"),
        "hand_for_hand_hands": int(c.get("h4h_hands", 0)),
        "announcements": announcements(state, (now_ms - ANNOUNCE_SHOW_MS) / 1000, now),
    }
    if adhoc_left:
        out["break"] = {"kind": "called", "after_level": period.level, "minutes": c["adhoc"]["minutes"], "race": []}
    elif scheduled is not None:
        out["break"] = {"kind": "scheduled", **scheduled.to_dict(), "after_level": scheduled.after}
    return out


def players_left(state: TournamentState) -> int | None:
    """Players still in the tournament, for the heads-up raise cap (MIX-5); None before anyone entered."""
    return state.in_field or None


def _limits(level: Level, gid: str) -> dict[str, int]:
    return level.limits(CATALOGUE[gid].forced)


def announcements(state: TournamentState, since: float, until: float) -> list[dict[str, Any]]:
    """What the room hears in (since, until], assuming the clock ran untouched in between."""
    c = state.clock
    if not (c.get("started") and c.get("running")):
        return []
    t0, t1 = to_ms(since), to_ms(until)
    pos_ms, wall_ms = int(c["pos_ms"]), int(c["wall_ms"])
    end_pos = position_ms(state, t1)
    found: list[tuple[int, str, int]] = []

    def at(kind: str, pos: int, level: int) -> None:
        if pos >= pos_ms:
            wall = wall_ms + (pos - pos_ms)
            if t0 < wall <= t1:
                found.append((wall, kind, level))

    assert state.profile is not None
    late_last = int(state.profile["late.last_level"]) if state.profile["late.mode"] == "levels" else None
    if c.get("adhoc") and t0 < wall_ms <= t1:
        found.append((wall_ms, "break_end", period_at(state, pos_ms).level))
    for p in periods(state):
        if p.start_ms > end_pos:
            break
        if p.kind == "break":
            at("break_start", p.start_ms, p.level)
            at("break_end", p.end_ms, p.level)
            continue
        if p.index > 0:
            at("level_up", p.start_ms, p.level)
        if p.length_ms > MINUTE_MS:
            at("one_minute", p.end_ms - MINUTE_MS, p.level)
        if p.last:
            at("overtime", p.end_ms, p.level)
        if late_last == p.level:
            at("late_registration_closing", p.end_ms - LATE_WARNING_MS, p.level)
            at("late_registration_closed", p.end_ms, p.level)
    return [{"at": w / 1000, "kind": k, "level": lv, "text": _(_TEXT[k], level=lv)} for w, k, lv in sorted(found)]


_TEXT = {
    "level_up": N_("Level {level} begins."),
    "one_minute": N_("One minute left in level {level}."),
    "break_start": N_("Break. Play stops after level {level}."),
    "break_end": N_("The break is over. Play resumes."),
    "overtime": N_("Level {level} is the last level; it goes on."),
    "late_registration_closing": N_("Late registration closes in five minutes, at the end of level {level}."),
    "late_registration_closed": N_("Late registration is closed."),
}


def _as_of(state: TournamentState) -> float:
    return int(state.clock["as_of_ms"]) / 1000 if "as_of_ms" in state.clock else state.created_at


def clock_part(state: TournamentState, now: float | None = None) -> dict[str, Any]:
    """The clock at ``now``, or as of its last recorded change when no time is given."""
    return clock_view(state, _as_of(state) if now is None else now)


def as_of(state: TournamentState, now: float | None) -> float:
    """``now``, or the time of the clock's last recorded change when no time is given."""
    return _as_of(state) if now is None else now


def current_hand(state: TournamentState, table: Table, now: float) -> dict[str, Any]:
    """The hand a table is playing (CONV-6, CLK-4): its number, level, game and forced bets.

    A hand keeps the level in force when it started: the table's next hand is judged when its last one
    is reported finished (``hand_finished``), so a level change applies to each table's next hand and a
    table still playing a hand dealt before the change keeps the old level's blinds. Before a table's
    first report the clock decides. A hand finished during a break waits for the break's end (CLK-3):
    ``waiting`` is true and the next hand has not started.
    """
    if table.hand_level is not None:
        level = table.hand_level
    elif state.clock.get("started"):
        level = rotation.level_of_next_hand(state, now)
    else:
        level = int(state.clock.get("level", 1) or 1)
    lv = structure_of(state).level(level)
    gid = rotation.game_for_level(state, level, table.number)
    marker = state.extra.get("break_waiting", {}).get(str(table.number))
    return {
        "number": table.hands + 1,
        "level": level,
        "game": _game(gid),
        "blinds": lv.blinds(),
        "forced_bets": forced_bets(state, lv, gid),
        "waiting": marker is not None and marker == break_key(state, now),
    }
