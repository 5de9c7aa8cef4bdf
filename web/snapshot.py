"""The public state of a tournament for the players' phones: only what the room display shows.

:func:`make_snapshot` reads a :class:`~app.views.TournamentView` once (on the thread that owns the
engine) and returns an immutable :class:`Snapshot`: the JSON body, ready to send, and a small index
for "find my seat". No player ids, phone numbers, notes, payments or money trail leave here.

The clock is sent as the engine's timestamps, not as a text: ``as_of_ms`` and ``ms_left`` (and
``ends_at_ms`` while it runs); each answer also carries the server's time, so the page counts down
by itself, never drifts and comes back right after a reconnect.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.api import TournamentView, chip_leaders, fmt, fold_key, largest_bounties
from app.i18n import _, language, ngettext, use_language

MAX_QUERY = 80  # characters of a seat search
MAX_MATCHES = 8


@dataclass(frozen=True, slots=True)
class SeatEntry:
    key: str  # the folded name (accents and case dropped)
    name: str
    table: int | None
    seat: int | None
    status: str  # "seated", "waiting", "out"
    place: int | None = None  # once out: the best place of his block (ELIM-5), and how many share it
    span: int = 1
    bounty_cents: int = 0  # KO: the bounty on his head, 0 without one
    currency: str = fmt.USD

    @property
    def place_text(self) -> str:
        """ "12th" once out, else "", in the reader's language."""
        return fmt.place(self.place, self.span) if self.place is not None else ""

    @property
    def bounty(self) -> str:
        return fmt.money(self.bounty_cents, self.currency) if self.bounty_cents else ""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the server hands out until the next change: immutable, shared by every request.

    Its words are written in each phone's language: the body in the language it was made in is ready, and
    another language's is written from the same frozen view the first time a phone asks for it."""

    key: tuple[Any, ...]  # changes when anything shown changes (see :func:`snapshot_key`)
    body: bytes  # the JSON object, without the leading "{" (the server prepends its own time)
    seats: tuple[SeatEntry, ...]
    offset_ms: int = 0  # the tournament's time minus the wall clock's when it was made
    view: TournamentView | None = None  # frozen: the other languages' bodies are written from it
    made_in: str = ""  # the language of ``body``
    _bodies: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)

    def body_in(self, code: str | None = None) -> bytes:
        """The JSON body (without its "{") with its words in ``code`` (default: the current language)."""
        code = code or language()
        if self.view is None or code == self.made_in:
            return self.body
        with self._lock:
            found = self._bodies.get(code)
            if found is None:
                with use_language(code):
                    found = dumps(state_json(self.view))[1:]
                self._bodies[code] = found
            return found

    def with_time(self, server_ms: int, code: str | None = None) -> bytes:
        """The whole JSON object with ``server_ms`` (the server's clock, for the page's countdown)."""
        return b'{"server_ms":%d,' % server_ms + self.body_in(code)

    def find(self, query: str) -> list[dict[str, Any]]:
        """Players whose name holds ``query`` (accent- and case-insensitive), seated ones first."""
        q = fold_key(query[:MAX_QUERY])
        if len(q) < 2:
            return []
        words = q.split()
        hits = [s for s in self.seats if all(w in s.key for w in words)]
        hits.sort(key=lambda s: (s.status != "seated", not s.key.startswith(words[0]), s.key))
        return [{"name": s.name, "table": s.table, "seat": s.seat, "status": s.status, "place": s.place_text,
                 "bounty": s.bounty} for s in hits[:MAX_MATCHES]]


def snapshot_key(view: TournamentView) -> tuple[Any, ...]:
    """What the phones must be told about: a new action, or the clock moving to another period."""
    c = view.clock
    notes = tuple(str(n.get("text") or "") for n in _notes(c.raw))
    return (view.seq, c.started, c.running, c.on_break, c.level, bool(c.raw.get("overtime")),
            c.late_seconds_left is not None, notes, c.raw.get("pause_reason"))


def _notes(raw: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    notes = raw.get("announcements")
    return [n for n in notes if isinstance(n, Mapping)] if isinstance(notes, list) else []


def _ms(seconds: float | None) -> int | None:
    return None if seconds is None else int(round(seconds * 1000))


def _clock(view: TournamentView) -> dict[str, Any]:
    c = view.clock
    raw = c.raw
    as_of_ms = int(round(c.at * 1000))
    left = raw.get("ms_left")
    ms_left = int(left) if isinstance(left, int | float) else None
    overtime = bool(raw.get("overtime")) and not c.on_break
    to_break = raw.get("seconds_to_break")
    ticking = c.running and ms_left is not None
    late_ms = _ms(c.late_seconds_left)
    return {
        "started": c.started,
        "running": c.running,
        "paused": c.paused,
        "on_break": c.on_break,
        "overtime": overtime,
        "as_of_ms": as_of_ms,
        "ms_left": ms_left,
        "ends_at_ms": as_of_ms + ms_left if ticking and ms_left is not None and not overtime else None,
        "overtime_since_ms": as_of_ms - int(raw.get("overtime_seconds") or 0) * 1000 if overtime else None,
        "break_at_ms": as_of_ms + int(to_break) * 1000 if c.running and isinstance(to_break, int) else None,
        "ms_to_break": int(to_break) * 1000 if isinstance(to_break, int) else None,
        "late_ends_at_ms": as_of_ms + late_ms if c.running and late_ms else None,
        "late_ms_left": late_ms,
        "late_closed_early": c.late_closed_early,
        "pause_reason": str(raw.get("pause_reason") or ""),
    }


def state_json(view: TournamentView) -> dict[str, Any]:
    """The public state as plain JSON data (see docs/phone.md for every key)."""
    f, c = view.field, view.clock
    money = view.money
    nxt = None
    if c.next_level is not None:
        nxt = {"level": c.next_level, "game": c.next_game, "blinds": fmt.bets(c.next_forced_bets),
               "break_first": c.break_first}
    results = [{"place": p.label, "names": list(p.names), "prize": p.seat or (money(sum(p.shares_cents)) if any(
        p.shares_cents) else "")} for p in view.places]
    return {
        "seq": view.seq,
        "name": view.name,
        "clock": _clock(view),
        "level": c.level,
        "game": c.game,
        "blinds": fmt.bets(c.forced_bets),
        "forced_bets": {k: v for k, v in c.forced_bets.items() if isinstance(v, int | str) and k != "family"},
        "ante": c.forced_bets.get("ante") or None,
        "next": nxt,
        "players_left": f.players_shown,  # SAT-3: the seat winners once the seats are awarded
        "entries": f.entries,
        "rebuys": f.rebuys,
        "addons": f.addons,
        "topups": f.topups,
        "average_stack": f.average_stack,
        "prize_pool": money(f.prize_pool_cents),
        "paid_places": f.paid_places,
        "next_paid": {"place": fmt.ordinal(f.next_paid_place),
                      "prize": _("Seat in {event}", event=f.seat_event) if f.seats and f.next_paid_place <= f.seats
                      else money(f.next_paid_cents)}
        if f.next_paid_place and f.next_paid_cents is not None else None,
        "seats": ngettext("{count} seat in {event}", "{count} seats in {event}", f.seats, count=fmt.chips(f.seats),
                          event=f.seat_event) if f.seats else "",
        "status": {"bubble": f.bubble, "in_the_money": f.in_the_money, "final_table": f.final_table,
                   "hand_for_hand": f.hand_for_hand, "ended": f.ended, "winner": f.winner,
                   # SAT-3: a satellite's seat winners once the seats are awarded, and the event they won a seat in
                   "seat_winners": list(f.seat_winners), "seat_event": f.seat_event if f.seat_winners else ""},
        "payouts": [{"place": p.label, "prize": p.seat or money(p.prize_cents), "name": p.name} for p in view.payouts],
        "results": results,
        # the tables somebody sits at (after the end, the winner's table holds nobody in play)
        "tables": [{"number": t.number, "seats": [{"seat": s.seat, "name": s.name} for s in t.seats]}
                   for t in view.tables if t.seats],
        "leaders": [{"rank": c.rank, "name": c.name, "stack": c.stack} for c in chip_leaders(view, 10)],
        # KO: the largest bounties on players in play (empty without bounties)
        "bounties": [{"rank": b.rank, "name": b.name, "bounty": money(b.bounty_cents)}
                     for b in largest_bounties(view, 10)],
        "bounty_pool": money(f.bounty_pool_cents) if f.bounty_pool_cents else None,
        "announcements": [str(n.get("text") or "") for n in _notes(c.raw)],
    }


def dumps(data: Any) -> bytes:
    """JSON with ``<``, ``>`` and ``&`` written as escapes, so no name can ever read as markup."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").encode()


def make_snapshot(view: TournamentView, wall: float | None = None) -> Snapshot:
    """Read ``view`` once: the JSON body and the seat index, both immutable.

    ``wall`` is the wall clock when the view was read (default: now); with the view's own time it
    gives the offset the server adds to its wall clock to tell the page the tournament's time.
    """
    wall = time.time() if wall is None else wall
    body = dumps(state_json(view))
    assert body.startswith(b"{")
    seats = tuple(
        SeatEntry(fold_key(p.name), p.name, p.table, p.seat,
                  "out" if p.place is not None else ("seated" if p.table is not None else "waiting"),
                  p.place, p.span, p.bounty_cents if p.bounty_cents and p.place is None else 0, view.currency)
        for p in view.players
    )
    offset = int(round((view.clock.at - wall) * 1000)) if view.clock.at else 0
    return Snapshot(snapshot_key(view), body[1:], seats, offset, view, language())


EMPTY = Snapshot((), dumps({"seq": 0, "name": "", "clock": None, "level": None, "blinds": "", "players_left": 0,
                            "payouts": [], "tables": [], "results": [], "announcements": []})[1:], ())
