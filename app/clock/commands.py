"""The director's clock commands (CLK-3 to CLK-6, CLK-9): start, pause, jump, adjust, breaks.

Each handler checks everything first and then emits one event; the appliers only move the few fields
of ``state.clock`` described in :mod:`app.levels.timeline`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from app.commands.clock import (
    AddTime,
    ChangeLevelLength,
    CloseRegistration,
    EndBreak,
    HandForHandDeduct,
    JumpToLevel,
    NextLevel,
    PauseClock,
    PreviousLevel,
    RemoveTime,
    ReopenRegistration,
    ResumeClock,
    StartBreak,
    StartClock,
)
from app.core import inputs
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.base import Event
from app.events.clock import (
    BreakCalled,
    BreakEnded,
    ClockDeducted,
    ClockJumped,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    LevelLengthChanged,
    RegistrationClosed,
    RegistrationReopened,
    TimeAdjusted,
)
from app.games import rotation
from app.games.catalogue import check_games
from app.i18n import _
from app.levels.structure import MAX_MINUTES, Structure, check_forced_bets, check_stud_columns
from app.levels.timeline import (
    MINUTE_MS,
    Period,
    adhoc_break_left_ms,
    default_level_ms,
    find_period,
    late_registration_allowed,
    late_registration_closed_early,
    late_registration_open,
    period_at,
    periods,
    position_ms,
    structure_of,
    to_ms,
)
from app.tournament.day_end import day2_of

if TYPE_CHECKING:
    from app.core.context import Context


def touch(state: TournamentState, ev: Event) -> dict[str, Any]:
    state.clock["as_of_ms"] = to_ms(ev.at)
    return state.clock


def _started(ctx: Context) -> dict[str, Any]:
    if not ctx.state.clock.get("started"):
        raise RuleError("CLOCK_STATE", _("The clock has not been started."), "CLK-10")
    return ctx.state.clock


def now_period(ctx: Context) -> tuple[int, Period]:
    pos = position_ms(ctx.state, to_ms(ctx.now))
    return pos, period_at(ctx.state, pos)


def check_structure(ctx: Context, structure: Structure) -> None:
    """CLK-9 and MIX-2: the profile's cap on forced bets, and a stud column for stud games."""
    check_forced_bets(structure, ctx.profile["structure.max_forced_bet"])
    games = check_games(rotation.mix_games(ctx.state))
    check_stud_columns(structure, [g.id for g in games if g.forced == "stud"])


@command
def start_clock(ctx: Context, cmd: StartClock) -> None:
    """Start the tournament clock at level 1 (or the level given); draws the hat in a hat mix."""
    if ctx.state.clock.get("started"):
        raise RuleError("CLOCK_STATE", _("The clock is already started; pause or resume it instead."), "CLK-10")
    structure = structure_of(ctx.state)
    check_structure(ctx, structure)
    day2 = day2_of(ctx.state)  # FLT-10: an event's Day 2 starts where the flights stopped
    given = cmd.level if cmd.level is not None else (int(day2["level"]) if day2 is not None else 1)
    if cmd.level is None and structure.last_level is not None:
        given = min(given, structure.last_level)  # the flights played the whole structure: its last level
    level = inputs.whole(given, _("The level"), minimum=1)
    if structure.last_level is not None and level > structure.last_level:
        raise RuleError(
            "INVALID_INPUT", _("The structure has {last_level} levels.", last_level=structure.last_level), "CLK-1"
        )
    target = find_period(ctx.state, "level", level)
    assert target is not None
    ctx.emit(ClockStarted(structure=structure.to_dict(), level_ms=default_level_ms(ctx.state), level=level,
                          pos_ms=target.start_ms))
    if rotation.mode(ctx.state) == "hat" and not ctx.state.games.get("draws"):
        rotation.emit_hat_draws(ctx, structure.last_level or rotation.HAT_PREDRAW_LEVELS)


@applies
def _clock_started(state: TournamentState, ev: ClockStarted) -> None:
    c = touch(state, ev)
    c.update(started=True, running=True, pos_ms=ev.pos_ms, wall_ms=to_ms(ev.at), adjust={})
    if state.started_at is None:
        state.started_at = ev.at  # ABS-5: half an hour from the start
    c.update(structure=ev.structure, level_ms=ev.level_ms, adhoc=None, pause_reason=None)


@command
def pause_clock(ctx: Context, cmd: PauseClock) -> None:
    """Stop the clock (a dispute, hand-for-hand, anything); breaks in progress stop too."""
    c = _started(ctx)
    if not c.get("running"):
        raise RuleError("CLOCK_STATE", _("The clock is already paused."), "CLK-5")
    now_ms = to_ms(ctx.now)
    ctx.emit(ClockPaused(pos_ms=position_ms(ctx.state, now_ms), adhoc_left_ms=adhoc_break_left_ms(ctx.state, now_ms),
                         reason=cmd.reason or None))


@applies
def _clock_paused(state: TournamentState, ev: ClockPaused) -> None:
    c = touch(state, ev)
    left = ev.adhoc_left_ms
    c.update(running=False, pos_ms=ev.pos_ms, wall_ms=to_ms(ev.at), pause_reason=ev.reason)
    c["adhoc"] = {"minutes": c["adhoc"]["minutes"], "left_ms": left} if c.get("adhoc") and left > 0 else None


@command
def resume_clock(ctx: Context, cmd: ResumeClock) -> None:
    """Restart a paused clock where it stopped."""
    c = _started(ctx)
    if c.get("running"):
        raise RuleError("CLOCK_STATE", _("The clock is already running."), "CLK-5")
    ctx.emit(ClockResumed())


@applies
def _clock_resumed(state: TournamentState, ev: ClockResumed) -> None:
    c = touch(state, ev)
    left = int(c["adhoc"]["left_ms"]) if c.get("adhoc") else 0
    c.update(running=True, wall_ms=to_ms(ev.at) + left, pause_reason=None)


def _jump(ctx: Context, target: Period, current: Period) -> None:
    kind: Literal["level", "break"] = "break" if target.kind == "break" else "level"
    ctx.emit(ClockJumped(pos_ms=target.start_ms, index=target.index, kind=kind, level=target.level,
                         from_level=current.level))


@command
def next_level(ctx: Context, cmd: NextLevel) -> None:
    """Go to the start of the next period: the next level, or the break that comes first."""
    _started(ctx)
    _unused, p = now_period(ctx)
    if p.last:
        raise RuleError("CLOCK_STATE", _("Level {level} is the last level; it goes on.", level=p.level), "CLK-1")
    target = next(q for q in periods(ctx.state) if q.index == p.index + 1)
    _jump(ctx, target, p)


@command
def previous_level(ctx: Context, cmd: PreviousLevel) -> None:
    """Go back to the start of the previous level (from a break: the level before it)."""
    _started(ctx)
    _unused, p = now_period(ctx)
    back = p.level - 1 if p.kind == "level" else p.level
    target = find_period(ctx.state, "level", back) if back >= 1 else None
    if target is None:
        raise RuleError("CLOCK_STATE", _("There is no level before level 1."), "CLK-1")
    _jump(ctx, target, p)


@command
def jump_to_level(ctx: Context, cmd: JumpToLevel) -> None:
    """Go to the start of any level, with its full time."""
    _started(ctx)
    level = inputs.whole(cmd.level, _("The level"), minimum=1)
    last = structure_of(ctx.state).last_level
    if last is not None and level > last:
        raise RuleError("INVALID_INPUT", _("The structure has {last} levels.", last=last), "CLK-1")
    target = find_period(ctx.state, "level", level)
    assert target is not None
    _jump(ctx, target, now_period(ctx)[1])


@applies
def _clock_jumped(state: TournamentState, ev: ClockJumped) -> None:
    c = touch(state, ev)
    c["adjust"] = {k: v for k, v in c.get("adjust", {}).items() if int(k) < ev.index}
    c.update(pos_ms=ev.pos_ms, wall_ms=to_ms(ev.at), adhoc=None)


def _seconds(cmd: AddTime | RemoveTime) -> int:
    if cmd.minutes is not None:
        return inputs.whole(cmd.minutes, _("The minutes"), minimum=1) * 60
    if cmd.seconds is None:
        raise RuleError("INVALID_INPUT", _("The command '{name}' needs 'seconds' (or 'minutes').", name=cmd.name()))
    return inputs.whole(cmd.seconds, _("The seconds"), minimum=1)


def _adjust(ctx: Context, ms: int) -> None:
    _started(ctx)
    now_ms = to_ms(ctx.now)
    adhoc_left = adhoc_break_left_ms(ctx.state, now_ms)
    pos, p = now_period(ctx)
    left = adhoc_left if adhoc_left else max(0, p.end_ms - pos)
    if ms < 0:
        if left == 0:
            raise RuleError("CLOCK_STATE", _("There is no time left to remove."), "CLK-5")
        ms = -min(-ms, left)
    target: Literal["period", "break"] = "break" if adhoc_left else "period"
    ctx.emit(TimeAdjusted(target=target, index=p.index, level=p.level, ms=ms))


@command
def add_time(ctx: Context, cmd: AddTime) -> None:
    """Add time to the current level or break ({"seconds": 60} or {"minutes": 1})."""
    _adjust(ctx, _seconds(cmd) * 1000)


@command
def remove_time(ctx: Context, cmd: RemoveTime) -> None:
    """Take time off the current level or break; removing more than is left ends it now."""
    _adjust(ctx, -_seconds(cmd) * 1000)


@applies
def _time_adjusted(state: TournamentState, ev: TimeAdjusted) -> None:
    c = touch(state, ev)
    ms = ev.ms
    if ev.target == "break":
        if c.get("running"):
            c["wall_ms"] = int(c["wall_ms"]) + ms
        else:
            c["adhoc"] = {**c["adhoc"], "left_ms": int(c["adhoc"]["left_ms"]) + ms}
        return
    key = str(ev.index)
    adjust = dict(c.get("adjust", {}))
    adjust[key] = int(adjust.get(key, 0)) + ms
    c["adjust"] = adjust


@command
def start_break(ctx: Context, cmd: StartBreak) -> None:
    """Call a break now for some minutes (CLK-3, P004); the level resumes where it stopped."""
    _started(ctx)
    minutes = inputs.whole(cmd.minutes, _("The break's minutes"), minimum=1)
    pos, p = now_period(ctx)
    if p.kind == "break" or adhoc_break_left_ms(ctx.state, to_ms(ctx.now)):
        raise RuleError("CLOCK_STATE", _("Play is already on a break."), "CLK-3")
    ctx.emit(BreakCalled(minutes=minutes, pos_ms=pos, level=p.level))


@applies
def _break_called(state: TournamentState, ev: BreakCalled) -> None:
    c = touch(state, ev)
    ms = ev.minutes * MINUTE_MS
    c.update(pos_ms=ev.pos_ms, running=True, wall_ms=to_ms(ev.at) + ms, pause_reason=None)
    c["adhoc"] = {"minutes": ev.minutes, "left_ms": ms}


@command
def end_break(ctx: Context, cmd: EndBreak) -> None:
    """End the break now: play resumes (after a scheduled break, with the next level)."""
    _started(ctx)
    _unused, p = now_period(ctx)
    if adhoc_break_left_ms(ctx.state, to_ms(ctx.now)):
        ctx.emit(BreakEnded(level=p.level))
    elif p.kind == "break":
        _jump(ctx, next(q for q in periods(ctx.state) if q.index == p.index + 1), p)
    else:
        raise RuleError("CLOCK_STATE", _("Play is not on a break."), "CLK-3")


@applies
def _break_ended(state: TournamentState, ev: BreakEnded) -> None:
    c = touch(state, ev)
    if c.get("running"):
        c["wall_ms"] = to_ms(ev.at)
    c["adhoc"] = None


@command
def change_level_length(ctx: Context, cmd: ChangeLevelLength) -> None:
    """Change the length of every level from the next one on; once, after the profile's level (CLK-6)."""
    after = ctx.profile["clock.level_length_change_after"]
    if after is None:
        raise RuleError("NOT_OFFERED", _("This tournament's level length is fixed."), "CLK-6")
    minutes = inputs.whole(cmd.minutes, _("The level length in minutes"), minimum=1)
    if minutes > MAX_MINUTES:
        raise RuleError(
            "INVALID_INPUT", _("A level lasts at most {MAX_MINUTES} minutes.", MAX_MINUTES=MAX_MINUTES), "CLK-6"
        )
    if ctx.state.clock.get("length_change"):
        done = ctx.state.clock["length_change"]
        raise RuleError(
            "LEVEL_LENGTH_ALREADY_CHANGED",
            _(
                "The level length was already changed to {minutes} minutes; it cannot change again.",
                minutes=done["minutes"],
            ),
            "CLK-6",
        )
    _unused, p = now_period(ctx)
    if not ctx.state.clock.get("started") or p.level < int(after):
        raise RuleError(
            "LEVEL_LENGTH_TOO_EARLY",
            _("The level length may change from level {after} on, not at level {level}.", after=after, level=p.level),
            "CLK-6",
        )
    ctx.emit(LevelLengthChanged(from_level=p.level + 1, minutes=minutes))


@applies
def _level_length_changed(state: TournamentState, ev: LevelLengthChanged) -> None:
    touch(state, ev)["length_change"] = {"from_level": ev.from_level, "minutes": ev.minutes}


@command
def hand_for_hand_deduct(ctx: Context, cmd: HandForHandDeduct) -> None:
    """Take the fixed time off the clock for hand-for-hand hands played (CLK-5, TDA RP-8)."""
    _started(ctx)
    hands = inputs.whole(cmd.hands, _("The hands"), minimum=1)
    ms = hands * int(ctx.profile["clock.hand_for_hand_deduction_s"]) * 1000
    ctx.emit(ClockDeducted(hands=hands, ms=ms))


@applies
def _clock_deducted(state: TournamentState, ev: ClockDeducted) -> None:
    c = touch(state, ev)
    c["pos_ms"] = int(c["pos_ms"]) + ev.ms
    c["h4h_hands"] = int(c.get("h4h_hands", 0)) + ev.hands


# -- registration control (REG-8) ----------------------------------------------------------------------
@command
def close_registration(ctx: Context, cmd: CloseRegistration) -> None:
    """The director closes late registration before the profile's deadline."""
    if ctx.profile["late.mode"] != "levels":
        raise RuleError("NOT_OFFERED", _("This tournament takes no entries once play has begun."), "REG-6")
    if not late_registration_open(ctx.state, ctx.now):
        if late_registration_closed_early(ctx.state):
            raise RuleError("WINDOW_CLOSED", _("Late registration is already closed by the director."), "REG-8")
        raise RuleError("WINDOW_CLOSED", _("Late registration is already closed: it ended with level {level}.",
                                           level=int(ctx.profile["late.last_level"])), "REG-8")
    ctx.emit(RegistrationClosed(never_checked_in=len(ctx.state.extra.get("preregistered", ()))))


@applies
def _registration_closed(state: TournamentState, ev: RegistrationClosed) -> None:
    touch(state, ev)["late_closed"] = True


@command
def reopen_registration(ctx: Context, cmd: ReopenRegistration) -> None:
    """The director reopens late registration he closed early; never past the profile's deadline."""
    if ctx.profile["late.mode"] != "levels":
        raise RuleError("NOT_OFFERED", _("This tournament takes no entries once play has begun."), "REG-6")
    if not late_registration_closed_early(ctx.state):
        raise RuleError("INVALID_INPUT", _("Late registration was not closed by the director; nothing to reopen."),
                        "REG-8")
    if ctx.state.deal is not None:
        raise RuleError(
            "WINDOW_CLOSED",
            _("A deal was made among the players left, so late registration cannot reopen; undo the deal first."),
            "PAY-11",
        )
    if not late_registration_allowed(ctx.state, ctx.now):
        last = int(ctx.profile["late.last_level"])
        raise RuleError(
            "WINDOW_CLOSED",
            _(
                "Late registration cannot reopen: the profile closes it at the end of level {last}, already passed.",
                last=last,
            ),
            "REG-8",
        )
    ctx.emit(RegistrationReopened())


@applies
def _registration_reopened(state: TournamentState, ev: RegistrationReopened) -> None:
    touch(state, ev).pop("late_closed", None)
