"""Which screen of a layout shows at a time: the cycle, and the screens that answer events.

A layout's cycle (its screens without an ``event``) takes turns, each for its ``seconds``. An event shows
its own screen instead (the layout's screen with that ``event``), then the cycle resumes from its first
screen:

- ``level_up``: from the moment the level began, for the screen's ``event_seconds``;
- ``break``: from the moment the break began, for its ``event_seconds`` or, with ``0``, the whole break;
- ``final_table``: from the moment the final table was seated (its last seat change), for its seconds;
- ``announcement``: what the director typed, now or at a time, each for its own seconds and one at a time
  (one set while another shows waits for it);
- ``hand_for_hand`` and ``bubble``: states the log gives no start time for; while they last, their
  screen shows throughout (``event_seconds`` ``0``) or joins the cycle, first, for its seconds.

When two events overlap, the one of :data:`PRIORITY` first wins. Everything is a pure function of the
layout, the moments (:func:`moments_of` reads them from the engine's view: the clock's timestamps and the
seat changes, all in the log) and ``now``: a display restarted at the same time shows the same screen,
and every display in the building agrees, with no timer to drift. Tests pass a ``FakeClock``'s time.

Public API::

    Moment(kind, start, end, text)        # start None: a state with no known start
    Announcement(text, at, seconds)       # the director's words, now (at=now) or at a time
    Showing(screen, since, until, event, text); .page(now) -> int
    moments_of(view, announcements=()) -> tuple[Moment, ...]   # the log's announcements, and any given
    announcements_of(view) -> tuple[Announcement, ...]          # what the director set (``announce``)
    announcement_moments(announcements) -> tuple[Moment, ...]
    showing(layout, moments, now) -> Showing
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from app.api import TournamentView
from app.i18n import _
from screens.layout import LASTING, EventKind, Layout, Screen

PRIORITY: tuple[EventKind, ...] = ("announcement", "level_up", "final_table", "break", "hand_for_hand", "bubble")
PAGE_SECONDS = 8.0  # a paged table shows each page this long (payouts, seating chart, standings)


@dataclass(frozen=True, slots=True)
class Moment:
    """Something that happened (or is): its kind, when it began (None: not known, a state that lasts),
    when it ends (None: the screen's ``event_seconds`` decide, or the state lasts) and its words."""

    kind: EventKind
    start: float | None
    end: float | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Announcement:
    """An announcement the director types: shown from ``at`` (now, or a time ahead) for ``seconds``."""

    text: str
    at: float
    seconds: float = 30.0


@dataclass(frozen=True, slots=True)
class Showing:
    """The screen that shows: since when, until when (None: as long as its state lasts), the event it
    answers (None in the cycle) and the event's words (an announcement's text)."""

    screen: Screen
    since: float
    until: float | None
    event: EventKind | None = None
    text: str = ""

    def page(self, now: float) -> int:
        """The page a paged piece shows at ``now`` (0 when the screen began to show)."""
        return max(0, int((now - self.since) // PAGE_SECONDS))


def announcement_moments(announcements: Iterable[Announcement]) -> tuple[Moment, ...]:
    """The announcements one at a time: each starts at its time, or when the one before it ends."""
    out: list[Moment] = []
    free = float("-inf")
    for a in sorted(announcements, key=lambda a: a.at):
        start = max(a.at, free)
        free = start + a.seconds
        out.append(Moment("announcement", start, free, a.text))
    return tuple(out)


def announcements_of(view: TournamentView) -> tuple[Announcement, ...]:
    """The announcements the director set (the ``announce`` command, kept in the log), as the view has them."""
    return tuple(Announcement(a.text, a.starts_at, float(a.seconds)) for a in view.announcements)


def moments_of(view: TournamentView, announcements: Iterable[Announcement] = ()) -> tuple[Moment, ...]:
    """The moments a view tells, at its clock's time: the level's start (a level up, from level 2 on),
    the break's start and end, the final table's seating, hand for hand and the bubble while they last;
    and the director's announcements (those in the log, and any ``announcements`` given besides). Read
    from timestamps the log keeps, never from when it was read."""
    c, raw, f = view.clock, view.clock.raw, view.field
    out: list[Moment] = list(announcement_moments((*announcements_of(view), *announcements)))
    if c.started and not f.ended:
        left = c.seconds_left or 0.0
        if c.on_break:
            brk = raw.get("break")
            minutes = brk.get("minutes") if isinstance(brk, Mapping) else None
            if isinstance(minutes, int | float):
                start = c.at - (float(minutes) * 60 - left)
                out.append(Moment("break", start, start + float(minutes) * 60))
        else:
            length = float(raw.get("level_minutes") or 0) * 60
            elapsed = length - left + float(raw.get("overtime_seconds") or 0)
            if c.level > 1 and length:
                out.append(Moment("level_up", c.at - elapsed, text=_("Level {level}", level=c.level)))
    if f.final_table and view.moves and not f.ended:
        out.append(Moment("final_table", view.moves[-1].at))
    if f.hand_for_hand:
        out.append(Moment("hand_for_hand", None))
    if f.bubble:
        out.append(Moment("bubble", None))
    return tuple(out)


def _window(m: Moment, screen: Screen) -> tuple[float, float | None] | None:
    """When the screen for ``m`` shows: (from, until); None when it never does by itself (a state with
    no start joins the cycle instead)."""
    if m.start is None:
        return (float("-inf"), None) if screen.event_seconds == 0 and m.kind in LASTING else None
    if m.kind == "announcement" and m.end is not None:
        return m.start, m.end
    if screen.event_seconds == 0 and m.kind in LASTING:
        return m.start, m.end
    until = m.start + screen.event_seconds
    return m.start, until if m.end is None else min(until, m.end)


def showing(layout: Layout, moments: Sequence[Moment], now: float) -> Showing:
    """The screen of ``layout`` that shows at ``now``, given the tournament's ``moments``."""
    active: list[tuple[int, float, Moment, Screen, float | None]] = []
    ended: list[float] = []
    joined: list[Screen] = []
    for m in moments:
        screen = layout.for_event(m.kind)
        if screen is None:
            continue
        window = _window(m, screen)
        if window is None:
            if screen.event_seconds:
                joined.append(screen)
            continue
        start, until = window
        if start <= now and (until is None or now < until):
            active.append((PRIORITY.index(m.kind), -start, m, screen, until))
        elif until is not None and until <= now:
            ended.append(until)
    if active:
        _, neg_start, m, screen, until = min(active, key=lambda a: (a[0], a[1]))
        since = -neg_start if m.start is not None else now
        return Showing(screen, since, until, m.kind, m.text)
    return _in_cycle(layout, joined, max(ended, default=0.0), now)


def _in_cycle(layout: Layout, joined: Sequence[Screen], epoch: float, now: float) -> Showing:
    """The cycle's screen at ``now``, the cycle counted from ``epoch`` (the end of the last event)."""
    turns = [(s, float(s.event_seconds)) for s in sorted(joined, key=lambda s: PRIORITY.index(s.event or "bubble"))]
    turns += [(s, float(s.seconds)) for s in layout.cycle()]
    total = sum(seconds for _, seconds in turns)
    into = (now - epoch) % total
    round_start = now - into
    at = 0.0
    for screen, seconds in turns:
        if into < at + seconds:
            return Showing(screen, round_start + at, round_start + at + seconds, screen.event)
        at += seconds
    screen, seconds = turns[-1]  # rounding at the very end of a round
    return Showing(screen, round_start + at - seconds, round_start + at, screen.event)
