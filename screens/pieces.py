"""The catalogue of pieces: each piece of information a region of a screen can show.

A piece is an id (what a layout file names), a title (what the editor lists), a group (to sort the
editor's list) and a function from a :class:`RoomInput` (the engine's view of the tournament at a time,
with what the venue adds: its name, house rules, the phones' address, the league, the director's
announcement, the sponsors' banners) to a :class:`PieceContent`: lines of text with their emphasis, a
table, a QR code's text or an image's name. Renderers (the Qt display, the browser display, ``floorman
screens render``) draw a content; they never compute its words, so every screen shows the same text.

Nothing here decides a rule: figures come computed from the engine's views, written by the one format
module (:mod:`screens.format`, the engine's ``app.api.fmt``). A piece that has nothing to show (no bounty
in a freezeout, no chip count yet) gives empty lines, never an error.

Public API::

    PIECES: Mapping[str, Piece]        # id -> piece, in the editor's order
    Piece(id, title, group, paged, render)
    RoomInput(view, now, ...)          # built by room_input(tournament, now, ...) or by hand in tests
    PieceContent(kind, lines, header, rows, qr, image, page, pages)
    Line(text, emphasis)               # emphasis: one of EMPHASES
    render_piece(piece_id, room) -> PieceContent
    room_input(tournament, now, ...) -> RoomInput
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from app.api import (
    CLOSED_EARLY,
    KnockoutRow,
    Standings,
    TournamentView,
    chip_leaders,
    knockouts,
    largest_bounties,
    table_rows,
    views,
)
from app.i18n import N_, _, ngettext, pgettext
from screens import format as fmt
from screens.facts import room_facts
from screens.frame import DisplayFrame, bets_text, build_frame, game_text

Emphasis = Literal["normal", "strong", "muted", "alert"]
EMPHASES: tuple[Emphasis, ...] = ("normal", "strong", "muted", "alert")
ContentKind = Literal["text", "table", "qr", "image"]

PAGE_ROWS = 10  # a paged table's rows per page (payouts, seating chart, standings); pages follow the time
BANNER_SECONDS = 10.0  # how long a sponsor's banner shows before the next one
TOP = 5  # lines of the short lists: chip leaders, bounties, last bust-outs, knockouts


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text; ``emphasis`` tells a renderer how loud it is (``strong`` for the figure itself,
    ``muted`` for a caption, ``alert`` for a state the room must see)."""

    text: str
    emphasis: Emphasis = "normal"


@dataclass(frozen=True, slots=True)
class PieceContent:
    """What one region shows: ``text`` (``lines``), ``table`` (``header`` and ``rows``, already the page
    shown), ``qr`` (the text the code holds, ``lines`` its caption) or ``image`` (an image's name)."""

    kind: ContentKind = "text"
    lines: tuple[Line, ...] = ()
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    qr: str = ""
    image: str = ""
    page: int = 0  # the page shown (0 first) of ``pages``
    pages: int = 1

    @property
    def text(self) -> str:
        """Everything the content says, one line per row (what a test or a screen reader compares)."""
        parts = [line.text for line in self.lines]
        if self.header:
            parts.append("  ".join(self.header))
        parts += ["  ".join(row) for row in self.rows]
        return "\n".join(p for p in parts if p)

    @property
    def empty(self) -> bool:
        return not (self.text or self.qr or self.image)


@dataclass(frozen=True, slots=True)
class Banner:
    """A sponsor's banner: an image of the layout (by name), or words when there is no image."""

    text: str = ""
    image: str = ""


@dataclass(frozen=True)
class RoomInput:
    """Everything a piece reads: the tournament's view at ``now`` and what the venue adds.

    ``view`` comes from ``app.api.views.read(tournament, now)``; ``structure`` and ``knockouts`` from the
    same tournament (:func:`room_input` builds it all). ``page`` counts from when the screen began to
    show (``rotation.Showing.page``): paged pieces show ``page`` modulo their page count.
    """

    view: TournamentView
    now: float
    structure: views.StructureView | None = None
    knockouts: tuple[KnockoutRow, ...] = ()
    standings: Standings | None = None
    venue: str = ""
    house_rules: str = ""
    phones_url: str = ""  # the phones' page (floorman serve); its QR code
    announcement: str = ""  # what the director typed, while it shows
    banners: tuple[Banner, ...] = ()
    logo: str = ""  # the layout's logo image
    page: int = 0
    frame: DisplayFrame = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        facts = room_facts(self.view)
        late = self.view.clock.late_seconds_left
        if late:
            facts = replace(facts, late_seconds_left=late)
        object.__setattr__(self, "frame", build_frame(self.view.clock.raw, facts))


def room_input(tournament: Any, now: float, **venue: Any) -> RoomInput:
    """The :class:`RoomInput` of a tournament (an ``app.api.Tournament``) at ``now``; ``venue`` fills the
    other fields (``venue=``, ``house_rules=``, ``phones_url=``, ``banners=``, ``standings=``, ``page=`` ...)."""
    return RoomInput(view=views.read(tournament, now), now=now, structure=views.structure(tournament),
                     knockouts=knockouts(tournament), **venue)


Render = Callable[[RoomInput], PieceContent]


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    title: str  # the editor's words
    group: str  # the editor's heading: Clock, Blinds, Field, Money, Players, Tables, Venue, Events
    render: Render
    paged: bool = False  # a table that pages through its rows

    @property
    def shown_title(self) -> str:
        """The title in the reader's language (``title`` stays the English words, as marked)."""
        return _(self.title)

    @property
    def shown_group(self) -> str:
        return _(self.group)


# -- helpers ----------------------------------------------------------------------------------------


def text(*lines: str | Line, emphasis: Emphasis = "strong") -> PieceContent:
    """A text content; plain strings take ``emphasis``, empty strings are dropped."""
    out = tuple(ln if isinstance(ln, Line) else Line(ln, emphasis) for ln in lines)
    return PieceContent("text", tuple(ln for ln in out if ln.text))


def labelled(label: str, value: str) -> PieceContent:
    """A caption over a figure (``Players left`` / ``123``); nothing when the figure is empty."""
    return text(Line(label, "muted"), Line(value, "strong")) if value else PieceContent()


def paged(room: RoomInput, header: tuple[str, ...], rows: Sequence[tuple[str, ...]], title: str = "") -> PieceContent:
    """A table showing the page of ``rows`` that ``room.page`` falls on."""
    pages = max(1, -(-len(rows) // PAGE_ROWS))
    page = room.page % pages
    lines = (Line(title, "muted"),) if title else ()
    shown = tuple(rows[page * PAGE_ROWS:(page + 1) * PAGE_ROWS])
    return PieceContent("table", lines, header, shown, page=page, pages=pages)


def table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]], title: str = "") -> PieceContent:
    lines = (Line(title, "muted"),) if title else ()
    return PieceContent("table", lines, header, tuple(rows)) if rows else PieceContent()


def _forced(room: RoomInput) -> Mapping[str, Any]:
    forced = room.view.clock.raw.get("forced_bets")
    return forced if isinstance(forced, Mapping) else {}


def _stud(room: RoomInput) -> bool:
    return _forced(room).get("family") == "stud"


def _money(room: RoomInput, cents: int | None) -> str:
    return fmt.money(cents, room.view.currency)


def _next(room: RoomInput) -> Mapping[str, Any]:
    nxt = room.view.clock.raw.get("next")
    return nxt if isinstance(nxt, Mapping) else {}


# -- clock and level --------------------------------------------------------------------------------


def _clock(room: RoomInput) -> PieceContent:
    f = room.frame
    return text(Line(f.clock_text, "alert" if f.mode in ("last_minute", "paused") else "strong"))


def _level(room: RoomInput) -> PieceContent:
    return text(room.frame.level_text)


def _level_number(room: RoomInput) -> PieceContent:
    return labelled(_("Level"), str(room.view.clock.level) if room.view.clock.started else "")


def _state(room: RoomInput) -> PieceContent:
    return text(Line(room.frame.banner, "alert"))


def _badges(room: RoomInput) -> PieceContent:
    return text(*(Line(b, "alert") for b in room.frame.badges))


def _game(room: RoomInput) -> PieceContent:
    return text(room.frame.game_text)


def _blinds(room: RoomInput) -> PieceContent:
    return text(room.frame.bets_text)


def _small_blind(room: RoomInput) -> PieceContent:
    b = _forced(room)
    return labelled(_("Small blind"), fmt.chips(b["sb"])) if b.get("sb") and not _stud(room) else PieceContent()


def _big_blind(room: RoomInput) -> PieceContent:
    b = _forced(room)
    return labelled(_("Big blind"), fmt.chips(b["bb"])) if b.get("bb") and not _stud(room) else PieceContent()


def _ante(room: RoomInput) -> PieceContent:
    b = _forced(room)
    return labelled(_("Ante"), fmt.chips(b["ante"])) if b.get("ante") else PieceContent()


def _bring_in(room: RoomInput) -> PieceContent:
    b = _forced(room)
    return labelled(_("Bring-in"), fmt.chips(b.get("bring_in"))) if _stud(room) else PieceContent()


def _complete(room: RoomInput) -> PieceContent:
    b = _forced(room)
    return labelled(_("Complete"), fmt.chips(b.get("complete"))) if _stud(room) else PieceContent()


def _limits(room: RoomInput) -> PieceContent:
    b = _forced(room)
    if b.get("small_bet") and b.get("big_bet"):
        return labelled(_("Limits"), f"{fmt.chips(b['small_bet'])}/{fmt.chips(b['big_bet'])}")
    return PieceContent()


def _next_level(room: RoomInput) -> PieceContent:
    f = room.frame
    return text(Line(_("Next"), "muted"), Line(f.next_text, "strong"), Line(f.next_detail, "normal")) \
        if f.next_text else PieceContent()


def _next_blinds(room: RoomInput) -> PieceContent:
    return text(bets_text(_next(room).get("forced_bets")))


def _next_game(room: RoomInput) -> PieceContent:
    betting = room.view.clock.raw.get("betting")
    kind = betting.get("betting") if isinstance(betting, Mapping) else None
    return text(game_text(_next(room).get("game"), str(kind) if kind else None))


def _level_length(room: RoomInput) -> PieceContent:
    minutes = room.view.clock.raw.get("level_minutes")
    return labelled(_("Level length"), fmt.minutes_words(minutes)) if minutes else PieceContent()


def _time_to_break(room: RoomInput) -> PieceContent:
    if room.view.clock.on_break or not room.view.clock.started:
        return PieceContent()
    return labelled(_("Next break"), room.frame.break_text)


def _break_countdown(room: RoomInput) -> PieceContent:
    """The break and the time left in it. The chip race of the break is the colour-up piece's to say, so a
    break screen with both says it once."""
    if not room.view.clock.on_break:
        return PieceContent()
    return text(Line(_("Break"), "muted"), Line(room.frame.clock_text, "strong"))


def _next_levels(room: RoomInput) -> PieceContent:
    """The structure ahead: the next levels and breaks, a table."""
    s = room.structure
    if s is None:
        return PieceContent()
    now = room.view.clock.level
    games = s.mix_mode != "none"
    rows: list[tuple[str, ...]] = []
    for row in s.rows:
        if row.level.number < now:
            continue
        lv = row.level
        bets = bets_text({"family": "blinds", "sb": lv.sb, "bb": lv.bb, "ante": lv.ante})
        rows.append((str(lv.number), *((row.game,) if games else ()), bets, fmt.minutes_words(row.minutes)))
        if row.break_after is not None:
            rows.append((_("Break"), *(("",) if games else ()), "", fmt.minutes_words(row.break_after.minutes)))
        if len(rows) >= 6:
            break
    return table((_("Level"), *((_("Game"),) if games else ()), _("Bets"), _("Length")), rows)


# -- field ------------------------------------------------------------------------------------------


def _players_left(room: RoomInput) -> PieceContent:
    f = room.view.field
    return labelled(_("Players left"), fmt.number(f.players_shown) if f.entries else "")


def _players_of_entries(room: RoomInput) -> PieceContent:
    return labelled(_("Players"), room.frame.players_text if room.view.field.entries else "")


def _field_detail(room: RoomInput) -> PieceContent:
    return text(Line(room.frame.players_detail, "muted"))


def _registered(room: RoomInput) -> PieceContent:
    return labelled(_("Registered"), fmt.number(room.view.field.registered))


def _entries(room: RoomInput) -> PieceContent:
    return labelled(_("Entries"), fmt.number(room.view.field.entries))


def _reentries(room: RoomInput) -> PieceContent:
    n = sum(p.reentries for p in room.view.players)
    return labelled(_("Re-entries"), fmt.number(n))


def _rebuys(room: RoomInput) -> PieceContent:
    return labelled(_("Rebuys"), fmt.number(room.view.field.rebuys))


def _addons(room: RoomInput) -> PieceContent:
    return labelled(_("Add-ons"), fmt.number(room.view.field.addons))


def _topups(room: RoomInput) -> PieceContent:
    return labelled(_("Top-ups"), fmt.number(room.view.field.topups)) if room.view.field.topups else PieceContent()


def _average(room: RoomInput) -> PieceContent:
    avg = room.view.field.average_stack
    return labelled(_("Average stack"), fmt.chips(avg) if avg is not None else "")


def _average_bb(room: RoomInput) -> PieceContent:
    avg, bb = room.view.field.average_stack, _forced(room).get("bb")
    if avg is None or not bb or _stud(room):
        return PieceContent()
    return labelled(_("Average stack"), _("{count} BB", count=fmt.decimal(avg / int(bb), 1)))


def _chips_in_play(room: RoomInput) -> PieceContent:
    total = sum(p.stack for p in room.view.players if p.status in ("seated", "winner"))
    return labelled(_("Chips in play"), fmt.chips(total) if total else "")


def _tables_in_play(room: RoomInput) -> PieceContent:
    n = room.view.field.tables
    return labelled(_("Tables"), fmt.number(n) if n else "")


def _registration(room: RoomInput) -> PieceContent:
    c = room.view.clock
    if room.view.field.ended:
        return PieceContent()
    if c.late_closed_early:
        return text(Line(_(CLOSED_EARLY), "muted"))
    if c.late_open or not c.started:
        return text(Line(_("Registration open"), "strong"), Line(room.frame.late_text, "normal"))
    return text(Line(_("Registration closed"), "muted"))


def _late_countdown(room: RoomInput) -> PieceContent:
    return text(Line(room.frame.late_text, "normal"))


# -- money ------------------------------------------------------------------------------------------


def _prize_pool(room: RoomInput) -> PieceContent:
    return labelled(_("Prize pool"), _money(room, room.view.field.prize_pool_cents))


def _payouts(room: RoomInput) -> PieceContent:
    rows = [(place, prize) for place, prize in room.frame.payouts]
    return paged(room, (_("Place"), _("Prize")), rows, room.frame.paid_text)


def _places_paid(room: RoomInput) -> PieceContent:
    return labelled(_("Places paid"), room.frame.paid_text)


def _first_prize(room: RoomInput) -> PieceContent:
    return labelled(_("1st prize"), room.frame.payouts[0][1]) if room.frame.payouts else PieceContent()


def _next_paid(room: RoomInput) -> PieceContent:
    f = room.view.field
    if f.next_paid_place is None or f.ended:
        return PieceContent()
    return labelled(_("Next paid place"), _("{place}: {prize}", place=fmt.ordinal(f.next_paid_place),
                                            prize=_money(room, f.next_paid_cents)))


def _bounty_pool(room: RoomInput) -> PieceContent:
    f = room.view.field
    if f.bounty_kind == "none":
        return PieceContent()
    left = f.bounty_pool_cents - f.bounties_paid_cents
    return text(Line(_("Bounty pool"), "muted"), Line(_money(room, f.bounty_pool_cents), "strong"),
                Line(_("{money} still on heads", money=_money(room, left)), "normal"))


def _bounties(room: RoomInput) -> PieceContent:
    rows = [(b.name, _money(room, b.bounty_cents)) for b in largest_bounties(room.view, TOP)]
    return table((_("Player"), _("Bounty")), rows, _("Largest bounties"))


def _bounties_won(room: RoomInput) -> PieceContent:
    won = sorted((p for p in room.view.players if p.bounties_won_cents), key=lambda p: (-p.bounties_won_cents, p.name))
    rows = [(p.name, ngettext("{count} knockout", "{count} knockouts", p.knockouts, count=fmt.number(p.knockouts)),
             _money(room, p.bounties_won_cents))
            for p in won[:TOP]]
    return table((_("Player"), _("Knockouts"), _("Won")), rows, _("Bounties won"))


def _seats_awarded(room: RoomInput) -> PieceContent:
    f = room.view.field
    if not f.seats:
        return PieceContent()
    return text(Line(room.frame.paid_text, "muted"),
                Line(_("{awarded} of {seats} awarded", awarded=f.seats_awarded, seats=f.seats), "strong"),
                *(Line(name, "normal") for name in f.seat_winners))


def _deal(room: RoomInput) -> PieceContent:
    deal = room.view.deal
    if deal is None:
        return PieceContent()
    rows = [(ln.name, _money(room, ln.amount_cents)) for ln in deal.lines]
    return table((_("Player"), _("Amount")), rows, _("Deal ({method})", method=deal.method_text))


def _winner(room: RoomInput) -> PieceContent:
    f = room.view.field
    if not f.ended:
        return PieceContent()
    if f.seat_winners:
        return text(Line(room.frame.level_text, "muted"), *(Line(n, "strong") for n in f.seat_winners))
    return text(Line(_("Winner"), "muted"), Line(f.winner, "strong")) if f.winner else PieceContent()


# -- players and tables -----------------------------------------------------------------------------


def _chip_leaders(room: RoomInput) -> PieceContent:
    rows = [(f"{c.rank}.", c.name, fmt.chips(c.stack)) for c in chip_leaders(room.view, TOP)]
    return table(("", _("Player"), _("Chips")), rows, _("Chip leaders"))


def _chip_leader(room: RoomInput) -> PieceContent:
    best = chip_leaders(room.view, 1)
    return text(Line(_("Chip leader"), "muted"), Line(best[0].name, "strong"), Line(fmt.chips(best[0].stack))) \
        if best else PieceContent()


def _short_stack(room: RoomInput) -> PieceContent:
    if not room.view.field.chips_counted:
        return PieceContent()
    seated = [p for p in room.view.players if p.status == "seated" and p.stack > 0]
    if not seated:
        return PieceContent()
    low = min(seated, key=lambda p: (p.stack, p.name))
    return text(Line(_("Short stack"), "muted"), Line(low.name, "strong"), Line(fmt.chips(low.stack)))


def _seating(room: RoomInput) -> PieceContent:
    seated = sorted((p for p in room.view.players if p.table is not None),
                    key=lambda p: (p.name.lower(), p.id))
    rows = [(p.name, str(p.table), str(p.seat or "")) for p in seated]
    return paged(room, (_("Player"), _("Table"), _("Seat")), rows, _("Seating")) if rows else PieceContent()


def _tables(room: RoomInput) -> PieceContent:
    rows = [(_("Table {number}", number=t.number), f"{t.population}/{t.max_seats}",
             ngettext("{count} open seat", "{count} open seats", t.max_seats - t.population,
                      count=fmt.number(t.max_seats - t.population)))
            for t in room.view.tables if t.seats]
    # Translators: the heading of the tables' column of open seats (a number of seats).
    return paged(room, (_("Table"), _("Players"), pgettext("seats", "Open")), rows) if rows else PieceContent()


def _open_seats(room: RoomInput) -> PieceContent:
    tables = [t for t in room.view.tables if t.seats]
    if not tables:
        return PieceContent()
    n = sum(t.max_seats - t.population for t in tables)
    return labelled(_("Open seats"), fmt.number(n))


def _final_table(room: RoomInput) -> PieceContent:
    if not room.view.field.final_table or not room.view.tables:
        return PieceContent()
    t = next((t for t in room.view.tables if t.seats), None)
    if t is None:
        return PieceContent()
    counted = room.view.field.chips_counted
    rows = [(_("Seat {number}", number=s.seat), s.name, fmt.chips(s.stack) if counted else "") for s in t.seats]
    return table((_("Seat"), _("Player"), _("Chips")), rows, _("Final table · table {number}", number=t.number))


def _last_busts(room: RoomInput) -> PieceContent:
    busts = [p for p in room.view.places if p.place > 1 or not room.view.field.ended]
    busts.sort(key=lambda p: p.place)
    rows = [(p.label, name, p.prize_text(share, room.view.currency))
            for p in busts[:TOP] for name, share in zip(p.names, p.shares_cents)][:TOP]
    if not any(row[2] for row in rows):  # nobody shown has won a prize yet: no empty Prize column
        return table((_("Place"), _("Player")), [row[:2] for row in rows], _("Last out"))
    return table((_("Place"), _("Player"), _("Prize")), rows, _("Last out"))


def _knockouts(room: RoomInput) -> PieceContent:
    rows = [(k.name, " & ".join(k.by_names), _money(room, k.bounty_cents) if k.bounty_cents else "")
            for k in room.knockouts[:TOP]]
    return table((_("Out"), _("By"), _("Bounty")), rows, _("Knockouts"))


def _moves(room: RoomInput) -> PieceContent:
    # Translators: a table and a seat in few letters, as the last moves' table shows them: T4 S7.
    rows = [(m.name, _("T{table} S{seat}", table=m.from_table, seat=m.from_seat) if m.from_table else "",
             _("T{table} S{seat}", table=m.to_table, seat=m.to_seat))
            for m in room.view.last_moves()]
    return table((_("Player"), _("From"), _("To")), rows, _("Last moves"))


def _pending(room: RoomInput) -> PieceContent:
    return text(*(Line(p.text(), "alert") for p in room.view.pending[:TOP]))


def _standings(room: RoomInput) -> PieceContent:
    if room.standings is None:
        return PieceContent()
    rows = [(r[0], r[1], r[2]) for r in table_rows(room.standings)]
    title = f"{room.standings.league} {room.standings.season}".strip()
    return paged(room, (_("Rank"), _("Player"), _("Points")), rows, title) if rows else PieceContent()


# -- breaks and chips -------------------------------------------------------------------------------


def _chip_names(room: RoomInput, values: Sequence[int]) -> str:
    return ", ".join(room.view.chip_names.get(int(v), fmt.chips(v)) for v in values)


def _colour_up(room: RoomInput) -> PieceContent:
    """On a break with a chip race: the chips that come off; else nothing."""
    brk = room.view.clock.raw.get("break")
    race = brk.get("race") if isinstance(brk, Mapping) and room.view.clock.on_break else None
    if not race:
        return PieceContent()
    return text(Line(_("Colour-up"), "muted"),
                Line(_("{chips} chips come off", chips=_chip_names(room, race)), "strong"))


def _next_chip_race(room: RoomInput) -> PieceContent:
    s = room.structure
    if s is None:
        return PieceContent()
    level = room.view.clock.level
    for row in s.rows:
        brk = row.break_after
        if brk is not None and brk.race and (row.level.number > level or (row.level.number == level
                                                                           and not room.view.clock.on_break)):
            return text(Line(_("Next chip race"), "muted"),
                        Line(_("Break after level {level}: {chips}", level=row.level.number,
                               chips=_chip_names(room, brk.race)), "strong"))
    return PieceContent()


def _chips_in_use(room: RoomInput) -> PieceContent:
    names = [name for _, name in sorted(room.view.chip_names.items())]
    return text(Line(_("Chips"), "muted"), Line("  ·  ".join(names), "normal")) if names else PieceContent()


# -- states -----------------------------------------------------------------------------------------


def _hand_for_hand(room: RoomInput) -> PieceContent:
    if not room.view.field.hand_for_hand:
        return PieceContent()
    hands = int(room.view.clock.raw.get("hand_for_hand_hands") or 0)
    return text(Line(_("HAND FOR HAND"), "alert"),
                Line(_("Hand {number}", number=hands + 1) if hands else _("Wait for every table before dealing"),
                     "normal"))


def _bubble(room: RoomInput) -> PieceContent:
    f = room.view.field
    if not f.bubble:
        return PieceContent()
    return text(Line(_("BUBBLE"), "alert"), Line(_("{left} left · {paid} paid", left=fmt.number(f.players_shown),
                                          paid=fmt.number(f.paid_places)), "normal"))


def _in_the_money(room: RoomInput) -> PieceContent:
    f = room.view.field
    return text(Line(_("IN THE MONEY"), "strong")) if f.in_the_money and not f.ended else PieceContent()


def _paused_reason(room: RoomInput) -> PieceContent:
    return text(Line(room.frame.notice, "normal")) if room.frame.mode == "paused" else PieceContent()


def _clock_notice(room: RoomInput) -> PieceContent:
    return text(Line(room.frame.notice, "normal"))


# -- venue ------------------------------------------------------------------------------------------


def _event_name(room: RoomInput) -> PieceContent:
    return text(room.frame.title)


def _venue(room: RoomInput) -> PieceContent:
    return text(room.venue)


def _date(room: RoomInput) -> PieceContent:
    return text(fmt.date_words(room.now))


def _time_of_day(room: RoomInput) -> PieceContent:
    return text(fmt.time_of_day(room.now))


def _date_time(room: RoomInput) -> PieceContent:
    return text(fmt.date_time_words(room.now))


def _house_rules(room: RoomInput) -> PieceContent:
    return text(*(Line(ln.strip(), "normal") for ln in room.house_rules.splitlines() if ln.strip()))


def _phones_qr(room: RoomInput) -> PieceContent:
    if not room.phones_url:
        return PieceContent()
    return PieceContent("qr", (Line(_("Your seat and the clock on your phone"), "muted"),), qr=room.phones_url)


def _phones_url(room: RoomInput) -> PieceContent:
    return text(Line(room.phones_url, "normal"))


def _announcement(room: RoomInput) -> PieceContent:
    return text(Line(room.announcement, "alert"))


def _banner(room: RoomInput) -> PieceContent:
    if not room.banners:
        return PieceContent()
    b = room.banners[int(room.now // BANNER_SECONDS) % len(room.banners)]
    return PieceContent("image", image=b.image) if b.image else text(Line(b.text, "strong"))


def _logo(room: RoomInput) -> PieceContent:
    return PieceContent("image", image=room.logo) if room.logo else PieceContent()


def _currency(room: RoomInput) -> PieceContent:
    return text(Line(room.view.currency, "muted"))


_ALL: tuple[Piece, ...] = (
    # the clock
    Piece("clock", N_("Clock (time left in the level or the break)"), N_("Clock"), _clock),
    Piece("level", N_("Level (or the break)"), N_("Clock"), _level),
    Piece("level_number", N_("Level number"), N_("Clock"), _level_number),
    Piece("state", N_("State word (paused, break, overtime)"), N_("Clock"), _state),
    Piece("badges", N_("Bubble, hand for hand, final table"), N_("Clock"), _badges),
    Piece("level_length", N_("Level length"), N_("Clock"), _level_length),
    Piece("time_to_break", N_("Time to the next break"), N_("Clock"), _time_to_break),
    Piece("break_countdown", N_("Break countdown"), N_("Clock"), _break_countdown),
    Piece("clock_notice", N_("The clock's notice (latest call)"), N_("Clock"), _clock_notice),
    Piece("paused_reason", N_("Why the clock is paused"), N_("Clock"), _paused_reason),
    # the game and the bets
    Piece("game", N_("Game"), N_("Blinds"), _game),
    Piece("blinds", N_("Blinds, antes, bring-in and limits"), N_("Blinds"), _blinds),
    Piece("small_blind", N_("Small blind"), N_("Blinds"), _small_blind),
    Piece("big_blind", N_("Big blind"), N_("Blinds"), _big_blind),
    Piece("ante", N_("Ante"), N_("Blinds"), _ante),
    Piece("bring_in", N_("Bring-in (stud)"), N_("Blinds"), _bring_in),
    Piece("complete", N_("Completion (stud)"), N_("Blinds"), _complete),
    Piece("limits", N_("Limits (small bet / big bet)"), N_("Blinds"), _limits),
    Piece("next_level", N_("Next level"), N_("Blinds"), _next_level),
    Piece("next_blinds", N_("Next level's blinds"), N_("Blinds"), _next_blinds),
    Piece("next_game", N_("Next level's game"), N_("Blinds"), _next_game),
    Piece("next_levels", N_("The levels ahead"), N_("Blinds"), _next_levels),
    # the field
    Piece("players_left", N_("Players left"), N_("Field"), _players_left),
    Piece("players", N_("Players left of entries"), N_("Field"), _players_of_entries),
    Piece("field_detail", N_("Entries, rebuys, add-ons in a line"), N_("Field"), _field_detail),
    Piece("registered", N_("Registered"), N_("Field"), _registered),
    Piece("entries", N_("Entries"), N_("Field"), _entries),
    Piece("reentries", N_("Re-entries"), N_("Field"), _reentries),
    Piece("rebuys", N_("Rebuys"), N_("Field"), _rebuys),
    Piece("addons", N_("Add-ons"), N_("Field"), _addons),
    Piece("topups", N_("Top-ups"), N_("Field"), _topups),
    Piece("average_stack", N_("Average stack"), N_("Field"), _average),
    Piece("average_bb", N_("Average stack in big blinds"), N_("Field"), _average_bb),
    Piece("chips_in_play", N_("Chips in play"), N_("Field"), _chips_in_play),
    Piece("tables_in_play", N_("Tables in play"), N_("Field"), _tables_in_play),
    Piece("registration", N_("Registration open or closed"), N_("Field"), _registration),
    Piece("late_countdown", N_("Late registration countdown"), N_("Field"), _late_countdown),
    # the money
    Piece("prize_pool", N_("Prize pool"), N_("Money"), _prize_pool),
    Piece("payouts", N_("Payouts (paged)"), N_("Money"), _payouts, paged=True),
    Piece("places_paid", N_("Places paid"), N_("Money"), _places_paid),
    Piece("first_prize", N_("First prize"), N_("Money"), _first_prize),
    Piece("next_paid", N_("Next paid place"), N_("Money"), _next_paid),
    Piece("bounty_pool", N_("Bounty pool"), N_("Money"), _bounty_pool),
    Piece("bounties", N_("Largest bounties"), N_("Money"), _bounties),
    Piece("bounties_won", N_("Bounties won"), N_("Money"), _bounties_won),
    Piece("seats_awarded", N_("Satellite seats awarded"), N_("Money"), _seats_awarded),
    Piece("deal", N_("The deal"), N_("Money"), _deal),
    Piece("winner", N_("Winner"), N_("Money"), _winner),
    # players and tables
    Piece("chip_leaders", N_("Chip leaders"), N_("Players"), _chip_leaders),
    Piece("chip_leader", N_("Chip leader"), N_("Players"), _chip_leader),
    Piece("short_stack", N_("Short stack"), N_("Players"), _short_stack),
    Piece("seating", N_("Seating chart (paged)"), N_("Players"), _seating, paged=True),
    Piece("last_busts", N_("Last bust-outs"), N_("Players"), _last_busts),
    Piece("knockouts", N_("Knockouts"), N_("Players"), _knockouts),
    Piece("league_standings", N_("League standings (paged)"), N_("Players"), _standings, paged=True),
    Piece("tables", N_("Tables with open seats (paged)"), N_("Tables"), _tables, paged=True),
    Piece("open_seats", N_("Open seats"), N_("Tables"), _open_seats),
    Piece("final_table", N_("Final table seating"), N_("Tables"), _final_table),
    Piece("last_moves", N_("Last seat changes"), N_("Tables"), _moves),
    Piece("pending_moves", N_("Moves to make"), N_("Tables"), _pending),
    # breaks and chips
    Piece("colour_up", N_("Colour-up (on the break)"), N_("Chips"), _colour_up),
    Piece("next_chip_race", N_("Next chip race"), N_("Chips"), _next_chip_race),
    Piece("chips_in_use", N_("Chips in use"), N_("Chips"), _chips_in_use),
    # states
    Piece("hand_for_hand", N_("Hand for hand"), N_("States"), _hand_for_hand),
    Piece("bubble", N_("Bubble"), N_("States"), _bubble),
    Piece("in_the_money", N_("In the money"), N_("States"), _in_the_money),
    # the venue
    Piece("event_name", N_("Event name"), N_("Venue"), _event_name),
    Piece("venue", N_("Venue"), N_("Venue"), _venue),
    Piece("date", N_("Date"), N_("Venue"), _date),
    Piece("time_of_day", N_("Time of day"), N_("Venue"), _time_of_day),
    Piece("date_time", N_("Date and time"), N_("Venue"), _date_time),
    Piece("house_rules", N_("House rules"), N_("Venue"), _house_rules),
    Piece("phones_qr", N_("Phones' QR code"), N_("Venue"), _phones_qr),
    Piece("phones_url", N_("Phones' address"), N_("Venue"), _phones_url),
    Piece("announcement", N_("Announcement"), N_("Venue"), _announcement),
    Piece("sponsor_banner", N_("Sponsor banners (taking turns)"), N_("Venue"), _banner),
    Piece("logo", N_("Logo"), N_("Venue"), _logo),
    Piece("currency", N_("Currency"), N_("Venue"), _currency),
)

PIECES: Mapping[str, Piece] = {p.id: p for p in _ALL}


def render_piece(piece_id: str, room: RoomInput) -> PieceContent:
    """What the piece ``piece_id`` shows for ``room`` (a KeyError names an id the catalogue lacks: a
    layout's pieces are checked when it loads)."""
    return PIECES[piece_id].render(room)
