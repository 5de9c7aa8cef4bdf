"""A hand in words, as the floor says it: "a flush, ace high", "seven-five low (7-5-4-3-2)", "a six badugi".

Every word is in the reader's language (``app.i18n``): the names of the ranks are a table of marked words,
each hand's words a template the ranks are put into.
"""

from __future__ import annotations

from collections import Counter

from pokerkit import Card, Hand
from pokerkit.lookups import Label

from app.i18n import N_, _
from app.judge.cards import RANKS, rank_value, suit_value, text
from app.judge.hands import Part

_SHORT = {v: r for v, r in zip(range(2, 15), RANKS, strict=True)} | {1: "A"}
RANK_WORD = {"2": N_("deuce"), "3": N_("three"), "4": N_("four"), "5": N_("five"), "6": N_("six"),
             "7": N_("seven"), "8": N_("eight"), "9": N_("nine"), "T": N_("ten"), "J": N_("jack"),
             "Q": N_("queen"), "K": N_("king"), "A": N_("ace")}
RANK_PLURAL = {"2": N_("deuces"), "3": N_("threes"), "4": N_("fours"), "5": N_("fives"), "6": N_("sixes"),
               "7": N_("sevens"), "8": N_("eights"), "9": N_("nines"), "T": N_("tens"), "J": N_("jacks"),
               "Q": N_("queens"), "K": N_("kings"), "A": N_("aces")}
# "a seven badugi", "an eight badugi": the article goes with the rank in English, so each is one phrase
BADUGI_OF = {"2": N_("a deuce badugi"), "3": N_("a three badugi"), "4": N_("a four badugi"),
             "5": N_("a five badugi"), "6": N_("a six badugi"), "7": N_("a seven badugi"),
             "8": N_("an eight badugi"), "9": N_("a nine badugi"), "T": N_("a ten badugi"),
             "J": N_("a jack badugi"), "Q": N_("a queen badugi"), "K": N_("a king badugi"),
             "A": N_("an ace badugi")}


def _word(v: int) -> str:
    return _(RANK_WORD[_SHORT[v]])


def _plural(v: int) -> str:
    return _(RANK_PLURAL[_SHORT[v]])


def _is_wheel(values: list[int]) -> bool:
    return sorted(values) == [2, 3, 4, 5, 14]


def ordered(part: Part, hand: Hand) -> list[Card]:
    """The hand's cards in the order they are read: the biggest group first, then by rank (a wheel's ace
    last; aces low in the ace-to-five lows and badugi), ties by suit."""
    aces_low = part.aces_low or (_is_wheel([rank_value(c) for c in hand.cards])
                                 and hand.entry.label in (Label.STRAIGHT, Label.STRAIGHT_FLUSH))
    counts = Counter(rank_value(c, aces_low) for c in hand.cards)
    return sorted(hand.cards, key=lambda c: (-counts[rank_value(c, aces_low)], -rank_value(c, aces_low),
                                             -suit_value(c)))


def cards_text(part: Part, hand: Hand) -> str:
    """"Ah Jh 9h 6h 2h": the cards of the hand, in reading order."""
    return " ".join(text(c) for c in ordered(part, hand))


def _ranks(values: list[int]) -> str:
    return "-".join("A" if v in (1, 14) else _SHORT[v] for v in values)


def hand_words(part: Part, hand: Hand) -> str:
    """The hand in words for its part."""
    cards = ordered(part, hand)
    values = [rank_value(c, part.aces_low) for c in cards]
    ranks = _ranks(values)
    if part.kind in ("badugi", "badugi27"):
        size = len(cards)
        if size == 4:
            return _("{badugi} ({ranks})", badugi=_(BADUGI_OF[_SHORT[values[0]]]), ranks=ranks)
        if size == 3:
            return _("a three-card {top} ({ranks}), no badugi", top=_word(values[0]), ranks=ranks)
        if size == 2:
            return _("a two-card {top} ({ranks}), no badugi", top=_word(values[0]), ranks=ranks)
        return _("one card, {top}, no badugi", top=_word(values[0]))
    label = hand.entry.label
    if part.kind != "high" and label == Label.HIGH_CARD:
        if values == [5, 4, 3, 2, 1]:
            return _("five-four low ({ranks}), the wheel", ranks=ranks)
        return _("{top}-{next} low ({ranks})", top=_word(values[0]), next=_word(values[1]), ranks=ranks)
    made = _made(label, values)
    return made if part.kind == "high" else _("{hand} ({ranks})", hand=made, ranks=ranks)


def _made(label: Label, values: list[int]) -> str:
    """A made hand's name: pairs, trips, straights, flushes and better."""
    if label == Label.HIGH_CARD:
        return _("{top}-{next} high", top=_word(values[0]), next=_word(values[1]))
    if label == Label.ONE_PAIR:
        return _("a pair of {ranks}", ranks=_plural(values[0]))
    if label == Label.TWO_PAIR:
        return _("two pair, {high} and {low}", high=_plural(values[0]), low=_plural(values[2]))
    if label == Label.THREE_OF_A_KIND:
        return _("three {ranks}", ranks=_plural(values[0]))
    if label == Label.FULL_HOUSE:
        return _("a full house, {three} full of {two}", three=_plural(values[0]), two=_plural(values[3]))
    if label == Label.FOUR_OF_A_KIND:
        return _("four {ranks}", ranks=_plural(values[0]))
    if label == Label.FLUSH:
        return _("a flush, {top} high", top=_word(values[0]))
    if _is_wheel(values):
        if label == Label.STRAIGHT:
            return _("a straight, five high (the wheel)")
        return _("a straight flush, five high (the steel wheel)")
    if label == Label.STRAIGHT:
        return _("a straight, {top} high", top=_word(values[0]))
    if values[0] == 14:
        return _("a royal flush")
    return _("a straight flush, {top} high", top=_word(values[0]))
