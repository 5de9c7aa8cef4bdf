"""Each game's showdown: the parts a pot is split into and the best hand of a player for each (JDG-1..JDG-6).

The hands are ranked by pokerkit (``StandardHighHand``, ``OmahaHoldemHand``, ``EightOrBetterLowHand``,
``OmahaEightOrBetterLowHand``, ``RegularLowHand``, ``StandardLowHand``, ``BadugiHand``,
``StandardBadugiHand``); what it does not know is written here: Archie's high qualifier (a pair of nines or
better), the cards a game lets a hand use (any of hole and board, exactly two hole cards and three of the
board, the hole cards alone), and which part of a split pot takes the odd chip.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations

from pokerkit import (
    BadugiHand,
    Card,
    EightOrBetterLowHand,
    Hand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    StandardBadugiHand,
    StandardHighHand,
    StandardLowHand,
)
from pokerkit.lookups import EightOrBetterLookup, Entry, Label

from app.i18n import N_
from app.judge.cards import rank_value

Evaluate = Callable[[tuple[Card, ...], tuple[Card, ...]], Hand | None]
Cards = tuple[Card, ...]


_UNSEEN = object()
_SEEN: dict[type[Hand], dict[tuple[tuple[int, ...], bool], object]] = {}
_RANK = {r: i for i, r in enumerate("23456789TJQKA")}


def _best(kind: type[Hand], cards: Cards, ways: Iterable[tuple[int, ...]]) -> Hand | None:
    """The best hand of ``kind`` among the five-card ``ways`` (indexes into ``cards``), or None when none of
    them is one (a low that does not qualify).

    pokerkit's table of the kind ranks each way by its ranks and whether it is all one suit; what the table
    said for those is kept (``_SEEN``, at most a few thousand entries a kind), so each is asked once a
    process, and only the best way is made into a pokerkit hand. pokerkit's own ``from_game`` makes and
    compares a hand for every way, several times slower: too slow for nine Big O hands (docs/judge.md, Speed).
    """
    lookup, low = kind.lookup, kind.low
    seen = _SEEN.setdefault(kind, {})
    ranks = [_RANK[c.rank.value] for c in cards]
    suits = [c.suit.value for c in cards]
    eight = isinstance(lookup, EightOrBetterLookup)  # five different ranks, eight or lower: no other way is one
    best: tuple[int, ...] | None = None
    best_index = 0
    for way in ways:
        held = tuple(sorted(ranks[i] for i in way))
        if eight and (len(set(held)) < len(held) or any(6 < r < 12 for r in held)):
            continue
        first = suits[way[0]]
        key = (held, all(suits[i] == first for i in way))
        entry = seen.get(key, _UNSEEN)
        if entry is _UNSEEN:
            entry = seen[key] = lookup.get_entry_or_none(tuple(cards[i] for i in way))
        if isinstance(entry, Entry) and (best is None or (entry.index < best_index if low else
                                                          entry.index > best_index)):
            best, best_index = way, entry.index
    return None if best is None else kind(tuple(cards[i] for i in best))


def _any_five(kind: type[Hand]) -> Evaluate:
    """Any five of the hole cards and the board (hold'em, stud, the draw games)."""
    def evaluate(hole: Cards, board: Cards) -> Hand | None:
        cards = hole + board
        return _best(kind, cards, combinations(range(len(cards)), 5))

    return evaluate


def _two_and_three(kind: type[Hand]) -> Evaluate:
    """Exactly two hole cards and three of the board (the Omaha games)."""
    def evaluate(hole: Cards, board: Cards) -> Hand | None:
        n = len(hole)
        threes = list(combinations(range(n, n + len(board)), 3))
        return _best(kind, hole + board, (two + three for two in combinations(range(n), 2) for three in threes))

    return evaluate


def _badugi(kind: type[Hand]) -> Evaluate:
    """The best badugi of the cards: four of four suits and four ranks, else the best three of them, two, one
    (pokerkit's ``BadugiHand.from_game`` reads them the same way, making a hand of each)."""
    def evaluate(hole: Cards, board: Cards) -> Hand | None:
        cards = hole + board
        for size in (4, 3, 2, 1):
            ways = [w for w in combinations(range(len(cards)), size)
                    if len({cards[i].suit for i in w}) == size and len({cards[i].rank for i in w}) == size]
            if ways:
                return _best(kind, cards, ways)
        return None

    return evaluate


def _hole(kind: type[Hand]) -> Evaluate:
    """The five hole cards alone (Drawmaha's draw hand)."""
    def evaluate(hole: Cards, board: Cards) -> Hand | None:
        return _best(kind, hole, (tuple(range(len(hole))),))

    return evaluate


def _nines_or_better(hole: tuple[Card, ...], board: tuple[Card, ...]) -> Hand | None:
    """Archie's high side: the best high hand, when it is a pair of nines or better (JDG-4)."""
    hand = _any_five(StandardHighHand)(hole, board)
    if hand is None:
        return None
    if hand.entry.label == Label.HIGH_CARD:
        return None
    if hand.entry.label == Label.ONE_PAIR:
        pair = next(r for r, n in Counter(rank_value(c) for c in hand.cards).items() if n == 2)
        if pair < 9:
            return None
    return hand


@dataclass(frozen=True)
class Part:
    """One part of a pot: its name in a ruling ("high", "low", "badugi", "board 1"…), how a hand for it is
    made and ranked, which board it is played on, and what a player who makes none is said to have."""

    name: str
    kind: str  # words.py names the hand by it: high, a5, eight, 27, badugi, badugi27
    evaluate: Evaluate
    board: int = 0  # the board it is played on (double-board games: 0 or 1)
    none_words: str = ""  # "no qualifying low"; "" when every player makes a hand for it

    @property
    def aces_low(self) -> bool:
        return self.kind in ("a5", "eight", "badugi")


HIGH = Part(N_("high"), "high", _any_five(StandardHighHand))
OMAHA_HIGH = Part(N_("high"), "high", _two_and_three(OmahaHoldemHand))
EIGHT_LOW = Part(N_("low"), "eight", _any_five(EightOrBetterLowHand),
                 none_words=N_("no qualifying low (eight or better)"))
OMAHA_EIGHT_LOW = Part(N_("low"), "eight", _two_and_three(OmahaEightOrBetterLowHand),
                       none_words=N_("no qualifying low (eight or better)"))
A5_LOW = Part(N_("low"), "a5", _any_five(RegularLowHand))
LOW_27 = Part(N_("low"), "27", _any_five(StandardLowHand))
OMAHA_HIGH_NAMED = Part(N_("omaha"), "high", _two_and_three(OmahaHoldemHand))
BADUGI = Part(N_("badugi"), "badugi", _badugi(BadugiHand))
BADUGI_27 = Part(N_("badugi"), "badugi27", _badugi(StandardBadugiHand))


@dataclass(frozen=True)
class Showdown:
    """What a game's showdown needs: the cards each player still in shows, the boards and their size, and
    the parts of a pot in the order the odd chip goes (JDG-8: the first part takes the whole pot's odd chip)."""

    game: str
    shown: int  # cards each player still in shows
    boards: int  # community boards: 0 (draw, stud), 1, or 2 (double board)
    board_size: int  # cards on each board (stud: 0, or 1 when 7th street is dealt as one community card)
    parts: tuple[Part, ...]
    by_seat: bool  # the odd chip of a tie goes to the first seat left of the button (else stud: by suit)
    how: str  # how the hand is made, in words, for the refusals and the docs


def _flop(game: str, shown: int, parts: tuple[Part, ...], how: str, boards: int = 1) -> Showdown:
    return Showdown(game, shown, boards, 5, parts, True, how)


def _draw(game: str, shown: int, parts: tuple[Part, ...], how: str) -> Showdown:
    return Showdown(game, shown, 0, 0, parts, True, how)


def _stud(game: str, parts: tuple[Part, ...], how: str) -> Showdown:
    return Showdown(game, 7, 0, 0, parts, False, how)


SHOWDOWNS: dict[str, Showdown] = {
    s.game: s
    for s in (
        _flop("holdem", 2, (HIGH,), N_("the best five of the two hole cards and the five on the board")),
        _flop("omaha", 4, (OMAHA_HIGH,), N_("exactly two hole cards and three of the board")),
        _flop("omaha_hilo", 4, (OMAHA_HIGH, OMAHA_EIGHT_LOW),
              N_("exactly two hole cards and three of the board; a low is five cards eight or lower")),
        _flop("crazy_pineapple", 2, (HIGH,), N_("two hole cards kept (one discarded after the flop) and the best "
                                                 "five with the board")),
        _flop("crazy_pineapple_hilo", 2, (HIGH, EIGHT_LOW),
              N_("two hole cards kept (one discarded after the flop) and the best five with the board; a low is "
                 "five cards eight or lower")),
        _flop("aviation", 2, (HIGH,), N_("four dealt, one discarded before the flop and one after it: the two "
                                          "kept and the board, as in hold'em")),
        _flop("double_board_omaha", 4,
              (Part(N_("board 1"), "high", _two_and_three(OmahaHoldemHand), 0),
               Part(N_("board 2"), "high", _two_and_three(OmahaHoldemHand), 1)),
              N_("exactly two hole cards and three of the board, on each board; each board wins half"), boards=2),
        _flop("big_o_hilo", 5, (OMAHA_HIGH, OMAHA_EIGHT_LOW),
              N_("five hole cards, exactly two of them and three of the board; a low is five cards eight or lower")),
        _flop("drawmaha_high", 5, (Part(N_("draw"), "high", _hole(StandardHighHand)), OMAHA_HIGH_NAMED),
              N_("the five hole cards as a five-card draw high hand, and exactly two hole cards and three of the "
                 "board")),
        _flop("drawmaha_27", 5, (Part(N_("draw"), "27", _hole(StandardLowHand)), OMAHA_HIGH_NAMED),
              N_("the five hole cards as a deuce-to-seven low, and exactly two hole cards and three of the board")),
        _draw("triple_draw_a5", 5, (A5_LOW,), N_("five cards, ace-to-five low")),
        _draw("triple_draw_27", 5, (LOW_27,), N_("five cards, deuce-to-seven low")),
        _draw("archie", 5, (Part(N_("high"), "high", _nines_or_better, none_words=N_("no qualifying high (a pair of "
                                                                       "nines or better)")), EIGHT_LOW),
              N_("five cards: a high of a pair of nines or better, a low of eight or better")),
        _draw("badugi", 4, (BADUGI,), N_("four cards, ace-to-four badugi")),
        _draw("badacey", 5, (A5_LOW, BADUGI),
              N_("five cards: an ace-to-five low, and a badugi of four of them")),
        _draw("badeucy", 5, (LOW_27, BADUGI_27),
              N_("five cards: a deuce-to-seven low, and a badugi of four of them, aces high")),
        _stud("stud", (HIGH,), N_("the best five of seven")),
        _stud("stud_hilo", (HIGH, EIGHT_LOW), N_("the best five of seven; a low is five cards eight or lower")),
        _stud("razz", (A5_LOW,), N_("the best ace-to-five low of seven")),
        _stud("razzdugi", (A5_LOW, BADUGI), N_("the best ace-to-five low of seven, and the best badugi of them")),
        _stud("razzdugi_27", (LOW_27, BADUGI_27),
              N_("the best deuce-to-seven low of seven, and the best badugi of them, aces high")),
        _stud("super_razzdugi", (A5_LOW, BADUGI),
              N_("seven cards kept (two of four down cards discarded after 3rd street): the best ace-to-five low, "
                 "and the best badugi")),
    )
}
