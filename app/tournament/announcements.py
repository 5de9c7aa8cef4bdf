"""The director's announcements on the room's screens: set (now or at a time ahead), cancelled.

Each announcement is numbered from 1 in the order it was set and kept in the log, so a display started
later, every display in the building and an undo agree on what shows. The room's screens show them one
at a time: one whose time comes while another shows waits for it (:func:`windows`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.commands.tournament import ANNOUNCEMENT_MAX_CHARS, ANNOUNCEMENT_SECONDS, Announce, CancelAnnouncement
from app.core.registry import applies, command
from app.core.state import TournamentState
from app.errors import RuleError
from app.events.tournament import AnnouncementCancelled, AnnouncementMade
from app.i18n import _, pgettext

if TYPE_CHECKING:
    from app.core.context import Context

GRACE_SECONDS = 60.0  # a time picked to the minute that has just passed means now
MAX_AHEAD_SECONDS = 24 * 3600.0


def standing(state: TournamentState) -> list[dict[str, Any]]:
    """The announcements not cancelled, in the order they were set."""
    return [a for a in state.extra.get("announcements", []) if not a.get("cancelled")]


def windows(state: TournamentState) -> dict[int, tuple[float, float]]:
    """Each standing announcement's number -> (from, until) on the screens: by its time, one at a time."""
    out: dict[int, tuple[float, float]] = {}
    free = float("-inf")
    for a in sorted(standing(state), key=lambda a: (float(a["starts_at"]), int(a["number"]))):
        start = max(float(a["starts_at"]), free)
        free = start + int(a["seconds"])
        out[int(a["number"])] = (start, free)
    return out


@command
def announce(ctx: Context, cmd: Announce) -> None:
    """Set an announcement for the room's screens (refused in words: no text, too long, a time gone by)."""
    text = " ".join(cmd.text.split())
    if not text:
        raise RuleError("ANNOUNCEMENT_EMPTY", _("An announcement needs some words to show."))
    if len(text) > ANNOUNCEMENT_MAX_CHARS:
        raise RuleError("ANNOUNCEMENT_TOO_LONG", _("An announcement is at most {most} characters so the room can read "
                                                   "it at a glance; this one has {n}.", most=ANNOUNCEMENT_MAX_CHARS,
                                                   n=len(text)))
    low, high = ANNOUNCEMENT_SECONDS
    if not low <= cmd.seconds <= high:
        raise RuleError("INVALID_INPUT", _("An announcement shows for {low} seconds to {high} minutes, not {seconds} "
                                           "seconds.", low=low, high=high // 60, seconds=cmd.seconds))
    starts = ctx.now if cmd.starts_at is None else float(cmd.starts_at)
    if starts < ctx.now - GRACE_SECONDS:
        raise RuleError("TIME_PASSED", _("That time has already gone by: an announcement shows now or at a time "
                                          "still ahead."))
    if starts > ctx.now + MAX_AHEAD_SECONDS:
        raise RuleError("INVALID_INPUT", _("An announcement can be set at most a day ahead."))
    number = len(ctx.state.extra.get("announcements", [])) + 1
    ctx.emit(AnnouncementMade(number=number, text=text, starts_at=max(starts, ctx.now), seconds=cmd.seconds))


@applies
def _made(state: TournamentState, ev: AnnouncementMade) -> None:
    state.extra.setdefault("announcements", []).append(
        {"number": ev.number, "text": ev.text, "starts_at": ev.starts_at, "seconds": ev.seconds, "set_at": ev.at})


@command
def cancel_announcement(ctx: Context, cmd: CancelAnnouncement) -> None:
    """Take an announcement off the screens, or cancel one set for later (refused: unknown, or over)."""
    known = {int(a["number"]): a for a in ctx.state.extra.get("announcements", [])}
    found = known.get(cmd.announcement)
    if found is None or found.get("cancelled"):
        numbers = ", ".join(str(n) for n in windows(ctx.state)) or pgettext("announcements", "none")
        raise RuleError("UNKNOWN_ANNOUNCEMENT", _("There is no announcement {number} to cancel (the announcements "
                                                    "standing: {numbers}).", number=cmd.announcement, numbers=numbers))
    if windows(ctx.state)[cmd.announcement][1] <= ctx.now:
        raise RuleError("ANNOUNCEMENT_OVER", _("Announcement {number} has already been shown: there is nothing left "
                                                  "to cancel.", number=cmd.announcement))
    ctx.emit(AnnouncementCancelled(number=cmd.announcement))


@applies
def _cancelled(state: TournamentState, ev: AnnouncementCancelled) -> None:
    for a in state.extra.get("announcements", []):
        if int(a["number"]) == ev.number:
            a["cancelled"] = ev.at
