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
from screens import format as fmt

# Display modes, one look each (see ui/display/theme.py).
WAITING = "waiting"  # the clock has not started
RUNNING = "running"
LAST_MINUTE = "last_minute"
PAUSED = "paused"
BREAK = "break"
OVERTIME = "overtime"
ENDED = "ended"
DAY_OVER = "THE DAY IS OVER: BAG THE CHIPS"  # FLT-3, a flight's end of day


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
            parts.append(f"Ante {fmt.chips(b['ante'])}")
        parts.append(f"Bring-in {fmt.chips(b.get('bring_in'))}")
        parts.append(f"Complete {fmt.chips(b.get('complete'))}")
    elif b:
        sb, bb = b.get("sb"), b.get("bb")
        parts.append(f"Blinds {fmt.chips(sb)}/{fmt.chips(bb)}" if sb else f"Big blind {fmt.chips(bb)}")
        if b.get("ante"):
            parts.append(f"Ante {fmt.chips(b['ante'])}")
    if b.get("small_bet") and b.get("big_bet"):
        parts.append(f"Limits {fmt.chips(b['small_bet'])}/{fmt.chips(b['big_bet'])}")
    return "  ·  ".join(parts)


def game_text(game: Mapping[str, Any] | None, betting: str | None) -> str:
    """``Limit Razz``, ``No-Limit Texas Hold'em``; empty while the game is not known yet."""
    g = _mapping(game)
    name = str(g.get("name") or fmt.game_name(str(g.get("id") or "")))
    label = fmt.BETTING_NAMES.get(str(betting), "")
    if name and label and label.lower() not in name.lower():
        return f"{label} {name}"
    return name


def _betting(clock: Mapping[str, Any]) -> str | None:
    kind = _mapping(clock.get("betting")).get("betting")
    return str(kind) if kind else None


def _next_texts(clock: Mapping[str, Any], betting: str | None) -> tuple[str, str]:
    nxt = clock.get("next")
    if not isinstance(nxt, Mapping):
        return ("Last level", "")
    head = f"Level {nxt['level']}" if nxt.get("level") is not None else "Next"
    if nxt.get("break_first") and not clock.get("on_break"):
        head = f"Break, then {head.lower()}"
    game = game_text(nxt.get("game"), betting)
    return (f"{head} · {game}" if game else head, bets_text(nxt.get("forced_bets")))


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
        out.append(DAY_OVER)
    if facts.hand_for_hand:
        out.append("HAND FOR HAND")
    if facts.bubble:
        out.append("BUBBLE")
    if facts.final_table:
        out.append("FINAL TABLE")
    elif facts.in_the_money and not facts.bubble:
        out.append("IN THE MONEY")
    return tuple(out)


BANNERS = {PAUSED: "PAUSED", BREAK: "BREAK", OVERTIME: "OVERTIME", WAITING: "STARTING SOON", ENDED: "FINISHED"}


def _race_text(clock: Mapping[str, Any], facts: RoomFacts) -> str:
    race = _mapping(clock.get("break")).get("race")
    if not clock.get("on_break") or not race:
        return ""
    chips = ", ".join(facts.chip_names.get(int(v), fmt.chips(v)) for v in race)
    return f"Chip race: {chips} chips come off"


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
    main = f"{left:,}" if facts.entries is None else f"{left:,} / {facts.entries:,}"
    detail: list[str] = []
    if facts.entries is not None:
        detail.append(f"{facts.entries:,} {'entry' if facts.entries == 1 else 'entries'}")
    if facts.rebuys:
        detail.append(f"{facts.rebuys:,} {'rebuy' if facts.rebuys == 1 else 'rebuys'}")
    if facts.addons:
        detail.append(f"{facts.addons:,} {'add-on' if facts.addons == 1 else 'add-ons'}")
    if facts.topups:  # ENT-6: their money is in the prize pool too
        detail.append(f"{facts.topups:,} {'top-up' if facts.topups == 1 else 'top-ups'}")
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
    return "  ·  ".join(t for t in (blinds, f"Stud: {stud}" if stud else "") if t)


def _break_headline(clock: Mapping[str, Any], facts: RoomFacts) -> str:
    """The big line on a break: the chip race when there is one, else what play resumes with."""
    race = _race_text(clock, facts)
    if race:
        return race
    nxt = _mapping(clock.get("next"))
    return f"Play resumes with level {nxt['level']}" if nxt.get("level") else "Play resumes after the break"


def _level_text(clock: Mapping[str, Any], mode: str, facts: RoomFacts) -> str:
    level = clock.get("level")
    if mode == ENDED:
        if facts.seat_winners:
            count = len(facts.seat_winners)
            return f"{'Seat' if count == 1 else f'{count} seats'} in {facts.seat_event or 'the event'} won by"
        return f"Winner: {facts.winner}" if facts.winner else "Tournament over"
    if clock.get("on_break"):
        return f"BREAK after level {level}"
    if clock.get("overtime"):
        return f"LEVEL {level} · LAST LEVEL"
    return f"LEVEL {level}"


def _late_text(facts: RoomFacts) -> str:
    if facts.late_closed_early:
        return CLOSED_EARLY
    late = facts.late_seconds_left
    return f"Late registration closes in {fmt.duration_words(late)}" if late else ""


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
        break_text = f"Now ({minutes} min)" if minutes else "Now"
    else:
        break_text = fmt.duration_words(to_break) if to_break is not None else "No break"
    players_text, players_detail = _players(facts)
    ms_left = clock.get("ms_left")
    level = clock.get("level")
    return DisplayFrame(
        mode=mode,
        title=facts.name or "Tournament",
        level_text=_level_text(clock, mode, facts),
        game_text="" if on_break else (game_text(clock.get("game"), betting) or "Dealer's choice"),
        bets_text=_break_headline(clock, facts) if on_break else _current_bets(clock),
        clock_text=_clock_text(clock, mode),
        banner=BANNERS.get(mode, ""),
        badges=_badges(facts) if mode != ENDED else (),
        next_text=nxt,
        next_detail=nxt_detail,
        break_text=break_text,
        players_text=players_text,
        players_detail=players_detail,
        average_text=fmt.chips(facts.average_stack) if facts.average_stack is not None else "-",
        pool_text=fmt.money(facts.pool_cents, facts.currency),
        late_text=_late_text(facts),
        notice=_notice(clock, mode, facts),
        payouts=tuple((place, _prize_text(facts, i, cents)) for i, (place, cents) in enumerate(facts.payouts)),
        paid_text=facts.seats_text or (f"{facts.places_paid} paid" if facts.places_paid else ""),
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
        title=facts.name or "Tournament",
        level_text=_level_text(clock, ENDED, facts),
        game_text="",
        bets_text="  ·  ".join(facts.seat_winners),
        clock_text=_clock_text(clock, ENDED),
        banner=BANNERS[ENDED],
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
        paid_text=facts.seats_text or (f"{facts.places_paid} paid" if facts.places_paid else ""),
        leaders=(),
        bounties=(),
        level_key=(int(level) if level is not None else 0, False),
        seconds_left=None,
    )


def _prize_text(facts: RoomFacts, row: int, cents: int) -> str:
    """A payout row's prize: the seat's words in a satellite (SAT-4), else the amount."""
    seat = facts.payout_texts[row] if row < len(facts.payout_texts) else ""
    return seat or fmt.money(cents, facts.currency)
