"""What the room display says aloud, and for which moments: the words, in pure Python (no Qt, no audio).

The moments are the chimes' (:class:`ui.display.chime.ChimePolicy`, one trigger for both): a new level,
a break starting, a break ending, five minutes to the break. The words come from the engine's clock
view, as the screen's do, with every number written in words, as a tournament director says them
("Level seven. Blinds four hundred, eight hundred, ante eight hundred."), so every voice reads them
alike: 1,200 is "twelve hundred", never "one, two hundred".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.api import fmt
from app.i18n import N_, PSEUDO, _, language, ngettext
from screens.frame import DisplayFrame, game_text
from ui.display.chime import BREAK_END, FIVE_TO_BREAK, LEVEL_CHANGE

# The kinds of announcement a director turns on or off.
LEVELS = "levels"
BREAKS = "breaks"
FIVE_MINUTES = "five_minutes"
REGISTRATION = "registration"
KINDS: dict[str, str] = {
    LEVELS: N_("New levels (level, blinds, antes, limits)"),
    BREAKS: N_("Breaks starting and ending (with the colour-up)"),
    FIVE_MINUTES: N_("Five minutes to the break"),
    REGISTRATION: N_("The last level to register"),
}

FIVE_MINUTES_WORDS = N_("Five minutes to the break.")
BREAK_OVER_WORDS = N_("The break is over.")
LAST_LEVEL_WORDS = N_("This is the last level to register.")

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
         "sixteen seventeen eighteen nineteen").split()
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ((1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand"))


def _below_hundred(n: int) -> str:
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


def _below_thousand(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    words = [f"{_ONES[hundreds]} hundred"] if hundreds else []
    if rest:
        words.append(_below_hundred(rest))
    return " ".join(words)


def number_words(value: float) -> str:
    """A whole number in words, the way a floor says chips: ``400`` four hundred, ``1200`` twelve
    hundred, ``1000`` one thousand, ``25000`` twenty-five thousand, ``150000`` one hundred fifty thousand."""
    n = round(value)
    if n < 0:
        return "minus " + number_words(-n)
    if n == 0:
        return "zero"
    if 1_000 < n < 10_000 and n % 100 == 0 and n % 1_000:
        return f"{_below_hundred(n // 100)} hundred"
    words: list[str] = []
    for scale, name in _SCALES:
        count, n = divmod(n, scale)
        if count:
            words.append(f"{number_words(count)} {name}")
    if n:
        words.append(_below_thousand(n))
    return " ".join(words)


def said_number(value: float) -> str:
    """A number as the voice says it: in English words (:func:`number_words`); in another language its digits,
    ungrouped, which that language's voice reads in its own words."""
    if language() in ("en", PSEUDO):
        return number_words(value)
    return str(round(value))


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _sentence(parts: Sequence[str]) -> str:
    text = ", ".join(p for p in parts if p)
    return f"{text[:1].upper()}{text[1:]}." if text else ""


def bets_words(forced: Mapping[str, Any] | None) -> str:
    """One level's forced bets (and limits) in words: ``Blinds two hundred, four hundred, ante fifty.``;
    stud: ``Ante fifteen, bring-in twenty-five, complete one hundred.``; ``Limits ...`` after them."""
    b = _mapping(forced)
    parts: list[str] = []
    if b.get("family") == "stud":
        if b.get("ante"):
            parts.append(_("ante {chips}", chips=said_number(b["ante"])))
        if b.get("bring_in"):
            parts.append(_("bring-in {chips}", chips=said_number(b["bring_in"])))
        if b.get("complete"):
            parts.append(_("complete {chips}", chips=said_number(b["complete"])))
    elif b.get("bb"):
        sb, bb = b.get("sb"), b["bb"]
        parts.append(_("blinds {small}, {big}", small=said_number(sb), big=said_number(bb)) if sb
                     else _("big blind {chips}", chips=said_number(bb)))
        if b.get("ante"):
            parts.append(_("ante {chips}", chips=said_number(b["ante"])))
    said = [_sentence(parts)]
    if b.get("small_bet") and b.get("big_bet"):
        said.append(_sentence([_("limits {small}, {big}", small=said_number(b["small_bet"]),
                                 big=said_number(b["big_bet"]))]))
    return " ".join(s for s in said if s)


def _game(clock: Mapping[str, Any]) -> str:
    betting = _mapping(clock.get("betting")).get("betting")
    return game_text(_mapping(clock.get("game")), str(betting) if betting else None)


def _last_level_to_register(clock: Mapping[str, Any]) -> bool:
    """Late registration closes before this level ends (a second's grace for the clock's rounding)."""
    late, left = clock.get("late_registration_seconds_left"), clock.get("seconds_left")
    if not isinstance(late, int | float) or not isinstance(left, int | float) or late <= 0:
        return False
    return bool(clock.get("late_registration_open", True)) and late <= left + 1


def level_words(clock: Mapping[str, Any], before: Mapping[str, Any] | None = None,
                registration: bool = False) -> str:
    """``Level seven. Blinds four hundred, eight hundred, ante eight hundred.``; the game is named when it
    changes (mixed games); ``registration``: say so when this is the last level to register."""
    said = [_("Level {level}.", level=said_number(int(clock.get("level") or 0)))]
    game = _game(clock)
    if game and (before is None or _game(before) != game):
        said.append(f"{game}.")
    bets = bets_words(_mapping(clock.get("forced_bets")))
    if bets:
        said.append(bets)
    if registration and _last_level_to_register(clock):
        said.append(_(LAST_LEVEL_WORDS))
    return " ".join(said)


def _chip_words(value: int, names: Mapping[int, str]) -> str:
    """``red five`` for the 5 chip called "red 5" in the chip set; ``twenty-five`` without a colour."""
    name = str(names.get(value, ""))
    digits = fmt.chips(value)
    colour = name[: -len(digits)].strip() if name.endswith(digits) else ""
    return f"{colour} {said_number(value)}".strip()


def _listing(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    # Translators: the last two of a list said aloud: "red five, green twenty-five and black one hundred".
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def break_words(clock: Mapping[str, Any], chip_names: Mapping[int, str] | None = None) -> str:
    """``Break, fifteen minutes. Colour-up of the green twenty-five chips.``"""
    brk = _mapping(clock.get("break"))
    minutes = brk.get("minutes")
    said = [ngettext("Break, {minutes} minute.", "Break, {minutes} minutes.", int(minutes),
                     minutes=said_number(minutes)) if minutes else _("Break.")]
    race = [int(v) for v in brk.get("race") or () if isinstance(v, int | float)]
    if race:
        said.append(_("Colour-up of the {chips} chips.",
                      chips=_listing([_chip_words(v, chip_names or {}) for v in race])))
    return " ".join(said)


@dataclass(frozen=True)
class Announcement:
    """The words for one moment of the display (several moments at once make one announcement) and
    which moments they stand for (those chime no more)."""

    text: str
    moments: frozenset[str]


def announcement(moments: Sequence[str], frame: DisplayFrame, before: DisplayFrame | None,
                 kinds: Collection[str]) -> Announcement:
    """What to say for ``moments`` (from :class:`ChimePolicy`) at ``frame``, the frame ``before`` it
    being the one they were seen against, with only the ``kinds`` the director turned on."""
    clock, previous = frame.clock, before.clock if before is not None else None
    said: list[str] = []
    covered: set[str] = set()
    for moment in moments:
        if moment == LEVEL_CHANGE and frame.level_key[1] and BREAKS in kinds:
            said.append(break_words(clock, frame.chip_names))
        elif moment == LEVEL_CHANGE and not frame.level_key[1] and LEVELS in kinds:
            said.append(level_words(clock, previous, REGISTRATION in kinds))
        elif moment == BREAK_END and (BREAKS in kinds or LEVELS in kinds):
            if BREAKS in kinds:
                said.append(_(BREAK_OVER_WORDS))
            if LEVELS in kinds:
                said.append(level_words(clock, previous, REGISTRATION in kinds))
        elif moment == FIVE_TO_BREAK and FIVE_MINUTES in kinds:
            said.append(_(FIVE_MINUTES_WORDS))
        else:
            continue
        covered.add(moment)
    return Announcement(" ".join(said), frozenset(covered))


# The Test voice button's words (translated where they are said).
SAMPLE = N_("Level seven. Blinds four hundred, eight hundred, ante eight hundred.")
