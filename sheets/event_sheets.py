"""The sheets of a multi-flight event (FLT): Day 2's table assignments and the event's results.

One place builds them for the command line (``floorman event print``) and the window (Tournament > Event):
Day 2's seats from its recorded draw (the players still in), and every place and prize to the cent, a
Day-1 finisher's flight after his name (FLT-7).
"""

from __future__ import annotations

from typing import Any

from app.api import flight_event
from app.i18n import _
from sheets.model import Payout, Seat, Sheet


def event_sheet(state: Any, which: str) -> Sheet:
    """The sheet ``which`` ("tables", "results" or "bags") of the event ``state``."""
    d = state.day2
    seats = [] if d is None else [Seat(name, t, s) for name, (t, s) in d.seats.items() if d.stacks[name] > 0]
    results = [Payout(r.place, r.prize_cents, r.player if r.day == "Day 2" else f"{r.player} ({r.day})", r.tied)
               for r in flight_event.results(state)]
    title = _("{event} - Day 2", event=state.title) if which != "results" else state.title
    return Sheet(tournament=title, seats=seats,
                 results=results, entries=flight_event.entries(state), pool_cents=flight_event.prize_pool(state),
                 currency=state.profile["money.currency"])


def write_event_sheet(state: Any, which: str, out: str, paper: str = "letter", venue: str = "") -> str:
    """Draw the sheet ``which`` of the event and write it to ``out`` (a PDF); the path written. Raises
    OSError, or ValueError for a target refused (sheets.output.OutputRefused)."""
    from sheets.output import write_output
    from sheets.render import draw

    currency = state.profile["money.currency"]
    drawn = draw(which, event_sheet(state, which), {"paper": paper, "venue": venue, "currency": currency})
    return str(write_output(out, drawn.pdf))
