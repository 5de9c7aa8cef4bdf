"""The room display's frame: engine views in, the strings and states a screen shows out.

Pure Python (no Qt), so every word the room reads is testable without a window. Nothing here
decides a rule: levels, breaks, overtime, pool and payouts all come computed from the engine; this
module only chooses words, order and emphasis.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.api import CLOSED_EARLY
from app.i18n import N_, _, ngettext
from screens import format as fmt

# Display modes, one look each (see ui/display/theme.py).
WAITING = "waiting"  # the clock has not started
RUNNING = "running"
LAST_MINUTE = "last_minute"
PAUSED = "paused"
BREAK = "break"
OVERTIME = "overtime"
ENDED = "ended"
DAY_OVER = N_("THE DAY IS OVER: BAG THE CHIPS")  # FLT-3, a flight's end of day
HAND_FOR_HAND = N_("HAND FOR HAND")
BUBBLE = N_("BUBBLE")
FINAL_TABLE = N_("FINAL TABLE")
IN_THE_MONEY = N_("IN THE MONEY")


@dataclass(frozen=True)
class RoomFacts:
    """Everything the room sees that is not the clock, read from the engine's other view parts."""

    name: str = ""
    players_left: int | None = None
    entries: int | None = None
    rebuys: int = 0
    addons: int = 0
    topups: int = 0
    average_stack: int | None = None
    pool_cents: int | None = None
    payouts: Sequence[tuple[str, int]] = ()  # (place label, cents), best place first
    payout_texts: Sequence[str] = ()  # SAT-4: per payout row, "Seat" for a satellite seat ("" for money)
    seats_text: str = ""  # SAT-4: "2 seats in Main Event" (the payouts' caption)
    places_paid: int = 0
    bubble: bool = False
    in_the_money: bool = False
    hand_for_hand: bool = False
    day_over: bool = False  # FLT-3: a flight's day is over: the survivors bag their chips
    final_table: bool = False
    ended: bool = False
    winner: str = ""
    seat_winners: Sequence[str] = ()  # SAT-3: a satellite's seat winners once the seats are awarded
    seat_event: str = ""  # the event the seats are for
    chip_names: Mapping[int, str] = field(default_factory=dict)  # chip value -> "red $5"
    late_seconds_left: float | None = None  # time until late registration closes, when open
    late_closed_early: bool = False  # REG-8: the director closed late registration before its deadline
    currency: str = "USD"
    leaders: Sequence[tuple[int, str, int]] = ()  # chip leaders: (rank, name, stack), biggest first
    bounties: Sequence[tuple[int, str, int]] = ()  # KO: largest bounties: (rank, name, cents), largest first


@dataclass(frozen=True)
class DisplayFrame:
    """One picture of the room display, as text."""

    mode: str
    title: str
    level_text: str
    game_text: str
    bets_text: str
    clock_text: str
    banner: str  # the big state word under the clock ("PAUSED", "BREAK", ...), or ""
    badges: tuple[str, ...]  # secondary states ("BUBBLE", "HAND FOR HAND", "FINAL TABLE", ...)
    next_text: str
    next_detail: str
    break_text: str
    players_text: str
    players_detail: str
    average_text: str
    pool_text: str
    late_text: str
    notice: str  # chip race, announcements
    payouts: tuple[tuple[str, str], ...]
    paid_text: str
    late_short: str = ""  # the late registration's line in fewer words
    # For the chimes: what level, how long left, whether on a break.
    leaders: tuple[tuple[str, str], ...] = ()  # chip leaders: ("1. Ann Lee", "48,000"), biggest first
    bounties: tuple[tuple[str, str], ...] = ()  # KO: largest bounties: ("1. Ann Lee", "$87.50"), largest first
    level_key: tuple[int, bool] = (0, False)
    seconds_left: float | None = None
    seconds_to_break: float | None = None  # while playing towards a break (its five-minute announcement)
    # For the spoken announcements (ui/display/announce.py): the engine's clock view and the chips' names.
    clock: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    chip_names: Mapping[int, str] = field(default_factory=dict, compare=False, repr=False)
    extras: dict[str, Any] = field(default_factory=dict, compare=False)


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def bets_text(forced: Mapping[str, Any] | None) -> str:
    """Forced bets and limits of one level for its game's family (the ``forced_bets`` of the clock)."""
    b = _mapping(forced)
    parts: list[str] = []
    if b.get("family") == "stud":
        if b.get("ante"):
            parts.append(_("Ante {chips}", chips=fmt.chips(b["ante"])))
        parts.append(_("Bring-in {chips}", chips=fmt.chips(b.get("bring_in"))))
        parts.append(_("Complete {chips}", chips=fmt.chips(b.get("complete"))))
    elif b:
        sb, bb = b.get("sb"), b.get("bb")
        parts.append(_("Blinds {small}/{big}", small=fmt.chips(sb), big=fmt.chips(bb)) if sb
                     else _("Big blind {chips}", chips=fmt.chips(bb)))
        if b.get("ante"):
            parts.append(_("Ante {chips}", chips=fmt.chips(b["ante"])))
    if b.get("small_bet") and b.get("big_bet"):
        parts.append(_("Limits {small}/{big}", small=fmt.chips(b["small_bet"]), big=fmt.chips(b["big_bet"])))
    return "  ·  ".join(parts)


def game_text(game: Mapping[str, Any] | None, betting: str | None) -> str:
    """``Limit Razz``, ``No-Limit Texas Hold'em``; empty while the game is not known yet."""
    g = _mapping(game)
    name = str(g.get("name") or fmt.game_name(str(g.get("id") or "")))
    label = fmt.BETTING_NAMES.get(str(betting), "")
    if name and label and label.lower() not in name.lower():
        # Translators: a betting structure and a game's name: "No-Limit Texas Hold'em".
        return _("{betting} {game}", betting=_(label), game=name)
    return name


def _betting(clock: Mapping[str, Any]) -> str | None:
    kind = _mapping(clock.get("betting")).get("betting")
    return str(kind) if kind else None


def _next_texts(clock: Mapping[str, Any], betting: str | None) -> tuple[str, str]:
    nxt = clock.get("next")
    if not isinstance(nxt, Mapping):
        return (_("Last level"), "")
    known = nxt.get("level") is not None
    if nxt.get("break_first") and not clock.get("on_break"):
        head = _("Break, then level {level}", level=nxt["level"]) if known else _("Break, then next")
    else:
        head = _("Level {level}", level=nxt["level"]) if known else _("Next")
    game = game_text(nxt.get("game"), betting)
    return (_("{level} · {game}", level=head, game=game) if game else head, bets_text(nxt.get("forced_bets")))


def _mode(clock: Mapping[str, Any], facts: RoomFacts) -> str:
    if facts.ended:
        return ENDED
    if not clock.get("started"):
        return WAITING
    if clock.get("paused"):
        return PAUSED
    if clock.get("on_break"):
        return BREAK
    if clock.get("overtime"):
        return OVERTIME
    if clock.get("last_minute"):
        return LAST_MINUTE
    return RUNNING


def _badges(facts: RoomFacts) -> tuple[str, ...]:
    out: list[str] = []
    if facts.day_over:
        out.append(_(DAY_OVER))
    if facts.hand_for_hand:
        out.append(_(HAND_FOR_HAND))
    if facts.bubble:
        out.append(_(BUBBLE))
    if facts.final_table:
        out.append(_(FINAL_TABLE))
    elif facts.in_the_money and not facts.bubble:
        out.append(_(IN_THE_MONEY))
    return tuple(out)


# Translators: the big state word under the room display's clock.
BANNERS = {PAUSED: N_("PAUSED"), BREAK: N_("BREAK"), OVERTIME: N_("OVERTIME"), WAITING: N_("STARTING SOON"),
           ENDED: N_("FINISHED")}


def banner_of(mode: str) -> str:
    """The state word of a display mode, in the reader's language ("" for a running clock)."""
    words = BANNERS.get(mode, "")
    return _(words) if words else ""


def _race_text(clock: Mapping[str, Any], facts: RoomFacts) -> str:
    race = _mapping(clock.get("break")).get("race")
    if not clock.get("on_break") or not race:
        return ""
    chips = ", ".join(facts.chip_names.get(int(v), fmt.chips(v)) for v in race)
    return _("Chip race: {chips} chips come off", chips=chips)


def _notice(clock: Mapping[str, Any], mode: str, facts: RoomFacts) -> str:
    """The small line under the clock: a chip race on a break, the latest announcement, why paused."""
    if mode == PAUSED and clock.get("pause_reason"):
        return str(clock["pause_reason"])
    notes = clock.get("announcements")
    if isinstance(notes, Sequence) and notes and not isinstance(notes, str):
        return str(_mapping(notes[-1]).get("text") or "")
    return ""


def _players(facts: RoomFacts) -> tuple[str, str]:
    if facts.players_left is None:
        return "-", ""
    left = facts.players_left
    num = fmt.number
    main = num(left) if facts.entries is None else f"{num(left)} / {num(facts.entries)}"
    detail: list[str] = []
    if facts.entries is not None:
        detail.append(ngettext("{count} entry", "{count} entries", facts.entries, count=num(facts.entries)))
    if facts.rebuys:
        detail.append(ngettext("{count} rebuy", "{count} rebuys", facts.rebuys, count=num(facts.rebuys)))
    if facts.addons:
        detail.append(ngettext("{count} add-on", "{count} add-ons", facts.addons, count=num(facts.addons)))
    if facts.topups:  # ENT-6: their money is in the prize pool too
        detail.append(ngettext("{count} top-up", "{count} top-ups", facts.topups, count=num(facts.topups)))
    return main, " · ".join(detail)


def _clock_text(clock: Mapping[str, Any], mode: str) -> str:
    if mode == ENDED:
        return "00:00"
    if clock.get("overtime") and not clock.get("on_break"):
        return fmt.overtime_digits(clock.get("overtime_seconds"))
    text = clock.get("time_left")
    return str(text) if text else fmt.clock_digits(None)


def _current_bets(clock: Mapping[str, Any]) -> str:
    """The level's forced bets for the game in play; both columns while the game is not chosen yet."""
    forced = clock.get("forced_bets")
    if isinstance(forced, Mapping):
        return bets_text(forced)
    blinds = bets_text({"family": "blinds", **_mapping(clock.get("blinds"))}) if clock.get("blinds") else ""
    stud = bets_text({"family": "stud", **_mapping(clock.get("stud"))}) if clock.get("stud") else ""
    return "  ·  ".join(t for t in (blinds, _("Stud: {bets}", bets=stud) if stud else "") if t)


def _break_headline(clock: Mapping[str, Any], facts: RoomFacts) -> str:
    """The big line on a break: the chip race when there is one, else what play resumes with."""
    race = _race_text(clock, facts)
    if race:
        return race
    nxt = _mapping(clock.get("next"))
    return _("Play resumes with level {level}", level=nxt["level"]) if nxt.get("level") \
        else _("Play resumes after the break")


def _level_text(clock: Mapping[str, Any], mode: str, facts: RoomFacts) -> str:
    level = clock.get("level")
    if mode == ENDED:
        if facts.seat_winners:
            count = len(facts.seat_winners)
            if facts.seat_event:
                return ngettext("Seat in {event} won by", "{n} seats in {event} won by", count,
                                event=facts.seat_event)
            return ngettext("Seat in the event won by", "{n} seats in the event won by", count)
        return _("Winner: {name}", name=facts.winner) if facts.winner else _("Tournament over")
    if clock.get("on_break"):
        return _("BREAK after level {level}", level=level)
    if clock.get("overtime"):
        return _("LEVEL {level} · LAST LEVEL", level=level)
    return _("LEVEL {level}", level=level)


def _late_text(facts: RoomFacts) -> str:
    if facts.late_closed_early:
        return _(CLOSED_EARLY)
    late = facts.late_seconds_left
    return _("Late registration closes in {time}", time=fmt.duration_words(late)) if late else ""


def _late_short(facts: RoomFacts) -> str:
    """The late registration's line where room is short (the fixed design's break cell)."""
    if facts.late_closed_early:
        return _("Late reg. closed by the director")
    late = facts.late_seconds_left
    return _("Late reg. closes in {time}", time=fmt.duration_words(late)) if late else ""


def build_frame(clock: Mapping[str, Any], facts: RoomFacts) -> DisplayFrame:
    """Turn the engine's ``clock_view`` and the room facts into the words on the screen."""
    mode = _mode(clock, facts)
    if mode == ENDED:
        return _ended_frame(clock, facts)
    on_break = bool(clock.get("on_break"))
    betting = _betting(clock)
    nxt, nxt_detail = _next_texts(clock, betting)
    to_break = clock.get("seconds_to_break")
    if on_break:
        minutes = _mapping(clock.get("break")).get("minutes")
        break_text = _("Now ({minutes} min)", minutes=minutes) if minutes else _("Now")
    else:
        break_text = fmt.duration_words(to_break) if to_break is not None else _("No break")
    players_text, players_detail = _players(facts)
    ms_left = clock.get("ms_left")
    level = clock.get("level")
    return DisplayFrame(
        mode=mode,
        title=facts.name or _("Tournament"),
        level_text=_level_text(clock, mode, facts),
        game_text="" if on_break else (game_text(clock.get("game"), betting) or _("Dealer's choice")),
        bets_text=_break_headline(clock, facts) if on_break else _current_bets(clock),
        clock_text=_clock_text(clock, mode),
        banner=banner_of(mode),
        badges=_badges(facts) if mode != ENDED else (),
        next_text=nxt,
        next_detail=nxt_detail,
        break_text=break_text,
        players_text=players_text,
        players_detail=players_detail,
        average_text=fmt.chips(facts.average_stack) if facts.average_stack is not None else "-",
        pool_text=fmt.money(facts.pool_cents, facts.currency),
        late_text=_late_text(facts),
        late_short=_late_short(facts),
        notice=_notice(clock, mode, facts),
        payouts=tuple((place, _prize_text(facts, i, cents)) for i, (place, cents) in enumerate(facts.payouts)),
        paid_text=facts.seats_text or _paid_text(facts.places_paid),
        leaders=tuple((f"{rank}. {name}", fmt.chips(stack)) for rank, name, stack in facts.leaders),
        bounties=tuple((f"{rank}. {name}", fmt.money(cents, facts.currency)) for rank, name, cents in facts.bounties),
        level_key=(int(level) if level is not None else 0, on_break),
        seconds_left=ms_left / 1000 if isinstance(ms_left, int | float) and mode != WAITING else None,
        seconds_to_break=float(to_break) if isinstance(to_break, int | float) and not on_break else None,
        clock=clock,
        chip_names=facts.chip_names,
    )


def _ended_frame(clock: Mapping[str, Any], facts: RoomFacts) -> DisplayFrame:
    """The finished event: the winner (or a satellite's seat winners) under the name; no next level, no
    break, no forced bets: nothing more is played."""
    players_text, players_detail = _players(facts)
    level = clock.get("level")
    return DisplayFrame(
        mode=ENDED,
        title=facts.name or _("Tournament"),
        level_text=_level_text(clock, ENDED, facts),
        game_text="",
        bets_text="  ·  ".join(facts.seat_winners),
        clock_text=_clock_text(clock, ENDED),
        banner=banner_of(ENDED),
        badges=(),
        next_text="",
        next_detail="",
        break_text="",
        players_text=players_text,
        players_detail=players_detail,
        average_text=fmt.chips(facts.average_stack) if facts.average_stack is not None else "-",
        pool_text=fmt.money(facts.pool_cents, facts.currency),
        late_text="",
        notice="",
        payouts=tuple((place, _prize_text(facts, i, cents)) for i, (place, cents) in enumerate(facts.payouts)),
        paid_text=facts.seats_text or _paid_text(facts.places_paid),
        leaders=(),
        bounties=(),
        level_key=(int(level) if level is not None else 0, False),
        seconds_left=None,
    )


def _paid_text(places: int) -> str:
    """``3 paid`` (the places in the money)."""
    return ngettext("{count} paid", "{count} paid", places, count=fmt.number(places)) if places else ""


def _prize_text(facts: RoomFacts, row: int, cents: int) -> str:
    """A payout row's prize: the seat's words in a satellite (SAT-4), else the amount."""
    seat = facts.payout_texts[row] if row < len(facts.payout_texts) else ""
    return seat or fmt.money(cents, facts.currency)
