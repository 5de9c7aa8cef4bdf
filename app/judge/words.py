"""A hand in words, as the floor says it: "a flush, ace high", "seven-five low (7-5-4-3-2)", "a six badugi"."""

from __future__ import annotations

from collections import Counter

from pokerkit import Card, Hand
from pokerkit.lookups import Label

from app.judge.cards import RANK_PLURAL, RANK_WORD, RANKS, rank_value, suit_value, text
from app.judge.hands import Part

_SHORT = {v: r for v, r in zip(range(2, 15), RANKS, strict=True)} | {1: "A"}


def _word(v: int) -> str:
    return RANK_WORD[_SHORT[v]]


def _plural(v: int) -> str:
    return RANK_PLURAL[_SHORT[v]]


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
    if part.kind in ("badugi", "badugi27"):
        size = len(cards)
        top = _word(values[0])
        if size == 4:
            return f"{'an' if top in ('ace', 'eight') else 'a'} {top} badugi ({_ranks(values)})"
        return f"a {('one', 'two', 'three')[size - 1]}-card {top} ({_ranks(values)}), no badugi"
    label = hand.entry.label
    if part.kind != "high" and label == Label.HIGH_CARD:
        wheel = " (the wheel)" if values == [5, 4, 3, 2, 1] else ""
        return f"{_word(values[0])}-{_word(values[1])} low ({_ranks(values)}){wheel}"
    made = _made(label, values)
    return made if part.kind == "high" else f"{made} ({_ranks(values)})"


def _made(label: Label, values: list[int]) -> str:
    """A made hand's name: pairs, trips, straights, flushes and better."""
    if label == Label.HIGH_CARD:
        return f"{_word(values[0])}-{_word(values[1])} high"
    if label == Label.ONE_PAIR:
        return f"a pair of {_plural(values[0])}"
    if label == Label.TWO_PAIR:
        return f"two pair, {_plural(values[0])} and {_plural(values[2])}"
    if label == Label.THREE_OF_A_KIND:
        return f"three {_plural(values[0])}"
    if label == Label.FULL_HOUSE:
        return f"a full house, {_plural(values[0])} full of {_plural(values[3])}"
    if label == Label.FOUR_OF_A_KIND:
        return f"four {_plural(values[0])}"
    top = 5 if _is_wheel(values) else values[0]
    if label == Label.FLUSH:
        return f"a flush, {_word(values[0])} high"
    if label == Label.STRAIGHT:
        return f"a straight, {_word(top)} high" + (" (the wheel)" if top == 5 else "")
    if top == 14:
        return "a royal flush"
    return f"a straight flush, {_word(top)} high"
